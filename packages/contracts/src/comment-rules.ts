/*
 * The comment rules the image page applies as the visitor types and the server applies again (specification
 * section 5), with their exact texts. Free of zod, so the page carries them without the schemas.
 */

/** Comment length after trimming (content-and-shell.md section 9). */
export const commentMinLength = 5;
export const commentMaxLength = 100;
/** A visitor must have the image page open this long before a comment is accepted (anti-spam). */
export const commentMinElapsedMs = 3000;
/** Comments one visitor (one IP address) may save. */
export const commentsPerMinute = 5;
export const commentsPerDay = 50;

/** The specification's alert texts (section 5) and our anti-spam refusals. */
export const commentMessages = {
  length: 'Comment must be between 5 and 100 characters.',
  imageMissing: 'Image URL is missing.',
  imageInvalid: 'Image URL is not valid.',
  imageUnknown: 'This image is not on this site, so it cannot take comments.',
  saved: 'Comment saved!',
  saveFailed: 'Failed to save comment.',
  link: 'Links are not allowed in comments. Please remove the web address and send again.',
  tooFast: 'That was very quick. Please take a few seconds with your comment and send it again.',
  honeypot: 'Your comment could not be accepted.',
  duplicate: 'This comment was just posted. Please write something new.',
  perMinute: 'You are commenting too fast: at most 5 comments a minute. Please wait a minute and try again.',
  perDay: 'You have reached the limit of 50 comments a day. Please come back tomorrow.',
} as const;

export const commentErrorCodes = {
  tooFast: 'TOO_FAST',
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

const linkPattern =
  /(https?:\/\/|www\.|\b[a-z0-9-]{2,}\.(com|in|net|org|io|xyz|ru|info|biz|co|me|ly|app|site|online|top|click|link|shop|live)\b)/i;

/** Whether the text carries a web address (comments may not: the link cap). */
export function hasLink(text: string): boolean {
  return linkPattern.test(text);
}

/** The comment as it is stored: tags stripped, trimmed. */
export const cleanComment = (text: string) => stripTags(text).trim();

/** Whether the cleaned comment's length is allowed. */
export function commentLengthOk(cleaned: string): boolean {
  const length = [...cleaned].length;
  return length >= commentMinLength && length <= commentMaxLength;
}

/** The image URL as sent (possibly still URL-encoded), decoded once; null when it cannot be. */
export function decodeImageUrl(imageUrl: string): string | null {
  try {
    const decoded = decodeURIComponent(imageUrl).trim();
    return decoded === '' ? null : decoded;
  } catch {
    return null;
  }
}
