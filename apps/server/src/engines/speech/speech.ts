import type { Engines } from '../engine.ts';
import { type SpeechRequest, type SpeechResult, speechEngines } from './speech.engine.ts';

/**
 * Speaks text to an MP3 file in the engine pool, in the engine of its voice. Fails with `EngineBusyError`
 * (503, Retry-After) when that voice's queue is full, `EngineTimeoutError` past its time limit and
 * `EngineFailedError` when the thread fails or dies (the pool replaces it).
 */
export function synthesizeSpeech(
  engines: Engines,
  request: SpeechRequest,
  options?: { signal?: AbortSignal },
): Promise<SpeechResult> {
  return engines.run(speechEngines[request.voice], request, options);
}
