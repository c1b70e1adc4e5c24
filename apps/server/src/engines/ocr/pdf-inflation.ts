import zlib from 'node:zlib';

/**
 * What a PDF's compressed streams may decode to, checked before pdf.js opens it. pdf.js bounds only page
 * images (`maxImageSize`); a content stream, a font or an object stream is decoded whole into memory, so a
 * 2 MB PDF whose one stream inflates to 2 GB took the web process to 5 GB. The streams are inflated here
 * once, in 64 KB steps that are counted and dropped, and the scan stops as soon as the total passes what the
 * file may decode to: nothing is held but one step.
 */
export interface InflationLimits {
  /** Decoded bytes of all streams together at most, whatever the file's size. */
  maxBytes: number;
  /** Decoded bytes per byte of the file at most (past `freeBytes`): ordinary PDFs decode to a few times their size. */
  maxRatio: number;
  /** Any file may decode to this much, so a small PDF with one large drawing is not refused by the ratio. */
  freeBytes: number;
}

/** 256 MB in all, and past 32 MB at most 100 times the file: a 10 MB PDF may decode to 256 MB, a 1 MB one to 100 MB. */
export const pdfInflationLimits: InflationLimits = {
  maxBytes: 256 * 1024 ** 2,
  maxRatio: 100,
  freeBytes: 32 * 1024 ** 2,
};

/** The most the file may decode to under `limits`. */
export function allowedDecodedBytes(fileBytes: number, limits: InflationLimits = pdfInflationLimits): number {
  return Math.min(limits.maxBytes, Math.max(limits.freeBytes, limits.maxRatio * fileBytes));
}

export type InflationCheck =
  | { ok: true; decodedBytes: number }
  | { ok: false; decodedBytes: number; allowed: number };

interface PdfStream {
  filters: string[];
  data: Buffer;
}

const streamKeyword = /(?<![A-Za-z])stream(?:\r\n|\n|\r)/g;

/** The filters of a stream dictionary, in order (`/Filter /FlateDecode` or `/Filter [/A /B]`). */
function filtersOf(dictionary: string): string[] {
  const match = /\/Filter\s*(\[[^\]]*\]|\/[A-Za-z0-9#.-]+)/.exec(dictionary);
  if (!match) return [];
  return [...match[1]!.matchAll(/\/([A-Za-z0-9#.-]+)/g)].map((name) => name[1]!);
}

/**
 * Every stream of the file with its filters: each `stream` keyword after a dictionary, its data up to
 * `/Length` bytes when that length ends at `endstream` (direct or as an indirect object), otherwise up to
 * the next `endstream`, as pdf.js itself reads a stream whose length is wrong.
 */
function streamsOf(pdf: Buffer): PdfStream[] {
  const text = pdf.toString('latin1');
  const streams: PdfStream[] = [];
  for (const keyword of text.matchAll(streamKeyword)) {
    const at = keyword.index;
    if (!/>>\s*$/.test(text.slice(Math.max(0, at - 16), at))) continue;
    const objectStart = text.lastIndexOf('obj', at);
    const dictionary = text.slice(
      objectStart >= 0 && at - objectStart < 65_536 ? objectStart : at - 4096,
      at,
    );
    const start = at + keyword[0].length;
    let end = -1;
    const length = /\/Length\s+(\d+)(?:\s+(\d+)\s+R)?/.exec(dictionary);
    if (length) {
      let bytes = Number(length[1]);
      if (length[2] !== undefined) {
        const target = new RegExp(`(?:^|\\s)${length[1]}\\s+${length[2]}\\s+obj\\s*(\\d+)`).exec(text);
        bytes = target ? Number(target[1]) : -1;
      }
      if (bytes >= 0 && /^\s*endstream/.test(text.slice(start + bytes, start + bytes + 32)))
        end = start + bytes;
    }
    if (end < 0) end = text.indexOf('endstream', start);
    if (end < 0) end = text.length;
    streams.push({ filters: filtersOf(dictionary), data: pdf.subarray(start, end) });
  }
  return streams;
}

/** Inflates `data` in steps, counting the output and dropping it; stops once more than `cap` came out. */
function inflatedBytes(data: Buffer | readonly Buffer[], cap: number, onStep?: (step: Buffer) => void) {
  return new Promise<number>((resolve) => {
    let total = 0;
    let done = false;
    const finish = () => {
      if (done) return;
      done = true;
      resolve(total);
    };
    // A PDF's streams often lack their last bytes: what came out until then counts, as pdf.js decodes it.
    const inflate = zlib.createInflate({ chunkSize: 64 * 1024, finishFlush: zlib.constants.Z_SYNC_FLUSH });
    inflate.on('data', (step: Buffer) => {
      total += step.length;
      onStep?.(step);
      if (total > cap) {
        inflate.destroy();
        finish();
      }
    });
    inflate.on('end', finish);
    inflate.on('close', finish);
    inflate.on('error', finish);
    if (Buffer.isBuffer(data)) inflate.end(data);
    else {
      for (const part of data) inflate.write(part);
      inflate.end();
    }
  });
}

/**
 * The bytes a run of FlateDecode filters makes of `data`: the first inflated and counted; a second Flate
 * (a bomb inside a bomb) inflates what the first made, held at most to the cap, and so on.
 */
async function flateChainBytes(data: Buffer, stages: number, cap: number): Promise<number> {
  let input: readonly Buffer[] | Buffer = data;
  let counted = 0;
  for (let stage = 0; stage < stages; stage += 1) {
    const last = stage === stages - 1;
    const kept: Buffer[] = [];
    const made = await inflatedBytes(input, cap - counted, last ? undefined : (step) => kept.push(step));
    counted += made;
    if (counted > cap || last) break;
    input = kept;
  }
  return counted;
}

/**
 * LZW (`/LZWDecode`, early change as PDF's default) decoded and counted, not kept: like Flate, it can make
 * much more than it is given.
 */
function lzwBytes(data: Buffer, cap: number): number {
  const lengths: number[] = [];
  for (let code = 0; code < 256; code += 1) lengths[code] = 1;
  let next = 258;
  let width = 9;
  let previous = -1;
  let total = 0;
  let buffer = 0;
  let bits = 0;
  for (const byte of data) {
    buffer = (buffer << 8) | byte;
    bits += 8;
    while (bits >= width) {
      bits -= width;
      const code = (buffer >> bits) & ((1 << width) - 1);
      buffer &= (1 << bits) - 1;
      if (code === 256) {
        next = 258;
        width = 9;
        previous = -1;
        continue;
      }
      if (code === 257) return total;
      let length: number;
      if (code < next && lengths[code] !== undefined) length = lengths[code]!;
      else if (code === next && previous >= 0) length = lengths[previous]! + 1;
      else return total;
      total += length;
      if (total > cap) return total;
      if (previous >= 0 && next < 4096) {
        lengths[next] = lengths[previous]! + 1;
        next += 1;
      }
      previous = code;
      if (next + 1 >= 1 << width && width < 12) width += 1;
    }
  }
  return total;
}

/**
 * Whether the PDF's Flate and LZW streams decode to no more than the file may (`allowedDecodedBytes`).
 * Stops counting as soon as the total passes it. Streams of other filters (pictures: DCT, JPX, JBIG2,
 * CCITT) are decoded by pdf.js only within `maxImageSize`, and are not counted here.
 */
export async function checkPdfInflation(
  pdf: Buffer,
  limits: InflationLimits = pdfInflationLimits,
): Promise<InflationCheck> {
  const allowed = allowedDecodedBytes(pdf.length, limits);
  let decodedBytes = 0;
  for (const stream of streamsOf(pdf)) {
    const [first] = stream.filters;
    const budget = allowed - decodedBytes;
    if (first === 'FlateDecode' || first === 'Fl') {
      let stages = 0;
      while (stream.filters[stages] === 'FlateDecode' || stream.filters[stages] === 'Fl') stages += 1;
      decodedBytes += await flateChainBytes(stream.data, stages, budget);
    } else if (first === 'LZWDecode' || first === 'LZW') {
      decodedBytes += lzwBytes(stream.data, budget);
    }
    if (decodedBytes > allowed) return { ok: false, decodedBytes, allowed };
  }
  return { ok: true, decodedBytes };
}
