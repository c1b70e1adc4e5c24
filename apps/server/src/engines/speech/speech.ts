import type { Engines } from '../engine.ts';
import { type SpeechRequest, type SpeechResult, speechEngines } from './speech.engine.ts';

/** The text would speak for longer than the engine makes (`maxAudioSeconds`): nothing was stored. */
export class SpeechTooLongError extends Error {
  readonly maxAudioSeconds: number;
  constructor(maxAudioSeconds: number) {
    super(`the text would speak for more than ${maxAudioSeconds} s`);
    this.maxAudioSeconds = maxAudioSeconds;
  }
}

export type SpokenFile = Extract<SpeechResult, { ok: true }>;

/**
 * Speaks text to an MP3 file in the engine pool, in the engine of its voice. Fails with `EngineBusyError`
 * (503, Retry-After) when that voice's queue is full, `EngineTimeoutError` past its time limit and
 * `EngineFailedError` when the thread fails or dies (the pool replaces it), and `SpeechTooLongError` when
 * the audio would pass `maxAudioSeconds`.
 */
export async function synthesizeSpeech(
  engines: Engines,
  request: SpeechRequest,
  options?: { signal?: AbortSignal },
): Promise<SpokenFile> {
  const result = await engines.run(speechEngines[request.voice], request, options);
  if (!result.ok) throw new SpeechTooLongError(result.maxAudioSeconds);
  return result;
}
