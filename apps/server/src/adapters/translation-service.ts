import type { Fits } from './text-chunks.ts';

/**
 * One outside English to Hindi translation service. `translate` sends one request of a text that `fits`
 * (the caller cuts longer texts with `chunkText`) and answers the Hindi text, or throws a
 * TranslationServiceError; it never retries.
 */
export interface TranslationService {
  /** For the log and the stored row, e.g. 'mymemory'. */
  readonly name: string;
  /** Whether a text fits in one request of this service. */
  readonly fits: Fits;
  translate(text: string, options?: { signal?: AbortSignal | undefined }): Promise<string>;
}

/** The languages of this site's translator: English in, Hindi out. */
export const sourceLanguage = 'en';
export const targetLanguage = 'hi';
