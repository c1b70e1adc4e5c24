import { dictionaryMessages } from '@hurryup/contracts/dictionary-rules';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

const look = (word: string, headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'GET', url: `/api/dictionary/entries/en/${encodeURIComponent(word)}`, headers });

interface Entry {
  word: string;
  meanings: {
    partOfSpeech: string;
    definitions: { definition: string; example?: string; synonyms: string[]; antonyms: string[] }[];
    synonyms: string[];
  }[];
}

async function entries(word: string): Promise<Entry[]> {
  const res = await look(word);
  expect(res.statusCode, `${word}: ${res.body}`).toBe(200);
  return res.json();
}

const headwords = (list: Entry[]) => list.map((entry) => entry.word);
const partsOf = (entry: Entry | undefined) => entry?.meanings.map((meaning) => meaning.partOfSpeech);

describe('the dictionary', () => {
  it('answers a common word in the shape of dictionaryapi.dev, senses grouped by part of speech', async () => {
    const [dog, ...others] = await entries('dog');
    expect(others).toEqual([]);
    expect(dog).toMatchObject({
      word: 'dog',
      phonetics: [],
      license: { name: 'WordNet 3.0 license' },
      sourceUrls: ['https://wordnet.princeton.edu/'],
    });
    expect(partsOf(dog)).toEqual(['noun', 'verb']);
    const noun = dog!.meanings[0]!;
    expect(noun.definitions).toHaveLength(7);
    expect(noun.definitions[0]).toEqual({
      definition:
        'a member of the genus Canis (probably descended from the common wolf) that has been domesticated by man since prehistoric times; occurs in many breeds',
      example: 'the dog barked all night',
      synonyms: ['domestic dog', 'Canis familiaris'],
      antonyms: [],
    });
    expect(noun.synonyms).toContain('domestic dog');
    expect(dog!.meanings[1]!.definitions[0]!.definition).toBe('go after with the intent to catch');
  });

  it('gives antonyms where WordNet has them', async () => {
    const [good] = await entries('good');
    const adjective = good!.meanings.find((meaning) => meaning.partOfSpeech === 'adjective');
    expect(adjective!.definitions[0]!.antonyms).toEqual(['bad']);
  });

  it.each([
    ['ran', 'run', 'verb'],
    ['went', 'go', 'verb'],
    ['mice', 'mouse', 'noun'],
    ['geese', 'goose', 'noun'],
    ['bought', 'buy', 'verb'],
    ['studies', 'study', 'noun'],
    ['wolves', 'wolf', 'noun'],
    ['children', 'child', 'noun'],
    ['happier', 'happy', 'adjective'],
  ])('resolves the irregular or inflected form %s to %s', async (form, base, part) => {
    const list = await entries(form);
    const entry = list.find((candidate) => candidate.word === base);
    expect(entry, headwords(list).join(', ')).toBeDefined();
    expect(partsOf(entry)).toContain(part);
  });

  it('gives a form that is a word of its own first, then its base form', async () => {
    const list = await entries('running');
    expect(headwords(list)).toEqual(['running', 'run']);
    expect(partsOf(list[0])).toEqual(['noun', 'adjective']);
    expect(partsOf(list[1])).toEqual(['verb']);
    // A doubled consonant is undone: stopped → stop.
    expect(headwords(await entries('stopped'))).toContain('stop');
  });

  it('finds phrases, in any case and spacing, and their plurals', async () => {
    const [iceCream] = await entries('ice cream');
    expect(iceCream!.word).toBe('ice cream');
    expect(iceCream!.meanings[0]!.definitions[0]!.definition).toMatch(/frozen dessert/);
    expect(headwords(await entries('  Ice   CREAM '))).toEqual(['ice cream']);
    expect(headwords(await entries('ice creams'))).toEqual(['ice cream']);
    expect(headwords(await entries('well-being'))).toEqual(['well-being']);
    expect(headwords(await entries('o’clock'))).toEqual(["o'clock"]);
  });

  it("answers 404 'Word not found' for a word WordNet does not know", async () => {
    for (const word of ['xyzzyq', 'café', 'the', 'šbout', 'नमस्ते']) {
      const res = await look(word);
      expect(res.statusCode, word).toBe(404);
      expect(res.json()).toEqual({ error: dictionaryMessages.notFound, code: 'NOT_FOUND' });
    }
  });

  it('refuses what is not a word with a clear 400', async () => {
    const cases: [string, string][] = [
      ['dog1', dictionaryMessages.badCharacters],
      ['<script>', dictionaryMessages.badCharacters],
      ['a.b', dictionaryMessages.badCharacters],
      ["'-'", dictionaryMessages.badCharacters],
      ['   ', dictionaryMessages.empty],
      ['a'.repeat(65), dictionaryMessages.tooLong],
    ];
    for (const [word, message] of cases) {
      const res = await look(word);
      expect(res.statusCode, word).toBe(400);
      expect(res.json()).toMatchObject({ code: 'VALIDATION_ERROR', fields: { word: message } });
    }
    expect((await look('a'.repeat(64))).statusCode).toBe(404);
    // Bytes that are not UTF-8 never reach the dictionary.
    const res = await t.app.inject({ method: 'GET', url: '/api/dictionary/entries/en/%FF%FE' });
    expect(res.statusCode).toBeGreaterThanOrEqual(400);
    expect(res.statusCode).toBeLessThan(500);
  });

  it('is a cacheable public read: an ETag, and 304 for a caller who holds the answer', async () => {
    const first = await look('mouse');
    expect(first.headers['cache-control']).toMatch(/public/);
    const etag = String(first.headers.etag);
    expect(etag).toMatch(/^W\//);
    const again = await look('mouse', { 'if-none-match': etag });
    expect(again.statusCode).toBe(304);
  });
});
