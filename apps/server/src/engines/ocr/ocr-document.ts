import type { OcrOutput, OcrRequest } from './ocr.engine.ts';
import { looksLikeNoise, preparePicture, textureOf } from './ocr-images.ts';
import { readPdf } from './ocr-pdf.ts';

/** Reads the text of one PNG (tesseract.js in the WebAssembly engine, the tesseract program in the native one). */
export type Recogniser = (png: Buffer) => Promise<string>;

/**
 * The text of one image (its single page) or of every page of a PDF, each picture read by `recognise`.
 * A file that cannot be read answers `{ ok: false, problem }`; only a failure of the engine itself throws.
 */
export async function readDocument(request: OcrRequest, recognise: Recogniser): Promise<OcrOutput> {
  // A scanned page of noise reads as nothing, at once, instead of holding the engine for its time limit.
  if (request.type === 'application/pdf')
    return readPdf(request.path, async (png) => (looksLikeNoise(await textureOf(png)) ? '' : recognise(png)));
  const prepared = await preparePicture(request.path, request.type);
  if (!prepared.ok) return prepared;
  return { ok: true, pages: [(await recognise(prepared.png)).trim()], recognised: [1] };
}
