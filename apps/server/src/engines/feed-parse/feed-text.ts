const namedEntities: Record<string, string> = {
  amp: '&',
  lt: '<',
  gt: '>',
  quot: '"',
  apos: "'",
  nbsp: ' ',
  rsquo: '’',
  lsquo: '‘',
  rdquo: '”',
  ldquo: '“',
  ndash: '–',
  mdash: '—',
  hellip: '…',
  rupee: '₹',
};

/** Decodes the HTML character references feeds leave in their text (`&amp;`, `&#39;`, `&#x20B9;`). */
export function decodeEntities(text: string): string {
  return text.replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);/gi, (whole, ref: string) => {
    if (ref[0] === '#') {
      const code =
        ref[1] === 'x' || ref[1] === 'X' ? Number.parseInt(ref.slice(2), 16) : Number(ref.slice(1));
      return Number.isInteger(code) && code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : whole;
    }
    return namedEntities[ref.toLowerCase()] ?? whole;
  });
}

/**
 * Feed text as plain text: tags and comments dropped, entities decoded, whitespace runs collapsed, NUL and
 * other control characters removed (PostgreSQL cannot store NUL), cut at `max` characters on a word.
 */
export function plainText(html: string | undefined, max: number): string {
  if (!html) return '';
  const text = decodeEntities(
    html
      .replace(/<!--[\s\S]*?-->/g, ' ')
      .replace(/<(script|style)\b[\s\S]*?<\/\1>/gi, ' ')
      .replace(/<[^>]*>/g, ' '),
  )
    // biome-ignore lint/suspicious/noControlCharactersInRegex: removing control characters is the point
    .replace(/[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/g, '')
    .replace(/\s+/g, ' ')
    .trim();
  if (text.length <= max) return text;
  const cut = text.slice(0, max - 1);
  const lastSpace = cut.lastIndexOf(' ');
  return `${(lastSpace > max * 0.6 ? cut.slice(0, lastSpace) : cut).trimEnd()}…`;
}

/** An absolute http(s) address, or undefined for anything else (javascript:, relative paths, junk). */
export function httpUrl(value: unknown, base?: string): string | undefined {
  if (typeof value !== 'string' || value.trim() === '') return undefined;
  try {
    const url = new URL(decodeEntities(value.trim()), base);
    if (url.protocol !== 'http:' && url.protocol !== 'https:') return undefined;
    const text = url.toString();
    return text.length <= 2000 ? text : undefined;
  } catch {
    return undefined;
  }
}

/** An ISO timestamp from a feed's date text, or undefined when it is not a date. */
export function isoDate(value: unknown): string | undefined {
  if (typeof value !== 'string' || value.trim() === '') return undefined;
  const time = Date.parse(value);
  return Number.isNaN(time) ? undefined : new Date(time).toISOString();
}
