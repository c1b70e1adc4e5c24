import { afterEach, describe, expect, it } from 'vitest';
import { z } from 'zod';
import type { TestTask } from '../../test/engines/test-tasks.worker.ts';
import { defineEngine, type EngineLimits } from './engine.ts';
import {
  EngineBusyError,
  EngineClosedError,
  EngineFailedError,
  EngineInputError,
  EngineMemoryError,
  EngineTimeoutError,
} from './engine-errors.ts';
import { createEnginePool, type EnginePool } from './engine-pool.ts';

const testTask: z.ZodType<TestTask> = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('echo'), value: z.string().max(20) }),
  z.object({ kind: z.literal('sleep'), ms: z.number().int().min(0).max(5000) }),
  z.object({ kind: z.literal('spin') }),
  z.object({ kind: z.literal('throw') }),
  z.object({ kind: z.literal('exit') }),
  z.object({ kind: z.literal('allocate') }),
  z.object({ kind: z.literal('buffers') }),
]);
const workerUrl = new URL('../../test/engines/test-tasks.worker.ts', import.meta.url);
const limits: EngineLimits = { threads: 1, maxQueue: 1, timeoutMs: 20_000, maxMemoryMb: 32 };
const testEngine = defineEngine<TestTask, string>({ name: 'test-tasks', workerUrl, input: testTask, limits });
const otherEngine = defineEngine<TestTask, string>({
  name: 'other-tasks',
  workerUrl,
  input: testTask,
  limits,
});

const pools: EnginePool[] = [];
function pool(options: Partial<Parameters<typeof createEnginePool>[0]> = {}) {
  const created = createEnginePool({ threadBudget: 2, idleTimeoutMs: 1000, ...options });
  pools.push(created);
  return created;
}
afterEach(async () => {
  await Promise.all(pools.splice(0).map((p) => p.close()));
});

describe('the engine pool', () => {
  it('runs a task in a worker thread and answers its output', async () => {
    const engines = pool();
    expect(await engines.run(testEngine, { kind: 'echo', value: 'namaste' })).toBe('echo namaste');
    expect(engines.stats().engines).toEqual([
      expect.objectContaining({ name: 'test-tasks', threads: 1, completed: 1, running: 0, waiting: 0 }),
    ]);
  });

  it('refuses a task when the engine queue is full, with a Retry-After estimate, and runs the others', async () => {
    const engines = pool();
    const first = engines.run(testEngine, { kind: 'sleep', ms: 300 });
    const second = engines.run(testEngine, { kind: 'echo', value: 'queued' });
    const refused = await engines.run(testEngine, { kind: 'echo', value: 'refused' }).catch((e) => e);
    expect(refused).toBeInstanceOf(EngineBusyError);
    expect(refused).toMatchObject({ statusCode: 503, code: 'ENGINE_BUSY', engine: 'test-tasks' });
    expect(refused.retryAfterSeconds).toBeGreaterThanOrEqual(1);
    expect(refused.message).toMatch(/^This tool is busy right now\. Please try again in \d+ seconds?\.$/);
    expect(await first).toBe('slept');
    expect(await second).toBe('echo queued');
    expect(engines.stats().engines[0]).toMatchObject({ refused: 1, completed: 2 });
  });

  it('stops a task past its time limit, and the next task runs on a fresh thread', async () => {
    // Long enough for a fresh thread to start on a busy machine, which the next task needs.
    const engines = pool({ limits: { 'test-tasks': { timeoutMs: 1500 } } });
    const error = await engines.run(testEngine, { kind: 'spin' }).catch((e) => e);
    expect(error).toBeInstanceOf(EngineTimeoutError);
    expect(error).toMatchObject({ statusCode: 504, code: 'ENGINE_TIMEOUT' });
    expect(await engines.run(testEngine, { kind: 'echo', value: 'after' })).toBe('echo after');
    expect(engines.stats().engines[0]).toMatchObject({ timedOut: 1, completed: 1 });
  });

  it.each([
    ['throws', 'throw', /the task failed on purpose/],
    ['calls process.exit', 'exit', /worker exited with code: 3/],
    ['allocates past its memory limit', 'allocate', /memory limit/],
  ] as const)('fails only the task of a worker that %s; the next task succeeds', async (_, kind, cause) => {
    const engines = pool({ log: { warn() {}, error() {} } });
    const error = await engines.run(testEngine, { kind }).catch((e) => e);
    expect(error).toBeInstanceOf(EngineFailedError);
    expect(error).toMatchObject({ statusCode: 503, code: 'ENGINE_FAILED' });
    expect(String(error.cause)).toMatch(cause);
    expect(await engines.run(testEngine, { kind: 'echo', value: 'still here' })).toBe('echo still here');
  });

  it('refuses input that fails the engine schema before queueing it', async () => {
    const engines = pool();
    const error = await engines
      .run(testEngine, { kind: 'echo', value: 'x'.repeat(21) } as TestTask)
      .catch((e) => e);
    expect(error).toBeInstanceOf(EngineInputError);
    expect(error).toMatchObject({ statusCode: 400, code: 'VALIDATION_ERROR' });
    expect(Object.keys(error.fields)).toEqual(['value']);
    expect(engines.stats().engines[0]).toMatchObject({ running: 0, waiting: 0, completed: 0, failed: 0 });
  });

  it('keeps every engine a place of its own: one busy engine never holds the place another needs', async () => {
    // One place in the budget (ENGINE_THREADS=1 on a two-core machine), and test-tasks may use two threads.
    const engines = pool({ threadBudget: 1, limits: { 'test-tasks': { threads: 2, maxQueue: 5 } } });
    const a = engines.run(testEngine, { kind: 'sleep', ms: 300 });
    const second = engines.run(testEngine, { kind: 'sleep', ms: 10 });
    const b = engines.run(otherEngine, { kind: 'sleep', ms: 10 });
    const stats = engines.stats();
    // The other engine starts at once on its own place; test-tasks' second task waits for the budget.
    expect(stats.running).toBe(2);
    expect(stats.engines.map((e) => [e.name, e.running, e.waiting])).toEqual([
      ['test-tasks', 1, 1],
      ['other-tasks', 1, 0],
    ]);
    expect(await b).toBe('slept');
    expect(engines.stats().engines[0]).toMatchObject({ running: 1, waiting: 1 });
    expect(await Promise.all([a, second])).toEqual(['slept', 'slept']);
  });

  it('stops a running task whose caller gives up, and runs the next one', async () => {
    const engines = pool();
    const giveUp = new AbortController();
    const abandoned = engines.run(testEngine, { kind: 'spin' }, { signal: giveUp.signal });
    expect(engines.stats().engines[0]).toMatchObject({ running: 1 });
    giveUp.abort(new Error('the visitor left'));
    await expect(abandoned).rejects.toThrow('the visitor left');
    expect(engines.stats().engines[0]).toMatchObject({ running: 0, cancelled: 1, timedOut: 0 });
    expect(await engines.run(testEngine, { kind: 'echo', value: 'next' })).toBe('echo next');
  });

  it('drops a waiting task whose caller gives up, and fails waiting tasks on close', async () => {
    const engines = pool();
    const running = engines.run(testEngine, { kind: 'sleep', ms: 200 });
    const giveUp = new AbortController();
    const abandoned = engines.run(testEngine, { kind: 'echo', value: 'never' }, { signal: giveUp.signal });
    giveUp.abort(new Error('the visitor left'));
    await expect(abandoned).rejects.toThrow('the visitor left');
    expect(engines.stats().engines[0]).toMatchObject({ waiting: 0, running: 1 });

    const waiting = engines.run(testEngine, { kind: 'echo', value: 'too late' });
    const closing = engines.close();
    await expect(waiting).rejects.toBeInstanceOf(EngineClosedError);
    expect(await running).toBe('slept');
    await closing;
    await expect(engines.run(testEngine, { kind: 'echo', value: 'x' })).rejects.toBeInstanceOf(
      EngineClosedError,
    );
  });
});

describe('an engine in child processes (isolation: process)', { timeout: 30_000 }, () => {
  const processEngine = defineEngine<TestTask, string>({
    name: 'process-tasks',
    workerUrl,
    input: testTask,
    limits: { ...limits, isolation: 'process', maxMemoryMb: 64, maxResidentMb: 256, timeoutMs: 10_000 },
  });

  it('runs tasks in a child process and keeps it for the next one', async () => {
    const engines = pool();
    expect(await engines.run(processEngine, { kind: 'echo', value: 'one' })).toBe('echo one');
    expect(await engines.run(processEngine, { kind: 'echo', value: 'two' })).toBe('echo two');
    expect(engines.stats().engines[0]).toMatchObject({ name: 'process-tasks', completed: 2, failed: 0 });
  });

  it('kills a child whose memory outside the heap passes its cap (422), and this process stays small', async () => {
    const engines = pool({ log: { warn() {}, error() {} } });
    await engines.run(processEngine, { kind: 'echo', value: 'warm' });
    const before = process.memoryUsage().rss;
    const error = await engines.run(processEngine, { kind: 'buffers' }).catch((e) => e);
    expect(error).toBeInstanceOf(EngineMemoryError);
    expect(error).toMatchObject({ statusCode: 422, code: 'ENGINE_MEMORY_LIMIT' });
    expect(error.message).toMatch(/more memory than this tool allows/);
    // Gigabytes would pass through here if the buffers were this process's (a thread's heap limit misses them).
    expect(process.memoryUsage().rss - before).toBeLessThan(100 * 1024 ** 2);
    expect(await engines.run(processEngine, { kind: 'echo', value: 'after' })).toBe('echo after');
    expect(engines.stats().engines[0]).toMatchObject({ memoryKilled: 1, completed: 2 });
  });

  it('kills a child past its heap limit, its time limit, or whose caller left, and goes on', async () => {
    const engines = pool({
      log: { warn() {}, error() {} },
      limits: { 'process-tasks': { maxResidentMb: 4096 } },
    });
    expect(await engines.run(processEngine, { kind: 'allocate' }).catch((e) => e)).toBeInstanceOf(
      EngineMemoryError,
    );
    // The limit counts from the task's start: a warm child first, so starting one is not what is timed.
    const slow = pool({ limits: { 'process-tasks': { timeoutMs: 1500 } } });
    expect(await slow.run(processEngine, { kind: 'echo', value: 'warm' })).toBe('echo warm');
    expect(await slow.run(processEngine, { kind: 'spin' }).catch((e) => e)).toBeInstanceOf(
      EngineTimeoutError,
    );
    expect(await slow.run(processEngine, { kind: 'echo', value: 'fresh' })).toBe('echo fresh');
    const giveUp = new AbortController();
    const abandoned = engines.run(processEngine, { kind: 'spin' }, { signal: giveUp.signal });
    giveUp.abort(new Error('the visitor left'));
    await expect(abandoned).rejects.toThrow('the visitor left');
    expect(await engines.run(processEngine, { kind: 'echo', value: 'still' })).toBe('echo still');
    expect(engines.stats().engines[0]).toMatchObject({ memoryKilled: 1, cancelled: 1, completed: 1 });
  });
});
