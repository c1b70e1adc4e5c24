import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { ManualClock } from '../shared/clock.ts';
import { EngineTimeoutError } from './engine-errors.ts';
import { createEnginePool, type EnginePool, type EnginePoolOptions } from './engine-pool.ts';
import { detectNativeEngines } from './host-programs.ts';
import { readTextOf } from './ocr/ocr.ts';
import { characterAccuracy, sampleEnglish, sampleHindi, scannedPdf, textPicture } from './ocr/ocr-samples.ts';
import { readMp3Frames } from './speech/mp3-frames.ts';
import { speechEnglishEngine } from './speech/speech.engine.ts';
import { SpeechTooLongError, synthesizeSpeech } from './speech/speech.ts';
import { asProgramText } from './speech/speech-native.worker.ts';

// Real programs (Debian's tesseract, espeak-ng and lame, installed here and by .ci/run) on a shared machine.
vi.setConfig({ testTimeout: 60_000 });

const programs = { tesseract: 'tesseract', espeakNg: 'espeak-ng', lame: 'lame' };
const folder = fs.mkdtempSync(path.join(os.tmpdir(), 'native-engines-'));
const pools: EnginePool[] = [];
afterAll(async () => {
  await Promise.all(pools.map((pool) => pool.close()));
  fs.rmSync(folder, { recursive: true, force: true });
});

let files = 0;
const file = (extension: string, bytes?: Buffer) => {
  files += 1;
  const where = path.join(folder, `${files}.${extension}`);
  if (bytes) fs.writeFileSync(where, bytes);
  return where;
};

const native = await detectNativeEngines({ ocr: 'auto', speech: 'auto', programs });
function pool(options: Partial<EnginePoolOptions> = {}) {
  const created = createEnginePool({ threadBudget: 2, native, ...options });
  pools.push(created);
  return created;
}
const wasm = createEnginePool({ threadBudget: 2 });
pools.push(wasm);
const engines = pool();

/** The channel mode and bitrate index of an MP3's first frame header (after any ID3 tag: none here). */
function firstFrame(bytes: Buffer) {
  expect(bytes[0]).toBe(0xff);
  return { bitrateIndex: bytes[2]! >> 4, mono: bytes[3]! >> 6 === 3 };
}

/** Whether a process still runs (a zombie, killed and not yet reaped by its new parent, does not). */
function running(pid: number): boolean {
  try {
    const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
    return stat.slice(stat.lastIndexOf(')') + 2)[0] !== 'Z';
  } catch {
    return false;
  }
}
/** Waits (turn by turn of the event loop, never a fixed time) until the process is gone. */
async function gone(pid: number) {
  while (running(pid)) await new Promise((resolve) => setImmediate(resolve));
  return true;
}

describe('choosing the engines at start', () => {
  it('finds the host programs (tesseract with English and Hindi, espeak-ng, lame)', () => {
    expect(native.families.sort()).toEqual(['ocr', 'speech']);
    expect(native.report).toEqual({
      ocr: { engine: 'native', reason: 'found on the host' },
      speech: { engine: 'native', reason: 'found on the host' },
    });
  });

  it('falls back to WebAssembly when a program is missing, and refuses to start when native is forced', async () => {
    const missing = { ...programs, tesseract: path.join(folder, 'no-tesseract'), lame: '/nowhere/lame' };
    const fallback = await detectNativeEngines({ ocr: 'auto', speech: 'auto', programs: missing });
    expect(fallback.families).toEqual([]);
    expect(fallback.report.ocr).toEqual({ engine: 'wasm', reason: `${missing.tesseract} cannot be run` });
    expect(fallback.report.speech).toEqual({ engine: 'wasm', reason: '/nowhere/lame cannot be run' });
    await expect(detectNativeEngines({ ocr: 'native', speech: 'wasm', programs: missing })).rejects.toThrow(
      `OCR_ENGINE=native, but ${missing.tesseract} cannot be run`,
    );
    const chosen = await detectNativeEngines({ ocr: 'wasm', speech: 'wasm', programs });
    expect(chosen.families).toEqual([]);

    // A pool told so runs the WebAssembly engine, with the same answer.
    const fallbackPool = pool({ native: fallback });
    const spoken = await synthesizeSpeech(fallbackPool, {
      voice: 'en',
      text: 'Fallback.',
      target: file('mp3'),
    });
    expect(readMp3Frames(fs.readFileSync(spoken.target)).sampleRate).toBe(22_050);
    expect(fallbackPool.stats().engines).toEqual([
      expect.objectContaining({ name: 'speech-en', runs: 'wasm' }),
    ]);
  });
});

describe('the native OCR engine (tesseract in the engine child process)', () => {
  it('reads English from a PNG and Hindi from a JPEG as the WebAssembly engine does', async () => {
    const englishFile = file('png', await textPicture(sampleEnglish, 'png'));
    const english = await readTextOf(engines, { path: englishFile, type: 'image/png' });
    expect(english).toEqual({ ok: true, pages: [sampleEnglish.join('\n')], recognised: [1] });
    expect(await readTextOf(wasm, { path: englishFile, type: 'image/png' })).toEqual(english);

    const hindiFile = file('jpg', await textPicture(sampleHindi, 'jpeg'));
    const hindi = await readTextOf(engines, { path: hindiFile, type: 'image/jpeg' });
    if (!hindi.ok) throw new Error(hindi.problem);
    expect(characterAccuracy(sampleHindi.join('\n'), hindi.pages[0]!)).toBeGreaterThanOrEqual(0.99);
    expect(engines.stats().engines).toContainEqual(expect.objectContaining({ name: 'ocr', runs: 'native' }));
  });

  it('reads a scanned PDF page by OCR, and still refuses what it never decodes', async () => {
    const scanned = file('pdf', await scannedPdf([sampleEnglish], { height: 150 }));
    const output = await readTextOf(engines, { path: scanned, type: 'application/pdf' });
    expect(output).toMatchObject({ ok: true, recognised: [1] });
    if (output.ok)
      expect(characterAccuracy(sampleEnglish.join('\n'), output.pages[0]!)).toBeGreaterThanOrEqual(0.95);
    const bomb = await textPicture(['x'], 'png');
    bomb.writeUInt32BE(60_000, 16);
    bomb.writeUInt32BE(60_000, 20);
    expect(await readTextOf(engines, { path: file('png', bomb), type: 'image/png' })).toMatchObject({
      ok: false,
      problem: 'too-many-pixels',
    });
  });

  it('kills tesseract with its child process when the caller aborts', async () => {
    let spawned: (pid: number) => void = () => {};
    const started = new Promise<number>((resolve) => {
      spawned = resolve;
    });
    const aborting = pool({ onProgram: ({ pid, program }) => program === 'tesseract' && spawned(pid) });
    const page = file(
      'png',
      await textPicture(
        Array.from({ length: 30 }, () => sampleEnglish[0]!),
        'png',
      ),
    );
    const caller = new AbortController();
    const reading = readTextOf(aborting, { path: page, type: 'image/png' }, { signal: caller.signal }).catch(
      (error: unknown) => error,
    );
    const pid = await started;
    expect(running(pid)).toBe(true);
    caller.abort(new Error('the visitor left'));
    expect(await reading).toMatchObject({ message: 'the visitor left' });
    expect(await gone(pid)).toBe(true);
    expect(aborting.stats().engines[0]).toMatchObject({ cancelled: 1, runs: 'native' });
  });
});

describe('the native speech engine (espeak-ng piped into lame)', () => {
  const english = 'The market opens at nine in the morning and closes at half past three.';
  const hindi = 'बाज़ार सुबह नौ बजे खुलता है और साढ़े तीन बजे बंद होता है।';

  it('makes the MP3 the WebAssembly engine makes: mono, 22,050 Hz, 48 kbit/s, about as long', async () => {
    for (const [voice, text] of [
      ['en', english],
      ['hi', hindi],
    ] as const) {
      const made = await synthesizeSpeech(engines, { voice, text, target: file('mp3') });
      const reference = await synthesizeSpeech(wasm, { voice, text, target: file('mp3') });
      const bytes = fs.readFileSync(made.target);
      const frames = readMp3Frames(bytes);
      expect(frames.sampleRate).toBe(22_050);
      expect(made).toMatchObject({ ok: true, bytes: bytes.length, durationMs: frames.durationMs });
      expect(firstFrame(bytes)).toEqual(firstFrame(fs.readFileSync(reference.target)));
      expect(firstFrame(bytes)).toEqual({ bitrateIndex: 6, mono: true });
      // Spoken, not skipped (Hindi too), at the same pace: within a fifth of the other engine's length.
      expect(frames.durationMs).toBeGreaterThan(2_000);
      expect(frames.durationMs / reference.durationMs).toBeGreaterThan(0.8);
      expect(frames.durationMs / reference.durationMs).toBeLessThan(1.25);
    }
    expect(engines.stats().engines).toContainEqual(
      expect.objectContaining({ name: 'speech-hi', runs: 'native' }),
    );
  });

  it('reads markup and phoneme brackets as plain text', async () => {
    expect(asProgramText('a < b [[h@l]]')).toBe('a < b [ [h@l] ]');
    const spoken = await synthesizeSpeech(engines, {
      voice: 'en',
      text: '<break time="60s"/>Hello there.',
      target: file('mp3'),
    });
    expect(spoken.durationMs).toBeLessThan(15_000);
  });

  it('refuses a text whose audio would pass the cap, storing nothing', async () => {
    const where = file('mp3');
    const refused = await synthesizeSpeech(engines, {
      voice: 'en',
      text: `${english} ${english} ${english}`,
      target: where,
      maxAudioSeconds: 2,
    }).catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(SpeechTooLongError);
    expect(fs.existsSync(where)).toBe(false);
  });

  it('kills both programs when the caller aborts', async () => {
    const pids: number[] = [];
    let bothStarted: () => void = () => {};
    const started = new Promise<void>((resolve) => {
      bothStarted = resolve;
    });
    const aborting = pool({
      onProgram: ({ pid }) => {
        pids.push(pid);
        if (pids.length === 2) bothStarted();
      },
    });
    const caller = new AbortController();
    const speaking = synthesizeSpeech(
      aborting,
      { voice: 'en', text: english.repeat(60), target: file('mp3') },
      { signal: caller.signal },
    ).catch((error: unknown) => error);
    await started;
    caller.abort(new Error('the visitor left'));
    expect(await speaking).toMatchObject({ message: 'the visitor left' });
    for (const pid of pids) expect(await gone(pid)).toBe(true);
  });

  it('kills the programs of a task past its time limit on the pool clock', async () => {
    const clock = new ManualClock();
    const pids: number[] = [];
    let spawned: () => void = () => {};
    const started = new Promise<void>((resolve) => {
      spawned = resolve;
    });
    const strict = pool({
      clock,
      onProgram: ({ pid }) => {
        pids.push(pid);
        if (pids.length === 2) spawned();
      },
    });
    const where = file('mp3');
    const speaking = synthesizeSpeech(strict, { voice: 'en', text: english.repeat(60), target: where }).catch(
      (error: unknown) => error,
    );
    await started;
    clock.advance(speechEnglishEngine.limits.timeoutMs);
    expect(await speaking).toBeInstanceOf(EngineTimeoutError);
    for (const pid of pids) expect(await gone(pid)).toBe(true);
    expect(fs.existsSync(where)).toBe(false);
    expect(strict.stats().engines[0]).toMatchObject({ timedOut: 1, runs: 'native' });
  });
});
