import { createRequire } from 'node:module';
import path from 'node:path';
import zlib from 'node:zlib';
import { createCanvas, GlobalFonts, loadImage, PDFDocument, type SKRSContext2D } from '@napi-rs/canvas';

/*
 * Sample files made on the spot for the OCR tests and benchmark (never shipped fixtures): text rendered
 * with @napi-rs/canvas (Skia, with HarfBuzz shaping, so Devanagari conjuncts and vowel signs come out as a
 * reader sees them), PDFs with a text layer from Skia's PDF backend, and hand-written PDFs for the cases a
 * PDF library will not write (encryption, ten thousand pages).
 */

const require = createRequire(import.meta.url);

/** The site's own Devanagari font (@fontsource/noto-sans-devanagari, served by the web app). */
function registerDevanagari(): string {
  const family = 'Sample Noto Sans Devanagari';
  if (!GlobalFonts.has(family)) {
    const folder = path.join(
      path.dirname(require.resolve('@fontsource/noto-sans-devanagari/package.json')),
      'files',
    );
    GlobalFonts.registerFromPath(
      path.join(folder, 'noto-sans-devanagari-devanagari-400-normal.woff2'),
      family,
    );
  }
  return family;
}

export const sampleEnglish = ['The quick brown fox jumps', 'over the lazy dog near Pune.'];
export const sampleHindi = ['आज शाम को बैठक है और', 'कल सुबह बाज़ार खुलेगा।'];

interface TextPictureOptions {
  /** Pixels of the font (default 40). */
  size?: number;
  width?: number;
  /** Text colour on white (default black). */
  colour?: string;
}

function drawLines(lines: readonly string[], options: TextPictureOptions = {}) {
  const size = options.size ?? 40;
  const width = options.width ?? Math.max(...lines.map((line) => line.length)) * size * 0.62 + 2 * size;
  const height = Math.round(lines.length * size * 1.7 + size);
  const canvas = createCanvas(Math.round(width), height);
  const context = canvas.getContext('2d');
  context.fillStyle = '#ffffff';
  context.fillRect(0, 0, canvas.width, canvas.height);
  context.fillStyle = options.colour ?? '#000000';
  context.font = `${size}px "${registerDevanagari()}", sans-serif`;
  for (const [index, line] of lines.entries()) context.fillText(line, size, size * 1.5 + index * size * 1.7);
  return canvas;
}

/** Lines of text, black on white, as a PNG, JPEG or GIF. */
export function textPicture(
  lines: readonly string[],
  format: 'png' | 'jpeg' | 'gif' = 'png',
  options: TextPictureOptions = {},
): Promise<Buffer> {
  const canvas = drawLines(lines, options);
  if (format === 'jpeg') return canvas.encode('jpeg', 92);
  if (format === 'gif') return canvas.encode('gif');
  return canvas.encode('png');
}

/** A4 is 842 points high; tests use short pages, which OCR reads faster. */
interface PdfPageOptions {
  height?: number;
}

/** A PDF with a text layer: each page's lines drawn as text on a page 595 points wide (A4's width). */
export function textPdf(pages: readonly (readonly string[])[], options: PdfPageOptions = {}): Buffer {
  const document = new PDFDocument({ title: 'Sample' });
  const family = registerDevanagari();
  for (const lines of pages) {
    const context = document.beginPage(595, options.height ?? 842);
    context.fillStyle = '#000000';
    context.font = `18px "${family}", sans-serif`;
    for (const [index, line] of lines.entries()) context.fillText(line, 56, 60 + index * 30);
    document.endPage();
  }
  return document.close();
}

/** A "scanned" PDF: each page is a picture of its lines, with no text layer. */
export async function scannedPdf(
  pages: readonly (readonly string[])[],
  options: PdfPageOptions = {},
): Promise<Buffer> {
  const document = new PDFDocument({ title: 'Scan' });
  for (const lines of pages) {
    const picture = await loadImage(await textPicture(lines, 'png', { size: 48 }));
    // The page's context draws pictures like any Skia context; its declared type leaves drawImage out.
    const context = document.beginPage(595, options.height ?? 842) as SKRSContext2D;
    const scale = Math.min(1, 480 / picture.width);
    context.drawImage(picture, 56, 40, picture.width * scale, picture.height * scale);
    document.endPage();
  }
  return document.close();
}

/** A PDF written by hand from its objects, with a correct cross-reference table. */
function handWrittenPdf(objects: readonly string[], trailerExtra = ''): Buffer {
  let body = '%PDF-1.4\n';
  const offsets: number[] = [];
  objects.forEach((object, index) => {
    offsets.push(Buffer.byteLength(body, 'latin1'));
    body += `${index + 1} 0 obj\n${object}\nendobj\n`;
  });
  const xref = Buffer.byteLength(body, 'latin1');
  body += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`;
  for (const offset of offsets) body += `${String(offset).padStart(10, '0')} 00000 n \n`;
  body += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R ${trailerExtra}>>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(body, 'latin1');
}

/**
 * A zlib stream of `megabytes` MB of spaces, in about 1 KB a megabyte: zlib's output for each further
 * megabyte of the same byte (after a sync flush) is the same block, so it is made once and repeated, with
 * the Adler-32 of the whole worked out rather than computed over gigabytes.
 */
async function spacesDeflated(megabytes: number): Promise<Buffer> {
  const deflate = zlib.createDeflate({ level: 9 });
  const megabyte = Buffer.alloc(1024 ** 2, 0x20);
  const blocks: Buffer[] = [];
  for (let i = 0; i < 2; i += 1) {
    deflate.write(megabyte);
    await new Promise<void>((resolve) => deflate.flush(zlib.constants.Z_SYNC_FLUSH, () => resolve()));
    blocks.push(deflate.read() as Buffer);
  }
  deflate.destroy();
  const n = BigInt(megabytes) * 1024n ** 2n;
  const a = (1n + n * 32n) % 65521n;
  const b = (n + (32n * n * (n + 1n)) / 2n) % 65521n;
  const adler = Buffer.alloc(4);
  adler.writeUInt32BE(Number((b << 16n) | a));
  return Buffer.concat([
    blocks[0]!,
    ...Array.from({ length: megabytes - 1 }, () => blocks[1]!),
    Buffer.from([0x03, 0x00]),
    adler,
  ]);
}

/**
 * A one-page PDF whose content stream is a Flate bomb: `megabytes` MB of spaces in about 1 KB a megabyte
 * (2,048 MB in 2 MB, as in the outside probe that took the web process to 5 GB).
 */
export async function flateBombPdf(megabytes: number): Promise<Buffer> {
  const content = (await spacesDeflated(megabytes)).toString('latin1');
  return handWrittenPdf([
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] /Contents 4 0 R >>',
    `<< /Length ${content.length} /Filter /FlateDecode >>\nstream\n${content}\nendstream`,
  ]);
}

/** A PDF of `count` blank pages (one shared empty page description, so 10,000 pages stay small). */
export function blankPagesPdf(count: number): Buffer {
  const kids = Array.from({ length: count }, (_, index) => `${index + 3} 0 R`).join(' ');
  const pages = Array.from(
    { length: count },
    () => '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] >>',
  );
  return handWrittenPdf([
    '<< /Type /Catalog /Pages 2 0 R >>',
    `<< /Type /Pages /Kids [${kids}] /Count ${count} >>`,
    ...pages,
  ]);
}

/**
 * A PDF protected by a user password (the standard security handler, RC4 40-bit): without the password no
 * reader can open it. Its /U entry matches no empty password, as for any PDF with a password set.
 */
export function passwordPdf(): Buffer {
  const hex = (seed: number) =>
    Array.from({ length: 32 }, (_, index) => ((index * 37 + seed) % 256).toString(16).padStart(2, '0')).join(
      '',
    );
  return handWrittenPdf(
    [
      '<< /Type /Catalog /Pages 2 0 R >>',
      '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
      '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] >>',
      `<< /Filter /Standard /V 1 /R 2 /O <${hex(11)}> /U <${hex(97)}> /P -44 >>`,
    ],
    `/Encrypt 4 0 R /ID [<${hex(5).slice(0, 32)}> <${hex(5).slice(0, 32)}>] `,
  );
}

/** The share of `expected`'s characters a reading got right: 1 - edit distance / length (spaces ignored). */
export function characterAccuracy(expected: string, read: string): number {
  const a = [...expected.replace(/\s+/gu, '')];
  const b = [...read.replace(/\s+/gu, '')];
  let previous = Array.from({ length: b.length + 1 }, (_, index) => index);
  for (let i = 1; i <= a.length; i += 1) {
    const row = [i];
    for (let j = 1; j <= b.length; j += 1) {
      row.push(
        Math.min(previous[j]! + 1, row[j - 1]! + 1, previous[j - 1]! + (a[i - 1] === b[j - 1] ? 0 : 1)),
      );
    }
    previous = row;
  }
  return a.length === 0 ? (b.length === 0 ? 1 : 0) : 1 - previous[b.length]! / a.length;
}
