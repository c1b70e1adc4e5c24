import type { OcrOutput, OcrRequest } from './ocr.engine.ts';
import { readDocument } from './ocr-document.ts';
import { recognise } from './ocr-reader.ts';

/** Runs in the engine pool (tesseract.js, WebAssembly): the text of an image or of every page of a PDF. */
export default function readText(request: OcrRequest): Promise<OcrOutput> {
  return readDocument(request, recognise);
}
