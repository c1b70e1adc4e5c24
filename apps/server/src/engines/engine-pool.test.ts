import { afterEach, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { openTaskGate, type TaskGate } from '../../test/engines/task-gate.ts';
import type { TestTask } from '../../test/engines/test-tasks.worker.ts';
import { ManualClock } from '../shared/clock.ts';
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
  z.object({ kind: z.literal('hold'), gate: z.string() }),
  z.object({ kind: z.literal('spin'), gate: z.string() }),
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
const gates: TaskGate[] = [];
/** Where a 'hold' or 'spin' task tells the test it runs (and a held one waits to be released). */
async function gate() {
  const opened = await openTaskGate();
  gates.push(opened);
  return opened;
}
afterEach(async () => {
  // Gates first: a task a failed test left held ends, so closing its pool (which waits for it) ends too.
  await Promise.all(gates.splice(0).map((g) => g.close()));
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
    const engines = pool({ clock: new ManualClock() });
    const held = await gate();
    const first = engines.run(testEngine, { kind: 'hold', gate: held.path });
    const second = engines.run(testEngine, { kind: 'echo', value: 'queued' });
    const refused = await engines.run(testEngine, { kind: 'echo', value: 'refused' }).catch((e) => e);
    expect(refused).toBeInstanceOf(EngineBusyError);
    expect(refused).toMatchObject({ statusCode: 503, code: 'ENGINE_BUSY', engine: 'test-tasks' });
    // Nothing measured yet, so a quarter of the 20 s time limit per task: the running one's rest (no time
    // has passed on the clock) and the one waiting.
    expect(refused.retryAfterSeconds).toBe(10);
    expect(refused.message).toBe('This tool is busy right now. Please try again in 10 seconds.');
    await held.started;
    expect(engines.stats().engines[0]).toMatchObject({ running: 1, waiting: 1, completed: 0 });
    held.release();
    expect(await first).toBe('released');
    expect(await second).toBe('echo queued');
    expect(engines.stats().engines[0]).toMatchObject({ refused: 1, completed: 2 });
  });

  it('stops a task past its time limit (on the clock), and the next task runs on a fresh thread', async () => {
    const clock = new ManualClock();
    const engines = pool({ clock });
    const spinning = await gate();
    const stopped = engines.run(testEngine, { kind: 'spin', gate: spinning.path }).catch((e) => e);
    await spinning.started;
    // A moment short of its limit the task still runs: another engine's answer comes back meanwhile.
    clock.advance(limits.timeoutMs - 1);
    expect(await engines.run(otherEngine, { kind: 'echo', value: 'meanwhile' })).toBe('echo meanwhile');
    expect(engines.stats().engines[0]).toMatchObject({ name: 'test-tasks', running: 1, timedOut: 0 });
    clock.advance(1);
    const error = await stopped;
    expect(error).toBeInstanceOf(EngineTimeoutError);
    expect(error).toMatchObject({ statusCode: 504, code: 'ENGINE_TIMEOUT' });
    // Its thread is gone (a task that never yields ends only so), and the engine goes on.
    await spinning.stopped;
    expect(await engines.run(testEngine, { kind: 'echo', value: 'after' })).toBe('echo after');
    expect(engines.stats().engines[0]).toMatchObject({ timedOut: 1, completed: 1, running: 0 });
    // The time limits' timers are gone: only each engine's idle release waits.
    expect(clock.pendingTimers).toBe(2);
  });

  it('stops the threads of an idle engine after its idle period on the clock, and starts them again on use', async () => {
    const clock = new ManualClock();
    const closed: string[] = [];
    const engines = pool({
      clock,
      idleTimeoutMs: 60_000,
      // A runner that answers at once and says when it is stopped.
      runnerFor: (definition) => ({
        run: async (input, _signal, started) => {
          started();
          return `ran ${(input as { value: string }).value}`;
        },
        close: async () => {
          closed.push(definition.name);
        },
      }),
    });
    expect(await engines.run(testEngine, { kind: 'echo', value: 'one' })).toBe('ran one');
    clock.advance(59_999);
    expect(closed).toEqual([]);
    // A task meanwhile starts the idle period again.
    expect(await engines.run(testEngine, { kind: 'echo', value: 'two' })).toBe('ran two');
    clock.advance(59_999);
    expect(closed).toEqual([]);
    clock.advance(1);
    expect(closed).toEqual(['test-tasks']);
    expect(engines.stats().engines[0]).toMatchObject({ released: 1, runs: 'wasm', completed: 2 });
    // The next task gets a fresh runner, released in its turn.
    expect(await engines.run(testEngine, { kind: 'echo', value: 'three' })).toBe('ran three');
    clock.advance(60_000);
    expect(closed).toEqual(['test-tasks', 'test-tasks']);
    expect(clock.pendingTimers).toBe(0);
  });

  it('never releases an engine while it has a task running', async () => {
    const clock = new ManualClock();
    const engines = pool({ clock, idleTimeoutMs: 1000 });
    const holding = await gate();
    expect(await engines.run(testEngine, { kind: 'echo', value: 'first' })).toBe('echo first');
    const held = engines.run(testEngine, { kind: 'hold', gate: holding.path });
    await holding.started;
    clock.advance(5000);
    expect(engines.stats().engines[0]).toMatchObject({ released: 0, running: 1 });
    holding.release();
    expect(await held).toBe('released');
    clock.advance(1000);
    expect(engines.stats().engines[0]).toMatchObject({ released: 1, running: 0 });
    // A real thread pool, stopped: the engine answers again from a new one.
    expect(await engines.run(testEngine, { kind: 'echo', value: 'again' })).toBe('echo again');
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
    const engines = pool({
      clock: new ManualClock(),
      threadBudget: 1,
      limits: { 'test-tasks': { threads: 2, maxQueue: 5 } },
    });
    const [first, other] = [await gate(), await gate()];
    const a = engines.run(testEngine, { kind: 'hold', gate: first.path });
    const second = engines.run(testEngine, { kind: 'echo', value: 'second' });
    const b = engines.run(otherEngine, { kind: 'hold', gate: other.path });
    const stats = engines.stats();
    // The other engine starts at once on its own place; test-tasks' second task waits for the budget.
    expect(stats.running).toBe(2);
    expect(stats.engines.map((e) => [e.name, e.running, e.waiting])).toEqual([
      ['test-tasks', 1, 1],
      ['other-tasks', 1, 0],
    ]);
    await Promise.all([first.started, other.started]);
    other.release();
    expect(await b).toBe('released');
    // The other engine's place was its own: the budget's one place is still test-tasks' first task's.
    expect(engines.stats().engines[0]).toMatchObject({ running: 1, waiting: 1 });
    first.release();
    expect(await Promise.all([a, second])).toEqual(['released', 'echo second']);
    expect(engines.stats().engines[0]).toMatchObject({ running: 0, waiting: 0, completed: 2 });
  });

  it('stops a running task whose caller gives up, and runs the next one', async () => {
    const engines = pool({ clock: new ManualClock() });
    const spinning = await gate();
    const giveUp = new AbortController();
    const abandoned = engines.run(
      testEngine,
      { kind: 'spin', gate: spinning.path },
      { signal: giveUp.signal },
    );
    await spinning.started;
    expect(engines.stats().engines[0]).toMatchObject({ running: 1 });
    giveUp.abort(new Error('the visitor left'));
    await expect(abandoned).rejects.toThrow('the visitor left');
    await spinning.stopped;
    expect(engines.stats().engines[0]).toMatchObject({ running: 0, cancelled: 1, timedOut: 0 });
    expect(await engines.run(testEngine, { kind: 'echo', value: 'next' })).toBe('echo next');
  });

  it('drops a waiting task whose caller gives up, and fails waiting tasks on close', async () => {
    const engines = pool({ clock: new ManualClock() });
    const held = await gate();
    const running = engines.run(testEngine, { kind: 'hold', gate: held.path });
    const giveUp = new AbortController();
    const abandoned = engines.run(testEngine, { kind: 'echo', value: 'never' }, { signal: giveUp.signal });
    giveUp.abort(new Error('the visitor left'));
    await expect(abandoned).rejects.toThrow('the visitor left');
    expect(engines.stats().engines[0]).toMatchObject({ waiting: 0, running: 1 });

    const waiting = engines.run(testEngine, { kind: 'echo', value: 'too late' });
    const closing = engines.close();
    await expect(waiting).rejects.toBeInstanceOf(EngineClosedError);
    // Closing waits for the running task: it is not cut short.
    await held.started;
    held.release();
    expect(await running).toBe('released');
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
    // The time limit, on the pool's clock, counts from the task's start in its child.
    const clock = new ManualClock();
    const slow = pool({ clock });
    const spinning = await gate();
    const timed = slow.run(processEngine, { kind: 'spin', gate: spinning.path }).catch((e) => e);
    await spinning.started;
    clock.advance(processEngine.limits.timeoutMs);
    expect(await timed).toBeInstanceOf(EngineTimeoutError);
    await spinning.stopped;
    expect(await slow.run(processEngine, { kind: 'echo', value: 'fresh' })).toBe('echo fresh');
    expect(slow.stats().engines[0]).toMatchObject({ timedOut: 1, completed: 1 });
    const abandonedGate = await gate();
    const giveUp = new AbortController();
    const abandoned = engines.run(
      processEngine,
      { kind: 'spin', gate: abandonedGate.path },
      { signal: giveUp.signal },
    );
    await abandonedGate.started;
    giveUp.abort(new Error('the visitor left'));
    await expect(abandoned).rejects.toThrow('the visitor left');
    await abandonedGate.stopped;
    expect(await engines.run(processEngine, { kind: 'echo', value: 'still' })).toBe('echo still');
    expect(engines.stats().engines[0]).toMatchObject({ memoryKilled: 1, cancelled: 1, completed: 1 });
  });
});
