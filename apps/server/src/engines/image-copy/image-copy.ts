import type { Engines } from '../engine.ts';
import { type ImageCopyRequest, type ImageCopyResult, imageCopyEngine } from './image-copy.engine.ts';

/**
 * Makes one AVIF or WebP copy of a picture in the engine pool. Fails with `EngineBusyError` (503,
 * Retry-After) when the engine's queue is full, `EngineTimeoutError` past its time limit, `EngineFailedError`
 * when sharp cannot read the file.
 */
export function makeImageCopy(
  engines: Engines,
  request: ImageCopyRequest,
  options?: { signal?: AbortSignal },
): Promise<ImageCopyResult> {
  return engines.run(imageCopyEngine, request, options);
}
