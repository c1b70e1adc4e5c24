import type { Engines } from '../engine.ts';
import { type OcrOutput, type OcrRequest, ocrEngine } from './ocr.engine.ts';

/**
 * Reads the text of an image or a PDF in the engine pool. A file that cannot be read answers
 * `{ ok: false, problem }` (the caller says why, 422); the pool's own refusals throw as `EngineError`s:
 * `EngineBusyError` (503, Retry-After) when the queue is full, `EngineTimeoutError` (504) past the time
 * limit, `EngineFailedError` when the thread itself fails (it is replaced).
 */
export function readTextOf(
  engines: Engines,
  request: OcrRequest,
  options?: { signal?: AbortSignal },
): Promise<OcrOutput> {
  return engines.run(ocrEngine, request, options);
}
