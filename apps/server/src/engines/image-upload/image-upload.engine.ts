import path from 'node:path';
import { z } from 'zod';
import { defineEngine } from '../engine.ts';

const absolutePath = z.string().min(2).max(4096).refine(path.isAbsolute, 'must be an absolute path');

export const imageUploadRequest = z.object({
  /** The uploaded file, its type already decided from its bytes. */
  source: absolutePath,
  type: z.enum(['image/jpeg', 'image/png', 'image/webp', 'image/avif', 'image/heic', 'image/heif']),
  /** Where the stored picture goes, without its extension (.png or .jpg is added). */
  target: absolutePath,
});
export type ImageUploadRequest = z.infer<typeof imageUploadRequest>;

export type ImageUploadResult =
  | { ok: true; file: string; extension: 'png' | 'jpg'; width: number; height: number; bytes: number }
  | { ok: false; problem: 'unreadable' | 'too-many-pixels' };

/**
 * An operator's uploaded picture made into the site's stored form (sharp; HEIC through heic-convert): turned
 * upright by its EXIF orientation, its metadata (camera, place) dropped, at most 4096 px on its longer side,
 * written as PNG when it has transparency and as JPEG otherwise, so every browser shows it and the image
 * copies (AVIF/WebP) are made from it as from the site's own pictures.
 */
export const imageUploadEngine = defineEngine<ImageUploadRequest, ImageUploadResult>({
  name: 'image-upload',
  workerUrl: new URL('./image-upload.worker.ts', import.meta.url),
  input: imageUploadRequest,
  limits: { threads: 1, maxQueue: 20, timeoutMs: 120_000, maxMemoryMb: 256 },
});
