/*
 * The comment rules the image page applies as the visitor types and the server applies again (specification
 * section 5), with their exact texts. Free of zod, so the page carries them without the schemas.
 */

/** Comment length after trimming (content-and-shell.md section 9). */
export const commentMinLength = 5;
export const commentMaxLength = 100;
/** Comments one visitor (one IP address) may save. */
export const commentsPerMinute = 5;
export const commentsPerDay = 50;
/**
 * Comments in one answer of `GET /api/comments` and on the image page at first: the newest this many,
 * oldest first; older ones come a page at a time (`before`), so an image with thousands stays cheap.
 */
export const commentsPageSize = 50;
/** The answer header of `GET /api/comments` that gives how many visible comments the image has in all. */
export const commentsTotalHeader = 'x-total-count';

/** The specification's alert texts (section 5) and our anti-spam refusals. */
export const commentMessages = {
  length: 'Comment must be between 5 and 100 characters.',
  imageMissing: 'Image URL is missing.',
  imageInvalid: 'Image URL is not valid.',
  imageUnknown: 'This image is not on this site, so it cannot take comments.',
  saved: 'Comment saved!',
  saveFailed: 'Failed to save comment.',
  link: 'Links are not allowed in comments. Please remove the web address and send again.',
  honeypot: 'Your comment could not be accepted.',
  duplicate: 'This comment was just posted. Please write something new.',
  perMinute: 'You are commenting too fast: at most 5 comments a minute. Please wait a minute and try again.',
  perDay: 'You have reached the limit of 50 comments a day. Please come back tomorrow.',
} as const;

export const commentErrorCodes = {
  spam: 'SPAM_REFUSED',
  duplicate: 'DUPLICATE_COMMENT',
} as const;

// An opening or closing tag, a comment or a doctype: what "HTML-like tags" means here. A lone '<' (as in
// "a < b", or a tag still being typed) stays until its '>' arrives.
const htmlLikeTag = /<\/?[A-Za-z!?][^<>]*>/g;

/** The comment with HTML-like tags removed (applied as the visitor types, and again by the server). */
export function stripTags(text: string): string {
  let previous: string;
  let current = text;
  // Repeated: removing one tag can join the halves of another ('<<b>script>').
  do {
    previous = current;
    current = current.replace(htmlLikeTag, '');
  } while (current !== previous);
  return current;
}

// Top-level domains seen in link spam, short-link hosts' (t.me, goo.gl, bit.ly) included.
const spamTlds =
  'com|in|net|org|io|xyz|ru|info|biz|co|me|ly|app|site|online|top|click|link|shop|live|dev|ai|tk|gl|gg|to|cc|tv|us|uk|pk|cn|tech|store|blog|club|fun|pw|ml|ga|cf|gq|page|ws|su|website|space|win|bid|vip|icu|cyou|lol|sbs|rest|xn--[a-z0-9]+';
const linkPatterns = [
  /(https?|ftp):\/\/|\bwww\./i,
  // A name, a dot and a known domain ending, as a word: 't.me', 'goo.gl', 'example.dev'.
  new RegExp(`\\b[a-z0-9-]+\\.(${spamTlds})\\b`, 'i'),
  // Any name with a dot followed by a path: 'shop.example/offer'.
  /\b[a-z0-9-]+\.[a-z]{2,}\//i,
  // A bare IPv4 address.
  /\b\d{1,3}(\.\d{1,3}){3}\b/,
];
// Dots that look like one: full-width, ideographic, halfwidth ideographic, one-dot leader, small full stop.
const lookalikeDots = /[\uFF0E\u3002\uFF61\u2024\uFE52]/g;

/** Whether the text carries a web address (comments may not: the link cap). */
export function hasLink(text: string): boolean {
  const normalised = text.normalize('NFKC').replace(lookalikeDots, '.');
  return linkPatterns.some((pattern) => pattern.test(normalised));
}

/** The comment as it is stored: tags stripped, trimmed. */
export const cleanComment = (text: string) => stripTags(text).trim();

/** Whether the cleaned comment's length is allowed. */
export function commentLengthOk(cleaned: string): boolean {
  const length = [...cleaned].length;
  return length >= commentMinLength && length <= commentMaxLength;
}

/**
 * The image URL as sent (possibly still URL-encoded), decoded once; null when it cannot be, or when decoding
 * gives a NUL (`%00`: no image URL holds one, and PostgreSQL would refuse it in a query).
 */
export function decodeImageUrl(imageUrl: string): string | null {
  try {
    const decoded = decodeURIComponent(imageUrl).trim();
    return decoded === '' || decoded.includes('\0') ? null : decoded;
  } catch {
    return null;
  }
}
