import { translationLimits, translationMessages } from '@hurryup/contracts/translation-rules';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { adminHeaders, adminToken } from '../../../test/admin.ts';
import { type FakeTranslation, fakeHindi, startFakeTranslation } from '../../../test/fake-translation.ts';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';
import { chunkText, fitsBytes, joinTranslated } from '../../adapters/text-chunks.ts';
import { tablesOf } from '../../db/tables-of.ts';
import type { TranslationTables } from './translation.tables.ts';

let fake: FakeTranslation;
beforeAll(async () => {
  fake = await startFakeTranslation();
});
afterAll(() => fake.close());
beforeEach(() => {
  fake.mode.mymemory = fake.mode.libretranslate = fake.mode.google = 'ok';
  for (const list of Object.values(fake.requests)) list.length = 0;
});

const translate = (t: TestApp, text: unknown, ip = '203.0.113.7') =>
  t.app.inject({ method: 'POST', url: '/api/translateText', payload: { text }, remoteAddress: ip });

const storedRows = (t: TestApp) =>
  tablesOf<TranslationTables>(t.database.db).selectFrom('translations').selectAll().execute();

/** A long English text of many sentences and paragraphs, each sentence numbered so order is visible. */
const longText = Array.from({ length: 6 }, (_, p) =>
  Array.from(
    { length: 8 },
    (_, s) => `Paragraph ${p + 1}, sentence ${s + 1} says something about the market and the monsoon.`,
  ).join(' '),
).join('\n\n');

describe('POST /api/translateText with MyMemory (the default service)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({
      ...fake.env('mymemory'),
      MYMEMORY_EMAIL: 'desk@example.in',
      TRANSLATION_TIMEOUT_MS: '2000',
    });
  });
  afterAll(() => t.close());

  it('answers {translatedText}', async () => {
    const res = await translate(t, 'Good morning.');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ translatedText: fakeHindi('Good morning.') });
    expect(fake.requests.mymemory).toEqual([{ q: 'Good morning.', email: 'desk@example.in' }]);
  });

  it('splits a long text within 500 bytes a request, on sentence and paragraph boundaries, in order', async () => {
    const res = await translate(t, longText);
    expect(res.statusCode, res.body).toBe(200);
    const chunked = chunkText(longText, fitsBytes(500));
    expect(chunked.chunks.length).toBeGreaterThan(6);
    // Pieces are packed one per line into requests of at most 500 bytes; every piece is sent once.
    const sent = fake.requests.mymemory.flatMap((r) => r.q.split('\n'));
    expect(sent.sort()).toEqual([...chunked.chunks].sort());
    expect(fake.requests.mymemory.length).toBeLessThanOrEqual(chunked.chunks.length);
    for (const request of fake.requests.mymemory) {
      expect(Buffer.byteLength(request.q)).toBeLessThanOrEqual(500);
      // Each piece ends on a sentence.
      for (const line of request.q.split('\n')) expect(line).toMatch(/monsoon\.$/);
    }
    const translated = res.json().translatedText as string;
    expect(translated).toBe(joinTranslated(chunked, chunked.chunks.map(fakeHindi)));
    expect(translated.split('\n\n')).toHaveLength(6);
    expect(translated.indexOf('Paragraph 1, sentence 1 ')).toBeLessThan(
      translated.indexOf('Paragraph 6, sentence 8 '),
    );
  });

  it('translates a text once: later visitors get it from the database, even with the service down', async () => {
    const text = 'The same text for every visitor.';
    expect((await translate(t, text, '198.51.100.1')).statusCode).toBe(200);
    fake.mode.mymemory = 'down';
    const again = await translate(t, `  ${text}\n`, '198.51.100.2');
    expect(again.statusCode, again.body).toBe(200);
    expect(again.json()).toEqual({ translatedText: fakeHindi(text) });
    expect(fake.requests.mymemory).toHaveLength(1);
    const rows = (await storedRows(t)).filter((row) => row.translated === fakeHindi(text));
    expect(rows).toEqual([
      expect.objectContaining({ target: 'hi', service: 'mymemory', source_chars: text.length }),
    ]);
  });

  it('reuses stored pieces: only the new sentences of an edited text are sent', async () => {
    const before = fake.requests.mymemory.length;
    const edited = `${longText}\n\nOne new closing line.`;
    const res = await translate(t, edited);
    expect(res.statusCode, res.body).toBe(200);
    expect(fake.requests.mymemory.slice(before).map((r) => r.q)).toEqual(['One new closing line.']);
    expect(res.json().translatedText.endsWith(`\n\n${fakeHindi('One new closing line.')}`)).toBe(true);
  });

  it("answers 503 'unavailable' when the service fails and nothing is stored; MyMemory's quota text is never shown", async () => {
    for (const mode of ['down', 'quota', 'hang', 'garbage', 'huge'] as const) {
      fake.mode.mymemory = mode;
      const res = await translate(t, `A sentence never translated before (${mode}).`);
      expect(res.statusCode, mode).toBe(503);
      expect(res.json()).toEqual({ error: translationMessages.unavailable, code: 'TRANSLATION_UNAVAILABLE' });
    }
    expect(await storedRows(t)).not.toContainEqual(
      expect.objectContaining({ translated: expect.stringMatching(/MYMEMORY/) }),
    );
  });
});

describe('the services in order', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({
      ...fake.env('mymemory', 'libretranslate', 'google'),
      TRANSLATION_TIMEOUT_MS: '1000',
    });
  });
  afterAll(() => t.close());

  it('uses the next service when one fails, each cutting the text within its own limit', async () => {
    fake.mode.mymemory = 'down';
    const text =
      'First sentence of a short note. Second sentence of the same short note. Third one ends the note, the example and the whole test.';
    const res = await translate(t, text);
    expect(res.statusCode, res.body).toBe(200);
    // MyMemory stopped at its first failure; LibreTranslate (120 characters a request in the fake) answered.
    expect(fake.requests.mymemory.length).toBeLessThanOrEqual(1);
    // Sent side by side: in either order.
    expect(fake.requests.libretranslate.map((r) => r.q).sort()).toEqual([
      'First sentence of a short note. Second sentence of the same short note.',
      'Third one ends the note, the example and the whole test.',
    ]);
    expect(fake.requests.google).toEqual([]);
    expect(res.json().translatedText).toBe(
      `${fakeHindi('First sentence of a short note. Second sentence of the same short note.')} ${fakeHindi('Third one ends the note, the example and the whole test.')}`,
    );
  });

  it('reaches the commercial service when the first two fail (one that hangs is cut off by its time limit)', async () => {
    fake.mode.mymemory = 'hang';
    fake.mode.libretranslate = 'quota';
    const res = await translate(t, 'Only Google answers this one.');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ translatedText: fakeHindi('Only Google answers this one.') });
    expect(fake.requests.google).toEqual([{ q: 'Only Google answers this one.', apiKey: 'fake-google-key' }]);
  });

  it('answers 503 when every service fails, after one try each (no retry storm)', async () => {
    fake.mode.mymemory = fake.mode.libretranslate = fake.mode.google = 'down';
    const res = await translate(t, 'Nobody can translate this.');
    expect(res.statusCode).toBe(503);
    expect(res.json().code).toBe('TRANSLATION_UNAVAILABLE');
    expect(
      [fake.requests.mymemory, fake.requests.libretranslate, fake.requests.google].map((r) => r.length),
    ).toEqual([1, 1, 1]);
  });
});

describe('with no service configured (the test default)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('answers 503 with the uniform body and calls nothing', async () => {
    const res = await translate(t, 'Hello');
    expect(res.statusCode).toBe(503);
    expect(res.json()).toEqual({ error: translationMessages.unavailable, code: 'TRANSLATION_UNAVAILABLE' });
    expect(Object.values(fake.requests).flat()).toEqual([]);
  });

  it('refuses bad input with 4xx and a clear message', async () => {
    const cases: [unknown, RegExp][] = [
      ['', /Please enter text to translate\./],
      ['   \n\t ', /Please enter text to translate\./],
      ['\u200b\u200b', /Please enter text to translate\./],
      ['a'.repeat(20_001), /too long to translate/],
      ['nul\0inside', /NUL/],
      [42, /Please enter text to translate\./],
      [undefined, /Please enter text to translate\./],
    ];
    for (const [text, message] of cases) {
      const res = await translate(t, text);
      expect(res.statusCode, String(text).slice(0, 20)).toBe(400);
      expect(res.json().code).toBe('VALIDATION_ERROR');
      expect(res.json().fields.text, String(text).slice(0, 20)).toMatch(message);
    }
    const extra = await t.app.inject({
      method: 'POST',
      url: '/api/translateText',
      payload: { text: 'Hi', to: 'fr' },
    });
    expect(extra.statusCode).toBe(400);
    const plain = await t.app.inject({
      method: 'POST',
      url: '/api/translateText',
      headers: { 'content-type': 'text/plain' },
      payload: 'Hello',
    });
    expect(plain.statusCode, plain.body).toBe(400);
    expect(plain.json().fields.body).toMatch(/expected object/);
    const xml = await t.app.inject({
      method: 'POST',
      url: '/api/translateText',
      headers: { 'content-type': 'application/xml' },
      payload: '<text>Hello</text>',
    });
    expect(xml.statusCode, xml.body).toBe(415);
    expect(xml.json().code).toBe('UNSUPPORTED_MEDIA_TYPE');
    const binary = await t.app.inject({
      method: 'POST',
      url: '/api/translateText',
      headers: { 'content-type': 'application/json' },
      payload: Buffer.concat([
        Buffer.from('{"text":"'),
        Buffer.from([0xff, 0xfe, 0xc3, 0x28]),
        Buffer.from('"}'),
      ]),
    });
    expect(binary.statusCode).toBe(400);
    const notJson = await t.app.inject({
      method: 'POST',
      url: '/api/translateText',
      headers: { 'content-type': 'application/json' },
      payload: '{"text": ',
    });
    expect(notJson.statusCode).toBe(400);
    const huge = await t.app.inject({
      method: 'POST',
      url: '/api/translateText',
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify({ text: 'a'.repeat(200_000) }),
    });
    expect(huge.statusCode).toBe(413);
  });
});

describe('limits per visitor', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(fake.env('google'));
  });
  afterAll(() => t.close());

  it(`allows ${translationLimits.perMinute} translations a minute, then 429 with Retry-After`, async () => {
    const ip = '192.0.2.44';
    for (let i = 0; i < translationLimits.perMinute; i += 1) {
      expect((await translate(t, `Sentence number ${i}.`, ip)).statusCode).toBe(200);
    }
    const over = await translate(t, 'One more.', ip);
    expect(over.statusCode).toBe(429);
    expect(over.json()).toEqual({ error: translationMessages.perMinute, code: 'RATE_LIMITED' });
    expect(Number(over.headers['retry-after'])).toBeGreaterThan(0);
    // Another visitor is not affected.
    expect((await translate(t, 'One more.', '192.0.2.45')).statusCode).toBe(200);
  });

  it('counts characters sent to services a day; stored text costs nothing', async () => {
    const ip = '192.0.2.99';
    // Every sentence differs from text to text, so no stored piece is reused.
    const text = (n: number) =>
      Array.from({ length: 800 }, (_, k) => `Line ${k} of text ${n}.`)
        .join(' ')
        .slice(0, 19_000);
    const perText = text(0).length;
    const fit = Math.floor(translationLimits.charactersPerDay / perText);
    for (let i = 0; i < fit; i += 1) expect((await translate(t, text(i), ip)).statusCode).toBe(200);
    // A text translated before is free.
    expect((await translate(t, text(0), ip)).statusCode).toBe(200);
    const over = await translate(t, text(fit), ip);
    expect(over.statusCode).toBe(429);
    expect(over.json().error).toBe(translationMessages.perDay);
  });
});

describe('the site-wide budget of requests to services', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ ...fake.env('google'), TRANSLATION_REQUESTS_PER_MINUTE: '3' });
  });
  afterAll(() => t.close());

  it('stops calling services once the minute’s budget is spent, whoever asks (503, nothing more sent)', async () => {
    for (let n = 0; n < 3; n += 1) {
      expect((await translate(t, `Budget sentence ${n}.`, `198.51.100.${n + 10}`)).statusCode).toBe(200);
    }
    const over = await translate(t, 'One sentence too many.', '198.51.100.99');
    expect(over.statusCode).toBe(503);
    expect(over.json().code).toBe('TRANSLATION_UNAVAILABLE');
    expect(fake.requests.google).toHaveLength(3);
    // Stored texts are still answered.
    expect((await translate(t, 'Budget sentence 0.', '198.51.100.98')).statusCode).toBe(200);
  });
});

describe('packing: a text of many short lines', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ ...fake.env('mymemory'), TRANSLATION_REQUESTS_PER_MINUTE: '120' });
  });
  afterAll(() => t.close());

  it('sends 20 KB of 10,000 short lines (50 distinct) in one request, each distinct line once', async () => {
    const letters = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwx';
    const lines = Array.from({ length: 10_000 }, (_, n) => letters[n % 50]!);
    const text = lines.join('\n');
    expect(text.length).toBe(19_999);
    const res = await translate(t, text, '203.0.113.60');
    expect(res.statusCode, res.body).toBe(200);
    expect(fake.requests.mymemory).toHaveLength(1);
    expect(fake.requests.mymemory[0]!.q.split('\n')).toHaveLength(50);
    const answer = (res.json().translatedText as string).split('\n');
    expect(answer).toHaveLength(10_000);
    expect(answer[0]).toBe(fakeHindi('A'));
    expect(answer[9_999]).toBe(fakeHindi('x'));
    // Each line was stored on its own: a later text of the same lines costs no request.
    expect((await translate(t, 'H\nC', '203.0.113.61')).json()).toEqual({
      translatedText: `${fakeHindi('H')}\n${fakeHindi('C')}`,
    });
    expect(fake.requests.mymemory).toHaveLength(1);
  });

  it('packs 20 KB of distinct lines into about 40 requests of at most 500 bytes', async () => {
    const text = Array.from({ length: 2000 }, (_, n) => `Row ${n + 1000}.`).join('\n');
    const res = await translate(t, text, '203.0.113.62');
    expect(res.statusCode, res.body).toBe(200);
    expect(fake.requests.mymemory.length).toBeLessThanOrEqual(Math.ceil(Buffer.byteLength(text) / 450));
    for (const request of fake.requests.mymemory)
      expect(Buffer.byteLength(request.q)).toBeLessThanOrEqual(500);
    expect((res.json().translatedText as string).split('\n')[1999]).toBe(fakeHindi('Row 2999.'));
  });

  it('sends again, split in two, a packed request whose answer lost its line breaks', async () => {
    fake.mode.mymemory = 'flatten';
    const res = await translate(t, 'Alpha one.\nBeta two.\nGamma three.', '203.0.113.63');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().translatedText).toBe(
      [fakeHindi('Alpha one.'), fakeHindi('Beta two.'), fakeHindi('Gamma three.')].join('\n'),
    );
    expect(fake.requests.mymemory.map((r) => r.q)).toEqual([
      'Alpha one.\nBeta two.\nGamma three.',
      'Alpha one.\nBeta two.',
      'Gamma three.',
      'Alpha one.',
      'Beta two.',
    ]);
  });
});

describe("a visitor's own budget of requests to services", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({
      ...fake.env('libretranslate'),
      TRANSLATION_VISITOR_REQUESTS_PER_MINUTE: '2',
      TRANSLATION_REQUESTS_PER_MINUTE: '4',
    });
  });
  afterAll(() => t.close());

  it("is spent before the site's: one visitor's long text is refused (429), nothing is sent, others go on", async () => {
    // Three requests of at most 120 characters: over this visitor's 2, within the site's 4.
    const long = Array.from({ length: 3 }, (_, n) => `Sentence number ${n} ${'x'.repeat(100)}.`).join('\n');
    const refused = await translate(t, long, '203.0.113.70');
    expect(refused.statusCode).toBe(429);
    expect(refused.json().error).toBe(translationMessages.perMinute);
    expect(fake.requests.libretranslate).toHaveLength(0);
    for (const ip of ['203.0.113.71', '203.0.113.72']) {
      expect((await translate(t, `Short text for ${ip}.`, ip)).statusCode).toBe(200);
    }
    expect(fake.requests.libretranslate).toHaveLength(2);
  });
});

describe("the operator's Hindi version of a post", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ ADMIN_TOKEN: adminToken });
  });
  afterAll(() => t.close());

  const post = (over: Record<string, unknown> = {}) => ({
    title: 'Monsoon safety at home',
    createdAt: '2025-06-01',
    content: 'Keep a torch ready.',
    ...over,
  });

  it('is stored, answered with the post, changed and removed through the admin API', async () => {
    const created = await t.app.inject({
      method: 'POST',
      url: '/api/admin/posts',
      headers: adminHeaders,
      payload: post({ hindi: '  टॉर्च तैयार रखें।  ' }),
    });
    expect(created.statusCode, created.body).toBe(201);
    const { id } = created.json();
    const read = await t.app.inject({ method: 'GET', url: `/api/posts?postId=${id}` });
    expect(read.json().hindi).toBe('टॉर्च तैयार रखें।');

    const replaced = await t.app.inject({
      method: 'PUT',
      url: `/api/admin/posts/${id}`,
      headers: adminHeaders,
      payload: post(),
    });
    expect(replaced.statusCode, replaced.body).toBe(200);
    expect(
      (await t.app.inject({ method: 'GET', url: `/api/posts?postId=${id}` })).json().hindi,
    ).toBeUndefined();
  });

  it('refuses a blank or oversized Hindi version', async () => {
    for (const hindi of ['   ', '\u200b', 'क'.repeat(100_001), 7]) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/admin/posts',
        headers: adminHeaders,
        payload: post({ title: `Bad ${String(hindi).length}`, hindi }),
      });
      expect(res.statusCode).toBe(400);
      expect(res.json().fields.hindi).toBeTruthy();
    }
  });
});

describe('the seed posts with a Hindi version', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ SEED_CONTENT: 'true' });
  });
  afterAll(() => t.close());

  it('are imported from content/posts (JSON and Markdown front matter), paragraphs kept', async () => {
    const upi = (await t.app.inject({ method: 'GET', url: '/api/posts?postId=3' })).json();
    expect(upi.hindi).toMatch(/^UPI PIN: कभी किसी को न बताएं/);
    const translator = (await t.app.inject({ method: 'GET', url: '/api/posts?postId=15' })).json();
    expect(translator.hindi).toMatch(/^अंग्रेज़ी से हिन्दी में अनुवाद करें/);
    expect(translator.hindi.split('\n\n').length).toBeGreaterThan(5);
    const search = (await t.app.inject({ method: 'GET', url: '/api/posts?postId=14' })).json();
    expect(search.hindi).toMatch(/^साइट सर्च से पोस्ट जल्दी खोजें\n\n/);
  });
});
