import type { Post, PostSearchHit } from '@hurryup/contracts/post';
import type { RenderedHtml } from '../../shared/rendered-html.ts';

/** A post as the forum list shows it: its summary, and its body rendered on the server. */
export interface PostListItem {
  id: number;
  title: string;
  author?: string;
  createdAt: string;
  summary: string;
  html: RenderedHtml;
}

/** A post as its page shows it: the body rendered on the server, and its text without markup. */
export type PostView = Omit<Post, 'content' | 'contentArray'> & {
  html: RenderedHtml;
  /** The title and the body as plain text: what is read aloud and translated. */
  readAloud: string;
  /** The description, else the first paragraph, up to 300 characters. */
  summary: string;
  firstImage?: { url: string; alt?: string };
};

/** What the forum, post and search pages read from the server (published posts only). */
export interface PostsPageData {
  list(page: { limit: number; offset: number }): Promise<PostListItem[]>;
  count(): Promise<number>;
  getByTitle(title: string): Promise<PostView | undefined>;
  search(query: string, limit?: number): Promise<PostSearchHit[]>;
}

declare module '../../load-context.ts' {
  interface PageData {
    posts: PostsPageData;
  }
}
