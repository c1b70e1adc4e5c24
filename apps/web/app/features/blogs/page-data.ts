import type { Blog } from '@hurryup/contracts/blog';

/** What the blog page reads from the server. */
export interface BlogPageData {
  list(): Promise<Blog[]>;
}

declare module '../../load-context.ts' {
  interface PageData {
    blogs: BlogPageData;
  }
}
