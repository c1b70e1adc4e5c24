import { describe, FeedError, fetchAnswer } from './fetch-text.ts';
import type { OutgoingTimers } from './outgoing-http.ts';

/**
 * A hosted dictionary that speaks dictionaryapi.dev's protocol (`GET <base>/api/v2/entries/en/<word>`:
 * 200 and a JSON list of entries, 404 when it has no definitions), the service the original site called.
 * The answer is returned as parsed JSON for the feature to check; every failure (no answer in time, a
 * refused connection, a 5xx, an answer that is not JSON or is too large) is a FeedError.
 */
export interface DictionaryApi {
  /** The entries of a word as the service sent them, or undefined when it answered 404. */
  lookup(word: string): Promise<unknown>;
}

/** A dictionary answer is a few KB ("set", the longest in English, about 120 KB); more is junk. */
const maxAnswerBytes = 512 * 1024;

export function createDictionaryApi(options: {
  baseUrl: string;
  timeoutMs: number;
  /** Whether the configured address may be loopback or private (`OUTGOING_ALLOW_PRIVATE_ADDRESSES`). */
  allowPrivateAddresses?: boolean;
  timers?: OutgoingTimers;
}): DictionaryApi {
  const base = options.baseUrl.replace(/\/+$/, '');
  return {
    async lookup(word) {
      const url = `${base}/api/v2/entries/en/${encodeURIComponent(word)}`;
      const answer = await fetchAnswer(url, {
        timeoutMs: options.timeoutMs,
        maxBytes: maxAnswerBytes,
        accept: 'application/json',
        allowPrivateAddresses: options.allowPrivateAddresses,
        timers: options.timers,
      });
      if (answer.status === 404) return undefined;
      if (answer.status < 200 || answer.status > 299)
        throw new FeedError(`${describe(url)} answered HTTP ${answer.status}`);
      try {
        return JSON.parse(answer.text) as unknown;
      } catch {
        throw new FeedError(`${describe(url)} answered something that is not JSON`);
      }
    },
  };
}
