import { type FetchOptions, fetchText } from './fetch-text.ts';

/**
 * Fetches Google Trends' trending-searches RSS (`https://trends.google.com/trending/rss?geo=IN`). The
 * `feed-parse` engine reads it (kind `trends`): the search as each item's title, `ht:` elements for the
 * approximate traffic and news items.
 */
export function fetchTrends(feedUrl: string, options: FetchOptions): Promise<string> {
  return fetchText(feedUrl, { ...options, accept: 'application/rss+xml, application/xml;q=0.9' });
}
