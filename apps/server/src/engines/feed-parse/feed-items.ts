import type Parser from 'rss-parser';
import { z } from 'zod';
import { httpUrl, isoDate, plainText } from './feed-text.ts';

/** What the engine reads: news RSS/Atom, Google Trends RSS, a YouTube channel's Atom feed, a YouTube search answer (JSON). */
export const feedKinds = ['news', 'trends', 'channel', 'youtube-search'] as const;
export type FeedKind = (typeof feedKinds)[number];

export interface FeedParseRequest {
  kind: FeedKind;
  text: string;
  /** The feed's address (news, trends: the base of relative links and the name in problems) or the channel id. */
  source: string;
}

export interface FetchedNewsItem {
  title: string;
  summary: string;
  url: string;
  imageUrl: string | undefined;
  source: string;
  /** ISO timestamp; undefined when the feed gave no usable date. */
  publishedAt: string | undefined;
}

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

export interface FetchedVideo {
  videoId: string;
  title: string;
  channel: string;
  publishedAt: string | undefined;
}

export interface FeedItemsOf {
  news: FetchedNewsItem;
  trends: FetchedTrend;
  channel: FetchedVideo;
  'youtube-search': FetchedVideo;
}

/** JSON out of the worker: a readable feed's items, or why it is not one. */
export type FeedParseOutput = { ok: true; items: FeedItemsOf[FeedKind][] } | { ok: false; problem: string };

/**
 * Items of one feed at most. Real feeds list tens (news about 50, Google Trends 20 to 50, a channel 15); a
 * feed listing thousands is junk, and storing all of them would only push the real items out.
 */
export const feedItemsMax = 500;

export const newsSummaryMax = 400;
const titleMax = 300;
const videoIdPattern = /^[\w-]{6,20}$/;

/** How a problem names its source: the feed's host, the channel, or the API (never a query string: keys travel there). */
export function sourceName(kind: FeedKind, source: string): string {
  if (kind === 'channel') return `Channel ${source}`;
  if (kind === 'youtube-search') return 'The YouTube Data API';
  try {
    return new URL(source).host;
  } catch {
    return 'The feed';
  }
}

/** Reads one feed's text into its items; a text that is not such a feed answers its problem, never throws. */
export async function readFeed(request: FeedParseRequest): Promise<FeedParseOutput> {
  const { kind, text, source } = request;
  try {
    const items =
      kind === 'news'
        ? await readNews(text, source)
        : kind === 'trends'
          ? await readTrends(text, source)
          : kind === 'channel'
            ? await readChannel(text, source)
            : readYoutubeSearch(text);
    return { ok: true, items: items.slice(0, feedItemsMax) };
  } catch (error) {
    if (error instanceof UnreadableFeed) return { ok: false, problem: error.message };
    throw error;
  }
}

class UnreadableFeed extends Error {}

/** sax's message on one line: 'Unclosed root tag\nLine: 0\nColumn: 12\nChar: ' → 'Unclosed root tag at line 1, column 12'. */
function xmlProblem(error: unknown): string {
  const message = error instanceof Error ? error.message : String(error);
  const [first = ''] = message.split('\n');
  const line = /^Line: (\d+)$/m.exec(message)?.[1];
  const column = /^Column: (\d+)$/m.exec(message)?.[1];
  const where = line && column ? ` at line ${Number(line) + 1}, column ${column}` : '';
  return `${first.trim().slice(0, 200)}${where}`;
}

// ── News RSS 2.0 / Atom ─────────────────────────────────────────────────────────────────────────────────

type MediaElement = { $?: { url?: string; medium?: string; type?: string; width?: string } };
interface NewsFeedItem {
  'media:content'?: MediaElement[];
  'media:thumbnail'?: MediaElement[];
  'media:group'?: { 'media:content'?: MediaElement[]; 'media:thumbnail'?: MediaElement[] }[];
  'content:encoded'?: string;
}

/**
 * A parser made for one input: a reused xml2js parser keeps a failed parse's state and then walks the
 * whole next input (the 19-second freeze of issue 18).
 */
async function parseXml<I>(xml: string, customFields: Parser.CustomFieldItem<I>[]) {
  // Loaded with the first feed read (in the engine's thread).
  const { default: RssParser } = await import('rss-parser');
  const parser = new RssParser<Record<string, never>, I>({ customFields: { item: customFields } });
  return parser.parseString(xml);
}

/**
 * One RSS 2.0 (or Atom) news feed. Images come from media:content, media:thumbnail, an image enclosure,
 * or the first <img> in the item's HTML, in that order. Items without a title or an http(s) link are
 * skipped.
 */
async function readNews(xml: string, feedUrl: string): Promise<FetchedNewsItem[]> {
  let feed: Awaited<ReturnType<typeof parseXml<NewsFeedItem>>>;
  try {
    feed = await parseXml<NewsFeedItem>(xml, [
      ['media:content', 'media:content', { keepArray: true }],
      ['media:thumbnail', 'media:thumbnail', { keepArray: true }],
      ['media:group', 'media:group', { keepArray: true }],
    ]);
  } catch (error) {
    throw new UnreadableFeed(
      `${sourceName('news', feedUrl)} did not send a readable feed (${xmlProblem(error)})`,
    );
  }
  const source = plainText(feed.title, 100) || sourceName('news', feedUrl);
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
    if (items.length === feedItemsMax) break;
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

// ── Google Trends RSS ───────────────────────────────────────────────────────────────────────────────────

type NewsItemElement = { 'ht:news_item_url'?: string[]; 'ht:news_item_title'?: string[] };
interface TrendFeedItem {
  'ht:approx_traffic'?: string;
  'ht:news_item'?: NewsItemElement[];
}

/**
 * Google Trends' trending-searches RSS (`https://trends.google.com/trending/rss?geo=IN`): RSS 2.0 whose
 * items carry the search as the title and `ht:` elements (approximate traffic, picture, news items). One
 * entry per search, whatever its case.
 */
async function readTrends(xml: string, feedUrl: string): Promise<FetchedTrend[]> {
  let feed: Awaited<ReturnType<typeof parseXml<TrendFeedItem>>>;
  try {
    feed = await parseXml<TrendFeedItem>(xml, [
      ['ht:approx_traffic', 'ht:approx_traffic'],
      ['ht:news_item', 'ht:news_item', { keepArray: true }],
    ]);
  } catch (error) {
    throw new UnreadableFeed(
      `${sourceName('trends', feedUrl)} did not send a readable trends feed (${xmlProblem(error)})`,
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
    if (trends.length === feedItemsMax) break;
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

// ── YouTube ─────────────────────────────────────────────────────────────────────────────────────────────

interface AtomEntry {
  'yt:videoId'?: string;
}

/** The newest videos of one channel from its public Atom feed (`/feeds/videos.xml?channel_id=…`). */
async function readChannel(xml: string, channelId: string): Promise<FetchedVideo[]> {
  let feed: Awaited<ReturnType<typeof parseXml<AtomEntry>>>;
  try {
    feed = await parseXml<AtomEntry>(xml, [['yt:videoId', 'yt:videoId']]);
  } catch (error) {
    throw new UnreadableFeed(
      `${sourceName('channel', channelId)} did not send a readable feed (${xmlProblem(error)})`,
    );
  }
  const channel = plainText(feed.title, 100);
  const videos: FetchedVideo[] = [];
  for (const item of feed.items ?? []) {
    const entry = item as AtomEntry & Parser.Item & { id?: string };
    const videoId = entry['yt:videoId'] ?? entry.id?.replace(/^yt:video:/, '');
    const title = plainText(item.title, titleMax);
    if (!videoId || !videoIdPattern.test(videoId) || !title) continue;
    videos.push({ videoId, title, channel, publishedAt: isoDate(item.isoDate) ?? isoDate(item.pubDate) });
    if (videos.length === feedItemsMax) break;
  }
  return videos;
}

// Only the parts of a search.list answer read here; anything else in it is ignored.
const searchAnswerSchema = z.object({
  items: z.array(
    z.object({
      id: z.object({ kind: z.string().optional(), videoId: z.string().optional() }).optional(),
      snippet: z
        .object({
          title: z.string().optional(),
          channelTitle: z.string().optional(),
          publishedAt: z.string().optional(),
        })
        .optional(),
    }),
  ),
});

/** A YouTube Data API v3 `search.list` answer. Titles arrive HTML-escaped (`&amp;`, `&#39;`) and are decoded. */
function readYoutubeSearch(json: string): FetchedVideo[] {
  let body: unknown;
  try {
    body = JSON.parse(json);
  } catch {
    throw new UnreadableFeed('The YouTube Data API sent an answer that is not JSON');
  }
  const parsed = searchAnswerSchema.safeParse(body);
  if (!parsed.success)
    throw new UnreadableFeed('The YouTube Data API sent a search answer of an unknown shape');
  const videos: FetchedVideo[] = [];
  for (const item of parsed.data.items) {
    const videoId = item.id?.videoId;
    const title = plainText(item.snippet?.title, titleMax);
    if (!videoId || !videoIdPattern.test(videoId) || !title) continue;
    videos.push({
      videoId,
      title,
      channel: plainText(item.snippet?.channelTitle, 100),
      publishedAt: isoDate(item.snippet?.publishedAt),
    });
    if (videos.length === feedItemsMax) break;
  }
  return videos;
}
