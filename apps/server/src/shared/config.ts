import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { type AdPlacement, adPlacements } from '@hurryup/contracts/ads';
import { z } from 'zod';

const logLevels = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;

// The repository's seed content: loaded into an empty database on first start.
const defaultContentDir = path.resolve(import.meta.dirname, '../../../../content');

export const emptyToUndefined = (value: unknown) => (value === '' ? undefined : value);

export const httpUrlText = z.url({
  protocol: /^https?$/,
  error: 'must be an absolute http(s) URL',
});
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

/** What the docs' settings table says about one setting, and whether it is a secret. */
export interface SettingDoc {
  /** The default as the docs show it (`3000`, `unset`, 'four Indian markets RSS feeds'). */
  default?: string;
  description: string;
  /** Never logged, never echoed in an error, never shown on the status screen. */
  secret?: boolean;
}

/** Documents a feature's setting where it is defined (`z.object({ NAME: setting(schema, { description }) })`). */
export function setting<T extends z.ZodType>(schema: T, doc: SettingDoc): T {
  return schema.meta({ setting: doc }) as T;
}

/** A setting that is a secret (a key, a password, a URL with credentials): marked once, where it is defined. */
export function secret<T extends z.ZodType>(schema: T, doc: Omit<SettingDoc, 'secret'>): T {
  return setting(schema, { ...doc, secret: true });
}

/** The doc a feature's setting was given with `setting()` or `secret()`. */
export function settingDocOf(schema: z.ZodType): SettingDoc | undefined {
  return z.globalRegistry.get(schema)?.setting as SettingDoc | undefined;
}

/** The environment variables a settings schema reads, by name: the object under any refinements and transforms. */
export function settingsShape(schema: z.ZodType): Record<string, z.ZodType> {
  let current: z.ZodType = schema;
  for (let depth = 0; depth < 10; depth++) {
    if (current instanceof z.ZodObject) return current.shape as Record<string, z.ZodType>;
    if (current instanceof z.ZodPipe) current = current.in as z.ZodType;
    else break;
  }
  throw new Error('A settings schema must be a z.object (refined or transformed)');
}

/** The site's own settings; each feature's are in its `defineFeature({ settings })`. */
const siteSettings = z.object({
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
});

/**
 * What the docs' settings table and the status screen say about each of the site's own settings, and which
 * are secrets (never logged, never shown): one entry per setting, checked by the type below. A feature
 * describes its settings where it defines them, with `setting()` and `secret()`.
 */
export const siteSettingDocs = {
  CONTENT_DIR: {
    default: "the repository's `content/`",
    description:
      'the seed content read into an empty database on first start (and by `npm run content:import`)',
  },
  SEED_CONTENT: {
    default: '`true`',
    description:
      '`false`: start with an empty site instead of loading the seed content into an empty database',
  },
  NODE_ENV: { default: '`production`', description: '`development` under `npm run dev`' },
  PORT: { default: '`3000`', description: 'HTTP port' },
  HOST: {
    default: '`localhost`',
    description: 'interface to listen on (`0.0.0.0` in a container or behind a proxy)',
  },
  PUBLIC_BASE_URL: {
    default: '`http://localhost:$PORT`',
    description: 'the public origin, used in canonical URLs, link previews, the sitemap and feeds',
  },
  DATA_DIR: {
    default: '`./data`',
    description: 'where the SQLite file, uploaded files and image copies (`images/`) live',
  },
  DATABASE_URL: {
    default: 'unset',
    description: '`postgres://…` to use PostgreSQL instead of the SQLite file',
    secret: true,
  },
  ADMIN_TOKEN: {
    default: 'unset',
    description:
      "bearer token of the operator's admin API (at least 16 characters); the admin API (404) and the console (`/admin`, operators added with `npm run operator:add`) are off while unset",
    secret: true,
  },
  METRICS_TOKEN: {
    default: 'unset',
    description:
      'bearer token of `GET /metrics` (Prometheus\' text format, at least 16 characters); `/metrics` answers 404 while unset (docs/operations.md "Metrics")',
    secret: true,
  },
  SITE_NAME: { default: '`Hurry Up`', description: 'the product name in titles, legal pages and previews' },
  LOG_LEVEL: {
    default: '`info`',
    description: '`fatal`, `error`, `warn`, `info`, `debug`, `trace` or `silent`',
  },
  RATE_LIMIT_MAX: {
    default: '`1000`',
    description:
      'requests per minute per client address across the site (high enough for many phones behind one carrier-grade NAT address); built files and `/api/health` are exempt',
  },
  BODY_LIMIT_BYTES: { default: '`1048576`', description: 'largest accepted JSON body' },
  IDLE_TIMEOUT_MS: {
    default: '`30000`',
    description:
      'a connection that sends and receives nothing for this long is closed (stalled clients cannot hold sockets)',
  },
  REQUEST_TIMEOUT_MS: {
    default: '`300000`',
    description:
      'time a client has to send a whole request (enough for a 10 MB upload on a slow mobile link); then 408',
  },
  ADMIN_FAILURE_LIMIT: {
    default: '`10`',
    description:
      'admin requests with a missing or wrong token allowed per minute per client address (IPv6: per /64), across all admin routes; then 429',
  },
  ADMIN_RATE_LIMIT: {
    default: '`300`',
    description:
      'admin calls with the right token allowed per minute per client address, counted apart from failures so nobody can lock the operator out',
  },
  PAGE_CACHE_MAX_PAGES: {
    default: '`2000`',
    description:
      'pages and public API answers kept in memory per process by the page cache (`0` turns it off)',
  },
  PAGE_CACHE_MAX_MB: {
    default: '`64`',
    description: 'memory the page cache (pages and API answers together) may hold per process, in megabytes',
  },
  OCR_ENGINE: {
    description:
      "`auto` (default): OCR with the host's `tesseract` when it is installed with English and Hindi data, else tesseract.js in WebAssembly; `native` refuses to start without the program; `wasm` never uses it",
  },
  SPEECH_ENGINE: {
    description:
      "`auto` (default): speech with the host's `espeak-ng` and `lame` when both answer, else the WebAssembly voice; `native` refuses to start without them; `wasm` never uses them",
  },
  TESSERACT_PATH: { description: 'the `tesseract` program (looked up on PATH unless absolute)' },
  ESPEAK_NG_PATH: { description: 'the `espeak-ng` program (looked up on PATH unless absolute)' },
  LAME_PATH: { description: 'the `lame` program (looked up on PATH unless absolute)' },
  ENGINE_THREADS: {
    default: 'cores − 1 (at least 1)',
    description:
      "worker threads the engine pool (image copies and later OCR, speech, PDF text) may keep busy at once across all engines, per process; past an engine's queue, requests get 503 with `Retry-After`",
  },
  TRUST_PROXY: {
    default: '`false`',
    description:
      "behind a reverse proxy: the proxies' addresses (`127.0.0.1,10.0.0.0/8`) or their number (`1`); `true` is refused (docs/operations.md)",
  },
  BODY_TIMEOUT_MS: {
    default: '`10000`',
    description: 'time for a JSON or form body to arrive (uploads get `REQUEST_TIMEOUT_MS`); 408 past it',
  },
  MAX_CONNECTIONS_PER_CLIENT: {
    default: '`64`',
    description: 'open connections one client address (IPv6: its /64) may hold',
  },
  ADS_CLIENT_ID: {
    default: 'unset',
    description:
      "AdSense publisher id (`ca-pub-…`); without it ad slots stay empty and no ad script loads. Keep AdSense's Auto ads off for the site: its units are the site's own, and an ad the network inserts elsewhere before a page hydrates makes React render that page again (decision 0018)",
  },
  ADS_SLOTS: {
    default: 'unset',
    description: 'slot ids per placement, e.g. `banner=1234567890,inline=2345678901`',
  },
  MARKET_CLOCK: {
    default: 'unset',
    description:
      "test and demo only: the whole site's clock stands still at this ISO instant (market hours, staleness, today's date everywhere); waits, retries and jobs still run on real time, and limits' windows on a clock started at the instant. Not with `CLOCK_START`",
  },
  ANALYTICS_ID: {
    default: 'unset',
    description: 'Google Analytics 4 measurement id (`G-…`); without it no analytics tag loads',
  },
  REDIS_URL: {
    default: 'unset',
    description:
      '`redis://host:6379/0` (or `rediss://`): limits shared by every process, jobs through BullMQ run by `npm run worker` (docs/operations.md, "Several processes")',
    secret: true,
  },
  REDIS_REQUIRE_NOEVICTION: {
    default: '`false`',
    description:
      '`true`: refuse to start when Redis\'s `maxmemory-policy` is not `noeviction` (otherwise a warning in the log; docs/operations.md "Deploying on a server")',
  },
  REDIS_PREFIX: {
    default: '`hurryup`',
    description: 'prefix of every Redis key, so two sites can share one Redis',
  },
  RUN_JOBS: {
    default: '`true` without `REDIS_URL`, `false` with it',
    description: 'whether this process takes queued jobs; `npm run worker` always does',
  },
  CLOCK_START: {
    default: 'unset',
    description:
      "test and demo only: an ISO instant the server's clock starts at (then runs on). Not with `MARKET_CLOCK`",
  },
  OUTGOING_ALLOW_PRIVATE_ADDRESSES: {
    default: '`false`',
    description:
      '`true` lets the feeds and the hosted dictionary reach a configured address on loopback or a private network (tests\' local fakes, your own service); where a redirect leads is checked all the same (`docs/operations.md`, "Outgoing calls")',
  },
  SMTP_URL: {
    default: 'unset',
    description:
      'the mail server for the site\'s outgoing mail: `smtp://user:password@host:587` (STARTTLS when offered) or `smtps://user:password@host:465`; user and password URL-encoded. Without it mail stays in the outbox, readable through the admin API (`docs/operations.md`, "Outgoing mail")',
    secret: true,
  },
  MAIL_FROM: {
    default: '`"<SITE_NAME>" <no-reply@<host of PUBLIC_BASE_URL>>`',
    description:
      'the From address of outgoing mail, `desk@example.in` or `Desk <desk@example.in>`; use an address of a domain the mail server may send for',
  },
  MAIL_MAX_ATTEMPTS: {
    default: '`10`',
    description:
      'tries per message before it is marked failed (1 to 50); retries wait 1, 2, 4, … minutes, at most an hour, so 10 tries span about 4 hours',
  },
} satisfies Record<keyof z.input<typeof siteSettings>, SettingDoc>;

const envSchema = siteSettings
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

/** One setting as it is in effect (the status screen): a secret's value is never kept here. */
export interface SettingInEffect {
  name: string;
  /** 'site', or the feature whose schema defines it. */
  owner: string;
  state: 'set' | 'default' | 'unset';
  value: string | null;
  secret: boolean;
}

export type SiteConfig = Config & {
  /** Each feature's parsed settings, by feature name. */
  featureSettings: Readonly<Record<string, unknown>>;
  /** Every setting of the site and its features, as in effect, secrets without their values. */
  settingsInEffect: readonly SettingInEffect[];
};

/**
 * A name that says it holds a secret: such a setting is treated as one even when its schema forgot to say
 * so (defence in depth for the status screen and the logs).
 */
const secretLookingName = /(_TOKEN|_KEY|_SECRET|_PASSWORD)$/;

/** Every setting with its doc, the site's first, then each feature's in the order given. */
export function describedSettings(
  features: readonly FeatureSettingsSchema[],
): { name: string; owner: string; schema: z.ZodType; doc: SettingDoc | undefined; secret: boolean }[] {
  const list: { name: string; owner: string; schema: z.ZodType; doc: SettingDoc | undefined }[] =
    Object.entries(settingsShape(siteSettings)).map(([name, schema]) => ({
      name,
      owner: 'site',
      schema,
      doc: siteSettingDocs[name as keyof typeof siteSettingDocs] as SettingDoc,
    }));
  const seen = new Set(list.map(({ name }) => name));
  for (const feature of features) {
    if (!feature.settings) continue;
    for (const [name, schema] of Object.entries(settingsShape(feature.settings))) {
      // A variable a feature reads besides the site or another feature is listed once, under the first.
      if (seen.has(name)) continue;
      seen.add(name);
      list.push({ name, owner: feature.name, schema, doc: settingDocOf(schema) });
    }
  }
  return list.map((entry) => ({
    ...entry,
    secret: entry.doc?.secret === true || secretLookingName.test(entry.name),
  }));
}

/** The value a setting's schema gives when it is unset, when it is a plain value. */
export function defaultValue(schema: z.ZodType): string | null {
  const parsed = schema.safeParse(undefined);
  if (!parsed.success || parsed.data === undefined) return null;
  const value = parsed.data;
  return typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean'
    ? String(value)
    : null;
}

function settingsInEffect(
  env: Record<string, string | undefined>,
  described: ReturnType<typeof describedSettings>,
): SettingInEffect[] {
  return described.map(({ name, owner, schema, secret }) => {
    const given = env[name];
    if (given !== undefined && given !== '')
      // A URL's user and password are never shown, whatever the setting.
      return {
        name,
        owner,
        state: 'set',
        value: secret ? null : given.replace(/^([a-z][\w+.-]*:\/\/)[^/@\s]*@/i, '$1***@'),
        secret,
      };
    const fallback = defaultValue(schema);
    return fallback === null
      ? { name, owner, state: 'unset', value: null, secret }
      : { name, owner, state: 'default', value: secret ? null : fallback, secret };
  });
}

/**
 * Reads and validates the site's settings and those of every feature given; throws a ConfigError naming
 * every bad variable, whichever schema it belongs to.
 */
export function loadConfig(
  env: Record<string, string | undefined> = process.env,
  features: readonly FeatureSettingsSchema[] = [],
): SiteConfig {
  const problems: string[] = [];
  const described = describedSettings(features);
  // Never echo these back: the message ends up in logs.
  const secretSettings = new Set(described.filter(({ secret }) => secret).map(({ name }) => name));
  const describe = (issue: z.core.$ZodIssue) => {
    const name = issue.path.join('.') || 'environment';
    const value = typeof issue.path[0] === 'string' ? env[issue.path[0]] : undefined;
    const shown = value === undefined || secretSettings.has(String(issue.path[0])) ? '' : ` (got "${value}")`;
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
  return { ...parsed.data, featureSettings, settingsInEffect: settingsInEffect(env, described) };
}
