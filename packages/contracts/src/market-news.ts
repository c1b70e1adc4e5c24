import { z } from 'zod';
import { defineCall } from './api-call.ts';
import { wholeNumberText } from './numbers.ts';
import { cleanText } from './text.ts';
import { type TrendRows, trendRowsDefault, trendRowsOptions } from './trend-rows.ts';

/*
 * The outside feeds behind the market screens: stock news (RSS), trending searches in India and trending
 * video titles. The server fetches them on a schedule and keeps them; every call here answers from what
 * was stored, so the pages work offline with what was last fetched.
 */

const fetchedAtSchema = z
  .string()
  .nullable()
  .describe('ISO timestamp of the last successful fetch; null when nothing has been fetched yet');

// ---------------------------------------------------------------- stock news

export const stockNewsItemSchema = z
  .object({
    title: z.string(),
    summary: z.string().describe('Plain text, at most 400 characters'),
    url: z.string().describe('The full article on the publisher’s site'),
    image_url: z.string().optional().describe('Absent when the feed gave no image'),
    source: z.string().describe('The feed’s own name, e.g. "ET Markets"'),
    published_at: z.string().describe('ISO timestamp (the fetch time when the feed gave no date)'),
  })
  .meta({ id: 'StockNewsItem' });
export type StockNewsItem = z.infer<typeof stockNewsItemSchema>;

export const stockNewsSchema = z
  .object({ news: z.array(stockNewsItemSchema), fetchedAt: fetchedAtSchema })
  .meta({ id: 'StockNews' });
export type StockNews = z.infer<typeof stockNewsSchema>;

export const stockNewsDefaultLimit = 30;
export const stockNewsQuerySchema = z
  .object({ limit: wholeNumberText('limit', { min: 1, max: 100 }).default(stockNewsDefaultLimit) })
  .strict();

export const listStockNews = defineCall({
  method: 'GET',
  path: '/api/news',
  operationId: 'listStockNews',
  summary: 'Stock news from Indian business RSS feeds, newest first (stored; deduplicated by link)',
  tag: 'market',
  access: 'public',
  query: stockNewsQuerySchema,
  status: 200,
  response: stockNewsSchema,
  errors: [400],
});

// ---------------------------------------------------------------- trends

export const trendRowsSchema = z
  .string({ error: 'rows must be 20, 30 or 50.' })
  .refine((value) => (trendRowsOptions as readonly number[]).includes(Number(value)) && /^\d+$/.test(value), {
    message: 'rows must be 20, 30 or 50.',
  })
  .transform((value) => Number(value) as TrendRows);

export const trendsQuerySchema = z.object({ rows: trendRowsSchema.default(trendRowsDefault) }).strict();

export const trendTextSchema = z
  .object({
    text: z.string().describe('The trend text: one numbered line per trending search; empty when none'),
    rows: z.union(trendRowsOptions.map((n) => z.literal(n))),
    count: z.number().int().nonnegative().describe('How many trending items the text holds'),
    fetchedAt: fetchedAtSchema,
  })
  .meta({ id: 'TrendText' });
export type TrendText = z.infer<typeof trendTextSchema>;

export const getTrends = defineCall({
  method: 'GET',
  path: '/api/trends',
  operationId: 'getTrends',
  summary: 'Trending searches in India over the last 24 hours of fetches, as one text block',
  description:
    'Searches seen in the trends feed during the 24 hours before its latest fetch, most searched first; ' +
    '`rows` (20, 30 or 50) is how many the text holds.',
  tag: 'market',
  access: 'public',
  query: trendsQuerySchema,
  status: 200,
  response: trendTextSchema,
  errors: [400],
});

// ---------------------------------------------------------------- captions (video titles)

/** Captions default count, and at most this many distinct titles are kept (tools-and-trading.md section 9). */
export const captionsDefaultCount = 20;
export const captionsDefaultQuery = 'India';

export const captionsQuerySchema = z
  .object({
    query: cleanText()
      .trim()
      .min(1, 'query must not be empty.')
      .max(100, 'query must be at most 100 characters.')
      .default(captionsDefaultQuery),
    max_results: wholeNumberText('max_results', { min: 1, max: captionsDefaultCount }).default(
      captionsDefaultCount,
    ),
  })
  .strict();

export const captionsSchema = z
  .object({
    status: z.literal('success'),
    videos: z.array(z.object({ title: z.string() }).meta({ id: 'CaptionVideo' })),
    fetchedAt: fetchedAtSchema,
  })
  .meta({ id: 'Captions' });
export type Captions = z.infer<typeof captionsSchema>;

export const listYoutubeCaptions = defineCall({
  method: 'GET',
  path: '/api/youtube-captions',
  operationId: 'listYoutubeCaptions',
  summary: 'Distinct titles of recent videos about a topic (stored from YouTube), newest first',
  description:
    'The topic the server fetches (India by default) answers its videos; any other query answers the ' +
    'stored titles that contain it. At most 20 distinct titles.',
  tag: 'market',
  access: 'public',
  query: captionsQuerySchema,
  status: 200,
  response: captionsSchema,
  errors: [400],
});

// ---------------------------------------------------------------- operator: fetch now

export const feedSourceNames = ['news', 'trends', 'videos'] as const;
export type FeedSourceName = (typeof feedSourceNames)[number];

export const feedRunSchema = z
  .object({
    source: z.enum(feedSourceNames),
    ok: z.boolean(),
    stored: z.number().int().nonnegative().describe('Items added or refreshed by this fetch'),
    problems: z.array(z.string()).describe('What went wrong, per feed address; stored items are kept'),
  })
  .meta({ id: 'FeedRun' });
export type FeedRun = z.infer<typeof feedRunSchema>;

export const refreshMarketFeeds = defineCall({
  method: 'POST',
  path: '/api/admin/market-feeds/refresh',
  operationId: 'refreshMarketFeeds',
  summary: 'Fetch the news, trends and video feeds now and store what they give',
  tag: 'admin',
  access: 'admin',
  status: 200,
  response: z.array(feedRunSchema).meta({ id: 'FeedRuns' }),
  errors: [401],
});
