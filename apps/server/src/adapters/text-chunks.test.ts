import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { chunkText, fitsBytes, fitsChars, joinTranslated } from './text-chunks.ts';

describe('chunkText', () => {
  it('keeps a text that fits as one piece', () => {
    const chunked = chunkText('  Hello there.  ', fitsChars(100));
    expect(chunked.chunks).toEqual(['Hello there.']);
    expect(joinTranslated(chunked, ['नमस्ते।'])).toBe('  नमस्ते।  ');
  });

  it('cuts on lines, then sentences, within the limit, and joins in order with the spacing kept', () => {
    const text = 'First sentence here. Second one is here too. Third!\n\nA new paragraph.\nLast line?';
    const chunked = chunkText(text, fitsChars(30));
    expect(chunked.chunks).toEqual([
      'First sentence here.',
      // 30 characters: packed together.
      'Second one is here too. Third!',
      'A new paragraph.',
      'Last line?',
    ]);
    expect(
      joinTranslated(
        chunked,
        chunked.chunks.map((c) => c.toUpperCase()),
      ),
    ).toBe('FIRST SENTENCE HERE. SECOND ONE IS HERE TOO. THIRD!\n\nA NEW PARAGRAPH.\nLAST LINE?');
  });

  it('packs short sentences of a line together up to the limit', () => {
    const chunked = chunkText('One. Two. Three. Four. Five.', fitsChars(12));
    expect(chunked.chunks).toEqual(['One. Two.', 'Three. Four.', 'Five.']);
  });

  it('cuts a sentence too long between words, and a word too long between characters', () => {
    const chunked = chunkText('alpha beta gamma delta epsilon', fitsChars(11));
    expect(chunked.chunks).toEqual(['alpha beta', 'gamma delta', 'epsilon']);
    const word = chunkText('abcdefghijkl', fitsChars(5));
    expect(word.chunks).toEqual(['abcde', 'fghij', 'kl']);
    expect(joinTranslated(word, word.chunks)).toBe('abcdefghijkl');
  });

  it('measures bytes for services that count bytes (never cutting inside a character)', () => {
    const text = 'नमस्ते दुनिया '.repeat(20).trim();
    const chunked = chunkText(text, fitsBytes(100));
    for (const chunk of chunked.chunks) expect(Buffer.byteLength(chunk)).toBeLessThanOrEqual(100);
    expect(joinTranslated(chunked, chunked.chunks)).toBe(text);
  });

  it('any text: every piece fits, and joining the pieces untranslated gives the text back', () => {
    fc.assert(
      fc.property(
        fc.string({ unit: 'grapheme', maxLength: 400 }),
        fc.integer({ min: 8, max: 60 }),
        (text, max) => {
          const chunked = chunkText(text, fitsBytes(max));
          for (const chunk of chunked.chunks) {
            // A single grapheme may be longer than a tiny limit; it is still never split.
            if ([...new Intl.Segmenter().segment(chunk)].length > 1) {
              expect(Buffer.byteLength(chunk)).toBeLessThanOrEqual(max);
            }
            expect(chunk.trim()).toBe(chunk);
            expect(chunk).not.toBe('');
          }
          expect(joinTranslated(chunked, chunked.chunks)).toBe(text);
        },
      ),
      { numRuns: 300 },
    );
  });
});
