import type { PostSection } from '@hurryup/contracts/post';

export interface TextSpan {
  text: string;
  bold: boolean;
}

export type PostBlock =
  | { kind: 'paragraph'; spans: TextSpan[] }
  | { kind: 'image'; src: string; alt: string }
  | { kind: 'table'; headers: string[]; rows: string[][] };

/**
 * Turns a post body into blocks to render. A plain body is split into paragraphs at blank lines. Sections
 * marked nobreak join the paragraph of their neighbours (content-and-shell.md, Post detail); a section's
 * image and table follow the paragraph its text ended up in.
 */
export function postBlocks(post: {
  content?: string | undefined;
  contentArray?: PostSection[] | undefined;
}): PostBlock[] {
  if (!post.contentArray || post.contentArray.length === 0) {
    return (post.content ?? '')
      .split(/\n\s*\n/)
      .map((text) => text.trim())
      .filter((text) => text !== '')
      .map((text) => ({ kind: 'paragraph', spans: [{ text, bold: false }] }));
  }

  const groups: { spans: TextSpan[]; extras: PostBlock[] }[] = [];
  let joinNext = false;
  for (const section of post.contentArray) {
    const current = groups.at(-1);
    const group = current && (section.nobreak || joinNext) ? current : { spans: [], extras: [] };
    if (group !== current) groups.push(group);
    const text = section.content.trim();
    if (text) group.spans.push({ text, bold: Boolean(section.bold) });
    if (section.img) group.extras.push({ kind: 'image', src: section.img, alt: section.alt ?? '' });
    if (section.table)
      group.extras.push({ kind: 'table', headers: section.table.headers, rows: section.table.rows });
    joinNext = Boolean(section.nobreak);
  }
  return groups.flatMap((group) => [
    ...(group.spans.length > 0 ? [{ kind: 'paragraph' as const, spans: group.spans }] : []),
    ...group.extras,
  ]);
}
