import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { dictionaryMessages, dictionaryUnavailableCode } from '@hurryup/contracts/dictionary-rules';
import { afterEach, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';
import { loadWordNet } from '../../adapters/wordnet.ts';
import { ManualClock } from '../../shared/clock.ts';
import { largeTableIdleMs } from '../../shared/loaded-on-use.ts';
import { createDictionaryFeature } from './dictionary.feature.ts';

let t: TestApp | undefined;
afterEach(async () => {
  await t?.close();
  t = undefined;
});

/** The dictionary on the real WordNet, counting how often it is opened and closed; the first `failures` fail. */
async function dictionaryApp(failures = 0) {
  const counts = { opened: 0, closed: 0, failed: 0 };
  const clock = new ManualClock();
  const feature = createDictionaryFeature(async (options) => {
    if (counts.failed < failures) {
      counts.failed += 1;
      throw new Error('WordNet archive is damaged');
    }
    const wordNet = await loadWordNet(options);
    counts.opened += 1;
    return {
      lemmaCount: wordNet.lemmaCount,
      lookup: (word) => wordNet.lookup(word),
      close() {
        counts.closed += 1;
        wordNet.close();
      },
    };
  });
  t = await createTestApp({}, { features: [feature], platform: { clock } });
  const app = t.app;
  const look = (word: string) => app.inject({ method: 'GET', url: `/api/dictionary/entries/en/${word}` });
  return { counts, clock, look };
}

describe('WordNet is opened on use and closed when idle', () => {
  it('is not opened at start; two concurrent first lookups open it once', async () => {
    const { counts, look } = await dictionaryApp();
    expect(counts.opened).toBe(0);
    const [dog, ran] = await Promise.all([look('dog'), look('ran')]);
    expect(dog.statusCode).toBe(200);
    expect(ran.statusCode).toBe(200);
    expect(ran.json().map((entry: { word: string }) => entry.word)).toContain('run');
    expect(counts.opened).toBe(1);
    expect((await look('cat')).statusCode).toBe(200);
    expect(counts.opened).toBe(1);
  });

  it('is closed after a while without lookups and opened again by the next', async () => {
    const { counts, clock, look } = await dictionaryApp();
    expect((await look('dog')).statusCode).toBe(200);
    clock.advance(largeTableIdleMs - 1);
    expect(counts.closed).toBe(0);
    expect((await look('cat')).statusCode).toBe(200);
    clock.advance(largeTableIdleMs - 1);
    expect(counts.closed).toBe(0);
    clock.advance(1);
    expect(counts.closed).toBe(1);
    expect((await look('house')).json()[0].meanings[0].partOfSpeech).toBe('noun');
    expect(counts.opened).toBe(2);
  });

  it('answers 503 when WordNet cannot be opened, and the next lookup opens it', async () => {
    const { counts, look } = await dictionaryApp(1);
    const refused = await look('dog');
    expect(refused.statusCode).toBe(503);
    expect(refused.json()).toEqual({
      error: dictionaryMessages.unavailable,
      code: dictionaryUnavailableCode,
    });
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect((await look('dog')).statusCode).toBe(200);
    expect(counts.opened).toBe(1);
  });
});

describe('WordNet on disk', () => {
  it('is unpacked once into the folder given, and unpacked again when its files were removed', async () => {
    const cacheDir = fs.mkdtempSync(path.join(os.tmpdir(), 'hurryup-wordnet-'));
    try {
      const first = await loadWordNet({ cacheDir });
      const [folder] = fs.readdirSync(cacheDir);
      expect(folder).toMatch(/^wordnet-/);
      expect(first.lookup('ran').map((entry) => entry.word)).toEqual(['run']);
      first.close();
      expect(() => first.lookup('dog')).toThrow('closed');
      // Its mark and a file gone: the next opening unpacks the archive again.
      fs.rmSync(path.join(cacheDir, folder!, 'complete'));
      fs.rmSync(path.join(cacheDir, folder!, 'dict', 'data.noun'));
      const again = await loadWordNet({ cacheDir });
      expect(again.lookup('dog')[0]?.meanings[0]?.definitions).toHaveLength(7);
      again.close();
      expect(fs.readdirSync(cacheDir)).toEqual([folder]);
    } finally {
      fs.rmSync(cacheDir, { recursive: true, force: true });
    }
  });
});
