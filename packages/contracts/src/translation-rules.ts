/**
 * The translator's rules and texts, without zod, for the pages (tools-and-trading.md sections 5 and 8,
 * content-and-shell.md section 8): the English to Hindi page and the post page's Hindi reading import these,
 * and `language.ts` builds its schemas from them.
 */

/** The longest text one request may translate, in characters (a long post's text fits). */
export const translationMaxChars = 20_000;

export const translationMessages = {
  /** Empty or whitespace-only text (tools-and-trading.md section 5). */
  empty: 'Please enter text to translate.',
  tooLong: `The text is too long to translate (at most ${translationMaxChars.toLocaleString('en-IN')} characters).`,
  /** The server's 503 when no translation service answered and none was stored. */
  unavailable: 'Translation is unavailable right now. Please try again later.',
  /** The translator page's texts (tools-and-trading.md section 8). */
  apiError: 'Translation API error occurred.',
  unexpected: 'An unexpected error occurred.',
  emptyResult: 'Translation unavailable',
  /** The post page's translated area on failure (content-and-shell.md section 8). */
  postUnavailable: 'Translation unavailable.',
  perMinute: 'Too many translations in a minute. Please wait a moment and try again.',
  perDay: 'You have translated a lot of text today. Please try again tomorrow.',
} as const;

/** The uniform error body's code of the 503. */
export const translationUnavailableCode = 'TRANSLATION_UNAVAILABLE';

/** Per-visitor limits: requests a minute, and characters a day of text that was not translated before. */
export const translationLimits = { perMinute: 20, charactersPerDay: 100_000 } as const;

/** Where a post's Hindi reading came from, as the post page says it. */
export const hindiSourceNotes = {
  operator: 'Hindi version written by our editors.',
  machine: 'Machine translation: it may contain mistakes.',
} as const;
