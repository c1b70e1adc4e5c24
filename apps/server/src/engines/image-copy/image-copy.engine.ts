import path from 'node:path';
import { variantFormats } from '@hurryup/contracts/image-variants';
import { z } from 'zod';
import { defineEngine } from '../engine.ts';

const absolutePath = z.string().min(2).max(4096).refine(path.isAbsolute, 'must be an absolute path');

export const imageCopyRequest = z.object({
  /** The original picture (PNG or JPEG). */
  source: absolutePath,
  /** Where the copy goes; its folder is made when missing. */
  target: absolutePath,
  width: z.number().int().min(16).max(4096),
  format: z.enum(variantFormats),
});
export type ImageCopyRequest = z.infer<typeof imageCopyRequest>;

export interface ImageCopyResult {
  target: string;
  width: number;
  height: number;
  bytes: number;
}

/**
 * Smaller AVIF/WebP copies of a picture (sharp). One copy takes well under a second of one core for the
 * site's pictures (1080 px wide infographics); a minute means something is wrong with the file. sharp's
 * pixels live outside the JavaScript heap, so `maxMemoryMb` bounds only the thread's own objects.
 */
export const imageCopyEngine = defineEngine<ImageCopyRequest, ImageCopyResult>({
  name: 'image-copy',
  workerUrl: new URL('./image-copy.worker.ts', import.meta.url),
  input: imageCopyRequest,
  limits: {
    // Two, so a copy a visitor waits for need not wait behind the background one (ENGINE_THREADS bounds it).
    threads: 2,
    // A gallery page asks for about 30 copies at once on a cold start; a visitor's page then still loads.
    maxQueue: 200,
    timeoutMs: 60_000,
    maxMemoryMb: 128,
  },
});
