import type { Redis } from 'ioredis';
import type { LimitStore } from './limits.ts';

// One round trip: add to the window, start its expiry when the window is new, answer count and time left.
// A negative cost (a refund) never creates a window nor takes a count below zero.
const addScript = `
local exists = redis.call('EXISTS', KEYS[1])
local cost = tonumber(ARGV[1])
if cost < 0 and exists == 0 then return {0, 0} end
local count = redis.call('INCRBY', KEYS[1], cost)
if count < 0 then redis.call('SET', KEYS[1], 0, 'KEEPTTL') count = 0 end
if exists == 0 then redis.call('PEXPIRE', KEYS[1], ARGV[2]) end
return {count, redis.call('PTTL', KEYS[1])}
`;

/**
 * Fixed windows in Redis, shared by every web process: a visitor's limit holds whichever process answers.
 * Window ends follow Redis's clock (PTTL), so they agree across processes.
 */
export function createRedisLimitStore(redis: Redis, prefix = 'hurryup:limit:'): LimitStore {
  return {
    async add(key, cost, windowMs, now) {
      const [count, ttl] = (await redis.eval(addScript, 1, `${prefix}${key}`, cost, windowMs)) as [
        number,
        number,
      ];
      return { count, resetAt: now + (ttl > 0 ? ttl : windowMs) };
    },
    async read(key, now) {
      const [value, ttl] = await redis
        .multi()
        .get(`${prefix}${key}`)
        .pttl(`${prefix}${key}`)
        .exec()
        .then((replies) => (replies ?? []).map(([, reply]) => reply) as [string | null, number]);
      if (value === null || ttl <= 0) return undefined;
      return { count: Number(value), resetAt: now + ttl };
    },
  };
}
