import initializeEspeak, { type ESpeakNGWorker } from '@echogarden/espeak-ng-emscripten';
import { createMp3Encoder } from 'wasm-media-encoders';
import {
  maxAudioSeconds,
  mp3Bitrate,
  type SpeechRequest,
  type SpeechResult,
  speechVoices,
  wordsPerMinute,
} from './speech.engine.ts';
import { storeMp3 } from './speech-file.ts';

// One eSpeak instance per voice, made at its first use in this thread and kept: the engines give a thread
// one voice only, so an instance never switches (switching leaks memory).
const instances = new Map<string, Promise<ESpeakNGWorker>>();

function instanceFor(voice: SpeechRequest['voice']): Promise<ESpeakNGWorker> {
  let instance = instances.get(voice);
  if (!instance) {
    instance = initializeEspeak().then((module) => {
      const worker = new module.eSpeakNGWorker();
      if (worker.set_voice(speechVoices[voice]) !== 0)
        throw new Error(`eSpeak has no voice ${speechVoices[voice]}`);
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
  return storeMp3(request.target, mp3, started);
}
