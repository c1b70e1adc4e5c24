import fs from 'node:fs/promises';
import { threadId } from 'node:worker_threads';
import convertHeic from 'heic-convert';
import sharp, { type Metadata } from 'sharp';
import { heicDeclaredPixels } from '../ocr/ocr-images.ts';
import type { ImageUploadRequest, ImageUploadResult } from './image-upload.engine.ts';

sharp.concurrency(1);
// No operation cache: each image is read once, and libvips would keep up to 50 MB of them for nothing.
sharp.cache(false);

/** A picture of more pixels than this (a 50-megapixel camera's) is refused before decoding. */
const maxPixels = 50_000_000;
const longestSide = 4096;

/** Runs in the engine pool: reads the upload, writes the stored picture. */
export default async function storeUpload(request: ImageUploadRequest): Promise<ImageUploadResult> {
  let source: Buffer | string = request.source;
  if (request.type === 'image/heic' || request.type === 'image/heif') {
    const bytes = await fs.readFile(request.source);
    if (heicDeclaredPixels(bytes) > maxPixels) return { ok: false, problem: 'too-many-pixels' };
    try {
      source = Buffer.from(await convertHeic({ buffer: bytes, format: 'JPEG', quality: 0.9 }));
    } catch {
      return { ok: false, problem: 'unreadable' };
    }
  }
  let metadata: Metadata;
  try {
    metadata = await sharp(source, { limitInputPixels: false }).metadata();
  } catch {
    return { ok: false, problem: 'unreadable' };
  }
  if ((metadata.width ?? 0) * (metadata.height ?? 0) > maxPixels)
    return { ok: false, problem: 'too-many-pixels' };
  const extension = metadata.hasAlpha ? 'png' : 'jpg';
  const file = `${request.target}.${extension}`;
  const temporary = `${file}.${process.pid}.${threadId}.tmp`;
  try {
    const image = sharp(source, { limitInputPixels: maxPixels, failOn: 'truncated', pages: 1 })
      .rotate()
      .resize({ width: longestSide, height: longestSide, fit: 'inside', withoutEnlargement: true });
    const info = await (extension === 'png'
      ? image.png()
      : image.jpeg({ quality: 85, mozjpeg: true })
    ).toFile(temporary);
    await fs.rename(temporary, file);
    return { ok: true, file, extension, width: info.width, height: info.height, bytes: info.size };
  } catch {
    await fs.rm(temporary, { force: true });
    return { ok: false, problem: 'unreadable' };
  }
}
