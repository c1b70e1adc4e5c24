import type { DictionaryEntry } from '@hurryup/contracts/dictionary';
import { dictionaryMessages } from '@hurryup/contracts/dictionary-rules';
import { errorCodes } from '@hurryup/contracts/errors';
import type { WordNet } from '../../adapters/wordnet.ts';
import { HttpError } from '../../shared/http-error.ts';

const wordNetLicense = {
  name: 'WordNet 3.0 license',
  url: 'https://wordnet.princeton.edu/license-and-commercial-use',
};
const wordNetSource = 'https://wordnet.princeton.edu/';

export interface DictionaryService {
  /** The entries of a checked, normalised word (the call's schema did both); 404 'Word not found' when none. */
  lookUp(word: string): Promise<DictionaryEntry[]>;
}

/**
 * Looks words up in WordNet, loaded once per process at the first lookup (`load` is called once; a load that
 * fails is tried again at the next lookup).
 */
export function createDictionaryService(load: () => Promise<WordNet>): DictionaryService {
  let wordNet: Promise<WordNet> | undefined;
  const ready = () => {
    wordNet ??= load().catch((error: unknown) => {
      wordNet = undefined;
      throw error;
    });
    return wordNet;
  };
  return {
    async lookUp(word) {
      const entries = (await ready()).lookup(word);
      if (entries.length === 0) throw new HttpError(404, errorCodes.notFound, dictionaryMessages.notFound);
      return entries.map((entry) => ({
        word: entry.word,
        phonetics: [],
        meanings: entry.meanings,
        license: wordNetLicense,
        sourceUrls: [wordNetSource],
      }));
    },
  };
}
