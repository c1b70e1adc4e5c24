import path from 'node:path';
import { type AdPlacement, adPlacements } from '@hurryup/contracts/ads';
import { z } from 'zod';

const logLevels = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;

// The repository's seed content: loaded into an empty database on first start.
const defaultContentDir = path.resolve(import.meta.dirname, '../../../../content');

const emptyToUndefined = (value: unknown) => (value === '' ? undefined : value);

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
    ANALYTICS_ID: z.preprocess(
      emptyToUndefined,
      z
        .string()
        .regex(/^G-[A-Z0-9]{4,20}$/, 'must be a Google Analytics 4 measurement id such as G-ABC123XYZ')
        .optional(),
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
    pageCache: { maxEntries: env.PAGE_CACHE_MAX_PAGES, maxBytes: env.PAGE_CACHE_MAX_MB * 1024 * 1024 },
    trustProxy: env.TRUST_PROXY === 'true',
    ads: {
      clientId: env.ADS_CLIENT_ID,
      slots: parseAdSlots(env.ADS_SLOTS),
    },
    analyticsId: env.ANALYTICS_ID,
  }));

export type Config = z.output<typeof envSchema>;

function parseAdSlots(value: string | undefined): Partial<Record<AdPlacement, string>> {
  if (!value) return {};
  return Object.fromEntries(value.split(',').map((pair) => pair.split('=') as [AdPlacement, string]));
}

// Never echo these back: the message ends up in logs.
const secretSettings = new Set(['ADMIN_TOKEN', 'DATABASE_URL']);

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
