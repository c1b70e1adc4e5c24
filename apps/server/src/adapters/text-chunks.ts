/**
 * Splits a long text into pieces a translation service takes in one request, on paragraph (line) and
 * sentence boundaries, and joins the translated pieces back in order with the original spacing.
 *
 * Lines are never packed together (services treat line breaks differently), so each line is one or more
 * pieces: the whole line when it fits, else its sentences packed greedily, a sentence too long for one piece
 * split between words, and a word too long (no spaces at all) split between characters.
 */

/** A text cut for translation: `parts` alternate between spacing kept as it is and text to translate. */
export interface ChunkedText {
  /** Spacing (`keep`) and text to translate (`chunk`), in order. */
  parts: ({ keep: string } | { chunk: string })[];
  /** The texts to translate, in order (the `chunk` parts). */
  chunks: string[];
}

/** How a service measures one request's text: true when `text` fits. */
export type Fits = (text: string) => boolean;

export const fitsBytes =
  (maxBytes: number): Fits =>
  (text) =>
    Buffer.byteLength(text, 'utf8') <= maxBytes;
export const fitsChars =
  (maxChars: number): Fits =>
  (text) =>
    text.length <= maxChars;

const sentences = new Intl.Segmenter('en', { granularity: 'sentence' });
const graphemes = new Intl.Segmenter('en', { granularity: 'grapheme' });

export function chunkText(text: string, fits: Fits): ChunkedText {
  const parts: ChunkedText['parts'] = [];
  const keep = (spacing: string) => {
    if (spacing === '') return;
    const last = parts.at(-1);
    if (last && 'keep' in last) last.keep += spacing;
    else parts.push({ keep: spacing });
  };
  // Lines and the spacing between them: odd indexes are the separators.
  const lines = text.split(/(\s*\n\s*)/);
  for (const [index, line] of lines.entries()) {
    if (index % 2 === 1) {
      keep(line);
      continue;
    }
    const lead = /^\s*/.exec(line)![0];
    const trail = /\s*$/.exec(line.slice(lead.length))![0];
    const body = line.slice(lead.length, line.length - trail.length);
    keep(lead);
    for (const [position, piece] of packLine(body, fits).entries()) {
      if (position > 0) keep(piece.spaceBefore);
      parts.push({ chunk: piece.text });
    }
    keep(trail);
  }
  return { parts, chunks: parts.flatMap((part) => ('chunk' in part ? [part.chunk] : [])) };
}

/** The pieces of one line without its outer spacing, each with the spacing that came before it. */
function packLine(line: string, fits: Fits): { text: string; spaceBefore: string }[] {
  if (line === '') return [];
  if (fits(line)) return [{ text: line, spaceBefore: '' }];
  // Units: sentences, and the words (then characters) of a sentence that does not fit by itself.
  const units: string[] = [];
  for (const { segment } of sentences.segment(line)) {
    if (fits(segment.trim())) units.push(segment);
    else for (const word of segment.split(/(?<=\s)(?=\S)/)) units.push(...splitWord(word, fits));
  }
  const pieces: { text: string; spaceBefore: string }[] = [];
  let current = '';
  let pendingSpace = '';
  const flush = () => {
    const trimmed = current.trimEnd();
    if (trimmed !== '') pieces.push({ text: trimmed, spaceBefore: pendingSpace });
    pendingSpace = current.slice(trimmed.length);
    current = '';
  };
  for (const unit of units) {
    if (current !== '' && !fits((current + unit).trimEnd())) flush();
    current += unit;
  }
  flush();
  return pieces;
}

/** A word with its trailing spacing, cut between characters (never inside one) when it does not fit. */
function splitWord(word: string, fits: Fits): string[] {
  if (fits(word.trim())) return [word];
  const out: string[] = [];
  let current = '';
  for (const { segment } of graphemes.segment(word)) {
    if (current !== '' && /\S/.test(segment) && !fits(current + segment)) {
      out.push(current);
      current = '';
    }
    current += segment;
  }
  if (current !== '') out.push(current);
  return out;
}

/** The translated text: each chunk replaced by its translation, the spacing kept. */
export function joinTranslated(chunked: ChunkedText, translations: readonly string[]): string {
  let next = 0;
  return chunked.parts
    .map((part) => ('keep' in part ? part.keep : (translations[next++] ?? '').trim()))
    .join('');
}
