import { describe, expect, it } from 'vitest';
import { dictionaryWordParamsSchema } from './dictionary.ts';
import { dictionaryMessages, dictionaryWordProblem, normalisedWord } from './dictionary-rules.ts';

describe('the dictionary word rules', () => {
  it('takes letters, spaces, apostrophes and hyphens, up to 64 characters', () => {
    for (const word of [
      'run',
      'ice cream',
      "o'clock",
      'o’clock',
      'well-being',
      'Café',
      'नमस्ते',
      'a'.repeat(64),
    ])
      expect(dictionaryWordProblem(word), word).toBeUndefined();
  });

  it('refuses anything else with a clear message', () => {
    expect(dictionaryWordProblem('')).toBe(dictionaryMessages.empty);
    expect(dictionaryWordProblem('  \t ')).toBe(dictionaryMessages.empty);
    expect(dictionaryWordProblem('a'.repeat(65))).toBe(dictionaryMessages.tooLong);
    for (const word of ['dog1', 'a/b', 'a.b', 'a_b', '<b>', "'-'", '--', 'dog\u0000'])
      expect(dictionaryWordProblem(word), word).toBe(dictionaryMessages.badCharacters);
  });

  it('looks words up trimmed, in lower case, with single spaces and straight apostrophes', () => {
    expect(normalisedWord('  Ice \t CREAM ')).toBe('ice cream');
    expect(normalisedWord('O’Clock')).toBe("o'clock");
  });

  it('the call checks and normalises its word parameter', () => {
    expect(dictionaryWordParamsSchema.parse({ word: ' Went ' })).toEqual({ word: 'went' });
    expect(dictionaryWordParamsSchema.safeParse({ word: 'x1' }).error?.issues[0]?.message).toBe(
      dictionaryMessages.badCharacters,
    );
  });
});
