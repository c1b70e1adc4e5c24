import { z } from 'zod';
import { emptyToUndefined, setting } from '../../shared/config.ts';

/**
 * The dictionary's settings (docs/decisions/0024-offline-dictionary-and-image-compressor.md): an optional
 * hosted dictionary and how long it may take. Each setting's row in the docs' settings table is written here.
 */
export const dictionarySettings = z
  .object({
    DICTIONARY_API_URL: setting(
      z.preprocess(
        emptyToUndefined,
        z
          .url({
            protocol: /^https?$/,
            error: 'DICTIONARY_API_URL must be an http(s) address, e.g. https://api.dictionaryapi.dev',
          })
          .optional(),
      ),
      {
        default: 'unset',
        description:
          "a hosted dictionary speaking dictionaryapi.dev's protocol (`https://api.dictionaryapi.dev`): its answers are preferred for `/dict`, and a word it does not know or any failure of it is answered offline from WordNet 3.0 (the default, which needs nothing)",
      },
    ),
    DICTIONARY_API_TIMEOUT_MS: setting(
      z.preprocess(
        emptyToUndefined,
        z.coerce
          .number({ error: 'DICTIONARY_API_TIMEOUT_MS must be a number of milliseconds' })
          .int('DICTIONARY_API_TIMEOUT_MS must be a whole number of milliseconds')
          .min(100, 'DICTIONARY_API_TIMEOUT_MS must be at least 100')
          .max(60_000, 'DICTIONARY_API_TIMEOUT_MS must be at most 60000')
          .default(5000),
      ),
      {
        default: '`5000`',
        description:
          'how long the hosted dictionary may take to answer (100 to 60000) before WordNet answers',
      },
    ),
  })
  .transform((env) => ({ apiUrl: env.DICTIONARY_API_URL, apiTimeoutMs: env.DICTIONARY_API_TIMEOUT_MS }));

export type DictionarySettings = z.output<typeof dictionarySettings>;
