import { type DictionaryEntry, dictionaryEntrySchema } from '@hurryup/contracts/dictionary';
import { dictionaryMessages, dictionaryUnavailableCode } from '@hurryup/contracts/dictionary-rules';
import { errorCodes } from '@hurryup/contracts/errors';
import type { FastifyBaseLogger } from 'fastify';
import { z } from 'zod';
import type { DictionaryApi } from '../../adapters/dictionary-api.ts';
import type { WordNet } from '../../adapters/wordnet.ts';
import { HttpError } from '../../shared/http-error.ts';
import type { LoadedOnUse } from '../../shared/loaded-on-use.ts';

const wordNetLicense = {
  name: 'WordNet 3.0 license',
  url: 'https://wordnet.princeton.edu/license-and-commercial-use',
};
const wordNetSource = 'https://wordnet.princeton.edu/';

const words = z.array(z.string()).catch([]);

/** What a hosted dictionary's answer must hold to be shown (unknown fields are dropped). */
const hostedAnswerSchema = z
  .array(
    z.object({
      word: z.string(),
      phonetic: z.string().optional().catch(undefined),
      phonetics: z
        .array(
          z.object({
            text: z.string().optional().catch(undefined),
            audio: z.string().optional().catch(undefined),
          }),
        )
        .catch([]),
      meanings: z.array(
        z.object({
          partOfSpeech: z.string(),
          definitions: z.array(
            z.object({
              definition: z.string(),
              example: z.string().optional().catch(undefined),
              synonyms: words,
              antonyms: words,
            }),
          ),
          synonyms: words,
          antonyms: words,
        }),
      ),
      license: z.object({ name: z.string(), url: z.string() }).optional().catch(undefined),
      sourceUrls: words,
    }),
  )
  .pipe(z.array(dictionaryEntrySchema));

export interface DictionaryService {
  /** The entries of a checked, normalised word (the call's schema did both); 404 'Word not found' when none. */
  lookUp(word: string): Promise<DictionaryEntry[]>;
}

function fromWordNet(wordNet: WordNet, word: string): DictionaryEntry[] {
  return wordNet.lookup(word).map((entry) => ({
    word: entry.word,
    phonetics: [],
    meanings: entry.meanings,
    license: wordNetLicense,
    sourceUrls: [wordNetSource],
  }));
}

/**
 * Looks words up in WordNet, opened at the first lookup and closed when idle (`wordNet`, a
 * shared/loaded-on-use.ts value). A WordNet that cannot be opened or read is a 503 'The dictionary is not
 * available right now…' (logged), and the next lookup tries again. With a hosted dictionary
 * (`DICTIONARY_API_URL`), its answer is preferred; a word it does not know, and every failure of it
 * (logged), is answered from WordNet.
 */
export function createDictionaryService(options: {
  wordNet: LoadedOnUse<WordNet>;
  hosted?: DictionaryApi | undefined;
  log: FastifyBaseLogger;
}): DictionaryService {
  async function fromOwn(word: string): Promise<DictionaryEntry[]> {
    try {
      return await options.wordNet.use((wordNet) => fromWordNet(wordNet, word));
    } catch (error) {
      options.log.error({ err: error }, 'WordNet could not be opened or read');
      throw Object.assign(new HttpError(503, dictionaryUnavailableCode, dictionaryMessages.unavailable), {
        retryAfterSeconds: 5,
      });
    }
  }

  async function fromHosted(hosted: DictionaryApi, word: string): Promise<DictionaryEntry[] | undefined> {
    try {
      const answer = await hosted.lookup(word);
      if (answer === undefined) return undefined;
      const parsed = hostedAnswerSchema.safeParse(answer);
      if (parsed.success) return parsed.data;
      options.log.warn(
        { word, problem: parsed.error.issues[0]?.message },
        'the hosted dictionary answered in an unknown shape; answering from WordNet',
      );
    } catch (error) {
      options.log.warn(
        { word, err: error instanceof Error ? error.message : String(error) },
        'the hosted dictionary failed; answering from WordNet',
      );
    }
    return undefined;
  }

  return {
    async lookUp(word) {
      const hosted = options.hosted ? await fromHosted(options.hosted, word) : undefined;
      const entries = hosted?.length ? hosted : await fromOwn(word);
      if (entries.length === 0) throw new HttpError(404, errorCodes.notFound, dictionaryMessages.notFound);
      return entries;
    },
  };
}
