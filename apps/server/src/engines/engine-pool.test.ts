import { afterEach, describe, expect, it } from 'vitest';
import { z } from 'zod';
import type { TestTask } from '../../test/engines/test-tasks.worker.ts';
import { defineEngine, type EngineLimits } from './engine.ts';
import {
  EngineBusyError,
  EngineClosedError,
  EngineFailedError,
  EngineInputError,
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
]);
const workerUrl = new URL('../../test/engines/test-tasks.worker.ts', import.meta.url);
const limits: EngineLimits = { threads: 1, maxQueue: 1, timeoutMs: 2000, maxMemoryMb: 32 };
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
    const engines = pool({ limits: { 'test-tasks': { timeoutMs: 300 } } });
    const started = Date.now();
    const error = await engines.run(testEngine, { kind: 'spin' }).catch((e) => e);
    expect(error).toBeInstanceOf(EngineTimeoutError);
    expect(error).toMatchObject({ statusCode: 504, code: 'ENGINE_TIMEOUT' });
    expect(Date.now() - started).toBeLessThan(2000);
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

  it('keeps the tasks running across engines within the thread budget', async () => {
    const engines = pool({ threadBudget: 1 });
    const a = engines.run(testEngine, { kind: 'sleep', ms: 200 });
    const b = engines.run(otherEngine, { kind: 'sleep', ms: 10 });
    const stats = engines.stats();
    expect(stats.running).toBe(1);
    expect(stats.engines.map((e) => [e.name, e.running, e.waiting])).toEqual([
      ['test-tasks', 1, 0],
      ['other-tasks', 0, 1],
    ]);
    expect(await Promise.all([a, b])).toEqual(['slept', 'slept']);
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
