import fs from 'node:fs';
import path from 'node:path';
import { textExtractMessages, textExtractPerMinute } from '@hurryup/contracts/text-extract-rules';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';
import { createEnginePool, type EnginePool } from '../../engines/engine-pool.ts';
import {
  blankPagesPdf,
  characterAccuracy,
  flateBombPdf,
  passwordPdf,
  sampleHindi,
  scannedPdf,
  textPdf,
  textPicture,
} from '../../engines/ocr/ocr-samples.ts';
import { uploadsFolder } from '../../shared/uploads.ts';
import { textExtractFeature } from './text-extract.feature.ts';

type Part = [name: string, value: string | Buffer, filename?: string];

/** A real multipart body, as a browser's FormData makes it. */
async function multipart(parts: Part[]) {
  const form = new FormData();
  for (const [name, value, filename] of parts) {
    if (typeof value === 'string') form.append(name, value);
    else form.append(name, new Blob([new Uint8Array(value)]), filename ?? 'file');
  }
  const request = new Request('http://localhost/', { method: 'POST', body: form });
  return {
    payload: Buffer.from(await request.arrayBuffer()),
    headers: { 'content-type': request.headers.get('content-type')! },
  };
}

let visitor = 0;
/** Each upload from its own address unless told, so the limits stay out of unrelated checks. */
async function upload(app: TestApp, url: string, file: Buffer, name: string, ip?: string) {
  visitor += 1;
  return app.app.inject({
    method: 'POST',
    url,
    remoteAddress: ip ?? `10.9.${Math.floor(visitor / 250)}.${visitor % 250}`,
    ...(await multipart([['file', file, name]])),
  });
}

let t: TestApp;
let pool: EnginePool;
beforeAll(async () => {
  // One warm engine for the file (tesseract starts once); the app's own pool would be the same.
  pool = createEnginePool({ threadBudget: 1 });
  t = await createTestApp({}, { features: [textExtractFeature], platform: { engines: pool } });
  const warm = await upload(t, '/api/extract-text', await textPicture(['warm'], 'png'), 'warm.png');
  expect(warm.statusCode).toBe(200);
}, 60_000);
afterAll(async () => {
  await t?.close();
  await pool?.close();
});

describe('POST /api/extract-text', { timeout: 30_000 }, () => {
  it('answers the text of an English PNG, a Hindi JPEG (named .jfif) and a PDF', async () => {
    const english = await upload(
      t,
      '/api/extract-text',
      await textPicture(['Office closed on Monday']),
      'a.png',
    );
    expect(english.statusCode).toBe(200);
    expect(english.json()).toEqual({ text: 'Office closed on Monday' });

    const hindi = await upload(t, '/api/extract-text', await textPicture(sampleHindi, 'jpeg'), 'photo.jfif');
    expect(hindi.statusCode).toBe(200);
    expect(characterAccuracy(sampleHindi.join('\n'), hindi.json().text)).toBeGreaterThanOrEqual(0.99);

    const pdf = await upload(
      t,
      '/api/extract-text',
      textPdf([['Page one'], ['Page two']], { height: 150 }),
      'x.pdf',
    );
    expect(pdf.json()).toEqual({ text: 'Page one\n\nPage two' });
  });

  it(`answers '${textExtractMessages.noText}' for a picture without text`, async () => {
    const blank = await upload(t, '/api/extract-text', await textPicture([' ']), 'blank.png');
    expect(blank.statusCode).toBe(200);
    expect(blank.json()).toEqual({ text: textExtractMessages.noText });
  });

  it('refuses empty, renamed, oversized, truncated and bomb files with their own 4xx messages, and keeps working', async () => {
    const empty = await upload(t, '/api/extract-text', Buffer.alloc(0), 'empty.png');
    expect(empty.statusCode).toBe(400);
    expect(empty.json()).toMatchObject({
      code: 'VALIDATION_ERROR',
      fields: { file: 'Please choose a file for file.' },
    });

    const renamed = await upload(
      t,
      '/api/extract-text',
      Buffer.from('just some notes, not a picture'),
      'notes.png',
    );
    expect(renamed.statusCode).toBe(415);
    expect(renamed.json().error).toMatch(/^The file sent as file is not of an accepted type/);

    const large = await upload(
      t,
      '/api/extract-text',
      Buffer.concat([await textPicture(['x']), Buffer.alloc(10 * 1024 ** 2)]),
      'big.png',
    );
    expect(large.statusCode).toBe(413);
    expect(large.json().error).toBe('The file sent as file is larger than 10 MB.');

    const png = await textPicture(['Pool still healthy']);
    const truncated = await upload(t, '/api/extract-text', png.subarray(0, png.length - 40), 'cut.png');
    expect(truncated.statusCode).toBe(422);
    expect(truncated.json()).toEqual({
      error: textExtractMessages.unreadableImage,
      code: 'UNREADABLE_IMAGE',
    });

    const bomb = Buffer.from(png);
    bomb.writeUInt32BE(100_000, 16);
    bomb.writeUInt32BE(100_000, 20);
    const huge = await upload(t, '/api/extract-text', bomb, 'bomb.png');
    expect(huge.statusCode).toBe(422);
    expect(huge.json()).toEqual({ error: textExtractMessages.tooManyPixels(1e10), code: 'IMAGE_TOO_LARGE' });

    const heic = fs.readFileSync(path.join(import.meta.dirname, '../../../test/fixtures/ocr/notice.heic'));
    const brokenHeic = await upload(t, '/api/extract-text', heic.subarray(0, 3000), 'broken.heic');
    expect(brokenHeic.statusCode).toBe(422);
    expect(brokenHeic.json()).toEqual({ error: textExtractMessages.heicFailed, code: 'HEIC_DECODE_FAILED' });

    const after = await upload(t, '/api/extract-text', png, 'fine.png');
    expect(after.json()).toEqual({ text: 'Pool still healthy' });
    expect(pool.stats().engines[0]).toMatchObject({ name: 'ocr', failed: 0, timedOut: 0 });
    // Every upload is removed once answered.
    const folder = uploadsFolder(t.app.config.dataDir);
    await expect.poll(() => (fs.existsSync(folder) ? fs.readdirSync(folder) : [])).toEqual([]);
  });

  it('refuses a PDF that inflates 2,048 MB from 2 MB (422, a clear message), and keeps working', async () => {
    const bomb = await upload(t, '/api/pdf-to-text', await flateBombPdf(2048), 'bomb.pdf');
    expect(bomb.statusCode).toBe(422);
    expect(bomb.json()).toMatchObject({ code: 'PDF_TOO_LARGE_DECODED' });
    expect(bomb.json().error).toMatch(/^This PDF's contents unpack to far more than its size/);
    const after = await upload(t, '/api/extract-text', await textPicture(['Still reading']), 'ok.png');
    expect(after.json()).toEqual({ text: 'Still reading' });
  });

  it(`limits a visitor to ${textExtractPerMinute} conversions a minute`, async () => {
    const pdf = textPdf([['Quick']], { height: 150 });
    for (let i = 0; i < textExtractPerMinute; i += 1) {
      expect((await upload(t, '/api/extract-text', pdf, 'q.pdf', '10.77.0.1')).statusCode).toBe(200);
    }
    const refused = await upload(t, '/api/pdf-to-text', pdf, 'q.pdf', '10.77.0.1');
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toEqual({ error: textExtractMessages.tooMany, code: 'RATE_LIMITED' });
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
  });
});

describe('POST /api/pdf-to-text', { timeout: 30_000 }, () => {
  it('answers a UTF-8 text file named after the PDF, pages kept apart by form feeds', async () => {
    const pdf = textPdf([['Chapter one', 'first line'], ['Chapter two'], ['Chapter three']], { height: 150 });
    const res = await upload(t, '/api/pdf-to-text', pdf, 'Annual Report 2025.pdf');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/plain; charset=utf-8');
    expect(res.headers['content-disposition']).toBe(
      `attachment; filename="Annual Report 2025.txt"; filename*=UTF-8''Annual%20Report%202025.txt`,
    );
    expect(res.body).toBe('Chapter one\nfirst line\n\fChapter two\n\fChapter three\n');
  });

  it('gets Hindi right (OCR of the Devanagari pages) and reads scanned pages, keeping a Hindi file name', async () => {
    const lines = ['भारतीय रिज़र्व बैंक ने आज ब्याज दरें स्थिर रखीं।', 'शेयर बाज़ार में तेज़ी रही।'];
    const res = await upload(t, '/api/pdf-to-text', textPdf([lines], { height: 150 }), 'समाचार.pdf');
    expect(res.statusCode).toBe(200);
    expect(characterAccuracy(lines.join('\n'), res.body)).toBeGreaterThanOrEqual(0.99);
    expect(res.body.replace(/[\n\f]/g, '')).not.toMatch(/[\p{Cc}\ufffd]/u);
    expect(res.headers['content-disposition']).toBe(
      `attachment; filename="${'_'.repeat('समाचार'.length)}.txt"; filename*=UTF-8''${encodeURIComponent('समाचार.txt')}`,
    );

    const scan = await upload(
      t,
      '/api/pdf-to-text',
      await scannedPdf([['Scanned receipt']], { height: 150 }),
      's.pdf',
    );
    expect(scan.body).toBe('Scanned receipt\n');
  });

  it('refuses password-protected, damaged, 10,000-page and non-PDF files with their own messages', async () => {
    const cases: [Buffer, number, string, string][] = [
      [passwordPdf(), 422, 'PDF_ENCRYPTED', textExtractMessages.encryptedPdf],
      [
        Buffer.from('%PDF-1.7\n1 0 obj << /Type /Catalog'),
        422,
        'PDF_DAMAGED',
        textExtractMessages.corruptPdf,
      ],
      [blankPagesPdf(10_000), 422, 'PDF_TOO_MANY_PAGES', textExtractMessages.tooManyPages(10_000)],
    ];
    for (const [file, status, code, error] of cases) {
      const res = await upload(t, '/api/pdf-to-text', file, 'x.pdf');
      expect(res.statusCode).toBe(status);
      expect(res.json()).toEqual({ error, code });
    }
    const picture = await upload(t, '/api/pdf-to-text', await textPicture(['x']), 'picture.pdf');
    expect(picture.statusCode).toBe(415);
    expect(picture.json().error).toMatch(/send application\/pdf\.$/);
  });
});

describe('the time limit', () => {
  it('answers 504 for a task past it, and the engine reads the next file', { timeout: 30_000 }, async () => {
    const slowPool = createEnginePool({ threadBudget: 1, limits: { ocr: { timeoutMs: 3000 } } });
    const slow = await createTestApp({}, { features: [textExtractFeature], platform: { engines: slowPool } });
    try {
      // Four A4 pages to read by OCR: about 10 s of work.
      const page = await scannedPdf([
        ['A page that takes a while'],
        ['and another one'],
        ['a third'],
        ['a fourth'],
      ]);
      const stopped = await upload(slow, '/api/pdf-to-text', page, 'slow.pdf');
      expect(stopped.statusCode).toBe(504);
      expect(stopped.json().code).toBe('ENGINE_TIMEOUT');
      const quick = await upload(
        slow,
        '/api/extract-text',
        textPdf([['Fast text layer']], { height: 150 }),
        'f.pdf',
      );
      expect(quick.json()).toEqual({ text: 'Fast text layer' });
    } finally {
      await slow.close();
      await slowPool.close();
    }
  });
});
