import type { Engines } from '../engine.ts';
import { type ImageUploadRequest, type ImageUploadResult, imageUploadEngine } from './image-upload.engine.ts';

/** Stores an operator's uploaded picture in the engine pool (image-upload.engine.ts). */
export function storeUploadedImage(
  engines: Engines,
  request: ImageUploadRequest,
  options?: { signal?: AbortSignal },
): Promise<ImageUploadResult> {
  return engines.run(imageUploadEngine, request, options);
}
