import fs from 'node:fs/promises';
import { imageMaxPixels } from '@hurryup/contracts/text-extract-rules';
import convertHeic from 'heic-convert';
import sharp from 'sharp';
import type { OcrProblem } from './ocr.engine.ts';

sharp.concurrency(1);
// No operation cache: each image is read once, and libvips would keep up to 50 MB of them for nothing.
sharp.cache(false);

export type Prepared = { ok: true; png: Buffer } | ({ ok: false } & OcrProblem);

/**
 * Pictures larger than this are scaled down before OCR: tesseract's time grows with pixels, and text that
 * is readable at all is readable at 16 megapixels (a phone photo is 12).
 */
export const recogniseMaxPixels = 16_000_000;

/** Pixels looked at to judge a picture (sampled, never averaged: averaging would smooth noise away). */
const samplePixels = 1_000_000;

export interface PictureTexture {
  /** Shannon entropy of the grey levels, in bits (0 to 8). Text on paper: 1 to 5; noise: about 8. */
  entropyBits: number;
  /** Mean difference between neighbouring pixels (0 to 255). Text and photos: under 30; noise: about 85. */
  neighbourDifference: number;
}

/** The texture of a picture, from up to a million of its pixels in grey. */
export async function textureOf(picture: Buffer): Promise<PictureTexture> {
  const metadata = await sharp(picture, { limitInputPixels: imageMaxPixels }).metadata();
  const width = metadata.width ?? 1;
  const height = metadata.pageHeight ?? metadata.height ?? 1;
  const step = Math.max(1, Math.sqrt((width * height) / samplePixels));
  const { data, info } = await sharp(picture, { limitInputPixels: imageMaxPixels, pages: 1 })
    .flatten({ background: '#ffffff' })
    .greyscale()
    .resize(Math.max(1, Math.round(width / step)), Math.max(1, Math.round(height / step)), {
      kernel: 'nearest',
      fit: 'fill',
    })
    .raw()
    .toBuffer({ resolveWithObject: true });
  const counts = new Array<number>(256).fill(0);
  let differences = 0;
  let pairs = 0;
  for (let y = 0; y < info.height; y += 1) {
    const row = y * info.width * info.channels;
    for (let x = 0; x < info.width; x += 1) {
      const value = data[row + x * info.channels]!;
      counts[value]! += 1;
      if (x > 0) {
        differences += Math.abs(value - data[row + (x - 1) * info.channels]!);
        pairs += 1;
      }
    }
  }
  const total = info.width * info.height;
  let entropyBits = 0;
  for (const count of counts) if (count > 0) entropyBits -= (count / total) * Math.log2(count / total);
  return { entropyBits, neighbourDifference: pairs === 0 ? 0 : differences / pairs };
}

/**
 * Noise, not writing: nearly every grey level equally common and neighbouring pixels far apart. tesseract
 * spends its whole time limit on such a picture (90 s for a 10 MB noise PNG) and finds nothing; it is
 * refused before OCR instead. Text, scans and photos (even grainy ones) are far from both marks.
 */
export const looksLikeNoise = (texture: PictureTexture) =>
  texture.entropyBits > 6 && texture.neighbourDifference > 30;

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
    const scale = Math.min(1, Math.sqrt(recogniseMaxPixels / Math.max(1, pixels)));
    let image = sharp(source, { limitInputPixels: imageMaxPixels, failOn: 'truncated', pages: 1 })
      .rotate()
      .flatten({ background: '#ffffff' });
    if (scale < 1) {
      // A square box around the longer side: the same scale whether or not the picture was turned upright.
      const side = Math.max(1, Math.floor(Math.max(metadata.width ?? 1, metadata.height ?? 1) * scale));
      image = image.resize(side, side, { fit: 'inside' });
    }
    const png = await image.png({ compressionLevel: 1 }).toBuffer();
    if (looksLikeNoise(await textureOf(png))) return { ok: false, problem: 'no-readable-text' };
    return { ok: true, png };
  } catch {
    return { ok: false, problem: 'unreadable-image' };
  }
}
