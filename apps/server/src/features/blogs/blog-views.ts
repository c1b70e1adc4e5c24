import type { Blog } from '@hurryup/contracts/blog';
import { shortenText } from '@hurryup/contracts/post-text';
import { bodyKinds, markdownBlocks, renderMarkdown } from '@hurryup/markdown/markdown';
import type { BlogView } from '@hurryup/web/features/blogs/page-data';

const bodyOptions = bodyKinds.blog;

/** A blog's text without markup, on one line, up to `max` characters (descriptions, feeds). */
export function blogSummary(blog: Pick<Blog, 'content'>, max: number): string {
  return shortenText(markdownBlocks(blog.content).join(' '), max);
}

/** What the blog page shows of a blog: its Markdown as HTML, and a summary for its description. */
export function blogView(blog: Blog): BlogView {
  const { content, ...rest } = blog;
  return { ...rest, html: renderMarkdown(content, bodyOptions), summary: blogSummary(blog, 160) };
}
