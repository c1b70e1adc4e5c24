import type { FastifyBaseLogger } from 'fastify';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { openTaskGate, type TaskGate } from '../../test/engines/task-gate.ts';
import type { TestTask } from '../../test/engines/test-tasks.worker.ts';
import { createTestApp } from '../../test/test-app.ts';
import type { JobSchedules } from '../db/job-schedules.ts';
import { defineEngine } from '../engines/engine.ts';
import { EngineBusyError, EngineError, EngineTimeoutError } from '../engines/engine-errors.ts';
import { createEnginePool, type EnginePool } from '../engines/engine-pool.ts';
import { ManualClock, systemClock } from '../shared/clock.ts';
import type { Job } from '../shared/jobs.ts';
import { createBullmqJobs } from '../shared/jobs-bullmq.ts';
import { createInProcessJobs, type JobRunner } from '../shared/jobs-in-process.ts';
import { enginesThroughJobs } from './engine-jobs.ts';

const quiet = {
  child: () => quiet,
  info() {},
  warn() {},
  error() {},
  debug() {},
} as unknown as FastifyBaseLogger;
const noSchedules = { due: async () => [], ensure: async () => {} } as unknown as JobSchedules;
const testTask: z.ZodType<TestTask> = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('echo'), value: z.string().max(20) }),
  z.object({ kind: z.literal('spin'), gate: z.string() }),
]);
const testEngine = defineEngine<TestTask, string>({
  name: 'test-tasks',
  workerUrl: new URL('../../test/engines/test-tasks.worker.ts', import.meta.url),
  input: testTask,
  // The time limit runs on the pool's ManualClock: the tests fire it with `advance`, however long a thread
  // takes to start on a busy machine. An hour: no test would end if it ran on the real clock.
  limits: { threads: 1, maxQueue: 1, timeoutMs: 3_600_000, maxMemoryMb: 32 },
});

const redisUrl = process.env.TEST_REDIS_URL;
const cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});
/** Where a spinning task tells the test it runs (closed before the pool, which waits for its tasks). */
async function gate(): Promise<TaskGate> {
  const opened = await openTaskGate();
  cleanups.push(() => opened.close());
  return opened;
}

const kinds: [string, () => JobRunner][] = [
  ['in-process', () => createInProcessJobs({ clock: systemClock, log: quiet, schedules: noSchedules })],
  ...(redisUrl
    ? [
        [
          'bullmq',
          () =>
            createBullmqJobs({
              redisUrl,
              prefix: `test-engines-${process.pid}-${Math.random().toString(36).slice(2, 8)}`,
              clock: systemClock,
              log: quiet,
              runJobs: true,
            }),
        ] as [string, () => JobRunner],
      ]
    : []),
];

describe.each(kinds)('engines through %s jobs', (_kind, makeJobs) => {
  async function setUp() {
    const clock = new ManualClock();
    const pool: EnginePool = createEnginePool({ threadBudget: 2, idleTimeoutMs: 1000, clock });
    const jobs = makeJobs();
    // The engine's job, kept so a test can wait for what its queue holds (an event, not a fixed time).
    const defined: Job<z.ZodType, unknown>[] = [];
    const define = jobs.define.bind(jobs);
    jobs.define = ((definition: Parameters<typeof define>[0]) => {
      const job = define(definition);
      defined.push(job as Job<z.ZodType, unknown>);
      return job;
    }) as typeof jobs.define;
    const engines = enginesThroughJobs(jobs, pool, [testEngine as never]);
    await jobs.start();
    cleanups.push(
      () => pool.close(),
      () => jobs.stop(),
    );
    return { engines, pool, clock, engineJob: defined[0]! };
  }

  it('runs an engine task once, in the pool of the process that runs jobs', async () => {
    const { engines, pool } = await setUp();
    expect(await engines.run(testEngine, { kind: 'echo', value: 'once' })).toBe('echo once');
    expect(pool.stats().engines[0]).toMatchObject({ completed: 1 });
  });

  it("answers an engine's refusal as the engine's error, not a bare failure", async () => {
    const { engines, clock } = await setUp();
    const spinning = await gate();
    const stopped = engines.run(testEngine, { kind: 'spin', gate: spinning.path }).catch((e: unknown) => e);
    await spinning.started;
    clock.advance(testEngine.limits.timeoutMs);
    const error = await stopped;
    expect(error).toBeInstanceOf(EngineError);
    expect(error).toMatchObject({ statusCode: 504, code: new EngineTimeoutError('x', 1).code });
  });

  it('refuses with 503 once the queue holds maxQueue waiting tasks', async () => {
    const setUpResult = await setUp();
    const { engines } = setUpResult;
    // One running (the job's concurrency is the engine's one thread), one waiting, the third refused.
    // The first task holds the engine's one thread until the test fires its time limit on the clock; the
    // test waits for it to run in the pool and for the second to wait in the queue (events, never a fixed
    // time), then is refused the third.
    const { pool, engineJob, clock } = setUpResult;
    const spinning = await gate();
    const running = engines
      .run(testEngine, { kind: 'spin', gate: spinning.path })
      .catch((error: unknown) => error);
    await spinning.started;
    expect(pool.stats().running).toBe(1);
    const waiting = engines.run(testEngine, { kind: 'echo', value: 'second' });
    await vi.waitFor(async () => expect(await engineJob.waiting()).toBe(1), { interval: 5, timeout: 10_000 });
    await expect(engines.run(testEngine, { kind: 'echo', value: 'third' })).rejects.toBeInstanceOf(
      EngineBusyError,
    );
    clock.advance(testEngine.limits.timeoutMs);
    expect(await running).toMatchObject({ statusCode: 504 });
    expect(await waiting).toBe('echo second');
  });
});

describe("the platform's engine pool", () => {
  it("runs its time limits on the platform's clock", async () => {
    const clock = new ManualClock();
    const t = await createTestApp({}, { platform: { clock }, features: [] });
    cleanups.push(() => t.close());
    const spinning = await gate();
    // Closing the app waits for running tasks: should the limit not fire, the clean-up stops the task.
    const cleanUp = new AbortController();
    cleanups.push(async () => cleanUp.abort(new Error('the test ended')));
    const stopped = t.app.platform.engines
      .run(testEngine, { kind: 'spin', gate: spinning.path }, { signal: cleanUp.signal })
      .catch((e: unknown) => e);
    await spinning.started;
    clock.advance(testEngine.limits.timeoutMs);
    expect(await stopped).toBeInstanceOf(EngineTimeoutError);
    await spinning.stopped;
  });
});
