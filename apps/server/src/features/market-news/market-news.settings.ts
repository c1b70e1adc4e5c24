import { z } from 'zod';
import { emptyToUndefined, httpUrlText, secret, setting } from '../../shared/config.ts';

// Public feeds of Indian business news (markets sections), read when NEWS_FEED_URLS is unset.
const defaultNewsFeedUrls = [
  'https://economictimes.indiatimes.com/markets/rssfeeds/1977021501.cms',
  'https://www.moneycontrol.com/rss/marketreports.xml',
  'https://www.livemint.com/rss/markets',
  'https://www.business-standard.com/rss/markets-106.rss',
];
// Indian news channels whose public feeds give the captions page its titles without an API key:
// NDTV, India Today, Aaj Tak, WION.
const defaultYoutubeChannelIds = [
  'UCZFMm1mMw0F81Z37aaEzTUA',
  'UCYPvAwZP8pZhSMW8qs7cVCw',
  'UCt4t-jeY85JegMlZ-E5UWtA',
  'UC_gUM8rL-Lrg6O3adPW9K1g',
];

/** A comma-separated list of http(s) URLs. */
const httpUrlList = z
  .string()
  .transform((value) =>
    value
      .split(',')
      .map((part) => part.trim())
      .filter(Boolean),
  )
  .pipe(
    z
      .array(httpUrlText, { error: 'must be comma-separated http(s) URLs' })
      .min(1, 'must name at least one URL'),
  );

/**
 * The market feeds' settings (docs/operations.md, "Market feeds"): which feeds and channels, how often, how long
 * a fetch may take. Each setting's row in the docs' settings table is written here.
 */
export const marketNewsSettings = z
  .object({
    NEWS_FEED_URLS: setting(z.preprocess(emptyToUndefined, httpUrlList.optional()), {
      default: 'four Indian markets RSS feeds',
      description: 'comma-separated RSS/Atom feed URLs of the stock news page (`/stocks`)',
    }),
    TRENDS_FEED_URL: setting(
      z.preprocess(emptyToUndefined, httpUrlText.default('https://trends.google.com/trending/rss?geo=IN')),
      { description: 'trending searches in India (Google Trends RSS) for Trending Now' },
    ),
    YOUTUBE_API_KEY: secret(
      z.preprocess(
        emptyToUndefined,
        z
          .string()
          .regex(/^[\w-]{20,100}$/, 'must be a YouTube Data API key (letters, digits, - and _)')
          .optional(),
      ),
      {
        description:
          'YouTube Data API v3 key; without it the captions page reads the public channel feeds below',
      },
    ),
    YOUTUBE_API_URL: setting(
      z.preprocess(emptyToUndefined, httpUrlText.default('https://www.googleapis.com/youtube/v3')),
      { description: 'where the YouTube Data API lives (tests point it at a local fake)' },
    ),
    YOUTUBE_FEED_URL: setting(
      z.preprocess(emptyToUndefined, httpUrlText.default('https://www.youtube.com/feeds/videos.xml')),
      { description: "where the channels' public feeds live (tests point it at a local fake)" },
    ),
    YOUTUBE_CHANNEL_IDS: setting(
      z.preprocess(
        emptyToUndefined,
        z
          .string()
          .regex(
            /^UC[\w-]{22}(,\s*UC[\w-]{22})*$/,
            'must be comma-separated YouTube channel ids such as UCZFMm1mMw0F81Z37aaEzTUA',
          )
          .optional(),
      ),
      {
        default: 'NDTV, India Today, Aaj Tak, WION',
        description:
          'comma-separated channel ids (`UC…`) whose public feeds give the captions page its titles',
      },
    ),
    YOUTUBE_QUERY: setting(
      z.preprocess(emptyToUndefined, z.string().trim().min(1).max(100).default('India')),
      {
        description: 'the topic searched with the API key (and the topic the channel videos are filed under)',
      },
    ),
    FEEDS_REFRESH_MINUTES: setting(
      z.preprocess(emptyToUndefined, z.coerce.number().int().min(0).max(10_080).optional()),
      {
        default: '`30` (the test setup sets `0`)',
        description: 'how often the news, trends and video feeds are fetched; `0` = never by itself',
      },
    ),
    FEEDS_TIMEOUT_MS: setting(
      z.preprocess(emptyToUndefined, z.coerce.number().int().min(100).max(120_000).default(10_000)),
      { description: 'how long one feed may take to answer' },
    ),
  })
  .transform((env) => ({
    newsUrls: env.NEWS_FEED_URLS ?? defaultNewsFeedUrls,
    trendsUrl: env.TRENDS_FEED_URL,
    youtube: {
      apiKey: env.YOUTUBE_API_KEY,
      apiUrl: env.YOUTUBE_API_URL,
      feedUrl: env.YOUTUBE_FEED_URL,
      channelIds: env.YOUTUBE_CHANNEL_IDS?.split(',').map((id) => id.trim()) ?? defaultYoutubeChannelIds,
      query: env.YOUTUBE_QUERY,
    },
    // Tests never reach the internet: their setup sets FEEDS_REFRESH_MINUTES=0 (only when asked).
    refreshMinutes: env.FEEDS_REFRESH_MINUTES ?? 30,
    timeoutMs: env.FEEDS_TIMEOUT_MS,
  }));

export type MarketNewsSettings = z.output<typeof marketNewsSettings>;
