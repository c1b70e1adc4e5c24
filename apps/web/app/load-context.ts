import type { Blog } from '@hurryup/contracts/blog';
import type { Post, PostSearchHit } from '@hurryup/contracts/post';
import { createContext } from 'react-router';

/**
 * What the server hands to every loader (docs/decisions/0003-server-rendering.md).
 * The web app declares what it needs; the Fastify server provides it. This module is loaded once by Node
 * and kept external in the server build, so the server and the loaders share the same context token.
 */
export interface SiteSettings {
  name: string;
  /** Absolute origin used for canonical and social-preview URLs, without a trailing slash. */
  baseUrl: string;
  ads: { clientId?: string | undefined; slots: Partial<Record<'banner' | 'inline', string>> };
  analyticsId?: string | undefined;
}

/** Blogs and posts, read straight from the server's services (no HTTP hop). */
export interface ContentReader {
  blogs: { list(): Promise<Blog[]> };
  posts: {
    list(page: { limit: number; offset: number }): Promise<Post[]>;
    count(): Promise<number>;
    getByTitle(title: string): Promise<Post | undefined>;
    search(query: string, limit?: number): Promise<PostSearchHit[]>;
  };
}

export interface AppLoadContext {
  site: SiteSettings;
  /** Per-request nonce that the Content-Security-Policy allows inline scripts with. */
  nonce: string | undefined;
  content: ContentReader;
}

export const appContext = createContext<AppLoadContext>();
