import { z } from 'zod';
import { defineCall, fileAnswerSchema } from './api-call.ts';
import { imageToTextTypes, textExtractMaxBytes } from './text-extract-rules.ts';

/** The answer of image to text (tools-and-trading.md section 7): the text read from the file. */
export const extractTextAnswerSchema = z
  .object({
    text: z.string().describe("The text read from the file, or 'No text found in the image.'"),
  })
  .meta({ id: 'ExtractTextAnswer' });

export const extractText = defineCall({
  method: 'POST',
  path: '/api/extract-text',
  operationId: 'extractText',
  summary: 'Read the text of an image or a PDF (English and Hindi)',
  description:
    'OCR on this server, offline (tesseract, English and Hindi together). The type is decided from the bytes: JPEG (and JFIF), PNG, GIF (its first frame), HEIC and PDF (each page: its text layer, or OCR of the rendered page when it has none). 422 names what is wrong with a file that cannot be read; 504 when reading takes longer than the time limit.',
  tag: 'tools',
  access: 'public',
  bodyEncoding: 'multipart',
  files: { file: { types: imageToTextTypes, maxBytes: textExtractMaxBytes } },
  status: 200,
  response: extractTextAnswerSchema,
  errors: [400, 413, 415, 422, 503, 504],
});

export const pdfToText = defineCall({
  method: 'POST',
  path: '/api/pdf-to-text',
  operationId: 'pdfToText',
  summary: 'Convert a PDF to a UTF-8 text file',
  description:
    "The text of each page in order, pages separated by a form feed (U+000C, as pdftotext does). Pages without a text layer, and pages in Devanagari (whose text layer pdf.js reads wrongly), are read by OCR. The answer is text/plain; charset=utf-8 with a download name taken from the PDF's name.",
  tag: 'tools',
  access: 'public',
  bodyEncoding: 'multipart',
  files: { file: { types: ['application/pdf'], maxBytes: textExtractMaxBytes } },
  answer: 'file',
  answerType: 'text/plain',
  status: 200,
  response: fileAnswerSchema,
  errors: [400, 413, 415, 422, 503, 504],
});
