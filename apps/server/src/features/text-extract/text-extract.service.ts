import type { UploadedFile } from '@hurryup/contracts/api-call';
import { textExtractMessages, textFileName } from '@hurryup/contracts/text-extract-rules';
import type { Engines } from '../../engines/engine.ts';
import { EngineMemoryError } from '../../engines/engine-errors.ts';
import type { OcrOutput, OcrProblem, OcrSourceType } from '../../engines/ocr/ocr.engine.ts';
import { readTextOf } from '../../engines/ocr/ocr.ts';
import { HttpError } from '../../shared/http-error.ts';
import { type Limit, RateLimitedError } from '../../shared/limits.ts';

/** A file that cannot be read: 422 with a code and a message naming what is wrong. */
function refusal(problem: OcrProblem): HttpError {
  switch (problem.problem) {
    case 'unreadable-image':
      return new HttpError(422, 'UNREADABLE_IMAGE', textExtractMessages.unreadableImage);
    case 'no-readable-text':
      return new HttpError(422, 'NO_READABLE_TEXT', textExtractMessages.noReadableText);
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

/** Who asks, and the signal that stops their task when they go away. */
export interface Asker {
  /** The client's address key (IPv6 per /64). */
  visitor: string;
  signal?: AbortSignal;
}

export interface TextExtractService {
  /** The text of an image or PDF, `No text found in the image.` when it holds none. */
  extractText(file: UploadedFile, asker: Asker): Promise<{ text: string }>;
  /** A PDF's text as a file: pages in order, each ending with a line break, separated by form feeds. */
  pdfToText(file: UploadedFile, asker: Asker): Promise<{ text: string; fileName: string }>;
}

export function createTextExtractService(deps: {
  engines: Engines;
  /** Conversions a visitor may ask for (a minute, a day). */
  limits: readonly Limit[];
  /** One conversion per visitor at a time: taken for the task's whole run, given back after it. */
  atOnce: Limit;
}): TextExtractService {
  async function read(file: UploadedFile, asker: Asker): Promise<Extract<OcrOutput, { ok: true }>> {
    // A visitor's second file waits for nobody: it is refused while their first is being read.
    const place = await deps.atOnce.take(asker.visitor);
    if (!place.allowed) {
      // A refused take is not a file being read: only the running one holds the place.
      await deps.atOnce.refund(asker.visitor);
      throw new RateLimitedError(textExtractMessages.oneAtATime, place.retryAfterSeconds);
    }
    try {
      for (const limit of deps.limits) await limit.enforce(asker.visitor);
      const output = await readTextOf(
        deps.engines,
        { path: file.path, type: file.type as OcrSourceType },
        asker.signal ? { signal: asker.signal } : {},
      ).catch((error: unknown) => {
        if (error instanceof EngineMemoryError)
          throw new HttpError(422, error.code, textExtractMessages.tooMuchMemory);
        throw error;
      });
      if (!output.ok) throw refusal(output);
      return output;
    } finally {
      await deps.atOnce.refund(asker.visitor);
    }
  }
  return {
    async extractText(file, asker) {
      const { pages } = await read(file, asker);
      const text = pages.filter((page) => page !== '').join('\n\n');
      return { text: text === '' ? textExtractMessages.noText : text };
    },
    async pdfToText(file, asker) {
      const { pages } = await read(file, asker);
      return {
        text: pages.map((page) => (page === '' ? '' : `${page}\n`)).join('\f'),
        fileName: textFileName(file.originalName),
      };
    },
  };
}
