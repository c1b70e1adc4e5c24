import type { Blog } from '@hurryup/contracts/blog';
import type { RenderedHtml } from '../../shared/rendered-html.ts';

/** A blog as the blog page shows it: its body rendered on the server, and a summary without markup. */
export type BlogView = Omit<Blog, 'content'> & { html: RenderedHtml; summary: string };

/** What the blog page reads from the server (published blogs only). */
export interface BlogPageData {
  list(): Promise<BlogView[]>;
}

declare module '../../load-context.ts' {
  interface PageData {
    blogs: BlogPageData;
  }
}
