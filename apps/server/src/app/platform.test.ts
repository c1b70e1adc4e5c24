import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import type { EnginePool } from '../engines/engine-pool.ts';
import { synthesizeSpeech } from '../engines/speech/speech.ts';

const operations = fs.readFileSync(
  path.resolve(import.meta.dirname, '../../../../docs/operations.md'),
  'utf8',
);

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ ADMIN_TOKEN: 'platform-test-token-0123456789' });
});
afterAll(() => t.close());

describe('the platform', () => {
  it("lists every limit the site defines in docs/operations.md's table, and nothing else", () => {
    const defined = t.app.platform.limits.policies().map((policy) => policy.name);
    const section = operations.slice(operations.indexOf('## Limits'));
    const documented = [
      ...section.slice(0, section.indexOf('\n## ', 3)).matchAll(/^\| `([\w.-]+)` \|/gm),
    ].map((match) => match[1]);
    expect(documented.sort()).toEqual([...defined].sort());
    for (const policy of t.app.platform.limits.policies()) {
      expect(policy.max).toBeGreaterThan(0);
      expect(policy.message(7)).not.toBe('');
    }
  });

  it('defines the scheduled jobs that replaced the hand-written schedulers', () => {
    const scheduled = t.app.platform.jobs
      .definitions()
      .filter((job) => job.schedule)
      .map((job) => job.name);
    // Feeds and the market sync are off in tests; mail delivery and the upload sweep always run.
    expect(scheduled).toEqual(expect.arrayContaining(['mail.deliver', 'files.sweep']));
  });

  it('answers every limit with one 429 body and Retry-After', async () => {
    const limited = await createTestApp({ RATE_LIMIT_MAX: '1' });
    try {
      await limited.app.inject({ url: '/api/blogs' });
      const refused = await limited.app.inject({ url: '/api/blogs' });
      expect(refused.statusCode).toBe(429);
      expect(refused.json()).toEqual({
        error: expect.stringMatching(/^Too many requests\. Please wait \d+ seconds and try again\.$/),
        code: 'RATE_LIMITED',
      });
      expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    } finally {
      await limited.close();
    }
  });
});

describe("the platform's OCR and speech engines", () => {
  it('uses the host programs the settings name, falls back without them, and refuses a forced one missing', async () => {
    const text = { voice: 'en' as const, text: 'Fallback.', target: '' };
    const fallback = await createTestApp({
      OCR_ENGINE: 'auto',
      SPEECH_ENGINE: 'auto',
      ESPEAK_NG_PATH: '/nowhere/espeak-ng',
    });
    try {
      const folder = fs.mkdtempSync(path.join(fallback.app.config.dataDir, 'speech-'));
      await synthesizeSpeech(fallback.app.platform.engines, { ...text, target: path.join(folder, 'a.mp3') });
      expect((fallback.app.platform.engines as EnginePool).stats().engines).toEqual([
        expect.objectContaining({ name: 'speech-en', runs: 'wasm', completed: 1 }),
      ]);
    } finally {
      await fallback.close();
    }
    const native = await createTestApp({ SPEECH_ENGINE: 'native' });
    try {
      const folder = fs.mkdtempSync(path.join(native.app.config.dataDir, 'speech-'));
      await synthesizeSpeech(native.app.platform.engines, { ...text, target: path.join(folder, 'a.mp3') });
      expect((native.app.platform.engines as EnginePool).stats().engines).toEqual([
        expect.objectContaining({ name: 'speech-en', runs: 'native', completed: 1 }),
      ]);
    } finally {
      await native.close();
    }
    await expect(
      createTestApp({ OCR_ENGINE: 'native', TESSERACT_PATH: '/nowhere/tesseract' }),
    ).rejects.toThrow('OCR_ENGINE=native, but /nowhere/tesseract cannot be run');
  });
});
