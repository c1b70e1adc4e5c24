// Kept apart from jobs-bullmq.ts so that reading a Redis URL does not load BullMQ and ioredis: a process
// without REDIS_URL never loads either (docs/decisions/0044-memory-of-a-web-process.md).

/** ioredis options from a `redis://` or `rediss://` URL, so each BullMQ part opens (and closes) its own. */
export interface RedisConnectionOptions {
  host: string;
  port: number;
  db: number;
  username?: string;
  password?: string;
  tls?: Record<string, never>;
  maxRetriesPerRequest: null;
}

export function redisOptionsFromUrl(url: string): RedisConnectionOptions {
  const parsed = new URL(url);
  const db = Number(parsed.pathname.replace(/^\//, '') || 0);
  return {
    host: parsed.hostname.replace(/^\[|\]$/g, ''),
    port: Number(parsed.port || 6379),
    db: Number.isInteger(db) ? db : 0,
    ...(parsed.username ? { username: decodeURIComponent(parsed.username) } : {}),
    ...(parsed.password ? { password: decodeURIComponent(parsed.password) } : {}),
    ...(parsed.protocol === 'rediss:' ? { tls: {} } : {}),
    maxRetriesPerRequest: null,
  };
}
