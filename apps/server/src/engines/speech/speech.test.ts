import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { EngineInputError, EngineTimeoutError } from '../engine-errors.ts';
import { createEnginePool } from '../engine-pool.ts';
import { Mp3FormatError, readMp3Frames } from './mp3-frames.ts';
import { speechEnglishEngine, speechHindiEngine } from './speech.engine.ts';
import { SpeechTooLongError, synthesizeSpeech } from './speech.ts';
import { asPlainText } from './speech.worker.ts';

// Real synthesis on a machine shared with other work: a cold voice takes a second, a busy core several.
vi.setConfig({ testTimeout: 60_000 });

const folder = fs.mkdtempSync(path.join(os.tmpdir(), 'speech-engine-'));
const pool = createEnginePool({ threadBudget: 2 });
afterAll(async () => {
  await pool.close();
  fs.rmSync(folder, { recursive: true, force: true });
});

let files = 0;
const target = () => path.join(folder, 'out', `${++files}.mp3`);

async function speak(voice: 'en' | 'hi', text: string) {
  const result = await synthesizeSpeech(pool, { voice, text, target: target() });
  const bytes = fs.readFileSync(result.target);
  return { result, bytes, frames: readMp3Frames(bytes) };
}

const english = 'The market opens at nine in the morning and closes at half past three.';
const hindi = 'बाज़ार सुबह नौ बजे खुलता है और साढ़े तीन बजे बंद होता है।';

describe('speech engines (eSpeak NG + LAME, real synthesis)', () => {
  it('reads markup as plain text: 32 characters of SSML never make a minute of silence', async () => {
    // eSpeak would obey the break (a minute of audio, 360 KB; the outside probe made 2.2 MB of MP3).
    const markup = '<break time="60s"/>Hello there.';
    const { result } = await speak('en', markup);
    expect(result.durationMs).toBeLessThan(15_000);
    expect(asPlainText('a < b && c > d [[h@l]]')).toBe('a &lt; b &amp;&amp; c &gt; d [ [h@l] ]');
  });

  it('speaks English to an MP3 whose frames parse from first to last, longer text playing longer', async () => {
    const short = await speak('en', 'Hello.');
    const long = await speak('en', `${english} ${english}`);
    for (const { result, bytes, frames } of [short, long]) {
      expect(frames.sampleRate).toBe(22_050);
      expect(frames.bytes).toBe(bytes.length);
      expect(result.bytes).toBe(bytes.length);
      expect(result.durationMs).toBe(frames.durationMs);
    }
    expect(short.frames.durationMs).toBeGreaterThan(300);
    expect(long.frames.durationMs).toBeGreaterThan(short.frames.durationMs * 4);
    // About 2.5 words a second at 160 words a minute: 26 words take several seconds.
    expect(long.frames.durationMs).toBeGreaterThan(6_000);
  });

  it('speaks Hindi (Devanagari) to a valid MP3 that grows with the text', async () => {
    const one = await speak('hi', hindi);
    const two = await speak('hi', `${hindi} ${hindi}`);
    expect(one.frames.frames).toBeGreaterThan(50);
    expect(two.frames.durationMs).toBeGreaterThan(one.frames.durationMs * 1.6);
    // Hindi is spoken, not skipped: as long as an English sentence of similar length.
    expect(one.frames.durationMs).toBeGreaterThan(2_000);
  });

  it('writes the whole file under its name and leaves no temporary file', async () => {
    const { result } = await speak('en', english);
    expect(fs.readdirSync(path.dirname(result.target)).filter((f) => f.endsWith('.tmp'))).toEqual([]);
  });

  it('keeps each voice in its own engine: a Hindi request to the English engine is refused', async () => {
    await expect(
      pool.run(speechEnglishEngine, { voice: 'hi', text: hindi, target: target() }),
    ).rejects.toBeInstanceOf(EngineInputError);
    await expect(
      pool.run(speechHindiEngine, { voice: 'hi', text: '', target: target() }),
    ).rejects.toBeInstanceOf(EngineInputError);
  });

  it('refuses a text whose audio would pass the cap, storing nothing', async () => {
    const where = target();
    const refused = await synthesizeSpeech(pool, {
      voice: 'en',
      text: `${english} ${english}`,
      target: where,
      maxAudioSeconds: 2,
    }).catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(SpeechTooLongError);
    expect((refused as SpeechTooLongError).maxAudioSeconds).toBe(2);
    expect(fs.existsSync(where)).toBe(false);
  });

  it('stops a task past its time limit, replaces the thread and speaks the next request', async () => {
    const strict = createEnginePool({ threadBudget: 1, limits: { 'speech-en': { timeoutMs: 1 } } });
    try {
      await expect(
        synthesizeSpeech(strict, { voice: 'en', text: english, target: target() }),
      ).rejects.toBeInstanceOf(EngineTimeoutError);
    } finally {
      await strict.close();
    }
    const after = await speak('en', 'Still speaking.');
    expect(after.frames.frames).toBeGreaterThan(10);
  });
});

describe('readMp3Frames', () => {
  it('refuses what is not an MP3 from end to end', async () => {
    const { bytes } = await speak('en', 'Short.');
    expect(() => readMp3Frames(new Uint8Array(0))).toThrow(Mp3FormatError);
    expect(() => readMp3Frames(Buffer.from('ID3 is not enough, this is text'))).toThrow(Mp3FormatError);
    expect(() => readMp3Frames(bytes.subarray(0, bytes.length - 7))).toThrow(/runs past the end/);
    const broken = Buffer.from(bytes);
    broken[0] = 0x00;
    expect(() => readMp3Frames(broken)).toThrow(/no frame sync/);
  });
});
