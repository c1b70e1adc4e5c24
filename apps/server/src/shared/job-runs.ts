import type { FastifyBaseLogger } from 'fastify';
import type { z } from 'zod';
import type { JobRunLog } from '../db/job-run-log.ts';
import type { Clock } from './clock.ts';
import type { JobDefinition } from './jobs.ts';
import { countJobLag, countJobTry } from './run-counts.ts';

/** The payload as a queue would carry it: through JSON, then checked by the job's schema. */
export function payloadOf<S extends z.ZodType>(definition: JobDefinition<S>, payload: unknown): z.output<S> {
  const text = JSON.stringify(payload ?? {});
  if (text === undefined) throw new Error(`The payload of job ${definition.name} cannot be sent as JSON`);
  const parsed = definition.payload.safeParse(JSON.parse(text));
  if (!parsed.success)
    throw new Error(`The payload of job ${definition.name} is not valid: ${parsed.error.message}`);
  return parsed.data;
}

/** A result as it comes back from a queue. */
export function resultOf<R>(result: R): R {
  const text = JSON.stringify(result);
  return text === undefined ? (undefined as R) : (JSON.parse(text) as R);
}

export class JobTimeoutError extends Error {
  constructor(name: string, ms: number) {
    super(`Job ${name} took longer than ${ms} ms`);
  }
}

/** What the runners pass to each try besides the payload. */
export interface JobTryDeps {
  attempt: number;
  clock: Clock;
  log: FastifyBaseLogger;
  stopping: AbortSignal;
  /** When the try was due (its period, the end of its delay) or queued, for the lag; unknown when absent. */
  dueAt?: number | undefined;
  /** Where each run and its result is written for every process to see (the status screen). */
  runLog?: JobRunLog | undefined;
}

/**
 * One try of a job: its handler with an abort signal that fires on shutdown or past the job's time limit
 * (a handler that ignores the signal is still answered as timed out). The try is counted for /metrics (its
 * lag on the first try, its outcome and time) and, unless the job says `recordRuns: false`, written to the
 * run log; a run log that cannot be written is logged and never fails the job.
 */
export async function runJobOnce<S extends z.ZodType, R>(
  definition: JobDefinition<S, R>,
  payload: z.output<S>,
  deps: JobTryDeps,
): Promise<R> {
  const startedAt = deps.clock.date();
  if (deps.dueAt !== undefined && deps.attempt === 1)
    countJobLag(definition.name, Math.max(0, startedAt.getTime() - deps.dueAt) / 1000);
  const runLog = definition.recordRuns === false ? undefined : deps.runLog;
  const note = async (write: () => Promise<void>) => {
    try {
      await write();
    } catch (error) {
      deps.log.warn(
        { job: definition.name, err: error instanceof Error ? error.message : error },
        'could not record a job run',
      );
    }
  };
  await note(async () =>
    runLog?.started({
      name: definition.name,
      attempt: deps.attempt,
      dueAt: deps.dueAt === undefined ? undefined : new Date(deps.dueAt),
      startedAt,
    }),
  );
  // Counted for /metrics (plugins/metrics.ts): a measure of work done, so wall time, not the site's clock.
  const started = performance.now();
  try {
    const result = await runJobTry(definition, payload, deps);
    countJobTry(definition.name, true, (performance.now() - started) / 1000);
    const failure = definition.failedWhen?.(result) ?? null;
    await note(async () => runLog?.finished(definition.name, startedAt, deps.clock.date(), failure));
    return result;
  } catch (error) {
    countJobTry(definition.name, false, (performance.now() - started) / 1000);
    await note(async () =>
      runLog?.finished(
        definition.name,
        startedAt,
        deps.clock.date(),
        error instanceof Error ? error.message : String(error),
      ),
    );
    throw error;
  }
}

async function runJobTry<S extends z.ZodType, R>(
  definition: JobDefinition<S, R>,
  payload: z.output<S>,
  deps: JobTryDeps,
): Promise<R> {
  const controller = new AbortController();
  const onStop = () => controller.abort(deps.stopping.reason);
  deps.stopping.addEventListener('abort', onStop, { once: true });
  let timer: { cancel(): void } | undefined;
  try {
    const run = definition.handler(payload, {
      signal: controller.signal,
      log: deps.log.child({ job: definition.name, attempt: deps.attempt }),
      attempt: deps.attempt,
      clock: deps.clock,
    });
    if (!definition.timeoutMs) return await run;
    const timeoutMs = definition.timeoutMs;
    return await Promise.race([
      run,
      new Promise<never>((_, reject) => {
        timer = deps.clock.setTimeout(() => {
          const error = new JobTimeoutError(definition.name, timeoutMs);
          controller.abort(error);
          reject(error);
        }, timeoutMs);
      }),
    ]);
  } finally {
    timer?.cancel();
    deps.stopping.removeEventListener('abort', onStop);
  }
}

/** Milliseconds before try `attempt + 1`: the job's backoff, doubling each time. */
export function backoffBefore(definition: JobDefinition, attempt: number): number {
  return (definition.backoffMs ?? 1000) * 2 ** (attempt - 1);
}
