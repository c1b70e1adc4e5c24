import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createEnginePool, type EnginePool } from '../engine-pool.ts';
import type { OcrSourceType } from './ocr.engine.ts';
import { readTextOf } from './ocr.ts';
import { heicDeclaredPixels } from './ocr-images.ts';
import { needsRecognition } from './ocr-pdf.ts';
import { ocrJobsPerWorker, recognise, stopReader, workersStarted } from './ocr-reader.ts';
import {
  blankPagesPdf,
  characterAccuracy,
  flateBombPdf,
  passwordPdf,
  sampleEnglish,
  sampleHindi,
  scannedPdf,
  textPdf,
  textPicture,
} from './ocr-samples.ts';
import { allowedDecodedBytes, checkPdfInflation } from './pdf-inflation.ts';

// One warm engine for the whole file: starting tesseract with both languages takes a few hundred ms.
let pool: EnginePool;
let folder: string;
beforeAll(async () => {
  pool = createEnginePool({ threadBudget: 1 });
  folder = fs.mkdtempSync(path.join(os.tmpdir(), 'ocr-engine-'));
  await read(await textPicture(['warm'], 'png'), 'image/png');
}, 60_000);
afterAll(async () => {
  await pool.close();
  fs.rmSync(folder, { recursive: true, force: true });
});

let counter = 0;
async function read(bytes: Buffer | Uint8Array, type: OcrSourceType) {
  counter += 1;
  const file = path.join(folder, `sample-${counter}`);
  fs.writeFileSync(file, bytes);
  return readTextOf(pool, { path: file, type });
}
async function readOk(bytes: Buffer | Uint8Array, type: OcrSourceType) {
  const output = await read(bytes, type);
  if (!output.ok) throw new Error(`expected text, got ${output.problem}`);
  return output;
}
const joined = (lines: readonly string[]) => lines.join('\n');
/** Pages 150 points high: OCR reads a short page in a fraction of an A4 page's time. */
const short = { height: 150 };

describe('the ocr engine', { timeout: 30_000 }, () => {
  it('reads English text from a PNG and Hindi text from a JPEG, both languages at once', async () => {
    const english = await readOk(await textPicture(sampleEnglish, 'png'), 'image/png');
    expect(english.pages[0]).toBe(joined(sampleEnglish));
    const hindi = await readOk(await textPicture(sampleHindi, 'jpeg'), 'image/jpeg');
    expect(characterAccuracy(joined(sampleHindi), hindi.pages[0]!)).toBeGreaterThanOrEqual(0.99);
    const mixed = await readOk(await textPicture(['Nifty closes higher', 'निफ्टी ऊपर बंद हुआ']), 'image/png');
    expect(characterAccuracy('Nifty closes higher\nनिफ्टी ऊपर बंद हुआ', mixed.pages[0]!)).toBeGreaterThanOrEqual(
      0.95,
    );
  });

  it('reads the first frame of a GIF, animated or not', async () => {
    const gif = await readOk(await textPicture(['Animated notice board'], 'gif'), 'image/gif');
    expect(gif.pages[0]).toBe('Animated notice board');
    const frames = [
      await textPicture(['First frame words'], 'png', { width: 700 }),
      await textPicture(['Second frame other'], 'png', { width: 700 }),
    ];
    const animated = await sharp(frames, { join: { animated: true } })
      .gif()
      .toBuffer();
    expect((await sharp(animated).metadata()).pages).toBe(2);
    expect((await readOk(animated, 'image/gif')).pages).toEqual(['First frame words']);
  });

  it('decodes a real HEIC photo (made with libheif heif-enc) and reads it', async () => {
    const heic = fs.readFileSync(path.join(import.meta.dirname, '../../../test/fixtures/ocr/notice.heic'));
    expect(heicDeclaredPixels(heic)).toBeGreaterThan(0);
    const output = await readOk(heic, 'image/heic');
    expect(
      characterAccuracy('HEIC photo of a notice\nMarket opens at nine', output.pages[0]!),
    ).toBeGreaterThanOrEqual(0.95);
  });

  it('answers a problem, not a failure, for broken images, and keeps working after them', async () => {
    const png = await textPicture(['Still working'], 'png');
    expect(await read(png.subarray(0, png.length / 2), 'image/png')).toEqual({
      ok: false,
      problem: 'unreadable-image',
    });
    expect(await read(Buffer.from('not a picture at all'), 'image/jpeg')).toEqual({
      ok: false,
      problem: 'unreadable-image',
    });
    const heic = fs.readFileSync(path.join(import.meta.dirname, '../../../test/fixtures/ocr/notice.heic'));
    expect(await read(heic.subarray(0, 2000), 'image/heic')).toEqual({ ok: false, problem: 'heic-failed' });
    // A HEIC that declares 100,000 x 100,000 pixels is refused from its header, never decoded.
    const bomb = Buffer.from(heic);
    const ispe = bomb.indexOf('ispe');
    bomb.writeUInt32BE(100_000, ispe + 8);
    bomb.writeUInt32BE(100_000, ispe + 12);
    expect(await read(bomb, 'image/heic')).toEqual({ ok: false, problem: 'too-many-pixels', pixels: 1e10 });
    expect((await readOk(png, 'image/png')).pages).toEqual(['Still working']);
  });

  it('refuses a decompression bomb from its header, before decoding it', async () => {
    // A PNG header that claims 60000 x 60000 pixels, in a few hundred bytes.
    const png = await textPicture(['x'], 'png');
    const bomb = Buffer.from(png);
    bomb.writeUInt32BE(60_000, 16);
    bomb.writeUInt32BE(60_000, 20);
    // How long the refusal takes is measured by `npm run bench` (section ocr), never asserted here.
    expect(await read(bomb, 'image/png')).toEqual({
      ok: false,
      problem: 'too-many-pixels',
      pixels: 3_600_000_000,
    });
  });

  it('takes a PDF text layer page by page, without OCR', async () => {
    const output = await readOk(
      textPdf([['First page, line one', 'line two'], ['Second page']]),
      'application/pdf',
    );
    expect(output).toEqual({
      ok: true,
      pages: ['First page, line one\nline two', 'Second page'],
      recognised: [],
    });
  });

  it('reads Hindi PDF pages by OCR (pdf.js garbles Devanagari text layers) at 99 % of characters', async () => {
    const hindiPage = ['भारतीय रिज़र्व बैंक ने आज ब्याज दरें स्थिर रखीं।', 'शेयर बाज़ार में तेज़ी रही और निवेशक खुश हैं।'];
    const pdf = textPdf([hindiPage, ['English page']], short);
    // The trap, reproduced: pdf.js's own reading of this text layer loses about a third of the characters.
    const pdfjs = await import('pdfjs-dist/legacy/build/pdf.mjs');
    const loading = pdfjs.getDocument({ data: new Uint8Array(pdf), verbosity: 0 });
    const layer = await (await (await loading.promise).getPage(1)).getTextContent();
    const layerText = layer.items
      .map((item) => ('str' in item ? item.str + (item.hasEOL ? '\n' : '') : ''))
      .join('');
    await loading.destroy();
    expect(characterAccuracy(joined(hindiPage), layerText)).toBeLessThan(0.9);

    const output = await readOk(pdf, 'application/pdf');
    expect(output.recognised).toEqual([1]);
    expect(characterAccuracy(joined(hindiPage), output.pages[0]!)).toBeGreaterThanOrEqual(0.99);
    expect(output.pages[1]).toBe('English page');
  });

  it('reads a scanned PDF (pages that are only pictures) by OCR', async () => {
    const output = await readOk(
      await scannedPdf([['Scanned invoice 2025'], ['Total due 450 rupees']], short),
      'application/pdf',
    );
    expect(output.recognised).toEqual([1, 2]);
    expect(output.pages).toEqual(['Scanned invoice 2025', 'Total due 450 rupees']);
  });

  it('refuses password-protected, damaged, 10,000-page and 30-scanned-page PDFs', async () => {
    expect(await read(passwordPdf(), 'application/pdf')).toEqual({ ok: false, problem: 'encrypted-pdf' });
    expect(await read(Buffer.from('%PDF-1.7\n1 0 obj garbage'), 'application/pdf')).toEqual({
      ok: false,
      problem: 'corrupt-pdf',
    });
    // How long these refusals take is measured by `npm run bench` (section ocr), never asserted here.
    expect(await read(blankPagesPdf(10_000), 'application/pdf')).toEqual({
      ok: false,
      problem: 'too-many-pages',
      pages: 10_000,
    });
    expect(await read(blankPagesPdf(30), 'application/pdf')).toEqual({
      ok: false,
      problem: 'too-many-scanned-pages',
      pages: 30,
    });
  });

  it('refuses a PDF whose content stream inflates 2,048 MB from 2 MB, before pdf.js decodes it', async () => {
    const bomb = await flateBombPdf(2048);
    expect(bomb.length).toBeLessThan(2.5 * 1024 ** 2);
    const before = process.memoryUsage().rss;
    expect(await read(bomb, 'application/pdf')).toEqual({
      ok: false,
      problem: 'pdf-too-large-decoded',
      allowedBytes: allowedDecodedBytes(bomb.length),
    });
    // Counted in 64 KB steps in the engine's own process: nothing of the 2 GB comes near this one.
    expect(process.memoryUsage().rss - before).toBeLessThan(200 * 1024 ** 2);
    // The same kind of stream within what the file may decode to is read as usual (an empty page).
    expect(await read(await flateBombPdf(8), 'application/pdf')).toEqual({
      ok: true,
      pages: [''],
      recognised: [1],
    });
  });

  it('counts Flate streams up to the cap and no further, and ordinary PDFs pass', async () => {
    const bomb = await flateBombPdf(300);
    const counted = await checkPdfInflation(bomb);
    expect(counted.ok).toBe(false);
    // Stopped one 64 KB step past what the file may decode to, not at 300 MB.
    expect(counted.decodedBytes).toBeLessThan(allowedDecodedBytes(bomb.length) + 128 * 1024);
    expect(await checkPdfInflation(await flateBombPdf(20))).toEqual({
      ok: true,
      decodedBytes: 20 * 1024 ** 2,
    });
    expect((await checkPdfInflation(textPdf([['Hello'], ['Page two']]))).ok).toBe(true);
  });

  it('refuses a noise picture before OCR (no readable text), and reads a text picture after it', async () => {
    const side = 1000;
    const noise = await sharp(crypto.randomBytes(side * side * 3), {
      raw: { width: side, height: side, channels: 3 },
    })
      .png({ compressionLevel: 1 })
      .toBuffer();
    expect(await read(noise, 'image/png')).toEqual({ ok: false, problem: 'no-readable-text' });
    expect((await readOk(await textPicture(['After the noise']), 'image/png')).pages).toEqual([
      'After the noise',
    ]);
  });

  it('sends to OCR the pages with no text or with Devanagari or unmapped glyphs', () => {
    expect(needsRecognition('  \n')).toBe(true);
    expect(needsRecognition('नमस्ते')).toBe(true);
    expect(needsRecognition('Price \ufffd 20')).toBe(true);
    expect(needsRecognition('O\u001fRG!Q\u0003')).toBe(true);
    expect(needsRecognition('Plain English, 2025.')).toBe(false);
  });
});

describe('the tesseract worker of a thread', () => {
  it(`is replaced after ${ocrJobsPerWorker} images (its memory grows with use)`, {
    timeout: 60_000,
  }, async () => {
    const picture = await textPicture(['ok'], 'png', { size: 24 });
    const before = workersStarted();
    try {
      for (let i = 0; i < ocrJobsPerWorker; i += 1) await recognise(picture);
      expect(workersStarted() - before).toBe(1);
      expect((await recognise(picture)).trim()).toBe('ok');
      expect(workersStarted() - before).toBe(2);
    } finally {
      await stopReader();
    }
  });
});
