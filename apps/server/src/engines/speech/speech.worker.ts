import fs from 'node:fs';
import path from 'node:path';
import { threadId } from 'node:worker_threads';
import initializeEspeak, { type ESpeakNGWorker } from '@echogarden/espeak-ng-emscripten';
import { createMp3Encoder } from 'wasm-media-encoders';
import { readMp3Frames } from './mp3-frames.ts';
import type { SpeechRequest, SpeechResult } from './speech.engine.ts';

/** eSpeak's voice for each language: American English (the browser's en-US), Hindi. */
const espeakVoices: Record<SpeechRequest['voice'], string> = { en: 'en-us', hi: 'hi' };
/** Words per minute: eSpeak's 175 is quick for listeners reading along; 160 keeps it clear. */
const wordsPerMinute = 160;
/** Mono speech at 22,050 Hz in 48 kbit/s CBR frames: clear speech, about 6 KB a second. */
const mp3Bitrate = 48;

// One eSpeak instance per voice, made at its first use in this thread and kept: the engines give a thread
// one voice only, so an instance never switches (switching leaks memory).
const instances = new Map<string, Promise<ESpeakNGWorker>>();

function instanceFor(voice: SpeechRequest['voice']): Promise<ESpeakNGWorker> {
  let instance = instances.get(voice);
  if (!instance) {
    instance = initializeEspeak().then((module) => {
      const worker = new module.eSpeakNGWorker();
      if (worker.set_voice(espeakVoices[voice]) !== 0)
        throw new Error(`eSpeak has no voice ${espeakVoices[voice]}`);
      worker.set_rate(wordsPerMinute);
      return worker;
    });
    instance.catch(() => instances.delete(voice));
    instances.set(voice, instance);
  }
  return instance;
}

/** The text as 32-bit float samples (-1 to 1), as LAME takes them. */
function speak(espeak: ESpeakNGWorker, text: string): Float32Array {
  const chunks: Int16Array[] = [];
  let length = 0;
  espeak.synthesize(text, (samples) => {
    if (samples && samples.length > 0) {
      chunks.push(samples.slice());
      length += samples.length;
    }
    return 0;
  });
  const pcm = new Float32Array(length);
  let at = 0;
  for (const chunk of chunks) {
    for (let i = 0; i < chunk.length; i += 1) pcm[at + i] = chunk[i]! / 32768;
    at += chunk.length;
  }
  return pcm;
}

async function encode(pcm: Float32Array, sampleRate: number): Promise<Uint8Array> {
  const encoder = await createMp3Encoder();
  encoder.configure({ sampleRate, channels: 1, bitrate: mp3Bitrate });
  const parts: Uint8Array[] = [];
  // The encoder's output views its own memory, which the next call reuses: copy each part.
  const step = sampleRate * 10;
  for (let from = 0; from < pcm.length; from += step) {
    parts.push(encoder.encode([pcm.subarray(from, from + step)]).slice());
  }
  parts.push(encoder.finalize().slice());
  const out = new Uint8Array(parts.reduce((sum, part) => sum + part.length, 0));
  let at = 0;
  for (const part of parts) {
    out.set(part, at);
    at += part.length;
  }
  return out;
}

/** Runs in the engine pool: speaks the text in its voice and writes the MP3 to `target`. */
export default async function synthesizeSpeech(request: SpeechRequest): Promise<SpeechResult> {
  const started = performance.now();
  const espeak = await instanceFor(request.voice);
  const pcm = speak(espeak, request.text);
  if (pcm.length === 0) throw new Error('eSpeak made no sound for this text');
  const mp3 = await encode(pcm, espeak.get_samplerate());
  // Never store a file that does not parse from its first frame to its last.
  const summary = readMp3Frames(mp3);
  await fs.promises.mkdir(path.dirname(request.target), { recursive: true });
  // Written under a temporary name and renamed: a half-written file is never served.
  const temporary = `${request.target}.${process.pid}.${threadId}.${Date.now()}.tmp`;
  try {
    await fs.promises.writeFile(temporary, mp3);
    await fs.promises.rename(temporary, request.target);
  } catch (error) {
    await fs.promises.rm(temporary, { force: true });
    throw error;
  }
  return {
    target: request.target,
    bytes: mp3.length,
    durationMs: summary.durationMs,
    workMs: Math.round(performance.now() - started),
  };
}
