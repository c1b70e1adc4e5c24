import fs from 'node:fs/promises';
import { imageMaxPixels } from '@hurryup/contracts/text-extract-rules';
import convertHeic from 'heic-convert';
import sharp from 'sharp';
import type { OcrProblem } from './ocr.engine.ts';

sharp.concurrency(1);

export type Prepared = { ok: true; png: Buffer } | ({ ok: false } & OcrProblem);

/**
 * The largest picture a HEIC file declares (its `ispe` boxes: width and height of each image item), read
 * before decoding, so a file that claims billions of pixels is refused without being decoded.
 */
export function heicDeclaredPixels(bytes: Buffer): number {
  let most = 0;
  for (
    let at = bytes.indexOf('ispe');
    at >= 0 && at + 16 <= bytes.length;
    at = bytes.indexOf('ispe', at + 4)
  ) {
    const width = bytes.readUInt32BE(at + 8);
    const height = bytes.readUInt32BE(at + 12);
    most = Math.max(most, width * height);
  }
  return most;
}

/**
 * A picture as a PNG tesseract can read: JPEG (turned upright by its EXIF orientation), PNG, the first frame
 * of a GIF, or a HEIC decoded in JavaScript (libheif in WebAssembly; sharp here has no HEIC decoder). The
 * pixel count is checked from the header before any decoding.
 */
export async function preparePicture(file: string, type: string): Promise<Prepared> {
  let source: Buffer | string = file;
  if (type === 'image/heic' || type === 'image/heif') {
    const bytes = await fs.readFile(file);
    const declared = heicDeclaredPixels(bytes);
    if (declared > imageMaxPixels) return { ok: false, problem: 'too-many-pixels', pixels: declared };
    try {
      source = Buffer.from(await convertHeic({ buffer: bytes, format: 'PNG' }));
    } catch {
      return { ok: false, problem: 'heic-failed' };
    }
  }
  try {
    const metadata = await sharp(source, { limitInputPixels: false }).metadata();
    const pixels = (metadata.width ?? 0) * (metadata.pageHeight ?? metadata.height ?? 0);
    if (pixels > imageMaxPixels) return { ok: false, problem: 'too-many-pixels', pixels };
    const png = await sharp(source, { limitInputPixels: imageMaxPixels, failOn: 'truncated', pages: 1 })
      .rotate()
      .flatten({ background: '#ffffff' })
      .png({ compressionLevel: 1 })
      .toBuffer();
    return { ok: true, png };
  } catch {
    return { ok: false, problem: 'unreadable-image' };
  }
}
