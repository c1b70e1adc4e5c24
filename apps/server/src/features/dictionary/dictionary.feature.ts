import { lookUpWord } from '@hurryup/contracts/dictionary';
import { loadWordNet } from '../../adapters/wordnet.ts';
import { defineFeature } from '../../shared/feature.ts';
import { registerCall } from '../../shared/register-call.ts';
import { createDictionaryService } from './dictionary.service.ts';

/**
 * The dictionary: `GET /api/dictionary/entries/en/:word`, answered offline from WordNet 3.0 with irregular
 * and inflected forms resolved (docs/decisions/0024-offline-dictionary-and-image-compressor.md). WordNet is
 * read at the first lookup, once per process (about 0.3 s, 30 MB kept).
 */
export const dictionaryFeature = defineFeature({
  name: 'dictionary',
  async plugin(app, { log }) {
    const dictionary = createDictionaryService(async () => {
      const started = performance.now();
      const wordNet = await loadWordNet();
      log.info(
        { lemmas: wordNet.lemmaCount, ms: Math.round(performance.now() - started) },
        'WordNet loaded for the dictionary',
      );
      return wordNet;
    });
    // The answer changes only with a new WordNet, which comes with a new release: no write changes it.
    registerCall(app, lookUpWord, ({ params }) => dictionary.lookUp(params.word), { cache: { shows: [] } });
  },
});
