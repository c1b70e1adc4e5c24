import type { OcrOutput, OcrRequest } from './ocr.engine.ts';
import { looksLikeNoise, preparePicture, textureOf } from './ocr-images.ts';
import { readPdf } from './ocr-pdf.ts';
import { recognise } from './ocr-reader.ts';

/**
 * Runs in the engine pool: the text of one image (its single page) or of every page of a PDF. A file that
 * cannot be read answers `{ ok: false, problem }`; only a failure of the engine itself throws.
 */
export default async function readText(request: OcrRequest): Promise<OcrOutput> {
  // A scanned page of noise reads as nothing, at once, instead of holding the engine for its time limit.
  if (request.type === 'application/pdf')
    return readPdf(request.path, async (png) => (looksLikeNoise(await textureOf(png)) ? '' : recognise(png)));
  const prepared = await preparePicture(request.path, request.type);
  if (!prepared.ok) return prepared;
  return { ok: true, pages: [(await recognise(prepared.png)).trim()], recognised: [1] };
}
