import { lookUpWord } from '@hurryup/contracts/dictionary';
import { z } from 'zod';
import { createDictionaryApi } from '../../adapters/dictionary-api.ts';
import { loadWordNet } from '../../adapters/wordnet.ts';
import { defineFeature } from '../../shared/feature.ts';
import { registerCall } from '../../shared/register-call.ts';
import { createDictionaryService } from './dictionary.service.ts';

const blankIsUnset = (value: unknown) => (value === '' ? undefined : value);

const dictionarySettings = z
  .object({
    DICTIONARY_API_URL: z.preprocess(
      blankIsUnset,
      z
        .url({
          protocol: /^https?$/,
          error: 'DICTIONARY_API_URL must be an http(s) address, e.g. https://api.dictionaryapi.dev',
        })
        .optional(),
    ),
    DICTIONARY_API_TIMEOUT_MS: z.preprocess(
      blankIsUnset,
      z.coerce
        .number({ error: 'DICTIONARY_API_TIMEOUT_MS must be a number of milliseconds' })
        .int('DICTIONARY_API_TIMEOUT_MS must be a whole number of milliseconds')
        .min(100, 'DICTIONARY_API_TIMEOUT_MS must be at least 100')
        .max(60_000, 'DICTIONARY_API_TIMEOUT_MS must be at most 60000')
        .default(5000),
    ),
  })
  .transform((env) => ({ apiUrl: env.DICTIONARY_API_URL, apiTimeoutMs: env.DICTIONARY_API_TIMEOUT_MS }));

/**
 * The dictionary: `GET /api/dictionary/entries/en/:word`, answered offline from WordNet 3.0 with irregular
 * and inflected forms resolved, or from a hosted dictionary when `DICTIONARY_API_URL` is set
 * (docs/decisions/0024-offline-dictionary-and-image-compressor.md). WordNet is read at the first lookup,
 * once per process (about 0.3 s, 36 MB kept).
 */
export const dictionaryFeature = defineFeature({
  name: 'dictionary',
  settings: dictionarySettings,
  async plugin(app, { log, settings, config, clock }) {
    const dictionary = createDictionaryService({
      log,
      hosted: settings.apiUrl
        ? createDictionaryApi({
            baseUrl: settings.apiUrl,
            timeoutMs: settings.apiTimeoutMs,
            allowPrivateAddresses: config.outgoing.allowPrivateAddresses,
            timers: clock,
          })
        : undefined,
      async loadWordNet() {
        const started = performance.now();
        const wordNet = await loadWordNet();
        log.info(
          { lemmas: wordNet.lemmaCount, ms: Math.round(performance.now() - started) },
          'WordNet loaded for the dictionary',
        );
        return wordNet;
      },
    });
    // WordNet changes only with a release; a hosted dictionary's answers are kept an hour.
    registerCall(app, lookUpWord, ({ params }) => dictionary.lookUp(params.word), {
      cache: { shows: [], ...(settings.apiUrl ? { maxAgeSeconds: 3600 } : {}) },
    });
  },
});
