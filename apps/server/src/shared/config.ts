import net from 'node:net';
import os from 'node:os';
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

/**
 * Which peers may say, in `X-Forwarded-For`, whom they forward for: none (`false`), the nearest N hops (a
 * number), or the proxies at these addresses or networks. `true` (trust every hop) is refused: the leftmost
 * entry is whatever the client wrote, so every per-address limit would be the client's to choose.
 */
const trustProxySetting = z
  .string()
  .trim()
  .transform((value, context): false | number | string[] => {
    if (value === 'false' || value === '0') return false;
    if (value === 'true') {
      context.addIssue({
        code: 'custom',
        message:
          'true would let every client choose its own address (the leftmost X-Forwarded-For entry is written by the client); set the number of proxies in front of this server (1 for one nginx) or their addresses, such as 127.0.0.1,10.0.0.0/8',
      });
      return z.NEVER;
    }
    if (/^[0-9]{1,2}$/.test(value)) return Number(value);
    const entries = value.split(',').map((part) => part.trim());
    const bad = entries.filter((entry) => !isAddressOrNetwork(entry));
    if (bad.length > 0) {
      context.addIssue({
        code: 'custom',
        message: `must be false, a number of proxies (1, 2) or comma-separated proxy addresses or networks such as 127.0.0.1,10.0.0.0/8 (not valid: ${bad.join(', ')})`,
      });
      return z.NEVER;
    }
    return entries;
  });

function isAddressOrNetwork(entry: string): boolean {
  const [address = '', prefix, ...rest] = entry.split('/');
  const family = net.isIP(address);
  if (family === 0 || rest.length > 0) return false;
  if (prefix === undefined) return true;
  return /^[0-9]{1,3}$/.test(prefix) && Number(prefix) <= (family === 4 ? 32 : 128);
}

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
    // The bearer token of GET /metrics (plugins/metrics.ts); /metrics answers 404 while it is unset.
    METRICS_TOKEN: z.preprocess(
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
    // Engine pool (engines/engine-pool.ts): CPU tasks running at once across all engines.
    ENGINE_THREADS: z.preprocess(emptyToUndefined, z.coerce.number().int().min(1).max(256).optional()),
    // OCR and speech on the host's programs (tesseract; espeak-ng + lame) or in WebAssembly: `auto` uses the
    // programs when installed (engines/host-programs.ts); the paths are looked up on PATH unless absolute.
    OCR_ENGINE: z.preprocess(emptyToUndefined, z.enum(['auto', 'native', 'wasm']).default('auto')),
    SPEECH_ENGINE: z.preprocess(emptyToUndefined, z.enum(['auto', 'native', 'wasm']).default('auto')),
    TESSERACT_PATH: z.preprocess(emptyToUndefined, z.string().min(1).default('tesseract')),
    ESPEAK_NG_PATH: z.preprocess(emptyToUndefined, z.string().min(1).default('espeak-ng')),
    LAME_PATH: z.preprocess(emptyToUndefined, z.string().min(1).default('lame')),
    TRUST_PROXY: z.preprocess(emptyToUndefined, trustProxySetting.default(false)),
    // JSON and form bodies are small: a client that has not sent one within seconds is stalling on purpose.
    BODY_TIMEOUT_MS: z.coerce.number().int().min(100).default(10_000),
    MAX_CONNECTIONS_PER_CLIENT: z.coerce.number().int().min(1).default(64),
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
    REDIS_URL: z.preprocess(
      emptyToUndefined,
      z
        .string()
        .regex(/^rediss?:\/\/[^\s]+$/, 'must be a redis:// or rediss:// URL such as redis://127.0.0.1:6379/0')
        .optional(),
    ),
    // Refuse to start when Redis may evict keys (app/redis-check.ts); only a warning when false.
    REDIS_REQUIRE_NOEVICTION: z.preprocess(emptyToUndefined, z.enum(['true', 'false']).default('false')),
    REDIS_PREFIX: z.preprocess(
      emptyToUndefined,
      z
        .string()
        .regex(/^[\w:.-]{1,50}$/, 'must be letters, digits, _ : . - (at most 50)')
        .default('hurryup'),
    ),
    RUN_JOBS: z.preprocess(emptyToUndefined, z.enum(['true', 'false']).optional()),
    CLOCK_START: z.preprocess(
      emptyToUndefined,
      z.iso
        .datetime({ offset: true, error: 'must be an ISO timestamp such as 2025-06-02T10:00:00+05:30' })
        .optional(),
    ),
    FEEDS_TIMEOUT_MS: z.preprocess(
      emptyToUndefined,
      z.coerce.number().int().min(100).max(120_000).default(10_000),
    ),
    OUTGOING_ALLOW_PRIVATE_ADDRESSES: z.preprocess(
      emptyToUndefined,
      z.enum(['true', 'false']).default('false'),
    ),
    SMTP_URL: z.preprocess(
      emptyToUndefined,
      z
        .url({
          protocol: /^smtps?$/,
          error: 'must be an smtp:// or smtps:// URL such as smtp://user:password@smtp.example.in:587',
        })
        .optional(),
    ),
    MAIL_FROM: z.preprocess(
      emptyToUndefined,
      z
        .string()
        .trim()
        .regex(
          /^(?:[^<>\r\n]*<[^\s<>@]+@[^\s<>@]+>|[^\s<>@]+@[^\s<>@]+)$/,
          'must be an address such as no-reply@example.in or Site Name <no-reply@example.in>',
        )
        .optional(),
    ),
    MAIL_MAX_ATTEMPTS: z.preprocess(emptyToUndefined, z.coerce.number().int().min(1).max(50).default(10)),
  })
  .superRefine((env, context) => {
    if (env.MARKET_CLOCK && env.CLOCK_START)
      context.addIssue({
        code: 'custom',
        path: ['CLOCK_START'],
        message:
          "set MARKET_CLOCK or CLOCK_START, not both: MARKET_CLOCK stops the whole site's clock at one instant, CLOCK_START starts it at one and lets it run",
      });
  })
  .transform((env) => ({
    env: env.NODE_ENV,
    port: env.PORT,
    host: env.HOST,
    publicBaseUrl: (env.PUBLIC_BASE_URL ?? `http://localhost:${env.PORT}`).replace(/\/+$/, ''),
    dataDir: path.resolve(env.DATA_DIR),
    databaseUrl: env.DATABASE_URL,
    adminToken: env.ADMIN_TOKEN,
    metricsToken: env.METRICS_TOKEN,
    siteName: env.SITE_NAME,
    contentDir: path.resolve(env.CONTENT_DIR),
    seedContent: env.SEED_CONTENT === 'true',
    logLevel: env.LOG_LEVEL,
    rateLimitMax: env.RATE_LIMIT_MAX,
    bodyLimitBytes: env.BODY_LIMIT_BYTES,
    idleTimeoutMs: env.IDLE_TIMEOUT_MS,
    requestTimeoutMs: env.REQUEST_TIMEOUT_MS,
    bodyTimeoutMs: Math.min(env.BODY_TIMEOUT_MS, env.REQUEST_TIMEOUT_MS),
    maxConnectionsPerClient: env.MAX_CONNECTIONS_PER_CLIENT,
    adminFailureLimit: env.ADMIN_FAILURE_LIMIT,
    adminRateLimit: env.ADMIN_RATE_LIMIT,
    pageCache: { maxEntries: env.PAGE_CACHE_MAX_PAGES, maxBytes: env.PAGE_CACHE_MAX_MB * 1024 * 1024 },
    // One core is left to the event loop that answers requests.
    engineThreads: env.ENGINE_THREADS ?? Math.max(1, os.availableParallelism() - 1),
    engineChoice: {
      ocr: env.OCR_ENGINE,
      speech: env.SPEECH_ENGINE,
      programs: { tesseract: env.TESSERACT_PATH, espeakNg: env.ESPEAK_NG_PATH, lame: env.LAME_PATH },
    },
    redis: env.REDIS_URL
      ? {
          url: env.REDIS_URL,
          prefix: env.REDIS_PREFIX,
          requireNoeviction: env.REDIS_REQUIRE_NOEVICTION === 'true',
        }
      : undefined,
    // With Redis, web processes leave jobs to `npm run worker` unless told otherwise; without it, they run them.
    runJobs: env.RUN_JOBS === undefined ? !env.REDIS_URL : env.RUN_JOBS === 'true',
    /**
     * The site's clock (test and demo only): stood still at an instant (MARKET_CLOCK), or started at one and
     * running on (CLOCK_START); the system clock when neither is set.
     */
    clock: env.MARKET_CLOCK
      ? { at: new Date(env.MARKET_CLOCK), runs: false }
      : env.CLOCK_START
        ? { at: new Date(env.CLOCK_START), runs: true }
        : undefined,
    trustProxy: env.TRUST_PROXY,
    ads: {
      clientId: env.ADS_CLIENT_ID,
      slots: parseAdSlots(env.ADS_SLOTS),
    },
    analyticsId: env.ANALYTICS_ID,
    market: {
      dataDir: env.MARKET_DATA_DIR ? path.resolve(env.MARKET_DATA_DIR) : undefined,
      eventsDir: env.EVENTS_DATA_DIR ? path.resolve(env.EVENTS_DATA_DIR) : undefined,
      // Tests never reach the internet: their setup turns the sync off (MARKET_SYNC=off).
      sync: (env.MARKET_SYNC ?? 'on') === 'on',
      sourceUrl: env.MARKET_SOURCE_URL.replace(/\/+$/, ''),
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
      // Tests never reach the internet: their setup sets FEEDS_REFRESH_MINUTES=0 (only when asked).
      refreshMinutes: env.FEEDS_REFRESH_MINUTES ?? 30,
      timeoutMs: env.FEEDS_TIMEOUT_MS,
    },
    outgoing: {
      /**
       * Whether outgoing calls may reach a configured address on loopback or a private network (a test's
       * local fakes, an operator's own service); where a redirect leads is checked all the same.
       */
      allowPrivateAddresses: env.OUTGOING_ALLOW_PRIVATE_ADDRESSES === 'true',
    },
    mail: {
      smtpUrl: env.SMTP_URL,
      from: env.MAIL_FROM ?? defaultMailFrom(env.SITE_NAME, env.PUBLIC_BASE_URL ?? 'http://localhost'),
      maxAttempts: env.MAIL_MAX_ATTEMPTS,
    },
  }));

export type Config = z.output<typeof envSchema>;

/** `"<SITE_NAME>" <no-reply@<host of PUBLIC_BASE_URL>>`, the name quoted so any site name is one header. */
function defaultMailFrom(siteName: string, publicBaseUrl: string): string {
  return `"${siteName.replace(/["\\]/g, '')}" <no-reply@${new URL(publicBaseUrl).hostname}>`;
}

function parseAdSlots(value: string | undefined): Partial<Record<AdPlacement, string>> {
  if (!value) return {};
  return Object.fromEntries(value.split(',').map((pair) => pair.split('=') as [AdPlacement, string]));
}

// Never echo these back: the message ends up in logs.
const secretSettings = new Set([
  'ADMIN_TOKEN',
  'METRICS_TOKEN',
  'DATABASE_URL',
  'YOUTUBE_API_KEY',
  'REDIS_URL',
  'SMTP_URL',
]);

export class ConfigError extends Error {
  readonly problems: string[];
  constructor(problems: string[]) {
    super(`Invalid configuration:\n${problems.map((p) => `  - ${p}`).join('\n')}`);
    this.problems = problems;
  }
}

/** A feature's own settings schema (`defineFeature({ settings })`), checked with the site's. */
export interface FeatureSettingsSchema {
  name: string;
  settings?: z.ZodType | undefined;
}

export type SiteConfig = Config & {
  /** Each feature's parsed settings, by feature name. */
  featureSettings: Readonly<Record<string, unknown>>;
};

/**
 * Reads and validates the site's settings and those of every feature given; throws a ConfigError naming
 * every bad variable, whichever schema it belongs to.
 */
export function loadConfig(
  env: Record<string, string | undefined> = process.env,
  features: readonly FeatureSettingsSchema[] = [],
): SiteConfig {
  const problems: string[] = [];
  const describe = (issue: z.core.$ZodIssue) => {
    const name = issue.path.join('.') || 'environment';
    const value = typeof issue.path[0] === 'string' ? env[issue.path[0]] : undefined;
    const shown = value === undefined || secretSettings.has(name) ? '' : ` (got "${value}")`;
    return `${name}: ${issue.message}${shown}`;
  };
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) problems.push(...parsed.error.issues.map(describe));
  const featureSettings: Record<string, unknown> = {};
  for (const feature of features) {
    if (!feature.settings) continue;
    const result = feature.settings.safeParse(env);
    if (result.success) featureSettings[feature.name] = result.data;
    else problems.push(...result.error.issues.map(describe));
  }
  if (problems.length > 0 || !parsed.success) throw new ConfigError(problems);
  return { ...parsed.data, featureSettings };
}
