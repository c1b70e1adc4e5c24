import path from 'node:path';
import { lookUpWord } from '@hurryup/contracts/dictionary';
import { createDictionaryApi } from '../../adapters/dictionary-api.ts';
import { loadWordNet } from '../../adapters/wordnet.ts';
import { defineFeature } from '../../shared/feature.ts';
import { largeTableIdleMs, loadedOnUse } from '../../shared/loaded-on-use.ts';
import { registerCall } from '../../shared/register-call.ts';
import { createDictionaryService } from './dictionary.service.ts';
import { dictionarySettings } from './dictionary.settings.ts';

/**
 * The dictionary: `GET /api/dictionary/entries/en/:word`, answered offline from WordNet 3.0 with irregular
 * and inflected forms resolved, or from a hosted dictionary when `DICTIONARY_API_URL` is set
 * (docs/decisions/0024-offline-dictionary-and-image-compressor.md). WordNet is opened at the first lookup
 * (its files unpacked into DATA_DIR/tmp the first time, about 0.5 s) and read on disk, about 1 MB kept; it
 * is closed after `largeTableIdleMs` without a lookup (docs/decisions/0044-memory-of-a-web-process.md).
 * `open` replaces how WordNet is opened (tests count the openings).
 */
export function createDictionaryFeature(open: typeof loadWordNet = loadWordNet) {
  return defineFeature({
    name: 'dictionary',
    settings: dictionarySettings,
    async plugin(app, { log, settings, config, clock }) {
      const wordNet = loadedOnUse({
        clock,
        idleMs: largeTableIdleMs,
        async load() {
          const started = performance.now();
          const opened = await open({ cacheDir: path.join(config.dataDir, 'tmp') });
          log.info(
            { lemmas: opened.lemmaCount, ms: Math.round(performance.now() - started) },
            'WordNet opened for the dictionary',
          );
          return opened;
        },
        onRelease(opened) {
          opened.close();
          log.info('WordNet closed after a while without lookups');
        },
      });
      app.addHook('onClose', async () => wordNet.release());
      const dictionary = createDictionaryService({
        log,
        wordNet,
        hosted: settings.apiUrl
          ? createDictionaryApi({
              baseUrl: settings.apiUrl,
              timeoutMs: settings.apiTimeoutMs,
              allowPrivateAddresses: config.outgoing.allowPrivateAddresses,
              timers: clock,
            })
          : undefined,
      });
      // WordNet changes only with a release; a hosted dictionary's answers are kept an hour.
      registerCall(app, lookUpWord, ({ params }) => dictionary.lookUp(params.word), {
        cache: { shows: [], ...(settings.apiUrl ? { maxAgeSeconds: 3600 } : {}) },
      });
    },
  });
}

export const dictionaryFeature = createDictionaryFeature();
