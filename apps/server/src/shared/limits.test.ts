import { Redis } from 'ioredis';
import { afterAll, describe, expect, it } from 'vitest';
import { ManualClock } from './clock.ts';
import {
  createFailoverLimitStore,
  createLimits,
  createMemoryLimitStore,
  type LimitStore,
  RateLimitedError,
} from './limits.ts';
import { createRedisLimitStore } from './limits-redis.ts';
import { redisOptionsFromUrl } from './redis-options.ts';

const redisUrl = process.env.TEST_REDIS_URL;
const connections: Redis[] = [];
afterAll(() => {
  for (const connection of connections) connection.disconnect();
});

/** The default store and, when TEST_REDIS_URL is set, the Redis one: both must pass the same tests. */
const stores: [string, () => LimitStore][] = [
  ['memory', createMemoryLimitStore],
  ...(redisUrl
    ? [
        [
          'redis',
          () => {
            const redis = new Redis(redisOptionsFromUrl(redisUrl));
            connections.push(redis);
            return createRedisLimitStore(
              redis,
              `test:${process.pid}:${Math.random().toString(36).slice(2)}:`,
            );
          },
        ] as [string, () => LimitStore],
      ]
    : []),
];

const policy = {
  name: 'test.per-minute',
  description: 'a test limit',
  max: 3,
  windowMs: 60_000,
  message: (seconds: number) => `Wait ${seconds} s.`,
};

describe.each(stores)('limits in the %s store', (_name, makeStore) => {
  it('allows max takes per window and says when to try again', async () => {
    const clock = new ManualClock();
    const limit = createLimits(makeStore(), clock).define(policy);
    const results = [];
    for (let i = 0; i < 4; i += 1) results.push(await limit.take('a'));
    expect(results.map((r) => r.allowed)).toEqual([true, true, true, false]);
    expect(results[3]!.count).toBe(4);
    expect(results[3]!.retryAfterSeconds).toBeGreaterThan(0);
    expect(results[3]!.retryAfterSeconds).toBeLessThanOrEqual(60);
    // Another key has its own budget.
    expect((await limit.take('b')).allowed).toBe(true);
  });

  it('peeks without counting and refunds a take', async () => {
    const limit = createLimits(makeStore(), new ManualClock()).define(policy);
    expect(await limit.peek('a')).toMatchObject({ allowed: true, count: 1 });
    await limit.take('a');
    await limit.take('a');
    await limit.take('a');
    expect((await limit.peek('a')).allowed).toBe(false);
    await limit.refund('a');
    expect((await limit.peek('a')).allowed).toBe(true);
    // A refund never creates a window nor goes below zero.
    await limit.refund('nobody');
    expect(await limit.peek('nobody')).toMatchObject({ allowed: true, count: 1 });
  });

  it('throws the one 429 from enforce, with Retry-After seconds', async () => {
    const limit = createLimits(makeStore(), new ManualClock()).define({ ...policy, max: 1 });
    await limit.enforce('a');
    const error = await limit.enforce('a').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(RateLimitedError);
    expect(error).toMatchObject({ statusCode: 429, code: 'RATE_LIMITED' });
    expect((error as RateLimitedError).message).toMatch(/^Wait \d+ s\.$/);
  });

  it('counts concurrent takes exactly', async () => {
    const limit = createLimits(makeStore(), new ManualClock()).define({ ...policy, max: 50 });
    const results = await Promise.all(Array.from({ length: 80 }, () => limit.take('burst')));
    expect(results.filter((r) => r.allowed)).toHaveLength(50);
  });
});

describe('limits', () => {
  it('start a new window once the old one has passed (memory, moved by the clock)', async () => {
    const clock = new ManualClock();
    const limit = createLimits(createMemoryLimitStore(), clock).define({ ...policy, max: 1 });
    expect((await limit.take('a')).allowed).toBe(true);
    expect((await limit.take('a')).allowed).toBe(false);
    clock.advance(60_000);
    expect((await limit.take('a')).allowed).toBe(true);
  });

  it('refuse a policy defined twice, and list every policy', () => {
    const limits = createLimits(createMemoryLimitStore(), new ManualClock());
    limits.define(policy);
    expect(() => limits.define(policy)).toThrow(/defined twice/);
    expect(limits.policies().map((p) => p.name)).toEqual(['test.per-minute']);
  });

  it('let requests through when the store fails, and report it', async () => {
    const reported: unknown[] = [];
    const broken: LimitStore = {
      add: () => Promise.reject(new Error('redis away')),
      read: () => Promise.reject(new Error('redis away')),
    };
    const limit = createLimits(broken, new ManualClock(), (error) => reported.push(error)).define(policy);
    expect((await limit.take('a')).allowed).toBe(true);
    expect((await limit.peek('a')).allowed).toBe(true);
    expect(reported).toHaveLength(2);
  });
});

describe('a shared store with memory behind it (Redis away)', () => {
  it('counts in memory while the shared store is away, goes back to it, and says so once each way', async () => {
    let up = false;
    const primary = createMemoryLimitStore();
    const switches: string[] = [];
    const clock = new ManualClock();
    const store = createFailoverLimitStore({
      primary,
      fallback: createMemoryLimitStore(),
      available: () => up,
      onSwitch: (to) => switches.push(to),
      now: () => clock.now(),
    });
    const limit = createLimits(store, clock).define(policy);
    const away = [];
    for (let i = 0; i < 4; i += 1) away.push((await limit.take('a')).allowed);
    // Still limited: the fourth is refused (the store's failure does not open the gate).
    expect(away).toEqual([true, true, true, false]);
    expect(store.usingFallback).toBe(true);
    up = true;
    expect((await limit.take('a')).count).toBe(1);
    expect(await primary.read('test.per-minute:a', clock.now())).toMatchObject({ count: 1 });
    expect(store.usingFallback).toBe(false);
    expect(switches).toEqual(['fallback', 'primary']);
  });

  it('falls back when a call to the shared store fails though it looked connected, and leaves it alone a while', async () => {
    const switches: string[] = [];
    let calls = 0;
    let failing = true;
    const flaky: LimitStore = {
      add: (...args) => {
        calls += 1;
        return failing
          ? Promise.reject(new Error('Command timed out'))
          : createMemoryLimitStore().add(...args);
      },
      read: () => Promise.reject(new Error('Command timed out')),
    };
    const clock = new ManualClock();
    const store = createFailoverLimitStore({
      primary: flaky,
      fallback: createMemoryLimitStore(),
      available: () => true,
      onSwitch: (to) => switches.push(to),
      now: () => clock.now(),
    });
    const limit = createLimits(store, clock).define(policy);
    const results = [];
    for (let i = 0; i < 4; i += 1) results.push((await limit.take('a')).allowed);
    expect(results).toEqual([true, true, true, false]);
    await expect(limit.enforce('a')).rejects.toBeInstanceOf(RateLimitedError);
    // One failed call, then 5 s without asking it (no request waits on a store that hangs).
    expect(calls).toBe(1);
    failing = false;
    clock.advance(5_000);
    expect((await limit.take('b')).allowed).toBe(true);
    expect(calls).toBe(2);
    expect(switches).toEqual(['fallback', 'primary']);
  });
});
