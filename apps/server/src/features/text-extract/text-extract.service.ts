import type { UploadedFile } from '@hurryup/contracts/api-call';
import { textExtractMessages, textFileName } from '@hurryup/contracts/text-extract-rules';
import type { Engines } from '../../engines/engine.ts';
import type { OcrOutput, OcrProblem, OcrSourceType } from '../../engines/ocr/ocr.engine.ts';
import { readTextOf } from '../../engines/ocr/ocr.ts';
import { HttpError } from '../../shared/http-error.ts';
import type { Limit } from '../../shared/limits.ts';

/** A file that cannot be read: 422 with a code and a message naming what is wrong. */
function refusal(problem: OcrProblem): HttpError {
  switch (problem.problem) {
    case 'unreadable-image':
      return new HttpError(422, 'UNREADABLE_IMAGE', textExtractMessages.unreadableImage);
    case 'heic-failed':
      return new HttpError(422, 'HEIC_DECODE_FAILED', textExtractMessages.heicFailed);
    case 'too-many-pixels':
      return new HttpError(422, 'IMAGE_TOO_LARGE', textExtractMessages.tooManyPixels(problem.pixels));
    case 'pdf-too-large-decoded':
      return new HttpError(
        422,
        'PDF_TOO_LARGE_DECODED',
        textExtractMessages.pdfTooLargeDecoded(problem.allowedBytes),
      );
    case 'encrypted-pdf':
      return new HttpError(422, 'PDF_ENCRYPTED', textExtractMessages.encryptedPdf);
    case 'corrupt-pdf':
      return new HttpError(422, 'PDF_DAMAGED', textExtractMessages.corruptPdf);
    case 'too-many-pages':
      return new HttpError(422, 'PDF_TOO_MANY_PAGES', textExtractMessages.tooManyPages(problem.pages));
    case 'too-many-scanned-pages':
      return new HttpError(
        422,
        'PDF_TOO_MANY_SCANNED_PAGES',
        textExtractMessages.tooManyScannedPages(problem.pages),
      );
  }
}

export interface TextExtractService {
  /** The text of an image or PDF, `No text found in the image.` when it holds none. */
  extractText(file: UploadedFile, visitor: string): Promise<{ text: string }>;
  /** A PDF's text as a file: pages in order, each ending with a line break, separated by form feeds. */
  pdfToText(file: UploadedFile, visitor: string): Promise<{ text: string; fileName: string }>;
}

export function createTextExtractService(deps: {
  engines: Engines;
  limits: readonly Limit[];
}): TextExtractService {
  async function read(file: UploadedFile, visitor: string): Promise<Extract<OcrOutput, { ok: true }>> {
    for (const limit of deps.limits) await limit.enforce(visitor);
    const output = await readTextOf(deps.engines, { path: file.path, type: file.type as OcrSourceType });
    if (!output.ok) throw refusal(output);
    return output;
  }
  return {
    async extractText(file, visitor) {
      const { pages } = await read(file, visitor);
      const text = pages.filter((page) => page !== '').join('\n\n');
      return { text: text === '' ? textExtractMessages.noText : text };
    },
    async pdfToText(file, visitor) {
      const { pages } = await read(file, visitor);
      return {
        text: pages.map((page) => (page === '' ? '' : `${page}\n`)).join('\f'),
        fileName: textFileName(file.originalName),
      };
    },
  };
}
