/*
 * Image to text and PDF to text (tools-and-trading.md "Image to text", "PDF to text", sections 5, 8 and 9):
 * the limits both sides apply and their exact messages. Free of zod, so the pages carry none.
 */

/** The largest upload either tool reads (the specification leaves sizes open: decision 0023). */
export const textExtractMaxBytes = 10 * 1024 ** 2;
/** Pixels of one image at most (width x height, read from its header before it is decoded). */
export const imageMaxPixels = 50_000_000;
/** Pages of one PDF at most. */
export const pdfMaxPages = 200;
/** Pages of one PDF that may need OCR (no text layer, or Devanagari that pdf.js cannot map back) at most. */
export const pdfMaxRecognisedPages = 10;
/** What a finished task may take at most, in seconds (the engine's time limit). */
export const textExtractMaxSeconds = 90;

/** The image tool's accepted types, as decided from a file's bytes (JFIF is image/jpeg). */
export const imageToTextTypes = [
  'image/jpeg',
  'image/png',
  'image/gif',
  'image/heic',
  'image/heif',
  'application/pdf',
] as const;
/** What the image tool's picker offers and the page says it accepts. */
export const imageToTextAccept =
  '.jpeg,.jpg,.jfif,.png,.gif,.heic,.heif,.pdf,image/jpeg,image/png,image/gif,image/heic,image/heif,application/pdf';
export const imageToTextTypesText = 'jpeg, png, gif, jfif, heic, pdf';

export const textExtractMessages = {
  /** Section 5 and section 8. */
  noImage: 'Please upload an image first.',
  noPdf: 'Please select a PDF file.',
  imageFailed: 'Error extracting text. Please try again.',
  pdfFailed: 'Failed to convert PDF. Please try again.',
  /** The `{text}` of an image with no text in it (section 7). */
  noText: 'No text found in the image.',
  /** The server's refusals (422), each naming what is wrong. */
  unreadableImage:
    'This file could not be read as an image: it is damaged, incomplete or not really a JPEG, PNG or GIF.',
  heicFailed: 'This HEIC photo could not be decoded. Please save it as JPEG or PNG and try again.',
  tooManyPixels: (pixels: number) =>
    `This image is too large to read: it has ${(pixels / 1e6).toFixed(1)} megapixels and at most ${imageMaxPixels / 1e6} are accepted.`,
  encryptedPdf: 'This PDF is password-protected. Please remove the password and try again.',
  corruptPdf: 'This PDF is damaged and could not be read.',
  tooManyPages: (pages: number) =>
    `This PDF has ${pages} pages; at most ${pdfMaxPages} pages can be converted at a time.`,
  tooManyScannedPages: (pages: number) =>
    `This PDF has ${pages} pages that must be read as pictures (scanned or Hindi pages); at most ${pdfMaxRecognisedPages} can be read at a time.`,
  pdfTooLargeDecoded: (allowedBytes: number) =>
    `This PDF's contents unpack to far more than its size (over ${Math.round(allowedBytes / 1024 ** 2)} MB), which ordinary documents never do, so it was not read. Please print it to a new PDF and try again.`,
  noReadableText:
    'No readable text was found: this picture looks like noise or a photo without writing. Please send a clear picture of text.',
  tooMuchMemory:
    'This file needs more memory to read than this tool allows, so reading it was stopped. Please try a smaller or simpler file.',
  oneAtATime: 'You already have a file being read. Please wait for it to finish, then send the next one.',
  tooMany: 'You have converted many files in a short time. Please wait a minute and try again.',
  tooManyToday: 'You have converted many files today. Please try again tomorrow.',
} as const;

/** Conversions per visitor per minute and per day (client address). */
export const textExtractPerMinute = 10;
export const textExtractPerDay = 300;

/** The download name of a PDF's text: its name with `.txt` instead of `.pdf` (`document.txt` without one). */
export function textFileName(pdfName: string): string {
  const base = (pdfName.split(/[\\/]/).at(-1) ?? '').replace(/\.pdf$/i, '').trim();
  const safe = base.replace(/\p{Cc}|"/gu, '').slice(0, 150);
  return `${safe || 'document'}.txt`;
}
