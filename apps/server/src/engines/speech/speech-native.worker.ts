import { type NativeTaskContext, startProgram } from '../host-programs.ts';
import {
  maxAudioSeconds,
  mp3Bitrate,
  mp3SampleRate,
  type SpeechRequest,
  type SpeechResult,
  speechVoices,
  wordsPerMinute,
} from './speech.engine.ts';
import { storeMp3 } from './speech-file.ts';

/** The RIFF header espeak-ng writes before its 16-bit mono samples. */
const wavHeaderBytes = 44;

/**
 * The visitor's text as the `espeak-ng` program reads plain text: without `-m` it obeys no SSML, but it
 * does read `[[…]]` as phoneme codes, so double brackets are kept apart.
 */
export const asProgramText = (text: string) => text.replace(/\[\[/g, '[ [').replace(/\]\]/g, '] ]');

/**
 * Runs in the pool's own thread (native, `inline`): `espeak-ng` speaks the text (given on stdin, never as
 * an argument) as WAV at 22,050 Hz, and its samples go on to `lame`, which encodes the same mono 48 kbit/s
 * CBR MP3 as the WebAssembly engine (no Xing tag, the sample rate kept). Past `maxAudioSeconds` of samples
 * both are killed and nothing is stored; the task's signal kills them too.
 */
export default async function speakNative(
  request: SpeechRequest,
  context: NativeTaskContext,
): Promise<SpeechResult> {
  const started = performance.now();
  const cap = request.maxAudioSeconds ?? maxAudioSeconds;
  const maxWavBytes = wavHeaderBytes + cap * mp3SampleRate * 2;
  const stop = new AbortController();
  const onAbort = () => stop.abort(context.signal?.reason);
  if (context.signal?.aborted) throw context.signal.reason;
  context.signal?.addEventListener('abort', onAbort, { once: true });
  const options = { signal: stop.signal, onSpawn: context.onSpawn };
  const espeak = startProgram(
    context.programs.espeakNg,
    ['-v', speechVoices[request.voice], '-s', String(wordsPerMinute), '--stdout', '--stdin'],
    options,
  );
  const lame = startProgram(
    context.programs.lame,
    ['--quiet', '-t', '-m', 'm', '--cbr', '-b', String(mp3Bitrate), '--resample', '22.05', '-', '-'],
    options,
  );
  const tooLong = Symbol('too long');
  let wavBytes = 0;
  espeak.child.stdout!.on('data', (chunk: Buffer) => {
    wavBytes += chunk.length;
    if (wavBytes > maxWavBytes) {
      stop.abort(tooLong);
      return;
    }
    lame.child.stdin!.write(chunk);
  });
  espeak.child.stdout!.on('end', () => lame.child.stdin!.end());
  const parts: Buffer[] = [];
  lame.child.stdout!.on('data', (chunk: Buffer) => parts.push(chunk));
  espeak.child.stdin!.end(asProgramText(request.text));
  try {
    await Promise.all([espeak.exited, lame.exited]);
  } catch (error) {
    if (stop.signal.reason === tooLong) return { ok: false, problem: 'too-long', maxAudioSeconds: cap };
    throw error;
  } finally {
    context.signal?.removeEventListener('abort', onAbort);
    // One failing ends the other.
    if (!stop.signal.aborted) stop.abort();
  }
  if (wavBytes <= wavHeaderBytes) throw new Error('espeak-ng made no sound for this text');
  return storeMp3(request.target, Buffer.concat(parts), started);
}
