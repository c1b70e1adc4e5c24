import type { FastifyBaseLogger } from 'fastify';
import type { z } from 'zod';
import type { Clock } from './clock.ts';

/** What a job's handler is given besides its payload. */
export interface JobContext {
  /** Aborted when the process shuts down or the job's time limit passes. */
  signal: AbortSignal;
  log: FastifyBaseLogger;
  /** 1 for the first try. */
  attempt: number;
  clock: Clock;
}

/**
 * One kind of background work. Payloads and results travel as JSON, in memory as on a real queue, so a job
 * that would break on Redis breaks in the default setup too.
 */
export interface JobDefinition<S extends z.ZodType = z.ZodType, R = unknown> {
  /** Unique across the site, `<feature>.<what>`, e.g. 'market.sync'. */
  name: string;
  payload: S;
  handler(payload: z.output<S>, context: JobContext): Promise<R>;
  /** Jobs of this kind running at once in one process (default 1). */
  concurrency?: number;
  /** Tries in all, the first included (default 1: no retry). */
  attempts?: number;
  /** Delay before the first retry; it doubles for each later one (default 1000). */
  backoffMs?: number;
  /** A try running longer is aborted and counts as failed (default: none). */
  timeoutMs?: number;
  /**
   * Runs once every `everyMs` across all processes (a lease in the database by default; a BullMQ job
   * scheduler with Redis), with the payload `{}` parsed by `payload`. `runAtStart`: also once soon after
   * start when the previous run is older than a period (default true).
   */
  schedule?: { everyMs: number; runAtStart?: boolean };
  /**
   * Whether each run is written to the run log the status screen reads (default true). Work done for a
   * visitor, many times a minute (an engine's task), says false: its figures are the engine pool's.
   */
  recordRuns?: boolean;
  /**
   * For a job that answers its failures instead of throwing them (a feed fetch keeps the stored items): the
   * reason a result counts as failed in the run log, or undefined when it succeeded.
   */
  failedWhen?(result: R): string | undefined;
}

export interface Job<S extends z.ZodType = z.ZodType, R = unknown> {
  readonly name: string;
  /** Queues one run and returns at once. */
  enqueue(payload: z.input<S>, options?: { delayMs?: number }): Promise<void>;
  /** Queues one run and waits for its result (or its error). */
  run(payload: z.input<S>, options?: { signal?: AbortSignal }): Promise<R>;
  /** Runs queued and not started yet (in every process, with Redis). */
  waiting(): Promise<number>;
}

/**
 * The site's background work: an in-process queue by default (scheduled jobs leased in the database, so
 * several processes run each schedule once), BullMQ with `REDIS_URL` (run by `npm run worker`).
 */
export interface Jobs {
  define<S extends z.ZodType, R>(definition: JobDefinition<S, R>): Job<S, R>;
  /** Every job defined so far. */
  definitions(): readonly JobDefinition[];
  /** When each scheduled job runs next, by name (from the database's leases, or BullMQ's job schedulers). */
  nextRuns(): Promise<ReadonlyMap<string, Date>>;
}

export function defineJob<S extends z.ZodType, R>(definition: JobDefinition<S, R>): JobDefinition<S, R> {
  return definition;
}
