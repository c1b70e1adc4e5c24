import { z } from 'zod';
import { secret, setting } from '../../shared/config.ts';

const serviceNames = ['mymemory', 'libretranslate', 'google'] as const;
const blankIsAbsent = (value: unknown) =>
  typeof value === 'string' && value.trim() === '' ? undefined : value;
const httpUrl = (name: string) =>
  z.preprocess(
    blankIsAbsent,
    z.url({ protocol: /^https?$/, error: `${name} must be an absolute http(s) URL` }),
  );
const milliseconds = (name: string, fallback: number) =>
  z.preprocess(
    blankIsAbsent,
    z.coerce
      .number({ error: `${name} must be a number of milliseconds` })
      .int(`${name} must be a whole number of milliseconds`)
      .min(100, `${name} must be at least 100`)
      .max(600_000, `${name} must be at most 600000`)
      .default(fallback),
  );

/**
 * Translation's settings (docs/operations.md, "Translation (English to Hindi)"): which services to try in
 * order, where they are and their keys, time limits and the outgoing request budgets. Each setting's row in
 * the docs' settings table is written here.
 */
export const translationSettings = z
  .object({
    TRANSLATION_SERVICES: setting(
      z.preprocess(
        blankIsAbsent,
        z
          .string()
          .transform((value) =>
            value
              .split(',')
              .map((part) => part.trim().toLowerCase())
              .filter((part) => part !== '' && part !== 'none'),
          )
          .pipe(
            z.array(
              z.enum(serviceNames, {
                error: `TRANSLATION_SERVICES lists services among ${serviceNames.join(', ')} (or none)`,
              }),
            ),
          )
          .optional(),
      ),
      {
        default: '`mymemory` (`none` under `NODE_ENV=test`)',
        description:
          'the services to try, in order, comma-separated: `mymemory`, `libretranslate`, `google`; the next is tried only when one fails; `none`: stored translations only',
      },
    ),
    MYMEMORY_URL: setting(httpUrl('MYMEMORY_URL').default('https://api.mymemory.translated.net'), {
      default: '`https://api.mymemory.translated.net`',
      description:
        "MyMemory's free API (`GET /get?q=…&langpair=en|hi`), keyless: about 5,000 characters a day per server address",
    }),
    MYMEMORY_EMAIL: setting(
      z.preprocess(blankIsAbsent, z.email('MYMEMORY_EMAIL must be one e-mail address').optional()),
      {
        default: 'unset',
        description:
          "a contact e-mail sent as `de=`, which raises MyMemory's quota to about 50,000 characters a day",
      },
    ),
    LIBRETRANSLATE_URL: setting(httpUrl('LIBRETRANSLATE_URL').optional(), {
      default: 'unset (required for `libretranslate`)',
      description:
        'a LibreTranslate server, usually self-hosted (`POST /translate`), e.g. `http://127.0.0.1:5000`',
    }),
    LIBRETRANSLATE_API_KEY: secret(z.preprocess(blankIsAbsent, z.string().optional()), {
      default: 'unset',
      description: 'its `api_key`, when the server requires keys',
    }),
    LIBRETRANSLATE_MAX_CHARS: setting(
      z.preprocess(
        blankIsAbsent,
        z.coerce
          .number({ error: 'LIBRETRANSLATE_MAX_CHARS must be a number' })
          .int()
          .min(50, 'LIBRETRANSLATE_MAX_CHARS must be at least 50')
          .default(5000),
      ),
      {
        default: '5000',
        description: "the most characters sent in one request (match the server's `--char-limit`)",
      },
    ),
    GOOGLE_TRANSLATE_URL: setting(
      httpUrl('GOOGLE_TRANSLATE_URL').default('https://translation.googleapis.com'),
      {
        default: '`https://translation.googleapis.com`',
        description: 'Google Cloud Translation, Basic (v2) (`POST /language/translate/v2?key=…`)',
      },
    ),
    GOOGLE_TRANSLATE_API_KEY: secret(z.preprocess(blankIsAbsent, z.string().optional()), {
      default: 'unset (required for `google`)',
      description: 'the API key (a secret: it travels in the query string and never appears in a log line)',
    }),
    TRANSLATION_TIMEOUT_MS: setting(milliseconds('TRANSLATION_TIMEOUT_MS', 10_000), {
      default: '10000',
      description: 'the time limit of one request to a service',
    }),
    TRANSLATION_DEADLINE_MS: setting(milliseconds('TRANSLATION_DEADLINE_MS', 45_000), {
      default: '45000',
      description: "the most one visitor's translation may take, all services and pieces included",
    }),
    TRANSLATION_VISITOR_REQUESTS_PER_MINUTE: setting(
      z.preprocess(
        blankIsAbsent,
        z.coerce
          .number({ error: 'TRANSLATION_VISITOR_REQUESTS_PER_MINUTE must be a number' })
          .int('TRANSLATION_VISITOR_REQUESTS_PER_MINUTE must be a whole number')
          .min(1, 'TRANSLATION_VISITOR_REQUESTS_PER_MINUTE must be at least 1')
          .default(60),
      ),
      {
        default: '60',
        description:
          "requests to translation services a minute caused by one visitor (policy `translation.outgoing-per-visitor`), counted before the site's: one visitor's long text spends their own budget (429), not everyone's",
      },
    ),
    TRANSLATION_REQUESTS_PER_MINUTE: setting(
      z.preprocess(
        blankIsAbsent,
        z.coerce
          .number({ error: 'TRANSLATION_REQUESTS_PER_MINUTE must be a number' })
          .int('TRANSLATION_REQUESTS_PER_MINUTE must be a whole number')
          .min(1, 'TRANSLATION_REQUESTS_PER_MINUTE must be at least 1')
          .default(120),
      ),
      {
        default: '120',
        description:
          'requests to translation services a minute for the whole site (policy `translation.outgoing-per-minute`); past it new texts answer 503 until the minute ends, stored ones are still answered',
      },
    ),
  })
  .superRefine((env, ctx) => {
    const listed = env.TRANSLATION_SERVICES ?? [];
    if (listed.includes('libretranslate') && !env.LIBRETRANSLATE_URL)
      ctx.addIssue({
        code: 'custom',
        path: ['LIBRETRANSLATE_URL'],
        message: 'LIBRETRANSLATE_URL is required when TRANSLATION_SERVICES lists libretranslate',
      });
    if (listed.includes('google') && !env.GOOGLE_TRANSLATE_API_KEY)
      ctx.addIssue({
        code: 'custom',
        path: ['GOOGLE_TRANSLATE_API_KEY'],
        message: 'GOOGLE_TRANSLATE_API_KEY is required when TRANSLATION_SERVICES lists google',
      });
  })
  .transform((env) => ({
    // MyMemory unless the operator names the services (`none` for none: the test settings do).
    services: env.TRANSLATION_SERVICES ?? ['mymemory' as const],
    myMemory: { baseUrl: env.MYMEMORY_URL, email: env.MYMEMORY_EMAIL },
    libreTranslate: {
      baseUrl: env.LIBRETRANSLATE_URL,
      apiKey: env.LIBRETRANSLATE_API_KEY,
      maxChars: env.LIBRETRANSLATE_MAX_CHARS,
    },
    google: { baseUrl: env.GOOGLE_TRANSLATE_URL, apiKey: env.GOOGLE_TRANSLATE_API_KEY },
    timeoutMs: env.TRANSLATION_TIMEOUT_MS,
    deadlineMs: env.TRANSLATION_DEADLINE_MS,
    requestsPerMinute: env.TRANSLATION_REQUESTS_PER_MINUTE,
    visitorRequestsPerMinute: env.TRANSLATION_VISITOR_REQUESTS_PER_MINUTE,
  }));

export type TranslationSettings = z.output<typeof translationSettings>;
