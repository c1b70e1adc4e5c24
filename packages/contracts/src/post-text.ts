import type { Post } from './post.ts';

/** The post's paragraphs as plain text: content split at blank lines, or sections with nobreak runs joined. */
export function postParagraphs(post: Pick<Post, 'content' | 'contentArray'>): string[] {
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
  return (post.content ?? '')
    .split(/\n\s*\n/)
    .map((p) => p.trim())
    .filter((p) => p !== '');
}

/** The whole post as plain text, for speech, translation and search engines. */
export function postPlainText(post: Pick<Post, 'content' | 'contentArray'>): string {
  return postParagraphs(post).join('\n\n');
}

// Sentence-ending marks (Latin, ellipsis, Devanagari danda), optionally followed by closing quotes or brackets.
const endsSentence = /[.!?…।॥]["'”’)\]]*$/u;

/**
 * What is read aloud and translated: the title as its own sentence, then the post. The title gets a full stop
 * only when it has no ending of its own ("…its risks?" stays as it is, never "…its risks?.").
 */
export function postReadAloudText(post: Pick<Post, 'title' | 'content' | 'contentArray'>): string {
  const title = post.title.trim();
  const sentence = title === '' || endsSentence.test(title) ? title : `${title}.`;
  return `${sentence}\n\n${postPlainText(post)}`;
}

/** A short summary for previews: the description, else the first paragraph, cut at a word near `max`. */
export function postSummary(post: Pick<Post, 'description' | 'content' | 'contentArray'>, max = 200): string {
  const text = (post.description?.trim() || postParagraphs(post)[0] || '').replace(/\s+/g, ' ');
  if (text.length <= max) return text;
  const cut = text.slice(0, max - 1);
  return `${cut.slice(0, Math.max(cut.lastIndexOf(' '), max / 2))}…`;
}

/** The post's header image, else the first image of its sections. */
export function postFirstImage(
  post: Pick<Post, 'image' | 'contentArray'>,
): { url: string; alt?: string } | undefined {
  if (post.image) return { url: post.image };
  const section = post.contentArray?.find((s) => s.img);
  return section?.img ? { url: section.img, ...(section.alt ? { alt: section.alt } : {}) } : undefined;
}
