import type { Post } from './post.ts';

/**
 * A body's blocks as plain text. By default its paragraphs (split at blank lines); the server passes the
 * Markdown reading (@hurryup/markdown's `markdownBlocks`), which gives the same for plain paragraphs and
 * drops the markup of the rest.
 */
export type BodyBlocks = (content: string) => string[];

const plainParagraphs: BodyBlocks = (content) =>
  content
    .split(/\n\s*\n/)
    .map((p) => p.trim())
    .filter((p) => p !== '');

/** The post's paragraphs as plain text: its body's blocks, or sections with nobreak runs joined. */
export function postParagraphs(
  post: Pick<Post, 'content' | 'contentArray'>,
  bodyBlocks: BodyBlocks = plainParagraphs,
): string[] {
  if (post.contentArray && post.contentArray.length > 0) {
    const paragraphs: string[] = [];
    let joinNext = false;
    for (const section of post.contentArray) {
      const text = section.content.trim();
      if ((section.nobreak || joinNext) && paragraphs.length > 0) {
        paragraphs[paragraphs.length - 1] = `${paragraphs.at(-1)} ${text}`.trim();
      } else {
        paragraphs.push(text);
      }
      joinNext = Boolean(section.nobreak);
    }
    return paragraphs.filter((p) => p !== '');
  }
  return bodyBlocks(post.content ?? '');
}

/** The whole post as plain text, for speech, translation and search engines. */
export function postPlainText(
  post: Pick<Post, 'content' | 'contentArray'>,
  bodyBlocks: BodyBlocks = plainParagraphs,
): string {
  return postParagraphs(post, bodyBlocks).join('\n\n');
}

// Sentence-ending marks (Latin, ellipsis, Devanagari danda), optionally followed by closing quotes or brackets.
const endsSentence = /[.!?…।॥]["'”’)\]]*$/u;

/**
 * What is read aloud and translated: the title as its own sentence, then the post. The title gets a full stop
 * only when it has no ending of its own ("…its risks?" stays as it is, never "…its risks?.").
 */
export function postReadAloudText(
  post: Pick<Post, 'title' | 'content' | 'contentArray'>,
  bodyBlocks: BodyBlocks = plainParagraphs,
): string {
  const title = post.title.trim();
  const sentence = title === '' || endsSentence.test(title) ? title : `${title}.`;
  return `${sentence}\n\n${postPlainText(post, bodyBlocks)}`;
}

/** Text on one line, cut at a word near `max` (with an ellipsis) when longer. */
export function shortenText(text: string, max: number): string {
  const line = text.replace(/\s+/g, ' ').trim();
  if (line.length <= max) return line;
  const cut = line.slice(0, max - 1);
  return `${cut.slice(0, Math.max(cut.lastIndexOf(' '), max / 2))}…`;
}

/** A short summary for previews: the description, else the first paragraph, cut at a word near `max`. */
export function postSummary(
  post: Pick<Post, 'description' | 'content' | 'contentArray'>,
  max = 200,
  bodyBlocks: BodyBlocks = plainParagraphs,
): string {
  return shortenText(post.description?.trim() || postParagraphs(post, bodyBlocks)[0] || '', max);
}

/** The post's header image, else the first image of its sections. */
export function postFirstImage(
  post: Pick<Post, 'image' | 'contentArray' | 'content'>,
  bodyImage?: (content: string) => { url: string; alt?: string } | undefined,
): { url: string; alt?: string } | undefined {
  if (post.image) return { url: post.image };
  const section = post.contentArray?.find((s) => s.img);
  if (section?.img) return { url: section.img, ...(section.alt ? { alt: section.alt } : {}) };
  return post.content && bodyImage ? bodyImage(post.content) : undefined;
}
