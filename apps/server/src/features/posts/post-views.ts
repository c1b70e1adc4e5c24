import type { Post, PostSection } from '@hurryup/contracts/post';
import { postFirstImage, postReadAloudText, postSummary } from '@hurryup/contracts/post-text';
import {
  bodyKinds,
  escapeHtml,
  markdownBlocks,
  markdownFirstImage,
  renderMarkdown,
  type SafeHtml,
  safeUrl,
  trustedHtml,
} from '@hurryup/markdown/markdown';
import type { PostListItem, PostView } from '@hurryup/web/features/posts/page-data';

const bodyOptions = bodyKinds.post;

/**
 * The specification's sections (content-and-shell.md, Post detail) as HTML: a section's text is plain text
 * (bold when it says so); sections marked nobreak join the paragraph of their neighbours; a section's image
 * and table follow the paragraph its text ended up in.
 */
export function sectionsHtml(sections: PostSection[]): SafeHtml {
  const groups: { spans: string[]; extras: string[] }[] = [];
  let joinNext = false;
  for (const section of sections) {
    const current = groups.at(-1);
    const group = current && (section.nobreak || joinNext) ? current : { spans: [], extras: [] };
    if (group !== current) groups.push(group);
    const text = section.content.trim();
    if (text) {
      const spaced = escapeHtml(group.spans.length > 0 ? ` ${text}` : text);
      group.spans.push(section.bold ? `<strong>${spaced}</strong>` : spaced);
    }
    const src = section.img ? safeUrl(section.img, 'image') : undefined;
    if (src)
      group.extras.push(
        `<figure class="post-body__figure"><img src="${escapeHtml(src)}" alt="${escapeHtml(section.alt ?? '')}" loading="lazy" decoding="async"></figure>`,
      );
    if (section.table) {
      const { headers, rows } = section.table;
      const head = headers.map((h) => `<th scope="col">${escapeHtml(h)}</th>`).join('');
      const body = rows
        .map((row) => `<tr>${row.map((cell) => `<td>${escapeHtml(cell)}</td>`).join('')}</tr>`)
        .join('');
      group.extras.push(
        `<div class="table-scroll"><table><thead><tr>${head}</tr></thead><tbody>${body}</tbody></table></div>`,
      );
    }
    joinNext = Boolean(section.nobreak);
  }
  return trustedHtml(
    groups
      .flatMap((group) => [
        ...(group.spans.length > 0 ? [`<p>${group.spans.join('')}</p>`] : []),
        ...group.extras,
      ])
      .join(''),
  );
}

/** A post's body as safe HTML: its Markdown, or its sections. */
export function postBodyHtml(post: Pick<Post, 'content' | 'contentArray'>): SafeHtml {
  if (post.contentArray && post.contentArray.length > 0) return sectionsHtml(post.contentArray);
  return renderMarkdown(post.content ?? '', bodyOptions);
}

const firstImage = (post: Post) => postFirstImage(post, markdownFirstImage);

/** What the forum list shows of a post: no Markdown, its body as HTML. */
export function postListItem(post: Post): PostListItem {
  return {
    id: post.id,
    title: post.title,
    ...(post.author === undefined ? {} : { author: post.author }),
    createdAt: post.createdAt,
    summary: postSummary(post, 200, markdownBlocks),
    html: postBodyHtml(post),
  };
}

/** What a post's page shows: its body as HTML, and the text read aloud and translated (no markup). */
export function postView(post: Post): PostView {
  const { content: _content, contentArray: _sections, ...rest } = post;
  const image = firstImage(post);
  return {
    ...rest,
    html: postBodyHtml(post),
    readAloud: postReadAloudText(post, markdownBlocks),
    summary: postSummary(post, 300, markdownBlocks),
    ...(image ? { firstImage: image } : {}),
  };
}

/** The description of a post in feeds: its summary, without markup. */
export const postFeedSummary = (post: Post) => postSummary(post, 300, markdownBlocks);
