import { translateText } from '@hurryup/contracts/language';
import { translationLimits, translationMessages } from '@hurryup/contracts/translation-rules';
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
import { type TranslationSettings, translationSettings } from './translation.settings.ts';
import type { TranslationTables } from './translation.tables.ts';

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
