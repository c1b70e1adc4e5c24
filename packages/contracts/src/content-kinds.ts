/**
 * The names of the kinds of content, shared by the writes that change them (the server's
 * `site.contentChanged`) and the pages and API answers that show them (`handle.cache.shows`, registerCall's
 * `cache.shows`): a cached page or answer is rendered anew only after a write of a kind it shows
 * (docs/decisions/0012-page-cache.md). A new feature adds its own.
 */
export const contentKinds = {
  blogs: 'blogs',
  posts: 'posts',
  /** The image gallery (/infopic). */
  gallery: 'gallery',
  videos: 'videos',
  webstories: 'webstories',
  devbit: 'devbit',
  /** Stored daily bars and the event calendar (answers that also change with time add a max age). */
  market: 'market',
  /** Indicator values saved by devices. */
  savedIndicators: 'saved-indicators',
  /** Stock news, trends and video titles fetched from outside. */
  marketNews: 'market-news',
  /** Every image's comments (a write that cannot name the image, e.g. an operator's delete). */
  comments: 'comments',
  /** Short links (a disable or delete moves its code's kind, so every process stops redirecting it). */
  shortLinks: 'short-links',
} as const;

/** One image's comments: a comment changes that image's page and answers only. */
export function commentsKind(imageUrl: string): string {
  return `${contentKinds.comments}:${imageUrl}`;
}

/** One short link: disabling or deleting it moves this kind, which every process's redirect checks. */
export function shortLinkKind(code: string): string {
  return `${contentKinds.shortLinks}:${code}`;
}
