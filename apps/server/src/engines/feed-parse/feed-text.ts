import { decodeHTML, decodeHTMLAttribute } from 'entities';

/** How many times a text is decoded at most: feeds often escape twice (`&amp;amp;`, `&amp;#8217;`). */
const maxDecodings = 3;

/**
 * Decodes the HTML character references feeds leave in their text: every named reference of HTML
 * (`&amp;`, `&eacute;`, `&rsquo;`, `&hellip;`…), decimal and hexadecimal ones (`&#39;`, `&#x20B9;`), and
 * text escaped twice or three times, as feeds send it (`&amp;amp;` is `&`, `&amp;#8217;` is `’`), with the
 * `entities` package's rules, those of a browser. A text is decoded as in the body of a page (`&copy 2026`
 * is `© 2026`); an address (`attribute`) as in an attribute, where `&para=2` stays as it is.
 */
export function decodeEntities(text: string, options: { attribute?: boolean } = {}): string {
  const decode = options.attribute ? decodeHTMLAttribute : decodeHTML;
  let decoded = text;
  for (let i = 0; i < maxDecodings && decoded.includes('&'); i += 1) {
    const next = decode(decoded);
    if (next === decoded) break;
    decoded = next;
  }
  return decoded;
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
    const url = new URL(decodeEntities(value.trim(), { attribute: true }), base);
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
