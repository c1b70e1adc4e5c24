import type { Fits } from '../../adapters/text-chunks.ts';

/**
 * Pieces of text (lines, or sentences of a long line: never a line break inside one) packed into as few
 * requests as a service takes: each request is its pieces one per line, in order, as long as the whole
 * still fits the service's limit. A piece that does not fit with others goes alone (`chunkText` made every
 * piece fit by itself). A 20 KB text of 10,000 short lines is 40 requests of 500 bytes, not 10,000.
 */
export function packPieces(pieces: readonly string[], fits: Fits): string[][] {
  const batches: string[][] = [];
  let current: string[] = [];
  let joined = '';
  for (const piece of pieces) {
    const candidate = current.length === 0 ? piece : `${joined}\n${piece}`;
    if (current.length > 0 && !fits(candidate)) {
      batches.push(current);
      current = [piece];
      joined = piece;
    } else {
      current.push(piece);
      joined = candidate;
    }
  }
  if (current.length > 0) batches.push(current);
  return batches;
}
