import type QRCodeModule from 'qrcode';
import { loadOnUse } from '../../shared/load-on-use.ts';

// Loaded with the first QR code drawn.
const qrCode = loadOnUse<typeof QRCodeModule>('qrcode');

/**
 * A QR code of `text` as one SVG path: each dark module a 1×1 square, rows merged into runs, on a grid of
 * `size` modules (the quiet zone is the page's to draw). Error correction M: a phone camera reads it from
 * a screen at an angle, and a UPI link fits in a small symbol.
 */
export function qrCodePath(text: string): { size: number; path: string } {
  const { modules } = qrCode().create(text, { errorCorrectionLevel: 'M' });
  const size = modules.size;
  const parts: string[] = [];
  for (let y = 0; y < size; y++) {
    let x = 0;
    while (x < size) {
      if (!modules.get(x, y)) {
        x++;
        continue;
      }
      const start = x;
      while (x < size && modules.get(x, y)) x++;
      parts.push(`M${start} ${y}h${x - start}v1h${start - x}z`);
    }
  }
  return { size, path: parts.join('') };
}
