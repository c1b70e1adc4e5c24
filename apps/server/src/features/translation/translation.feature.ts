import { translateText } from '@hurryup/contracts/language';
import { translationLimits, translationMessages } from '@hurryup/contracts/translation-rules';
import { z } from 'zod';
import { createGoogleTranslateService } from '../../adapters/google-translate.ts';
import { createLibreTranslateService } from '../../adapters/libretranslate.ts';
import { createMyMemoryService } from '../../adapters/mymemory.ts';
import type { TranslationService } from '../../adapters/translation-service.ts';
import { tablesOf } from '../../db/tables-of.ts';
import { clientKey } from '../../shared/admin-auth.ts';
import { defineFeature } from '../../shared/feature.ts';
import { registerCall } from '../../shared/register-call.ts';
import { translationMigrations } from './translation.migrations.ts';
import { createTranslationRepository } from './translation.repository.ts';
import { createTranslationService } from './translation.service.ts';
import type { TranslationTables } from './translation.tables.ts';

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

export const translationSettings = z
  .object({
    TRANSLATION_SERVICES: z.preprocess(
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
    MYMEMORY_URL: httpUrl('MYMEMORY_URL').default('https://api.mymemory.translated.net'),
    MYMEMORY_EMAIL: z.preprocess(
      blankIsAbsent,
      z.email('MYMEMORY_EMAIL must be one e-mail address').optional(),
    ),
    LIBRETRANSLATE_URL: httpUrl('LIBRETRANSLATE_URL').optional(),
    LIBRETRANSLATE_API_KEY: z.preprocess(blankIsAbsent, z.string().optional()),
    LIBRETRANSLATE_MAX_CHARS: z.preprocess(
      blankIsAbsent,
      z.coerce
        .number({ error: 'LIBRETRANSLATE_MAX_CHARS must be a number' })
        .int()
        .min(50, 'LIBRETRANSLATE_MAX_CHARS must be at least 50')
        .default(5000),
    ),
    GOOGLE_TRANSLATE_URL: httpUrl('GOOGLE_TRANSLATE_URL').default('https://translation.googleapis.com'),
    GOOGLE_TRANSLATE_API_KEY: z.preprocess(blankIsAbsent, z.string().optional()),
    TRANSLATION_TIMEOUT_MS: milliseconds('TRANSLATION_TIMEOUT_MS', 10_000),
    TRANSLATION_DEADLINE_MS: milliseconds('TRANSLATION_DEADLINE_MS', 45_000),
    TRANSLATION_VISITOR_REQUESTS_PER_MINUTE: z.preprocess(
      blankIsAbsent,
      z.coerce
        .number({ error: 'TRANSLATION_VISITOR_REQUESTS_PER_MINUTE must be a number' })
        .int('TRANSLATION_VISITOR_REQUESTS_PER_MINUTE must be a whole number')
        .min(1, 'TRANSLATION_VISITOR_REQUESTS_PER_MINUTE must be at least 1')
        .default(60),
    ),
    TRANSLATION_REQUESTS_PER_MINUTE: z.preprocess(
      blankIsAbsent,
      z.coerce
        .number({ error: 'TRANSLATION_REQUESTS_PER_MINUTE must be a number' })
        .int('TRANSLATION_REQUESTS_PER_MINUTE must be a whole number')
        .min(1, 'TRANSLATION_REQUESTS_PER_MINUTE must be at least 1')
        .default(120),
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

function buildServices(settings: TranslationSettings): TranslationService[] {
  const { timeoutMs } = settings;
  return settings.services.map((name) => {
    if (name === 'mymemory') return createMyMemoryService({ ...settings.myMemory, timeoutMs });
    if (name === 'libretranslate')
      return createLibreTranslateService({
        ...settings.libreTranslate,
        baseUrl: settings.libreTranslate.baseUrl!,
        timeoutMs,
      });
    return createGoogleTranslateService({
      baseUrl: settings.google.baseUrl,
      apiKey: settings.google.apiKey!,
      timeoutMs,
    });
  });
}

/**
 * English to Hindi translation (`POST /api/translateText`, tools-and-trading.md section 7): the outside
 * services of TRANSLATION_SERVICES in order (MyMemory by default), every finished translation kept in the
 * database for every later visitor, and per-visitor limits (docs/decisions/0026-translation-services.md).
 */
export const translationFeature = defineFeature({
  name: 'translation',
  settings: translationSettings,
  migrations: translationMigrations,
  async plugin(app, { database, clock, limits, settings, log }) {
    const translation = createTranslationService({
      repository: createTranslationRepository(tablesOf<TranslationTables>(database.db)),
      services: buildServices(settings),
      clock,
      log,
      deadlineMs: settings.deadlineMs,
      limits: {
        perMinute: limits.define({
          name: 'translation.per-minute',
          description: 'Translation requests per visitor a minute (client address; IPv6 per /64)',
          max: translationLimits.perMinute,
          windowMs: 60_000,
          message: () => translationMessages.perMinute,
        }),
        charactersPerDay: limits.define({
          name: 'translation.characters-per-day',
          description:
            'Characters per visitor a day sent to translation services (text already stored does not count)',
          max: translationLimits.charactersPerDay,
          windowMs: 24 * 60 * 60_000,
          message: () => translationMessages.perDay,
        }),
        visitorOutgoing: limits.define({
          name: 'translation.outgoing-per-visitor',
          description:
            "Requests to translation services a minute caused by one visitor (client address; IPv6 per /64), counted before the site's",
          max: settings.visitorRequestsPerMinute,
          windowMs: 60_000,
          message: () => translationMessages.perMinute,
        }),
        outgoing: limits.define({
          name: 'translation.outgoing-per-minute',
          description: 'Requests to translation services a minute, for the whole site (past it: 503)',
          max: settings.requestsPerMinute,
          windowMs: 60_000,
          message: () => translationMessages.unavailable,
        }),
      },
    });
    if (settings.services.length === 0)
      log.info('TRANSLATION_SERVICES is empty: only stored translations are answered');
    registerCall(app, translateText, async ({ body }, request) => ({
      translatedText: await translation.translate(body.text, clientKey(request.ip)),
    }));
  },
});
