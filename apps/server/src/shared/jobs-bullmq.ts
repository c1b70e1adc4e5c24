import { type Job as BullJob, Queue, QueueEvents, Worker } from 'bullmq';
import type { FastifyBaseLogger } from 'fastify';
import { Redis } from 'ioredis';
import type { z } from 'zod';
import type { JobRunLog } from '../db/job-run-log.ts';
import type { Clock } from './clock.ts';
import { HttpError } from './http-error.ts';
import { payloadOf, resultOf, runJobOnce } from './job-runs.ts';
import type { Job, JobDefinition } from './jobs.ts';
import type { JobRunner } from './jobs-in-process.ts';
import { redisOptionsFromUrl } from './redis-options.ts';

/** Finished jobs kept in Redis for the operator to look at, by age and count. */
const keepCompleted = { age: 3600, count: 1000 };
const keepFailed = { age: 7 * 24 * 3600, count: 5000 };
/** How long `run()` waits for a queued job before giving up on it. */
const waitForResultMs = 10 * 60_000;

/** How long a request may wait for Redis to take a job before it is answered without it. */
const enqueueBoundMs = 2_000;

/**
 * Redis is away, so a job cannot be queued now. What must survive keeps its state in the database and is
 * picked up by a schedule (the mail outbox); a visitor's task (an engine's) is answered 503, try again.
 */
export class JobsUnavailableError extends HttpError {
  readonly retryAfterSeconds = 10;
  constructor(name: string, cause?: unknown) {
    super(
      503,
      'JOBS_UNAVAILABLE',
      'This tool is not available right now. Please try again in a few seconds.',
    );
    this.cause = cause ?? new Error(`Redis is not connected: job ${name} was not queued`);
  }
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
  /** Where each run and its result is written (the status screen reads it). */
  runLog?: JobRunLog;
}): JobRunner {
  const { clock, log, prefix } = deps;
  const connectionOptions = redisOptionsFromUrl(deps.redisUrl);
  const connection = new Redis(connectionOptions);
  const definitions = new Map<string, JobDefinition>();
  const queues = new Map<string, Queue>();
  const events = new Map<string, Promise<QueueEvents>>();
  const workers: Worker[] = [];
  const stopping = new AbortController();
  let started = false;
  // Reported once per outage (ioredis retries, and says so, many times a second).
  let lost = false;
  connection.on('error', (error) => {
    if (!lost)
      log.warn({ err: error.message }, 'redis connection lost (jobs): queueing refused until it returns');
    lost = true;
  });
  connection.on('close', () => {
    if (stopping.signal.aborted) return;
    if (!lost) log.warn('redis connection closed (jobs): queueing refused until it returns');
    lost = true;
  });
  // Back after an outage: a Redis restarted without persistence has forgotten the job schedulers, so they
  // are declared again (idempotent: an existing scheduler is only updated).
  connection.on('ready', () => {
    if (!lost) return;
    lost = false;
    if (!started) return;
    log.info('redis is back (jobs): job schedules declared again');
    declareSchedules().catch((error: unknown) =>
      log.warn(
        { err: error instanceof Error ? error.message : error },
        'could not declare the job schedules',
      ),
    );
  });
  /**
   * Fails at once, instead of waiting in ioredis's offline queue, while Redis is away (the connection was
   * lost or could not be made). The first connection, just opened, is waited for (within the bound).
   */
  const connected = (name: string) => {
    if (lost) throw new JobsUnavailableError(name);
  };
  /** A call to Redis that a request waits on: at most `enqueueBoundMs`, then JobsUnavailableError. */
  const bounded = <T>(name: string, call: Promise<T>): Promise<T> =>
    new Promise<T>((resolve, reject) => {
      const timer = clock.setTimeout(() => reject(new JobsUnavailableError(name)), enqueueBoundMs);
      call.then(
        (value) => {
          timer.cancel();
          resolve(value);
        },
        (error: unknown) => {
          timer.cancel();
          reject(new JobsUnavailableError(name, error));
        },
      );
    });

  const queueOf = (name: string) => {
    let queue = queues.get(name);
    if (!queue) {
      queue = new Queue(name, { connection, prefix });
      queue.on('error', (error) => log.warn({ err: error.message, queue: name }, 'job queue problem'));
      queues.set(name, queue);
    }
    return queue;
  };
  /**
   * The one listener for a queue's events. BullMQ's QueueEvents starts reading at `$` (what is added after
   * its first read) and its `waitUntilReady` means connected, not reading: a job that finished in between
   * was never heard of, and its `run()` waited out `waitForResultMs`. So it reads from the stream's last
   * entry as it stood before any job of this process was queued (every caller waits for the same one).
   */
  const eventsOf = (name: string) => {
    let made = events.get(name);
    if (!made) {
      made = (async () => {
        const queue = queueOf(name);
        const [last] = (await connection.xrevrange(queue.toKey('events'), '+', '-', 'COUNT', 1)) as [
          string,
          string[],
        ][];
        const queueEvents = new QueueEvents(name, {
          connection: connectionOptions,
          prefix,
          lastEventId: last?.[0] ?? '0-0',
        });
        queueEvents.on('error', (error) =>
          log.warn({ err: error.message, queue: name }, 'job events problem'),
        );
        await queueEvents.waitUntilReady();
        return queueEvents;
      })();
      events.set(name, made);
      // A try that failed (Redis away) is made again by the next run.
      made.catch(() => {
        if (events.get(name) === made) events.delete(name);
      });
    }
    return made;
  };
  const jobOptions = (definition: JobDefinition) => ({
    attempts: definition.attempts ?? 1,
    backoff: { type: 'exponential' as const, delay: definition.backoffMs ?? 1000 },
    removeOnComplete: keepCompleted,
    removeOnFail: keepFailed,
  });

  /** One BullMQ job scheduler per scheduled job (at start, and again when Redis comes back). */
  async function declareSchedules() {
    for (const definition of definitions.values()) {
      if (!definition.schedule) continue;
      const { everyMs, runAtStart } = definition.schedule;
      await queueOf(definition.name).upsertJobScheduler(
        definition.name,
        { every: everyMs, ...(runAtStart === false ? { startDate: clock.now() + everyMs } : {}) },
        { name: definition.name, data: {}, opts: jobOptions(definition) },
      );
    }
  }

  return {
    define<S extends z.ZodType, R>(definition: JobDefinition<S, R>): Job<S, R> {
      if (definitions.has(definition.name)) throw new Error(`The job "${definition.name}" is defined twice`);
      definitions.set(definition.name, definition as unknown as JobDefinition);
      return {
        name: definition.name,
        async enqueue(payload, options) {
          const checked = payloadOf(definition, payload);
          connected(definition.name);
          await bounded(
            definition.name,
            queueOf(definition.name).add(definition.name, checked, {
              ...jobOptions(definition as unknown as JobDefinition),
              ...(options?.delayMs ? { delay: options.delayMs } : {}),
            }),
          );
        },
        async waiting() {
          connected(definition.name);
          return bounded(definition.name, queueOf(definition.name).getWaitingCount());
        },
        async run(payload, options) {
          const checked = payloadOf(definition, payload);
          connected(definition.name);
          // Listening starts before the job is queued, so a quick job's end is not missed.
          const queueEvents = await bounded(definition.name, eventsOf(definition.name));
          const job = await bounded(
            definition.name,
            queueOf(definition.name).add(
              definition.name,
              checked,
              jobOptions(definition as unknown as JobDefinition),
            ),
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
    async nextRuns() {
      const next = new Map<string, Date>();
      for (const definition of definitions.values()) {
        if (!definition.schedule) continue;
        connected(definition.name);
        const scheduler = await bounded(
          definition.name,
          queueOf(definition.name).getJobScheduler(definition.name),
        );
        if (scheduler?.next) next.set(definition.name, new Date(scheduler.next));
      }
      return next;
    },
    async start() {
      if (started) return;
      started = true;
      // Redis away at start: the process starts all the same, and declares them when Redis is ready.
      if (lost) log.warn('redis is away at start (jobs): job schedules are declared when it returns');
      else await declareSchedules();
      for (const definition of definitions.values()) {
        if (!deps.runJobs) continue;
        const worker = new Worker(
          definition.name,
          async (job: BullJob) =>
            runJobOnce(definition, payloadOf(definition, job.data), {
              attempt: job.attemptsMade + 1,
              clock,
              log,
              stopping: stopping.signal,
              // Queued at `timestamp`, due after its delay (a job scheduler's next period is a delay too).
              dueAt: job.timestamp + (job.delay ?? 0),
              runLog: deps.runLog,
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
      await Promise.allSettled(
        [...events.values()].map(async (made) => (await made.catch(() => undefined))?.close()),
      );
      await Promise.allSettled([...queues.values()].map((queue) => queue.close()));
      connection.disconnect();
    },
    // Redis keeps the schedules; BullMQ starts their jobs by itself.
    runDueSchedules: async () => [],
    // BullMQ's jobs run on its own workers and clock (Redis's): nothing here to wait for.
    settled: async () => {},
  };
}
