import Parser from 'rss-parser';
import { FeedError, type FetchOptions, fetchText } from './fetch-text.ts';
import { httpUrl, isoDate, plainText } from './plain-text.ts';

export interface FetchedTrend {
  title: string;
  /** The feed's own wording, e.g. '2000+' or '200K+'; undefined when absent. */
  trafficText: string | undefined;
  /** The lower bound the wording gives, for ordering (0 when unknown). */
  traffic: number;
  publishedAt: string | undefined;
  /** The first news story the feed links to the search, if any. */
  newsUrl: string | undefined;
}

type NewsItemElement = { 'ht:news_item_url'?: string[]; 'ht:news_item_title'?: string[] };
interface TrendFeedItem {
  'ht:approx_traffic'?: string;
  'ht:news_item'?: NewsItemElement[];
}

const parser = new Parser<Record<string, never>, TrendFeedItem>({
  customFields: {
    item: [
      ['ht:approx_traffic', 'ht:approx_traffic'],
      ['ht:news_item', 'ht:news_item', { keepArray: true }],
    ],
  },
});

/**
 * Reads Google Trends' trending-searches RSS (`https://trends.google.com/trending/rss?geo=IN`): RSS 2.0 whose
 * items carry the search as the title and `ht:` elements (approximate traffic, picture, news items).
 */
export async function fetchTrends(feedUrl: string, options: FetchOptions): Promise<FetchedTrend[]> {
  const xml = await fetchText(feedUrl, { ...options, accept: 'application/rss+xml, application/xml;q=0.9' });
  return parseTrends(xml, feedUrl);
}

export async function parseTrends(xml: string, feedUrl: string): Promise<FetchedTrend[]> {
  let feed: Awaited<ReturnType<typeof parser.parseString>>;
  try {
    feed = await parser.parseString(xml);
  } catch (error) {
    throw new FeedError(
      `${new URL(feedUrl).host} did not send a readable trends feed (${(error as Error).message})`,
    );
  }
  const seen = new Set<string>();
  const trends: FetchedTrend[] = [];
  for (const item of feed.items ?? []) {
    const title = plainText(item.title, 200);
    if (!title || seen.has(title.toLowerCase())) continue;
    seen.add(title.toLowerCase());
    const trafficText = plainText(item['ht:approx_traffic'], 30) || undefined;
    trends.push({
      title,
      trafficText,
      traffic: trafficValue(trafficText),
      publishedAt: isoDate(item.isoDate) ?? isoDate(item.pubDate),
      newsUrl: httpUrl(item['ht:news_item']?.[0]?.['ht:news_item_url']?.[0]),
    });
  }
  return trends;
}

/** '2000+' → 2000, '200K+' → 200000, '1M+' → 1000000, '2,00,000+' → 200000; anything else → 0. */
export function trafficValue(text: string | undefined): number {
  const match = /^([\d,]+(?:\.\d+)?)\s*([KkMm]?)\+?$/.exec(text?.trim() ?? '');
  if (!match) return 0;
  const base = Number(match[1]!.replaceAll(',', ''));
  const unit = match[2]!.toUpperCase();
  const value = base * (unit === 'K' ? 1_000 : unit === 'M' ? 1_000_000 : 1);
  return Number.isFinite(value) ? Math.round(value) : 0;
}
