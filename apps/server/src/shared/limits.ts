import { errorCodes } from '@hurryup/contracts/errors';
import type { Clock } from './clock.ts';
import { HttpError } from './http-error.ts';
import { countLimitRefusal } from './run-counts.ts';

/**
 * A named limit on how often one visitor (or the operator) may do something. Every such limit of the site
 * is one of these, defined through `context.limits.define` and listed by `limits.policies()` (and in
 * docs/operations.md), counted in one store (memory by default, Redis with `REDIS_URL`) and answered with
 * one 429 body and a Retry-After header.
 */
export interface LimitPolicy {
  /** Unique, e.g. 'comments.per-minute'. */
  name: string;
  /** What is counted, for the operator (docs/operations.md). */
  description: string;
  max: number;
  windowMs: number;
  /** The visitor-facing 429 message. */
  message(retryAfterSeconds: number): string;
}

export interface LimitResult {
  allowed: boolean;
  /** Counted in the current window, this one included. */
  count: number;
  retryAfterSeconds: number;
}

export interface Limit {
  readonly policy: LimitPolicy;
  /** Counts `cost` (default 1) for `key`; `allowed` is false once the window holds more than `max`. */
  take(key: string, cost?: number): Promise<LimitResult>;
  /** What a `take` would answer, without counting. */
  peek(key: string): Promise<LimitResult>;
  /** Takes back a count (an attempt that turned out not to count, such as a refused duplicate). */
  refund(key: string, cost?: number): Promise<void>;
  /** `take`, throwing the one 429 (`RateLimitedError`) when not allowed. */
  enforce(key: string, cost?: number): Promise<void>;
}

export interface Limits {
  define(policy: LimitPolicy): Limit;
  policies(): readonly LimitPolicy[];
}

/** The one answer to a limit reached: 429, the policy's message, and Retry-After (plugins/errors.ts). */
export class RateLimitedError extends HttpError {
  readonly retryAfterSeconds: number;
  constructor(message: string, retryAfterSeconds: number) {
    super(429, errorCodes.rateLimited, message);
    this.retryAfterSeconds = retryAfterSeconds;
  }
}

/** Where counts live: one process's memory, or Redis shared by every process. */
export interface LimitStore {
  /** Adds `cost` (negative to take back) to the key's current window and answers the new count. */
  add(key: string, cost: number, windowMs: number, now: number): Promise<{ count: number; resetAt: number }>;
  read(key: string, now: number): Promise<{ count: number; resetAt: number } | undefined>;
  close?(): Promise<void>;
}

/** Fixed windows in this process's memory: the default, right for one process. */
export function createMemoryLimitStore(): LimitStore {
  const windows = new Map<string, { count: number; resetAt: number }>();
  let lastSweep = 0;
  const sweep = (now: number) => {
    // At most one sweep a minute, and only when the table is large, so hits stay cheap.
    if (windows.size < 10_000 || now - lastSweep < 60_000) return;
    lastSweep = now;
    for (const [key, window] of windows) if (window.resetAt <= now) windows.delete(key);
  };
  return {
    async add(key, cost, windowMs, now) {
      sweep(now);
      let window = windows.get(key);
      if (!window || window.resetAt <= now) {
        window = { count: 0, resetAt: now + windowMs };
        windows.set(key, window);
      }
      window.count = Math.max(0, window.count + cost);
      return { count: window.count, resetAt: window.resetAt };
    },
    async read(key, now) {
      const window = windows.get(key);
      return window && window.resetAt > now ? { ...window } : undefined;
    },
  };
}

/**
 * A shared store (Redis) with this process's memory behind it: while the shared store is away (`available()`
 * says no, or a call fails), counts go to `fallback`, fixed windows in memory, so every limit (the admin
 * failure limit included) still holds, per process, instead of letting everything through. When the shared
 * store answers again, counts go back to it. `onSwitch` is called once per change of store, for the log.
 */
export function createFailoverLimitStore(deps: {
  primary: LimitStore;
  fallback: LimitStore;
  /** Whether the primary is connected now (false: skip it without waiting on it). */
  available(): boolean;
  onSwitch(to: 'fallback' | 'primary', error?: unknown): void;
  /** The time, for the pause below (the platform clock). */
  now(): number;
  /**
   * After a failed call, the primary is left alone this long although it looks connected (a Redis that
   * hangs without closing would otherwise cost every request its command timeout). Default 5 s.
   */
  pauseAfterFailureMs?: number;
}): LimitStore & { readonly usingFallback: boolean } {
  const { primary, fallback } = deps;
  const pauseMs = deps.pauseAfterFailureMs ?? 5_000;
  let usingFallback = false;
  let pausedUntil = Number.NEGATIVE_INFINITY;
  const toFallback = (error?: unknown) => {
    if (usingFallback) return;
    usingFallback = true;
    deps.onSwitch('fallback', error);
  };
  const toPrimary = () => {
    if (!usingFallback) return;
    usingFallback = false;
    deps.onSwitch('primary');
  };
  async function either<T>(call: (store: LimitStore) => Promise<T>): Promise<T> {
    if (!deps.available() || deps.now() < pausedUntil) {
      toFallback();
      return call(fallback);
    }
    try {
      const answer = await call(primary);
      toPrimary();
      return answer;
    } catch (error) {
      pausedUntil = deps.now() + pauseMs;
      toFallback(error);
      return call(fallback);
    }
  }
  return {
    add: (key, cost, windowMs, now) => either((store) => store.add(key, cost, windowMs, now)),
    read: (key, now) => either((store) => store.read(key, now)),
    get usingFallback() {
      return usingFallback;
    },
    async close() {
      await primary.close?.();
      await fallback.close?.();
    },
  };
}

/** Every limit of the site, counted in one store, answered with one 429. */
export function createLimits(
  store: LimitStore,
  clock: Clock,
  onStoreError: (error: unknown) => void = () => {},
): Limits & { close(): Promise<void> } {
  const defined = new Map<string, LimitPolicy>();
  const result = (policy: LimitPolicy, count: number, resetAt: number, now: number): LimitResult => ({
    allowed: count <= policy.max,
    count,
    retryAfterSeconds: Math.max(1, Math.ceil((resetAt - now) / 1000)),
  });
  return {
    define(policy) {
      if (defined.has(policy.name)) throw new Error(`The limit "${policy.name}" is defined twice`);
      if (!(policy.max > 0 && policy.windowMs > 0))
        throw new Error(`The limit "${policy.name}" needs a positive max and window`);
      defined.set(policy.name, policy);
      const keyOf = (key: string) => `${policy.name}:${key}`;
      const limit: Limit = {
        policy,
        // A store that fails (Redis away) lets the request through: a limit is a defence, not a gate
        // whose failure should take the site down.
        async take(key, cost = 1) {
          const now = clock.now();
          const window = await store.add(keyOf(key), cost, policy.windowMs, now).catch((error: unknown) => {
            onStoreError(error);
            return { count: 0, resetAt: now + policy.windowMs };
          });
          const taken = result(policy, window.count, window.resetAt, now);
          if (!taken.allowed) countLimitRefusal(policy.name);
          return taken;
        },
        async peek(key) {
          const now = clock.now();
          const window = await store.read(keyOf(key), now).catch((error: unknown) => {
            onStoreError(error);
            return undefined;
          });
          // A take now would count one more.
          return window
            ? result(policy, window.count + 1, window.resetAt, now)
            : result(policy, 1, now + policy.windowMs, now);
        },
        async refund(key, cost = 1) {
          await store.add(keyOf(key), -cost, policy.windowMs, clock.now()).catch(onStoreError);
        },
        async enforce(key, cost = 1) {
          const taken = await limit.take(key, cost);
          if (!taken.allowed)
            throw new RateLimitedError(policy.message(taken.retryAfterSeconds), taken.retryAfterSeconds);
        },
      };
      return limit;
    },
    policies: () => [...defined.values()],
    close: async () => store.close?.(),
  };
}
