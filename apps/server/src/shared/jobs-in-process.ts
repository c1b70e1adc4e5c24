import type { FastifyBaseLogger } from 'fastify';
import type { z } from 'zod';
import type { JobRunLog } from '../db/job-run-log.ts';
import type { JobSchedules } from '../db/job-schedules.ts';
import type { Clock, ClockTimer } from './clock.ts';
import { backoffBefore, payloadOf, resultOf, runJobOnce } from './job-runs.ts';
import type { Job, JobDefinition, Jobs } from './jobs.ts';

export interface JobRunner extends Jobs {
  /** Starts running queued jobs and schedules (when this process runs jobs). */
  start(): Promise<void>;
  /** Stops taking jobs, aborts the running ones and waits for them. */
  stop(): Promise<void>;
  /** Runs every schedule whose period is due now (the ticker calls it; tests call it after moving the clock). */
  runDueSchedules(): Promise<string[]>;
  /**
   * Resolves once no schedule tick and no job is running in this process (tests wait on it instead of
   * sleeping; timers still pending are the clock's to fire).
   */
  settled(): Promise<void>;
}

interface Waiting {
  payload: unknown;
  attempt: number;
  /** When it was queued, or the end of its delay, backoff or period: its lag is measured from here. */
  dueAt: number;
  settle?: { resolve(value: unknown): void; reject(error: unknown): void };
}

/** How often the schedules are looked at: a period starts at most this late. */
const scheduleTickMs = 1_000;

/**
 * The default jobs: queues in this process's memory, a job's payload and result passed through JSON as a
 * real queue would, retries with doubling backoff, and schedules leased in the database so that several
 * processes on one database run each period once. Jobs queued in memory are lost with the process: work
 * that must survive a restart keeps its state in the database (the mail outbox does) and is picked up by a
 * schedule.
 */
export function createInProcessJobs(deps: {
  clock: Clock;
  log: FastifyBaseLogger;
  schedules: JobSchedules;
  /** Where each run and its result is written (the status screen reads it). */
  runLog?: JobRunLog;
  /** Whether this process runs schedules (every process can; the leases make them run once). */
  runSchedules?: boolean;
}): JobRunner {
  const { clock, log, schedules } = deps;
  const definitions = new Map<string, JobDefinition>();
  const queues = new Map<string, Waiting[]>();
  const active = new Map<string, number>();
  const running = new Set<Promise<void>>();
  // Every wait (retry backoff, delayed jobs, the schedule ticker) is a timer of the clock: tests move it.
  const retryTimers = new Set<ClockTimer>();
  const stopping = new AbortController();
  let started = false;
  let ticker: ClockTimer | undefined;
  let ticking: Promise<string[]> | undefined;

  function pump(name: string) {
    const definition = definitions.get(name)!;
    const queue = queues.get(name)!;
    while (started && !stopping.signal.aborted && queue.length > 0) {
      if ((active.get(name) ?? 0) >= (definition.concurrency ?? 1)) return;
      const next = queue.shift()!;
      active.set(name, (active.get(name) ?? 0) + 1);
      const done = execute(definition, next).finally(() => {
        active.set(name, active.get(name)! - 1);
        running.delete(done);
        pump(name);
      });
      running.add(done);
    }
  }

  async function execute(definition: JobDefinition, waiting: Waiting): Promise<void> {
    try {
      const result = await runJobOnce(definition, waiting.payload, {
        attempt: waiting.attempt,
        clock,
        log,
        stopping: stopping.signal,
        dueAt: waiting.dueAt,
        runLog: deps.runLog,
      });
      waiting.settle?.resolve(resultOf(result));
    } catch (error) {
      const attempts = definition.attempts ?? 1;
      if (waiting.attempt < attempts && !stopping.signal.aborted) {
        const delay = backoffBefore(definition, waiting.attempt);
        log.warn(
          { job: definition.name, attempt: waiting.attempt, err: error, retryInMs: delay },
          'job failed',
        );
        const timer = clock.setTimeout(() => {
          retryTimers.delete(timer);
          queues.get(definition.name)!.push({ ...waiting, attempt: waiting.attempt + 1, dueAt: clock.now() });
          pump(definition.name);
        }, delay);
        retryTimers.add(timer);
        return;
      }
      if (!waiting.settle) log.error({ job: definition.name, err: error }, 'job failed');
      waiting.settle?.reject(error);
    }
  }

  function push(name: string, waiting: Waiting) {
    // A period claimed while stopping (its claim finished after the queues were emptied) is not run.
    if (stopping.signal.aborted) {
      waiting.settle?.reject(new Error('The server is shutting down'));
      return;
    }
    queues.get(name)!.push(waiting);
    pump(name);
  }

  /** Claims every due period this process wins and starts its run; answers the runs started. */
  async function claimDue(): Promise<{ name: string; done: Promise<void> }[]> {
    const scheduled = [...definitions.values()].filter((definition) => definition.schedule);
    if (scheduled.length === 0) return [];
    const now = clock.date();
    const due = new Set(await schedules.due(now));
    const started: { name: string; done: Promise<void> }[] = [];
    for (const definition of scheduled) {
      if (!due.has(definition.name)) continue;
      let dueAt: Date | undefined;
      try {
        dueAt = await schedules.claim(definition.name, now, definition.schedule!.everyMs);
        if (!dueAt) continue;
      } catch (error) {
        log.error({ job: definition.name, err: error }, 'could not claim a scheduled job');
        continue;
      }
      const periodDue = dueAt.getTime();
      const done = new Promise((resolve, reject) =>
        push(definition.name, { payload: {}, attempt: 1, dueAt: periodDue, settle: { resolve, reject } }),
      )
        .then(
          () => schedules.finished(definition.name, clock.date(), null),
          (error: unknown) => {
            log.error({ job: definition.name, err: error }, 'scheduled job failed');
            return schedules.finished(
              definition.name,
              clock.date(),
              error instanceof Error ? error.message : String(error),
            );
          },
        )
        .catch(() => undefined)
        .finally(() => running.delete(done));
      // Counted as running until its result is recorded (`settled`, `stop`).
      running.add(done);
      started.push({ name: definition.name, done });
    }
    return started;
  }

  async function runDueSchedules(): Promise<string[]> {
    const started = await claimDue();
    await Promise.all(started.map((run) => run.done));
    return started.map((run) => run.name).sort();
  }

  return {
    define<S extends z.ZodType, R>(definition: JobDefinition<S, R>): Job<S, R> {
      if (definitions.has(definition.name)) throw new Error(`The job "${definition.name}" is defined twice`);
      if (started && definition.schedule)
        throw new Error(`The scheduled job "${definition.name}" must be defined before the jobs start`);
      definitions.set(definition.name, definition as unknown as JobDefinition);
      queues.set(definition.name, []);
      return {
        name: definition.name,
        async enqueue(payload, options) {
          const checked = payloadOf(definition, payload);
          if (!options?.delayMs)
            return push(definition.name, { payload: checked, attempt: 1, dueAt: clock.now() });
          const timer = clock.setTimeout(() => {
            retryTimers.delete(timer);
            push(definition.name, { payload: checked, attempt: 1, dueAt: clock.now() });
          }, options.delayMs);
          retryTimers.add(timer);
        },
        waiting: async () => queues.get(definition.name)!.length,
        async run(payload, options) {
          const checked = payloadOf(definition, payload);
          return new Promise<R>((resolve, reject) => {
            if (options?.signal?.aborted) return reject(options.signal.reason);
            push(definition.name, {
              payload: checked,
              attempt: 1,
              dueAt: clock.now(),
              settle: { resolve: resolve as (value: unknown) => void, reject },
            });
          });
        },
      };
    },
    definitions: () => [...definitions.values()],
    async nextRuns() {
      const rows = await schedules.list();
      return new Map(
        rows
          .filter((row) => definitions.get(row.name)?.schedule)
          .map((row) => [row.name, new Date(row.next_run_at)] as const),
      );
    },
    async start() {
      if (started) return;
      started = true;
      for (const name of queues.keys()) pump(name);
      if (deps.runSchedules === false) return;
      const now = clock.now();
      for (const definition of definitions.values()) {
        if (!definition.schedule) continue;
        const first = definition.schedule.runAtStart === false ? now + definition.schedule.everyMs : now;
        await schedules.ensure(definition.name, new Date(first));
      }
      // Claims one tick at a time; the runs it starts go on in the background. A tick asked for while one
      // is still reading the schedules (a slow database) runs after it, so no due period waits a whole tick.
      let tickAgain = false;
      const tick = (): Promise<string[]> => {
        if (ticking) {
          tickAgain = true;
          return ticking;
        }
        ticking = claimDue()
          .then((runs) => runs.map((run) => run.name))
          .catch((error: unknown) => {
            log.error({ err: error }, 'could not read the job schedules');
            return [];
          })
          .finally(() => {
            ticking = undefined;
            if (tickAgain && !stopping.signal.aborted) {
              tickAgain = false;
              void tick();
            }
          });
        return ticking;
      };
      void tick();
      ticker = clock.every(scheduleTickMs, () => void tick());
    },
    async stop() {
      ticker?.cancel();
      for (const timer of retryTimers) timer.cancel();
      retryTimers.clear();
      stopping.abort(new Error('The server is shutting down'));
      for (const queue of queues.values())
        for (const waiting of queue.splice(0))
          waiting.settle?.reject(new Error('The server is shutting down'));
      await ticking?.catch(() => undefined);
      await Promise.allSettled([...running]);
    },
    runDueSchedules,
    async settled() {
      while (ticking || running.size > 0) await Promise.allSettled([ticking, ...running]);
    },
  };
}
