import path from 'node:path';
import { speechLanguages, speechTextMaxLength } from '@hurryup/contracts/speech-rules';
import { z } from 'zod';
import { defineEngine, type EngineDefinition } from '../engine.ts';

/**
 * The longest audio one text may make. 5,000 characters of prose speak for about 6 minutes; a text of
 * characters eSpeak spells out one by one (CJK, symbols) can run to 25, and is refused instead.
 */
export const maxAudioSeconds = 15 * 60;

/** eSpeak's voice for each language: American English (the browser's en-US), Hindi. */
export const speechVoices: Record<(typeof speechLanguages)[number], string> = { en: 'en-us', hi: 'hi' };
/** Words per minute: eSpeak's 175 is quick for listeners reading along; 160 keeps it clear. */
export const wordsPerMinute = 160;
/** Both engines make mono speech at 22,050 Hz (eSpeak's rate) in 48 kbit/s CBR frames: about 6 KB a second. */
export const mp3SampleRate = 22_050;
export const mp3Bitrate = 48;

export const speechRequest = z.object({
  voice: z.enum(speechLanguages),
  text: z.string().min(1).max(speechTextMaxLength),
  /** Where the MP3 goes (written under a temporary name, then renamed); its folder is made when missing. */
  target: z.string().min(2).max(4096).refine(path.isAbsolute, 'must be an absolute path'),
  /** A shorter cap than `maxAudioSeconds` (tests). */
  maxAudioSeconds: z.number().int().min(1).max(maxAudioSeconds).optional(),
});
export type SpeechRequest = z.infer<typeof speechRequest>;

export type SpeechResult =
  | {
      ok: true;
      target: string;
      bytes: number;
      /** Playing time of the MP3. */
      durationMs: number;
      /** Time spent speaking and encoding in the thread (not waiting for it). */
      workMs: number;
    }
  | { ok: false; problem: 'too-long'; maxAudioSeconds: number };

/**
 * eSpeak NG (WebAssembly, with its Hindi voice) speaks the text; LAME (WebAssembly) encodes it to a mono
 * MP3. One engine per voice, each with one thread: eSpeak leaks memory when one instance switches voices
 * again and again (echogarden #64), so a thread only ever speaks its own voice. About 75 ms per 100
 * characters on this machine kind, so 5,000 characters take about 4 s; a minute means something is wrong.
 * The WebAssembly memory (eSpeak's 24 MB of data, the samples) lives outside the JavaScript heap.
 */
const limits = {
  threads: 1,
  maxQueue: 30,
  timeoutMs: 60_000,
  maxMemoryMb: 192,
  // Visitors wait on an open socket: what the queue cannot finish within 25 s is refused at once (503).
  deadlineMs: 25_000,
  typicalMs: 2000,
};

/**
 * Debian's espeak-ng piped into lame (`SPEECH_ENGINE`), about twice as fast: the module only starts the two
 * programs and passes their bytes along, so it runs in this process's own thread (`inline`) and the
 * programs hold the memory, each task's own.
 */
const native = {
  family: 'speech',
  workerUrl: new URL('./speech-native.worker.ts', import.meta.url),
  limits: { isolation: 'inline' },
} as const;

export const speechEnglishEngine = defineEngine<SpeechRequest, SpeechResult>({
  name: 'speech-en',
  workerUrl: new URL('./speech.worker.ts', import.meta.url),
  input: speechRequest.refine((request) => request.voice === 'en', 'this engine speaks English only'),
  limits,
  native,
});

export const speechHindiEngine = defineEngine<SpeechRequest, SpeechResult>({
  name: 'speech-hi',
  workerUrl: new URL('./speech.worker.ts', import.meta.url),
  input: speechRequest.refine((request) => request.voice === 'hi', 'this engine speaks Hindi only'),
  limits,
  native,
});

export const speechEngines: Record<SpeechRequest['voice'], EngineDefinition<SpeechRequest, SpeechResult>> = {
  en: speechEnglishEngine,
  hi: speechHindiEngine,
};
