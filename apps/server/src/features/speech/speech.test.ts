import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';
import type { Engines } from '../../engines/engine.ts';
import { createEnginePool } from '../../engines/engine-pool.ts';
import { readMp3Frames } from '../../engines/speech/mp3-frames.ts';
import { ManualClock } from '../../shared/clock.ts';
import { createAudioStore } from './audio-store.ts';
import { speechFeature } from './speech.feature.ts';
import { espeakVoice } from './speech-voice.ts';

// Real synthesis on a machine shared with other work: a cold voice takes a second, a busy core several.
vi.setConfig({ testTimeout: 60_000 });

const pool = createEnginePool({ threadBudget: 2 });
/** Every synthesis the app asks the pool for, by engine. */
const runs: string[] = [];
const engines: Engines = {
  run(engine, input, options) {
    runs.push(engine.name);
    // Audio past the cap takes minutes of synthesis to reach: this text stands for it.
    if ((input as { text?: string }).text === refusedText)
      return Promise.resolve({ ok: false, problem: 'too-long', maxAudioSeconds: 900 } as never);
    return pool.run(engine, input, options);
  },
};
const refusedText = 'A text whose audio would pass the cap';

let t: TestApp;
let visitor = 0;
/** Makes each text new to the audio store (no wall clock needed: every test app starts empty). */
let textNumber = 0;
const nextIp = () => `10.1.${Math.floor(++visitor / 250)}.${visitor % 250}`;
const device = '0b0c1b7e-8a51-4c5e-9a0c-3f0d3c9a1b2c';

const form = (url: string, fields: Record<string, string>, ip = nextIp()) =>
  t.app.inject({
    method: 'POST',
    url,
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: new URLSearchParams(fields).toString(),
    remoteAddress: ip,
  });
const json = (url: string, payload: unknown, ip = nextIp()) =>
  t.app.inject({ method: 'POST', url, payload: payload as object, remoteAddress: ip });

beforeAll(async () => {
  t = await createTestApp(
    { SPEECH_PER_DEVICE_HOURLY: '3', SPEECH_PER_VISITOR_HOURLY: '4' },
    { features: [speechFeature], platform: { engines } },
  );
});
afterAll(async () => {
  await t?.close();
  await pool.close();
});

describe('POST /api/generate-audio', () => {
  it('answers an English MP3 (lang defaults to en), and a second request for the text is read from the store', async () => {
    const text = `Welcome to Hurry Up, request ${++textNumber}.`;
    const before = runs.length;
    const first = await form('/api/generate-audio', { device_id: device, text: `  ${text}\n` });
    expect(first.statusCode).toBe(200);
    expect(first.headers['content-type']).toBe('audio/mpeg');
    expect(first.headers['x-speech-store']).toBe('made');
    const frames = readMp3Frames(first.rawPayload);
    expect(frames.durationMs).toBeGreaterThan(1_000);
    expect(runs.slice(before)).toEqual(['speech-en']);

    // Same text (trimmed), another device: no synthesis, the same bytes.
    const again = await form('/api/generate-audio', {
      device_id: '1b4e28ba-2fa1-41d2-883f-0016d3cca427',
      text,
      lang: 'en',
    });
    expect(again.statusCode).toBe(200);
    expect(again.headers['x-speech-store']).toBe('stored');
    expect(Buffer.compare(again.rawPayload, first.rawPayload)).toBe(0);
    expect(runs.slice(before)).toEqual(['speech-en']);
  });

  it('speaks Hindi with lang=hi in the Hindi engine, longer text giving a longer file', async () => {
    const before = runs.length;
    const short = await form('/api/generate-audio', { device_id: device, text: 'नमस्ते', lang: 'hi' });
    const long = await form('/api/generate-audio', {
      device_id: device,
      text: 'नमस्ते, आज बाज़ार में बहुत हलचल है और निवेशक सावधान हैं।',
      lang: 'hi',
    });
    expect([short.statusCode, long.statusCode]).toEqual([200, 200]);
    expect(readMp3Frames(long.rawPayload).durationMs).toBeGreaterThan(
      readMp3Frames(short.rawPayload).durationMs * 3,
    );
    expect(runs.slice(before)).toEqual(['speech-hi', 'speech-hi']);
  });

  it('refuses bad input with 400 and a clear message per field, before any synthesis', async () => {
    const before = runs.length;
    const cases: [Record<string, string>, Record<string, string>][] = [
      [{ device_id: device, text: '' }, { text: 'Please enter text for conversion.' }],
      [{ device_id: device, text: ' \n\t\u200b ' }, { text: 'Please enter text for conversion.' }],
      [{ device_id: device }, { text: 'Please enter text for conversion.' }],
      [
        { device_id: device, text: 'x'.repeat(5001) },
        { text: 'The text is too long: at most 5,000 characters.' },
      ],
      [
        { device_id: device, text: 'PK\u0003\u0004binary\u0001\u0002' },
        { text: 'The text contains characters that are not readable text.' },
      ],
      [
        { device_id: 'demo', text: 'Hello' },
        { device_id: 'device_id must be the UUID kept in local storage.' },
      ],
      [{ text: 'Hello' }, { device_id: 'device_id must be the UUID kept in local storage.' }],
      [
        { device_id: device, text: 'Hello', lang: 'fr' },
        { lang: "lang must be 'en' (English) or 'hi' (Hindi)." },
      ],
    ];
    for (const [fields, expected] of cases) {
      const res = await form('/api/generate-audio', fields);
      expect(res.statusCode, JSON.stringify(fields)).toBe(400);
      expect(res.json().code).toBe('VALIDATION_ERROR');
      expect(res.json().fields).toMatchObject(expected);
    }
    // 5,000 characters exactly pass validation (a blank padding is trimmed first).
    expect(runs.length).toBe(before);
  });

  it('answers 415 to JSON and other content types, and 413 to a huge body', async () => {
    const asJson = await json('/api/generate-audio', { device_id: device, text: 'Hello' });
    expect(asJson.statusCode).toBe(415);
    expect(asJson.json().code).toBe('UNSUPPORTED_MEDIA_TYPE');
    const asText = await t.app.inject({
      method: 'POST',
      url: '/api/generate-audio',
      headers: { 'content-type': 'text/plain' },
      payload: 'hello',
    });
    expect(asText.statusCode).toBe(415);
    const huge = await form('/api/generate-audio', { device_id: device, text: 'x'.repeat(70_000) });
    expect(huge.statusCode).toBe(413);
    expect(huge.json()).toHaveProperty('error');
  });
});

describe('limits', () => {
  it('counts new texts per device and per visitor, not stored ones, with 429 and Retry-After', async () => {
    const ip = nextIp();
    const otherDevice = '7c9e6679-7425-40de-944b-e07fc1f90ae7';
    const say = (text: string, id = otherDevice, from = ip) =>
      form('/api/generate-audio', { device_id: id, text }, from);
    for (const n of [1, 2, 3]) expect((await say(`Limit check ${n}`)).statusCode).toBe(200);
    // A stored text does not count.
    expect((await say('Limit check 1')).statusCode).toBe(200);
    const refused = await say('Limit check 4');
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toMatchObject({
      code: 'RATE_LIMITED',
      error: 'This device has made a lot of audio in the last hour. Please try again later.',
    });
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    // The same address with a fresh device reaches the visitor's limit (4) on its next new text.
    const fresh = '9a3e5d1c-1111-4222-8333-444455556666';
    expect((await say('Limit check 5', fresh)).statusCode).toBe(200);
    const visitorRefused = await say('Limit check 6', fresh);
    expect(visitorRefused.statusCode).toBe(429);
    expect(visitorRefused.json().error).toBe(
      'You have made a lot of audio in the last hour. Please try again later.',
    );
  });

  it('does not count a text the voice refuses', async () => {
    const id = randomUUID();
    for (let i = 0; i < 4; i += 1) {
      const refused = await form('/api/generate-audio', { device_id: id, text: refusedText });
      expect(refused.statusCode).toBe(400);
      expect(refused.json().fields.text).toMatch(/more than 15 minutes of audio/);
    }
    expect(
      (await form('/api/generate-audio', { device_id: id, text: `Counted ${++textNumber}` })).statusCode,
    ).toBe(200);
  });
});

describe('POST /api/generate-audio-hin (the post page)', () => {
  it('answers a Hindi MP3 for device_id and text', async () => {
    const before = runs.length;
    const res = await form('/api/generate-audio-hin', { device_id: randomUUID(), text: 'यह एक पोस्ट है।' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('audio/mpeg');
    expect(readMp3Frames(res.rawPayload).frames).toBeGreaterThan(20);
    expect(runs.slice(before)).toEqual(['speech-hi']);
  });

  it('refuses a bad device id, empty text and JSON', async () => {
    const bad = await form('/api/generate-audio-hin', { device_id: 'nope', text: '' });
    expect(bad.statusCode).toBe(400);
    expect(Object.keys(bad.json().fields).sort()).toEqual(['device_id', 'text']);
    expect((await json('/api/generate-audio-hin', { device_id: device, text: 'नमस्ते' })).statusCode).toBe(415);
  });
});

describe('POST /api/generate-hindi-audio and GET /api/audio/:file', () => {
  it('answers {audio_url}, which serves the stored MP3 with long-lived caching', async () => {
    const text = 'हिंदी ऑडियो का लिंक।';
    const res = await json('/api/generate-hindi-audio', {
      text,
      speaker_no: 182,
      config: { use_streaming_response: false },
    });
    expect(res.statusCode).toBe(200);
    const { audio_url } = res.json();
    expect(audio_url).toMatch(/^\/api\/audio\/[0-9a-f]{64}\.mp3$/);
    const audio = await t.app.inject({ url: audio_url });
    expect(audio.statusCode).toBe(200);
    expect(audio.headers['content-type']).toBe('audio/mpeg');
    expect(audio.headers['cache-control']).toContain('immutable');
    expect(readMp3Frames(audio.rawPayload).frames).toBeGreaterThan(20);
    // The same text through the form call is the same stored file.
    const before = runs.length;
    const viaForm = await form('/api/generate-audio-hin', { device_id: randomUUID(), text });
    expect(Buffer.compare(viaForm.rawPayload, audio.rawPayload)).toBe(0);
    expect(runs.length).toBe(before);
  });

  it('refuses bad JSON input with 400', async () => {
    const cases: [unknown, string][] = [
      [{ text: '' }, 'text'],
      [{ text: '   ' }, 'text'],
      [{ text: 'नमस्ते', speaker_no: 7 }, 'speaker_no'],
      [{ text: 'नमस्ते', speaker_no: '182x' }, 'speaker_no'],
      [{ text: 'नमस्ते', config: { use_streaming_response: 'yes' } }, 'config.use_streaming_response'],
      [{ text: 42 }, 'text'],
    ];
    for (const [payload, field] of cases) {
      const res = await json('/api/generate-hindi-audio', payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(Object.keys(res.json().fields ?? {})).toContain(field);
    }
    const notJson = await t.app.inject({
      method: 'POST',
      url: '/api/generate-hindi-audio',
      headers: { 'content-type': 'application/json' },
      payload: '{"text": ',
    });
    expect(notJson.statusCode).toBe(400);
    const asForm = await form('/api/generate-hindi-audio', { text: 'नमस्ते' });
    expect(asForm.statusCode).toBe(415);
  });

  it('answers 404 for a file not stored and 400 for a name that is not a stored file name', async () => {
    const missing = await t.app.inject({ url: `/api/audio/${'a'.repeat(64)}.mp3` });
    expect(missing.statusCode).toBe(404);
    expect(missing.json().error).toMatch(/no longer stored/);
    for (const name of ['..%2F..%2Fetc%2Fpasswd', 'abc.mp3', `${'a'.repeat(64)}.wav`]) {
      const res = await t.app.inject({ url: `/api/audio/${name}` });
      expect(res.statusCode, name).toBe(400);
    }
  });
});

describe('audio store', () => {
  it('evicts the files used longest ago once past its cap, keeping what was read lately', async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'speech-store-'));
    const clock = new ManualClock(new Date('2026-01-01T00:00:00Z'));
    const store = createAudioStore({ dataDir, maxBytes: 3000, clock });
    try {
      fs.mkdirSync(store.folder, { recursive: true });
      const names = ['one', 'two', 'three', 'four'].map((word) => store.nameOf('v', 'en', word));
      for (const [i, name] of names.slice(0, 3).entries()) {
        fs.writeFileSync(store.pathOf(name), Buffer.alloc(1000, i));
        const at = new Date(clock.now() + i * 1000);
        fs.utimesSync(store.pathOf(name), at, at);
        await store.added(1000);
      }
      expect(await store.size()).toBe(3000);
      clock.advance(60_000);
      // Reading the oldest makes it the newest.
      expect((await store.read(names[0]!))?.length).toBe(1000);
      fs.writeFileSync(store.pathOf(names[3]!), Buffer.alloc(1000, 3));
      await store.added(1000);
      // 4000 > 3000: down to 90 % (2700), the two least recently used ('two', 'three') go.
      expect(await store.read(names[1]!)).toBeUndefined();
      expect(await store.read(names[2]!)).toBeUndefined();
      expect((await store.read(names[0]!))?.length).toBe(1000);
      expect((await store.read(names[3]!))?.length).toBe(1000);
      expect(await store.size()).toBe(2000);
      expect(new Set(names).size).toBe(4);
      expect(store.nameOf('v', 'en', 'one')).not.toBe(store.nameOf('v', 'hi', 'one'));
      expect(store.nameOf('v', 'en', 'one')).not.toBe(store.nameOf('w', 'en', 'one'));
    } finally {
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  });
});

describe('espeakVoice', () => {
  it('turns audio past the cap into a 400 on the text field', async () => {
    const refusing: Engines = {
      run: async () => ({ ok: false, problem: 'too-long', maxAudioSeconds: 900 }) as never,
    };
    const refused = await espeakVoice(refusing)
      .speak({ language: 'en', text: '字'.repeat(10), target: path.join(os.tmpdir(), 'never.mp3') })
      .catch((error: unknown) => error);
    expect(refused).toMatchObject({
      statusCode: 400,
      code: 'VALIDATION_ERROR',
      fields: { text: expect.stringContaining('more than 15 minutes of audio') },
    });
  });
});
