import fs from 'node:fs';
import path from 'node:path';
import { dictionaryMessages } from '@hurryup/contracts/dictionary-rules';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { type FakeFeedServer, startFakeFeedServer } from '../../../test/fake-feed-server.ts';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';

// A hosted dictionary that speaks dictionaryapi.dev's protocol, with answers in its recorded shape.
const fixture = (name: string) =>
  fs.readFileSync(path.join(import.meta.dirname, '../../../test/fixtures/dictionary', name), 'utf8');
const json = (body: string, status = 200) => ({ status, type: 'application/json', body });

let fake: FakeFeedServer;
let t: TestApp;
beforeAll(async () => {
  fake = await startFakeFeedServer();
  t = await createTestApp({ DICTIONARY_API_URL: `${fake.url}/`, DICTIONARY_API_TIMEOUT_MS: '300' });
});
afterAll(async () => {
  await t.close();
  await fake.close();
});
beforeEach(() => {
  fake.answers.clear();
  fake.requests.length = 0;
});

const look = (word: string) =>
  t.app.inject({ method: 'GET', url: `/api/dictionary/entries/en/${encodeURIComponent(word)}` });

describe('the dictionary with a hosted service (DICTIONARY_API_URL)', () => {
  it("answers the service's entries, in its shape, for the normalised word", async () => {
    fake.answers.set('/api/v2/entries/en/hello', json(fixture('hello.json')));
    const res = await look(' Hello ');
    expect(res.statusCode).toBe(200);
    expect(fake.requests.map((url) => url.pathname)).toEqual(['/api/v2/entries/en/hello']);
    const [hello] = res.json();
    expect(hello).toEqual({
      word: 'hello',
      phonetic: 'həˈləʊ',
      phonetics: [
        { text: 'həˈləʊ', audio: 'https://api.dictionaryapi.dev/media/pronunciations/en/hello-uk.mp3' },
        { text: 'hɛˈləʊ' },
      ],
      meanings: [
        {
          partOfSpeech: 'exclamation',
          definitions: [
            {
              definition: 'used as a greeting or to begin a phone conversation.',
              example: 'hello there, Katie!',
              synonyms: [],
              antonyms: [],
            },
          ],
          synonyms: [],
          antonyms: [],
        },
        expect.objectContaining({ partOfSpeech: 'noun', synonyms: ['greeting'] }),
      ],
      license: { name: 'CC BY-SA 3.0', url: 'https://creativecommons.org/licenses/by-sa/3.0' },
      sourceUrls: ['https://en.wiktionary.org/wiki/hello'],
    });
  });

  it('asks for phrases URL-encoded', async () => {
    fake.answers.set(
      '/api/v2/entries/en/ice%20cream',
      json(fixture('hello.json').replaceAll('hello', 'ice cream')),
    );
    const res = await look('ice cream');
    expect(res.statusCode).toBe(200);
    expect(res.json()[0].word).toBe('ice cream');
  });

  it("falls back to WordNet for a word the service does not know, and says 'Word not found' when neither does", async () => {
    fake.answers.set('/api/v2/entries/en/geese', json(fixture('not-found.json'), 404));
    const geese = await look('geese');
    expect(geese.statusCode).toBe(200);
    expect(geese.json()[0]).toMatchObject({ word: 'goose', license: { name: 'WordNet 3.0 license' } });
    const unknown = await look('xyzzyq');
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toEqual({ error: dictionaryMessages.notFound, code: 'NOT_FOUND' });
  });

  it('answers from WordNet when the service fails, hangs or answers nonsense', async () => {
    fake.answers.set('/api/v2/entries/en/mice', { status: 503, type: 'text/plain', body: 'busy' });
    fake.answers.set('/api/v2/entries/en/went', { hang: true });
    fake.answers.set('/api/v2/entries/en/bought', json('<html>not json</html>'));
    fake.answers.set('/api/v2/entries/en/ran', json('[{"word": 42}]'));
    for (const [word, base] of [
      ['mice', 'mouse'],
      ['went', 'go'],
      ['bought', 'buy'],
      ['ran', 'run'],
    ]) {
      const res = await look(word!);
      expect(res.statusCode, word).toBe(200);
      expect(res.json()[0].word, word).toBe(base);
    }
  });

  it('refuses a bad address setting at start', async () => {
    await expect(createTestApp({ DICTIONARY_API_URL: 'ftp://example.org' })).rejects.toThrow(
      /DICTIONARY_API_URL/,
    );
  });
});
