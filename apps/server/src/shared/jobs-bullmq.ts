import { type Job as BullJob, Queue, QueueEvents, Worker } from 'bullmq';
import type { FastifyBaseLogger } from 'fastify';
import { Redis } from 'ioredis';
import type { z } from 'zod';
import type { Clock } from './clock.ts';
import { payloadOf, resultOf, runJobOnce } from './job-runs.ts';
import type { Job, JobDefinition } from './jobs.ts';
import type { JobRunner } from './jobs-in-process.ts';

/** Finished jobs kept in Redis for the operator to look at, by age and count. */
const keepCompleted = { age: 3600, count: 1000 };
const keepFailed = { age: 7 * 24 * 3600, count: 5000 };
/** How long `run()` waits for a queued job before giving up on it. */
const waitForResultMs = 10 * 60_000;

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

/**
 * Jobs through BullMQ on Redis (`REDIS_URL`): every process can queue; the processes that run jobs
 * (`npm run worker`, or a web process with `RUN_JOBS=true`) take them, each job kind with its own
 * concurrency per process. Schedules are BullMQ job schedulers, one per scheduled job, which Redis keeps
 * once for all processes.
 */
export function createBullmqJobs(deps: {
  redisUrl: string;
  /** Key prefix, so that two sites (or two test runs) can share one Redis. */
  prefix: string;
  clock: Clock;
  log: FastifyBaseLogger;
  /** Whether this process takes jobs from the queues. */
  runJobs: boolean;
}): JobRunner {
  const { clock, log, prefix } = deps;
  const connectionOptions = redisOptionsFromUrl(deps.redisUrl);
  const connection = new Redis(connectionOptions);
  connection.on('error', (error) => log.warn({ err: error.message }, 'redis connection problem (jobs)'));
  const definitions = new Map<string, JobDefinition>();
  const queues = new Map<string, Queue>();
  const events = new Map<string, QueueEvents>();
  const workers: Worker[] = [];
  const stopping = new AbortController();
  let started = false;

  const queueOf = (name: string) => {
    let queue = queues.get(name);
    if (!queue) {
      queue = new Queue(name, { connection, prefix });
      queue.on('error', (error) => log.warn({ err: error.message, queue: name }, 'job queue problem'));
      queues.set(name, queue);
    }
    return queue;
  };
  const eventsOf = async (name: string) => {
    let queueEvents = events.get(name);
    if (!queueEvents) {
      queueEvents = new QueueEvents(name, { connection: connectionOptions, prefix });
      queueEvents.on('error', (error) => log.warn({ err: error.message, queue: name }, 'job events problem'));
      events.set(name, queueEvents);
      await queueEvents.waitUntilReady();
    }
    return queueEvents;
  };
  const jobOptions = (definition: JobDefinition) => ({
    attempts: definition.attempts ?? 1,
    backoff: { type: 'exponential' as const, delay: definition.backoffMs ?? 1000 },
    removeOnComplete: keepCompleted,
    removeOnFail: keepFailed,
  });

  return {
    define<S extends z.ZodType, R>(definition: JobDefinition<S, R>): Job<S, R> {
      if (definitions.has(definition.name)) throw new Error(`The job "${definition.name}" is defined twice`);
      definitions.set(definition.name, definition as unknown as JobDefinition);
      return {
        name: definition.name,
        async enqueue(payload, options) {
          await queueOf(definition.name).add(definition.name, payloadOf(definition, payload), {
            ...jobOptions(definition as unknown as JobDefinition),
            ...(options?.delayMs ? { delay: options.delayMs } : {}),
          });
        },
        waiting: () => queueOf(definition.name).getWaitingCount(),
        async run(payload, options) {
          const checked = payloadOf(definition, payload);
          // Listening starts before the job is queued, so a quick job's end is not missed.
          const queueEvents = await eventsOf(definition.name);
          const job = await queueOf(definition.name).add(
            definition.name,
            checked,
            jobOptions(definition as unknown as JobDefinition),
          );
          const finished = job.waitUntilFinished(queueEvents, waitForResultMs) as Promise<R>;
          if (!options?.signal) return resultOf(await finished);
          const signal = options.signal;
          return resultOf(
            await Promise.race([
              finished,
              new Promise<never>((_, reject) => {
                if (signal.aborted) reject(signal.reason);
                signal.addEventListener('abort', () => reject(signal.reason), { once: true });
              }),
            ]),
          );
        },
      };
    },
    definitions: () => [...definitions.values()],
    async start() {
      if (started) return;
      started = true;
      for (const definition of definitions.values()) {
        if (definition.schedule) {
          const { everyMs, runAtStart } = definition.schedule;
          await queueOf(definition.name).upsertJobScheduler(
            definition.name,
            { every: everyMs, ...(runAtStart === false ? { startDate: clock.now() + everyMs } : {}) },
            { name: definition.name, data: {}, opts: jobOptions(definition) },
          );
        }
        if (!deps.runJobs) continue;
        const worker = new Worker(
          definition.name,
          async (job: BullJob) =>
            runJobOnce(definition, payloadOf(definition, job.data), {
              attempt: job.attemptsMade + 1,
              clock,
              log,
              stopping: stopping.signal,
            }),
          { connection: connectionOptions, prefix, concurrency: definition.concurrency ?? 1 },
        );
        worker.on('error', (error) =>
          log.warn({ err: error.message, job: definition.name }, 'job worker problem'),
        );
        worker.on('failed', (job, error) =>
          log.warn(
            { job: definition.name, id: job?.id, attempt: job?.attemptsMade, err: error.message },
            'job failed',
          ),
        );
        workers.push(worker);
      }
    },
    async stop() {
      stopping.abort(new Error('The process is shutting down'));
      await Promise.allSettled(workers.map((worker) => worker.close()));
      await Promise.allSettled([...events.values()].map((queueEvents) => queueEvents.close()));
      await Promise.allSettled([...queues.values()].map((queue) => queue.close()));
      connection.disconnect();
    },
    // Redis keeps the schedules; BullMQ starts their jobs by itself.
    runDueSchedules: async () => [],
    // BullMQ's jobs run on its own workers and clock (Redis's): nothing here to wait for.
    settled: async () => {},
  };
}
