import Parser from 'rss-parser';
import { FeedError, type FetchOptions, fetchText } from './fetch-text.ts';
import { httpUrl, isoDate, plainText } from './plain-text.ts';

export interface FetchedNewsItem {
  title: string;
  summary: string;
  url: string;
  imageUrl: string | undefined;
  source: string;
  /** ISO timestamp; undefined when the feed gave no usable date. */
  publishedAt: string | undefined;
}

type MediaElement = { $?: { url?: string; medium?: string; type?: string; width?: string } };
interface NewsFeedItem {
  'media:content'?: MediaElement[];
  'media:thumbnail'?: MediaElement[];
  'media:group'?: { 'media:content'?: MediaElement[]; 'media:thumbnail'?: MediaElement[] }[];
  'content:encoded'?: string;
}

const parser = new Parser<Record<string, never>, NewsFeedItem>({
  customFields: {
    item: [
      ['media:content', 'media:content', { keepArray: true }],
      ['media:thumbnail', 'media:thumbnail', { keepArray: true }],
      ['media:group', 'media:group', { keepArray: true }],
    ],
  },
});

export const newsSummaryMax = 400;
const titleMax = 300;

/**
 * Reads one RSS 2.0 (or Atom) news feed. Images come from media:content, media:thumbnail, an image
 * enclosure, or the first <img> in the item's HTML, in that order. Items without a title or an http(s)
 * link are skipped; a feed that is not a feed is a FeedError.
 */
export async function fetchNewsFeed(feedUrl: string, options: FetchOptions): Promise<FetchedNewsItem[]> {
  const xml = await fetchText(feedUrl, {
    ...options,
    accept: 'application/rss+xml, application/atom+xml, application/xml;q=0.9, text/xml;q=0.9',
  });
  return parseNewsFeed(xml, feedUrl);
}

export async function parseNewsFeed(xml: string, feedUrl: string): Promise<FetchedNewsItem[]> {
  let feed: Awaited<ReturnType<typeof parser.parseString>>;
  try {
    feed = await parser.parseString(xml);
  } catch (error) {
    throw new FeedError(
      `${new URL(feedUrl).host} did not send a readable feed (${(error as Error).message})`,
    );
  }
  const source = plainText(feed.title, 100) || new URL(feedUrl).host;
  const items: FetchedNewsItem[] = [];
  for (const item of feed.items ?? []) {
    const title = plainText(item.title, titleMax);
    const url = httpUrl(item.link, feedUrl) ?? httpUrl(item.guid, feedUrl);
    if (!title || !url) continue;
    const html = item['content:encoded'] ?? item.content ?? '';
    items.push({
      title,
      summary: plainText(item.contentSnippet || item.summary || item.content, newsSummaryMax),
      url,
      imageUrl: imageOf(item, html, feedUrl),
      source,
      publishedAt: isoDate(item.isoDate) ?? isoDate(item.pubDate),
    });
  }
  return items;
}

function imageOf(item: NewsFeedItem & Parser.Item, html: string, base: string): string | undefined {
  const media = [
    ...(item['media:content'] ?? []),
    ...(item['media:group'] ?? []).flatMap((group) => group['media:content'] ?? []),
  ].filter((m) => !m.$?.medium || m.$.medium === 'image' || m.$.type?.startsWith('image/'));
  // The widest picture reads best on a card.
  media.sort((a, b) => Number(b.$?.width ?? 0) - Number(a.$?.width ?? 0));
  const thumbnails = [
    ...(item['media:thumbnail'] ?? []),
    ...(item['media:group'] ?? []).flatMap((group) => group['media:thumbnail'] ?? []),
  ];
  const enclosure = item.enclosure?.type?.startsWith('image/') ? item.enclosure.url : undefined;
  const inline = /<img\b[^>]*\bsrc\s*=\s*["']([^"']+)["']/i.exec(html)?.[1];
  for (const candidate of [
    ...media.map((m) => m.$?.url),
    ...thumbnails.map((m) => m.$?.url),
    enclosure,
    inline,
  ]) {
    const url = httpUrl(candidate, base);
    if (url) return url;
  }
  return undefined;
}
