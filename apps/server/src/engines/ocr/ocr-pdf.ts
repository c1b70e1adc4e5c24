import fs from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';
import { imageMaxPixels, pdfMaxPages, pdfMaxRecognisedPages } from '@hurryup/contracts/text-extract-rules';
import { createCanvas } from '@napi-rs/canvas';
import { getDocument, type PDFDocumentProxy, type PDFPageProxy } from 'pdfjs-dist/legacy/build/pdf.mjs';

type RenderParameters = Parameters<PDFPageProxy['render']>[0];

import type { OcrOutput, OcrProblem } from './ocr.engine.ts';
import { checkPdfInflation } from './pdf-inflation.ts';

const require = createRequire(import.meta.url);
const pdfjsFolder = path.dirname(require.resolve('pdfjs-dist/package.json'));

/** Pages are rendered for OCR at 300 dpi, or fewer dots when the page is large: at most this many pixels. */
const renderMaxPixels = 12_000_000;

/**
 * Does a page's text layer need OCR instead? When it has no text (a scan), and when it holds Devanagari:
 * pdf.js maps Devanagari glyphs back to characters wrongly (mozilla/pdf.js #21890: 9 to 18 % wrong
 * characters, U+FFFD and NULs, vowel signs out of order), and no check of the text alone can tell which
 * pages came out right. U+FFFD, control and private-use characters mean unmapped glyphs in any script.
 */
export function needsRecognition(text: string): boolean {
  if (text.trim() === '') return true;
  const controls = /\p{Cc}/u.test(text.replace(/[\n\t\r\f]/g, ''));
  return controls || /[\u0900-\u097f\ua8e0-\ua8ff\ufffd\ue000-\uf8ff]/u.test(text);
}

/** The text layer of a page as lines, pdf.js's end-of-line marks kept. */
async function textLayer(page: PDFPageProxy): Promise<string> {
  const content = await page.getTextContent();
  let text = '';
  for (const item of content.items) {
    if (!('str' in item)) continue;
    text += item.str;
    if (item.hasEOL) text += '\n';
  }
  return text
    .split('\n')
    .map((line) => line.replace(/[ \t]+$/u, ''))
    .join('\n')
    .trim();
}

/** The page as a PNG at 300 dpi (fewer for a large page), white behind it, for OCR. */
async function renderPage(page: PDFPageProxy): Promise<Buffer> {
  const base = page.getViewport({ scale: 1 });
  const scale = Math.min(300 / 72, Math.sqrt(renderMaxPixels / (base.width * base.height)));
  const viewport = page.getViewport({ scale });
  const canvas = createCanvas(
    Math.max(1, Math.ceil(viewport.width)),
    Math.max(1, Math.ceil(viewport.height)),
  );
  const context = canvas.getContext('2d');
  context.fillStyle = '#ffffff';
  context.fillRect(0, 0, canvas.width, canvas.height);
  // @napi-rs/canvas is the canvas pdf.js itself uses in Node; its types are not the DOM's.
  await page.render({ canvas: canvas as unknown as RenderParameters['canvas'], viewport }).promise;
  return canvas.encode('png');
}

async function openPdf(
  file: string,
): Promise<{ document: PDFDocumentProxy; close: () => Promise<void> } | OcrProblem> {
  const bytes = await fs.readFile(file);
  // Before pdf.js sees it: a stream that would decode to more than the file may is refused unread.
  const inflation = await checkPdfInflation(bytes);
  if (!inflation.ok) return { problem: 'pdf-too-large-decoded', allowedBytes: inflation.allowed };
  const data = new Uint8Array(bytes);
  const task = getDocument({
    data,
    standardFontDataUrl: `${pdfjsFolder}/standard_fonts/`,
    cMapUrl: `${pdfjsFolder}/cmaps/`,
    cMapPacked: true,
    // A page image larger than this is skipped rather than decoded (a decompression bomb inside a PDF).
    maxImageSize: imageMaxPixels,
    verbosity: 0,
  });
  try {
    const document = await task.promise;
    return { document, close: () => task.destroy().catch(() => undefined) };
  } catch (error) {
    await task.destroy().catch(() => undefined);
    return {
      problem: (error as { name?: string }).name === 'PasswordException' ? 'encrypted-pdf' : 'corrupt-pdf',
    };
  }
}

/** pdf.js work on a page; undefined when the page breaks it midway (a damaged stream, a broken font). */
async function pdfWork<T>(work: () => Promise<T>): Promise<T | undefined> {
  try {
    return await work();
  } catch {
    return undefined;
  }
}

/**
 * Every page's text: its text layer, or, for pages that have none or hold Devanagari, OCR of the rendered
 * page (`recognise`). Refuses before any OCR a PDF of too many pages or of too many pages to recognise.
 */
export async function readPdf(file: string, recognise: (png: Buffer) => Promise<string>): Promise<OcrOutput> {
  const opened = await openPdf(file);
  if ('problem' in opened) return { ok: false, ...opened };
  const { document, close } = opened;
  try {
    if (document.numPages > pdfMaxPages)
      return { ok: false, problem: 'too-many-pages', pages: document.numPages };
    const pages: string[] = [];
    const toRecognise: number[] = [];
    for (let number = 1; number <= document.numPages; number += 1) {
      const text = await pdfWork(async () => {
        const page = await document.getPage(number);
        const layer = await textLayer(page);
        page.cleanup();
        return layer;
      });
      if (text === undefined) return { ok: false, problem: 'corrupt-pdf' };
      pages.push(text);
      if (needsRecognition(text)) toRecognise.push(number);
    }
    if (toRecognise.length > pdfMaxRecognisedPages)
      return { ok: false, problem: 'too-many-scanned-pages', pages: toRecognise.length };
    for (const number of toRecognise) {
      const png = await pdfWork(async () => {
        const page = await document.getPage(number);
        const rendered = await renderPage(page);
        page.cleanup();
        return rendered;
      });
      if (png === undefined) return { ok: false, problem: 'corrupt-pdf' };
      // Outside pdfWork: a failure of OCR itself is the engine's, not the file's.
      pages[number - 1] = (await recognise(png)).trim();
    }
    return { ok: true, pages, recognised: toRecognise };
  } finally {
    await close();
  }
}
