import Parser from 'rss-parser';
import { z } from 'zod';
import { FeedError, type FetchOptions, fetchText } from './fetch-text.ts';
import { isoDate, plainText } from './plain-text.ts';

export interface FetchedVideo {
  videoId: string;
  title: string;
  channel: string;
  publishedAt: string | undefined;
}

const titleMax = 300;
const videoIdPattern = /^[\w-]{6,20}$/;

// Only the parts of a search.list answer this adapter reads; anything else in it is ignored.
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
const apiErrorSchema = z.object({ error: z.object({ code: z.number().optional(), message: z.string() }) });

/**
 * Recent videos about a topic from the YouTube Data API v3 (`search.list`, videos only, newest first, for
 * India). Titles arrive HTML-escaped (`&amp;`, `&#39;`) and are decoded here. The key travels in the
 * query string, so error messages never include the address.
 */
export async function searchYoutubeVideos(
  apiBase: string,
  apiKey: string,
  query: string,
  maxResults: number,
  options: FetchOptions,
): Promise<FetchedVideo[]> {
  const url = new URL(`${apiBase.replace(/\/+$/, '')}/search`);
  url.search = new URLSearchParams({
    part: 'snippet',
    type: 'video',
    order: 'date',
    regionCode: 'IN',
    relevanceLanguage: 'en',
    maxResults: String(Math.min(50, Math.max(1, maxResults))),
    q: query,
    key: apiKey,
  }).toString();
  const timeout = AbortSignal.timeout(options.timeoutMs);
  let response: Response;
  try {
    response = await fetch(url, {
      signal: options.signal ? AbortSignal.any([options.signal, timeout]) : timeout,
      headers: { accept: 'application/json' },
    });
  } catch {
    throw new FeedError(
      timeout.aborted
        ? `The YouTube Data API did not answer within ${options.timeoutMs} ms`
        : 'The YouTube Data API could not be reached',
    );
  }
  let body: unknown;
  try {
    body = await response.json();
  } catch {
    throw new FeedError(`The YouTube Data API sent an answer that is not JSON (HTTP ${response.status})`);
  }
  if (!response.ok) {
    const apiError = apiErrorSchema.safeParse(body);
    throw new FeedError(
      `The YouTube Data API answered HTTP ${response.status}${apiError.success ? `: ${apiError.data.error.message}` : ''}`,
    );
  }
  const parsed = searchAnswerSchema.safeParse(body);
  if (!parsed.success) throw new FeedError('The YouTube Data API sent a search answer of an unknown shape');
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
  }
  return videos;
}

interface AtomEntry {
  'yt:videoId'?: string;
}
const atomParser = new Parser<Record<string, never>, AtomEntry>({
  customFields: { item: [['yt:videoId', 'yt:videoId']] },
});

/** The newest videos of one channel from its public Atom feed (`/feeds/videos.xml?channel_id=…`). */
export async function fetchChannelVideos(
  feedBase: string,
  channelId: string,
  options: FetchOptions,
): Promise<FetchedVideo[]> {
  const url = new URL(feedBase);
  url.searchParams.set('channel_id', channelId);
  let xml: string;
  try {
    xml = await fetchText(url.toString(), {
      ...options,
      accept: 'application/atom+xml, application/xml;q=0.9',
    });
  } catch (error) {
    throw new FeedError(`Channel ${channelId}: ${(error as Error).message}`);
  }
  return parseChannelFeed(xml, channelId);
}

export async function parseChannelFeed(xml: string, channelId: string): Promise<FetchedVideo[]> {
  let feed: Awaited<ReturnType<typeof atomParser.parseString>>;
  try {
    feed = await atomParser.parseString(xml);
  } catch (error) {
    throw new FeedError(`Channel ${channelId} did not send a readable feed (${(error as Error).message})`);
  }
  const channel = plainText(feed.title, 100);
  const videos: FetchedVideo[] = [];
  for (const item of feed.items ?? []) {
    const entry = item as AtomEntry & Parser.Item & { id?: string };
    const videoId = entry['yt:videoId'] ?? entry.id?.replace(/^yt:video:/, '');
    const title = plainText(item.title, titleMax);
    if (!videoId || !videoIdPattern.test(videoId) || !title) continue;
    videos.push({ videoId, title, channel, publishedAt: isoDate(item.isoDate) ?? isoDate(item.pubDate) });
  }
  return videos;
}
