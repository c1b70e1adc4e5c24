import { redisOptionsFromUrl } from '../shared/redis-options.ts';

export class RedisEvictionError extends Error {}

/**
 * Checked once at start when REDIS_URL is set: BullMQ keeps its queues in Redis and loses jobs when Redis
 * evicts keys, so the server must run with `maxmemory-policy noeviction` (docs/operations.md). A policy that
 * may evict is a warning in the log, or with REDIS_REQUIRE_NOEVICTION=true a refusal to start. A server that
 * refuses CONFIG (a managed Redis often does) or cannot be reached is a warning only: the operator checks it.
 * Answers the policy read, or undefined when it could not be read.
 */
export async function checkRedisEviction(
  redis: { url: string; requireNoeviction?: boolean },
  log: { warn(fields: object, message: string): void },
): Promise<string | undefined> {
  // Loaded here, not at the top: a process without REDIS_URL never loads ioredis.
  const { Redis } = await import('ioredis');
  const client = new Redis({
    ...redisOptionsFromUrl(redis.url),
    lazyConnect: true,
    maxRetriesPerRequest: 0,
    enableOfflineQueue: false,
    connectTimeout: 2_000,
    retryStrategy: () => null,
  });
  // Failures are answered through the promises below; an 'error' event with no listener would be thrown.
  client.on('error', () => {});
  let policy: string | undefined;
  try {
    await client.connect();
    const answer = (await client.config('GET', 'maxmemory-policy')) as unknown;
    policy = Array.isArray(answer) && typeof answer[1] === 'string' ? answer[1] : undefined;
    if (!policy) throw new Error('CONFIG GET maxmemory-policy gave no answer');
  } catch (error) {
    log.warn(
      { err: error instanceof Error ? error.message : String(error) },
      "could not read Redis's maxmemory-policy: make sure it is noeviction, or queued jobs may be lost",
    );
    return undefined;
  } finally {
    client.disconnect();
  }
  if (policy === 'noeviction') return policy;
  const message = `Redis's maxmemory-policy is ${policy}, not noeviction: when Redis is full it may evict queued jobs. Set "maxmemory-policy noeviction" in redis.conf (docs/operations.md)`;
  if (redis.requireNoeviction)
    throw new RedisEvictionError(`${message}; REDIS_REQUIRE_NOEVICTION=true refuses to start.`);
  log.warn({ maxmemoryPolicy: policy }, message);
  return policy;
}
