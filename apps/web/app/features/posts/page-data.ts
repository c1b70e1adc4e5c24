import type { Post, PostSearchHit } from '@hurryup/contracts/post';

/** What the forum, post and search pages read from the server. */
export interface PostsPageData {
  list(page: { limit: number; offset: number }): Promise<Post[]>;
  count(): Promise<number>;
  getByTitle(title: string): Promise<Post | undefined>;
  search(query: string, limit?: number): Promise<PostSearchHit[]>;
}

declare module '../../load-context.ts' {
  interface PageData {
    posts: PostsPageData;
  }
}
