/*
 * The dictionary's rules and exact messages (tools-and-trading.md sections 2, 7 and 8), applied by the /dict
 * page before asking and again by the server: free of zod, so the page carries none.
 */

export const dictionaryWordMaxLength = 64;

export const dictionaryMessages = {
  placeholder: 'Result will appear here.',
  notFound: 'Word not found',
  noDefinition: 'No definition found.',
  /** Our own checks of the word, before anything is looked up. */
  empty: 'Please enter a word.',
  tooLong: `A word is at most ${dictionaryWordMaxLength} characters.`,
  badCharacters: 'A word may hold only letters, spaces, apostrophes and hyphens.',
  /** The server could not open its dictionary (503; the next lookup tries again). */
  unavailable: 'The dictionary is not available right now. Please try again in a moment.',
  /** The call failed for another reason (network, timeout, server). */
  failed: 'Could not fetch the meaning. Please try again.',
} as const;

/** The code of the 503 answer when the server cannot open its dictionary. */
export const dictionaryUnavailableCode = 'DICTIONARY_UNAVAILABLE';

/** Letters of any alphabet, spaces, straight or curly apostrophes and hyphens; at least one letter. */
export const dictionaryWordPattern = /^[\p{L}\p{M} '’-]+$/u;

/** The problem with a word as typed, or undefined when it may be looked up. */
export function dictionaryWordProblem(typed: string): string | undefined {
  const word = typed.trim();
  if (word === '') return dictionaryMessages.empty;
  if (word.length > dictionaryWordMaxLength) return dictionaryMessages.tooLong;
  if (!dictionaryWordPattern.test(word) || !/\p{L}/u.test(word)) return dictionaryMessages.badCharacters;
  return undefined;
}

/** The form a word is looked up in: trimmed, lower case, one space between words, straight apostrophes. */
export function normalisedWord(typed: string): string {
  return typed.trim().toLowerCase().replace(/\s+/g, ' ').replaceAll('’', "'");
}
