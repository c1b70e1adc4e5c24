import path from 'node:path';
import { type AdPlacement, adPlacements } from '@hurryup/contracts/ads';
import { z } from 'zod';

const logLevels = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;

// The repository's seed content: loaded into an empty database on first start.
const defaultContentDir = path.resolve(import.meta.dirname, '../../../../content');

const emptyToUndefined = (value: unknown) => (value === '' ? undefined : value);

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

const httpUrlText = z.url({
  protocol: /^https?$/,
  error: 'must be an absolute http(s) URL',
});
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

const envSchema = z
  .object({
    NODE_ENV: z.enum(['development', 'production', 'test']).default('production'),
    PORT: z.coerce.number().int().min(0).max(65535).default(3000),
    HOST: z.string().min(1).default('localhost'),
    PUBLIC_BASE_URL: z.preprocess(
      emptyToUndefined,
      z
        .url({ protocol: /^https?$/, error: 'must be an absolute http(s) URL such as https://example.in' })
        .optional(),
    ),
    DATA_DIR: z.string().min(1).default('./data'),
    DATABASE_URL: z.preprocess(
      emptyToUndefined,
      z
        .string()
        .regex(/^postgres(ql)?:\/\//, 'must be a postgres:// or postgresql:// connection URL')
        .optional(),
    ),
    ADMIN_TOKEN: z.preprocess(
      emptyToUndefined,
      z.string().min(16, 'must be at least 16 characters long when set').optional(),
    ),
    SITE_NAME: z.string().trim().min(1).max(60).default('Hurry Up'),
    CONTENT_DIR: z.string().min(1).default(defaultContentDir),
    SEED_CONTENT: z.preprocess(emptyToUndefined, z.enum(['true', 'false']).default('true')),
    LOG_LEVEL: z.enum(logLevels).default('info'),
    RATE_LIMIT_MAX: z.coerce.number().int().positive().default(1000),
    BODY_LIMIT_BYTES: z.coerce.number().int().min(1024).default(1_048_576),
    IDLE_TIMEOUT_MS: z.coerce.number().int().min(100).default(30_000),
    // Enough for a 10 MB upload at about 300 kbit/s, a slow mobile uplink.
    REQUEST_TIMEOUT_MS: z.coerce.number().int().min(100).default(300_000),
    ADMIN_FAILURE_LIMIT: z.coerce.number().int().positive().default(10),
    ADMIN_RATE_LIMIT: z.coerce.number().int().positive().default(300),
    PAGE_CACHE_MAX_PAGES: z.coerce.number().int().min(0).default(2000),
    PAGE_CACHE_MAX_MB: z.coerce.number().int().min(1).max(4096).default(64),
    TRUST_PROXY: z.preprocess(emptyToUndefined, z.enum(['true', 'false']).default('false')),
    ADS_CLIENT_ID: z.preprocess(
      emptyToUndefined,
      z
        .string()
        .regex(/^ca-pub-\d{6,20}$/, 'must look like ca-pub-1234567890123456')
        .optional(),
    ),
    ADS_SLOTS: z.preprocess(
      emptyToUndefined,
      z
        .string()
        .regex(
          new RegExp(`^(${adPlacements.join('|')})=\\d+(,(${adPlacements.join('|')})=\\d+)*$`),
          `must be a comma-separated list of ${adPlacements.join(', ')} slots such as banner=1234567890,inline=2345678901`,
        )
        .optional(),
    ),
    MARKET_DATA_DIR: z.preprocess(emptyToUndefined, z.string().optional()),
    EVENTS_DATA_DIR: z.preprocess(emptyToUndefined, z.string().optional()),
    MARKET_SYNC: z.preprocess(emptyToUndefined, z.enum(['on', 'off']).optional()),
    MARKET_SOURCE_URL: z.preprocess(
      emptyToUndefined,
      z
        .url({
          protocol: /^https?$/,
          error: 'must be an absolute http(s) URL such as https://query1.finance.yahoo.com',
        })
        .default('https://query1.finance.yahoo.com'),
    ),
    MARKET_CLOCK: z.preprocess(
      emptyToUndefined,
      z.iso
        .datetime({ offset: true, error: 'must be an ISO timestamp such as 2025-06-02T10:00:00+05:30' })
        .optional(),
    ),
    ANALYTICS_ID: z.preprocess(
      emptyToUndefined,
      z
        .string()
        .regex(/^G-[A-Z0-9]{4,20}$/, 'must be a Google Analytics 4 measurement id such as G-ABC123XYZ')
        .optional(),
    ),
    NEWS_FEED_URLS: z.preprocess(emptyToUndefined, httpUrlList.optional()),
    TRENDS_FEED_URL: z.preprocess(
      emptyToUndefined,
      httpUrlText.default('https://trends.google.com/trending/rss?geo=IN'),
    ),
    YOUTUBE_API_KEY: z.preprocess(
      emptyToUndefined,
      z
        .string()
        .regex(/^[\w-]{20,100}$/, 'must be a YouTube Data API key (letters, digits, - and _)')
        .optional(),
    ),
    YOUTUBE_API_URL: z.preprocess(
      emptyToUndefined,
      httpUrlText.default('https://www.googleapis.com/youtube/v3'),
    ),
    YOUTUBE_FEED_URL: z.preprocess(
      emptyToUndefined,
      httpUrlText.default('https://www.youtube.com/feeds/videos.xml'),
    ),
    YOUTUBE_CHANNEL_IDS: z.preprocess(
      emptyToUndefined,
      z
        .string()
        .regex(
          /^UC[\w-]{22}(,\s*UC[\w-]{22})*$/,
          'must be comma-separated YouTube channel ids such as UCZFMm1mMw0F81Z37aaEzTUA',
        )
        .optional(),
    ),
    YOUTUBE_QUERY: z.preprocess(emptyToUndefined, z.string().trim().min(1).max(100).default('India')),
    FEEDS_REFRESH_MINUTES: z.preprocess(
      emptyToUndefined,
      z.coerce.number().int().min(0).max(10_080).optional(),
    ),
    FEEDS_TIMEOUT_MS: z.preprocess(
      emptyToUndefined,
      z.coerce.number().int().min(100).max(120_000).default(10_000),
    ),
  })
  .transform((env) => ({
    env: env.NODE_ENV,
    port: env.PORT,
    host: env.HOST,
    publicBaseUrl: (env.PUBLIC_BASE_URL ?? `http://localhost:${env.PORT}`).replace(/\/+$/, ''),
    dataDir: path.resolve(env.DATA_DIR),
    databaseUrl: env.DATABASE_URL,
    adminToken: env.ADMIN_TOKEN,
    siteName: env.SITE_NAME,
    contentDir: path.resolve(env.CONTENT_DIR),
    seedContent: env.SEED_CONTENT === 'true',
    logLevel: env.LOG_LEVEL,
    rateLimitMax: env.RATE_LIMIT_MAX,
    bodyLimitBytes: env.BODY_LIMIT_BYTES,
    idleTimeoutMs: env.IDLE_TIMEOUT_MS,
    requestTimeoutMs: env.REQUEST_TIMEOUT_MS,
    adminFailureLimit: env.ADMIN_FAILURE_LIMIT,
    adminRateLimit: env.ADMIN_RATE_LIMIT,
    pageCache: { maxEntries: env.PAGE_CACHE_MAX_PAGES, maxBytes: env.PAGE_CACHE_MAX_MB * 1024 * 1024 },
    trustProxy: env.TRUST_PROXY === 'true',
    ads: {
      clientId: env.ADS_CLIENT_ID,
      slots: parseAdSlots(env.ADS_SLOTS),
    },
    analyticsId: env.ANALYTICS_ID,
    market: {
      dataDir: env.MARKET_DATA_DIR ? path.resolve(env.MARKET_DATA_DIR) : undefined,
      eventsDir: env.EVENTS_DATA_DIR ? path.resolve(env.EVENTS_DATA_DIR) : undefined,
      // Tests never reach the internet: the sync is off under NODE_ENV=test unless a test turns it on.
      sync: (env.MARKET_SYNC ?? (env.NODE_ENV === 'test' ? 'off' : 'on')) === 'on',
      sourceUrl: env.MARKET_SOURCE_URL.replace(/\/+$/, ''),
      clock: env.MARKET_CLOCK ? new Date(env.MARKET_CLOCK) : undefined,
    },
    feeds: {
      newsUrls: env.NEWS_FEED_URLS ?? defaultNewsFeedUrls,
      trendsUrl: env.TRENDS_FEED_URL,
      youtube: {
        apiKey: env.YOUTUBE_API_KEY,
        apiUrl: env.YOUTUBE_API_URL,
        feedUrl: env.YOUTUBE_FEED_URL,
        channelIds: env.YOUTUBE_CHANNEL_IDS?.split(',').map((id) => id.trim()) ?? defaultYoutubeChannelIds,
        query: env.YOUTUBE_QUERY,
      },
      // Tests never reach the internet: under NODE_ENV=test nothing is fetched unless a test asks for it.
      refreshMinutes: env.FEEDS_REFRESH_MINUTES ?? (env.NODE_ENV === 'test' ? 0 : 30),
      timeoutMs: env.FEEDS_TIMEOUT_MS,
    },
  }));

export type Config = z.output<typeof envSchema>;

function parseAdSlots(value: string | undefined): Partial<Record<AdPlacement, string>> {
  if (!value) return {};
  return Object.fromEntries(value.split(',').map((pair) => pair.split('=') as [AdPlacement, string]));
}

// Never echo these back: the message ends up in logs.
const secretSettings = new Set(['ADMIN_TOKEN', 'DATABASE_URL', 'YOUTUBE_API_KEY']);

export class ConfigError extends Error {
  readonly problems: string[];
  constructor(problems: string[]) {
    super(`Invalid configuration:\n${problems.map((p) => `  - ${p}`).join('\n')}`);
    this.problems = problems;
  }
}

/** Reads and validates the settings; throws a ConfigError naming every bad variable. */
export function loadConfig(env: Record<string, string | undefined> = process.env): Config {
  const parsed = envSchema.safeParse(env);
  if (parsed.success) return parsed.data;
  throw new ConfigError(
    parsed.error.issues.map((issue) => {
      const name = issue.path.join('.') || 'environment';
      const value = typeof issue.path[0] === 'string' ? env[issue.path[0]] : undefined;
      const shown = value === undefined || secretSettings.has(name) ? '' : ` (got "${value}")`;
      return `${name}: ${issue.message}${shown}`;
    }),
  );
}
