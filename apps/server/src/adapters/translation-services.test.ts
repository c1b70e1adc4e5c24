import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  type FakeTranslation,
  fakeGoogleKey,
  fakeHindi,
  fakeLibreCharLimit,
  fakeLibreKey,
  startFakeTranslation,
} from '../../test/fake-translation.ts';
import { createGoogleTranslateService } from './google-translate.ts';
import { createLibreTranslateService } from './libretranslate.ts';
import { createMyMemoryService, myMemoryMaxBytes } from './mymemory.ts';
import { TranslationServiceError } from './translation-http.ts';
import type { TranslationService } from './translation-service.ts';

let fake: FakeTranslation;
beforeAll(async () => {
  fake = await startFakeTranslation();
});
afterAll(() => fake.close());
beforeEach(() => {
  fake.mode.mymemory = fake.mode.libretranslate = fake.mode.google = 'ok';
  for (const list of Object.values(fake.requests)) list.length = 0;
});

const timeoutMs = 500;
const services: Record<'mymemory' | 'libretranslate' | 'google', () => TranslationService> = {
  mymemory: () => createMyMemoryService({ baseUrl: fake.url, email: 'desk@example.in', timeoutMs }),
  libretranslate: () =>
    createLibreTranslateService({
      baseUrl: fake.url,
      apiKey: fakeLibreKey,
      maxChars: fakeLibreCharLimit,
      timeoutMs,
    }),
  google: () => createGoogleTranslateService({ baseUrl: `${fake.url}/`, apiKey: fakeGoogleKey, timeoutMs }),
};

describe.each(Object.keys(services) as (keyof typeof services)[])('%s adapter', (name) => {
  it('translates English to Hindi through the real protocol', async () => {
    expect(await services[name]().translate('Good morning, India.')).toBe(fakeHindi('Good morning, India.'));
    expect(fake.requests[name]).toHaveLength(1);
    expect(fake.requests[name][0]!.q).toBe('Good morning, India.');
  });

  it.each([
    ['down', /answered HTTP (500|503)/],
    ['quota', /answered HTTP (200|429|403)/],
    ['garbage', /without a translation|answered HTTP/],
    ['huge', /bytes allowed/],
    ['hang', new RegExp(`did not answer within ${timeoutMs} ms`)],
  ] as const)('fails clearly when the service is %s', async (mode, message) => {
    fake.mode[name] = mode;
    const error = await services[name]()
      .translate('Hello')
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(TranslationServiceError);
    expect((error as Error).message).toMatch(message);
    // Keys travel in queries and bodies: never in a message that reaches the log.
    expect((error as Error).message).not.toContain(fakeGoogleKey);
    expect((error as Error).message).not.toContain(fakeLibreKey);
    // No retry.
    expect(fake.requests[name]).toHaveLength(1);
  });

  it('a service that cannot be reached is an error, not a hang', async () => {
    const closed = await startFakeTranslation();
    const url = closed.url;
    await closed.close();
    const make = {
      mymemory: () => createMyMemoryService({ baseUrl: url, timeoutMs }),
      libretranslate: () => createLibreTranslateService({ baseUrl: url, maxChars: 100, timeoutMs }),
      google: () => createGoogleTranslateService({ baseUrl: url, apiKey: fakeGoogleKey, timeoutMs }),
    }[name];
    await expect(make().translate('Hello')).rejects.toThrow(/could not be reached/);
  });
});

describe('service specifics', () => {
  it('MyMemory: sends the contact e-mail as de= and the pair en|hi; its limit is 500 bytes of q', async () => {
    const service = services.mymemory();
    await service.translate('Hello');
    expect(fake.requests.mymemory[0]).toEqual({ q: 'Hello', email: 'desk@example.in' });
    expect(service.fits('a'.repeat(myMemoryMaxBytes))).toBe(true);
    expect(service.fits('अ'.repeat(167))).toBe(false); // 501 bytes
    // Past the limit the real service answers 200 with status 403: an error, not a "translation".
    await expect(service.translate('a'.repeat(501))).rejects.toThrow(/QUERY LENGTH LIMIT EXCEEDED/);
  });

  it("MyMemory's quota warning is never taken for a translation", async () => {
    fake.mode.mymemory = 'quota';
    await expect(services.mymemory().translate('Hello')).rejects.toThrow(/status 429.*FREE TRANSLATIONS/);
  });

  it('LibreTranslate: sends the key; a wrong key or a text over its limit is the server’s own error', async () => {
    await services.libretranslate().translate('Hello');
    expect(fake.requests.libretranslate[0]).toEqual({ q: 'Hello', apiKey: fakeLibreKey });
    const wrongKey = createLibreTranslateService({
      baseUrl: fake.url,
      apiKey: 'nope',
      maxChars: 100,
      timeoutMs,
    });
    await expect(wrongKey.translate('Hello')).rejects.toThrow(
      'LibreTranslate answered HTTP 403: Invalid API key',
    );
    await expect(services.libretranslate().translate('a'.repeat(fakeLibreCharLimit + 1))).rejects.toThrow(
      /exceeds text limit/,
    );
  });

  it('Google: a wrong key is its error message, without the key', async () => {
    const wrong = createGoogleTranslateService({ baseUrl: fake.url, apiKey: 'secret-wrong-key', timeoutMs });
    const error = (await wrong.translate('Hello').catch((e: unknown) => e)) as Error;
    expect(error.message).toBe(
      'Google Cloud Translation answered HTTP 400: API key not valid. Please pass a valid API key.',
    );
    expect(error.message).not.toContain('secret-wrong-key');
  });

  it('stops when the caller aborts', async () => {
    fake.mode.libretranslate = 'hang';
    const controller = new AbortController();
    const pending = createLibreTranslateService({
      baseUrl: fake.url,
      apiKey: fakeLibreKey,
      maxChars: 100,
      timeoutMs: 10_000,
    }).translate('Hello', { signal: controller.signal });
    controller.abort();
    await expect(pending).rejects.toThrow(/request cancelled/);
  });
});
