import path from 'node:path';
import { textExtractMaxSeconds } from '@hurryup/contracts/text-extract-rules';
import { z } from 'zod';
import { defineEngine } from '../engine.ts';

const absolutePath = z.string().min(2).max(4096).refine(path.isAbsolute, 'must be an absolute path');

export const ocrSourceTypes = [
  'image/jpeg',
  'image/png',
  'image/gif',
  'image/heic',
  'image/heif',
  'application/pdf',
] as const;
export type OcrSourceType = (typeof ocrSourceTypes)[number];

export const ocrRequest = z.object({
  /** The uploaded file, on this machine's disk (the engine only reads it). */
  path: absolutePath,
  /** Its type, decided from its bytes by the caller. */
  type: z.enum(ocrSourceTypes),
});
export type OcrRequest = z.infer<typeof ocrRequest>;

/** Why a file could not be read: each has its own message (text-extract-rules.ts). */
export type OcrProblem =
  | { problem: 'unreadable-image' }
  | { problem: 'heic-failed' }
  /** Noise, not writing (ocr-images.ts `looksLikeNoise`): refused before OCR. */
  | { problem: 'no-readable-text' }
  | { problem: 'too-many-pixels'; pixels: number }
  | { problem: 'encrypted-pdf' }
  | { problem: 'corrupt-pdf' }
  /** Its compressed streams would decode to more than the file may (pdf-inflation.ts). */
  | { problem: 'pdf-too-large-decoded'; allowedBytes: number }
  | { problem: 'too-many-pages'; pages: number }
  | { problem: 'too-many-scanned-pages'; pages: number };

export type OcrOutput =
  | {
      ok: true;
      /** The text of each page (one for an image), trimmed at its ends. */
      pages: string[];
      /** Pages (1-based) read by OCR rather than from their text layer; [1] for an image. */
      recognised: number[];
    }
  | ({ ok: false } & OcrProblem);

/**
 * Text from an image or a PDF, offline: tesseract.js (English and Hindi together, language data from npm)
 * and pdf.js (text layers, and rendering pages to read by OCR with @napi-rs/canvas). A warm thread reads a
 * small image in about 0.3 s and an A4 page in about 2.4 s; a PDF's text layer takes milliseconds a page.
 * A PDF may have at most 10 pages to read as pictures: about 25 s on an idle core, 40 s on a busy machine,
 * within the 90 s time limit.
 * tesseract's own heap lives in a thread it starts inside the child, and its WebAssembly memory and the
 * decoded pictures outside the JavaScript heap: `maxMemoryMb` bounds the child's heap (pdf.js's objects
 * mostly) and `maxResidentMb` all of it.
 */
export const ocrEngine = defineEngine<OcrRequest, OcrOutput>({
  name: 'ocr',
  workerUrl: new URL('./ocr.worker.ts', import.meta.url),
  input: ocrRequest,
  limits: {
    // One: a page takes a core for seconds, and tesseract's data takes 150 to 280 MB a thread.
    threads: 1,
    // Visitors wait for their answer: a long queue would only time out in the browser.
    maxQueue: 6,
    timeoutMs: textExtractMaxSeconds * 1000,
    maxMemoryMb: 512,
    // Documents and pictures decode outside the JavaScript heap, and tesseract's WebAssembly memory too: the
    // work runs in a child process whose whole memory is watched, so a runaway never takes the web process.
    isolation: 'process',
    // A warm child reading an A4 page at 300 dpi holds about 400 MB (tesseract with both languages, sharp, pdf.js).
    maxResidentMb: 900,
    // Visitors wait on an open socket: what the queue cannot finish within 25 s is refused at once.
    deadlineMs: 25_000,
    typicalMs: 3000,
  },
  // Debian's tesseract (`OCR_ENGINE`), about twice as fast, run by the same child process: that child then
  // holds pdf.js and sharp only (about 100 MB), tesseract's data its own process's.
  native: {
    family: 'ocr',
    workerUrl: new URL('./ocr-native.worker.ts', import.meta.url),
  },
});
