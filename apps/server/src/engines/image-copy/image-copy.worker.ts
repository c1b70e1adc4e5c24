import fs from 'node:fs';
import path from 'node:path';
import { threadId } from 'node:worker_threads';
import type { VariantFormat } from '@hurryup/contracts/image-variants';
import sharp, { type Sharp } from 'sharp';
import type { ImageCopyRequest, ImageCopyResult } from './image-copy.engine.ts';

// One libvips thread per worker thread: the pool's thread count is then the cores copies may take.
sharp.concurrency(1);
// No operation cache: each image is read once, and libvips would keep up to 50 MB of them for nothing.
sharp.cache(false);

// Quality settings chosen by eye on the seed infographics: text stays crisp, files are a fifth of the PNG.
const encoders: Record<VariantFormat, (image: Sharp) => Sharp> = {
  avif: (image) => image.avif({ quality: 55, effort: 2 }),
  webp: (image) => image.webp({ quality: 78 }),
};

/** Runs in the engine pool: makes one copy, never wider than the original. */
export default async function makeImageCopy(request: ImageCopyRequest): Promise<ImageCopyResult> {
  const { source, target, width, format } = request;
  await fs.promises.mkdir(path.dirname(target), { recursive: true });
  // Written under a temporary name and renamed: a half-written file is never served.
  const temporary = `${target}.${process.pid}.${threadId}.${Date.now()}.tmp`;
  try {
    const info = await encoders[format](sharp(source).resize({ width, withoutEnlargement: true })).toFile(
      temporary,
    );
    await fs.promises.rename(temporary, target);
    return { target, width: info.width, height: info.height, bytes: info.size };
  } catch (error) {
    await fs.promises.rm(temporary, { force: true });
    throw error;
  }
}
