import fs from 'node:fs';
import path from 'node:path';
import { threadId } from 'node:worker_threads';
import initializeEspeak, { type ESpeakNGWorker } from '@echogarden/espeak-ng-emscripten';
import { createMp3Encoder } from 'wasm-media-encoders';
import { readMp3Frames } from './mp3-frames.ts';
import { maxAudioSeconds, type SpeechRequest, type SpeechResult } from './speech.engine.ts';

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

/**
 * Speaks the text and encodes it as it comes: each chunk of 16-bit samples becomes floats (-1 to 1) and
 * goes through LAME at once, so only the MP3 is held, never the whole recording (a text of unusual
 * characters can speak for many minutes). Stops, answering undefined, past `maxSamples`.
 */
async function speakToMp3(espeak: ESpeakNGWorker, text: string, maxSamples: number) {
  const sampleRate = espeak.get_samplerate();
  const encoder = await createMp3Encoder();
  encoder.configure({ sampleRate, channels: 1, bitrate: mp3Bitrate });
  // The encoder's output views its own memory, which the next call reuses: copy each part.
  const parts: Uint8Array[] = [];
  let samples = 0;
  let tooLong = false;
  espeak.synthesize(text, (chunk) => {
    if (!chunk || chunk.length === 0) return 0;
    samples += chunk.length;
    if (samples > maxSamples) {
      tooLong = true;
      return 1; // stops eSpeak
    }
    const floats = new Float32Array(chunk.length);
    for (let i = 0; i < chunk.length; i += 1) floats[i] = chunk[i]! / 32768;
    parts.push(encoder.encode([floats]).slice());
    return 0;
  });
  if (tooLong) return undefined;
  if (samples === 0) throw new Error('eSpeak made no sound for this text');
  parts.push(encoder.finalize().slice());
  const out = new Uint8Array(parts.reduce((sum, part) => sum + part.length, 0));
  let at = 0;
  for (const part of parts) {
    out.set(part, at);
    at += part.length;
  }
  return out;
}

/**
 * The visitor's text as eSpeak reads plain text. This build calls eSpeak with SSML and phoneme input on
 * (`espeakSSML | espeakPHONEMES`, not a setting of the package), so `<break time="…"/>` or `<prosody>`
 * would be obeyed (32 characters made a 2.2 MB MP3 of silence) and `[[…]]` read as phoneme codes. Markup
 * characters are escaped as SSML entities, which eSpeak reads back as the characters themselves, and
 * double brackets are kept apart.
 */
export function asPlainText(text: string): string {
  return text
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/\[\[/g, '[ [')
    .replace(/\]\]/g, '] ]');
}

/** Runs in the engine pool: speaks the text in its voice and writes the MP3 to `target`. */
export default async function synthesizeSpeech(request: SpeechRequest): Promise<SpeechResult> {
  const started = performance.now();
  const espeak = await instanceFor(request.voice);
  const cap = request.maxAudioSeconds ?? maxAudioSeconds;
  const mp3 = await speakToMp3(espeak, asPlainText(request.text), cap * espeak.get_samplerate());
  if (!mp3) return { ok: false, problem: 'too-long', maxAudioSeconds: cap };
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
    ok: true,
    target: request.target,
    bytes: mp3.length,
    durationMs: summary.durationMs,
    workMs: Math.round(performance.now() - started),
  };
}
