import { type FetchOptions, fetchText } from './fetch-text.ts';

/**
 * Fetches one RSS 2.0 (or Atom) news feed's text. Reading it into items is CPU work on untrusted XML, done
 * in the `feed-parse` engine (engines/feed-parse), never here on the main thread.
 */
export function fetchNewsFeed(feedUrl: string, options: FetchOptions): Promise<string> {
  return fetchText(feedUrl, {
    ...options,
    accept: 'application/rss+xml, application/atom+xml, application/xml;q=0.9, text/xml;q=0.9',
  });
}
