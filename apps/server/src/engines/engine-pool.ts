import { Piscina } from 'piscina';
import type { EngineDefinition, EngineLimits, Engines } from './engine.ts';
import {
  EngineBusyError,
  EngineClosedError,
  EngineFailedError,
  EngineInputError,
  EngineTimeoutError,
} from './engine-errors.ts';

/** Where the pool reports what no caller sees: crashed threads, stopped tasks (pino's signature). */
export interface EngineLog {
  warn(details: Record<string, unknown>, message: string): void;
  error(details: Record<string, unknown>, message: string): void;
}

export interface EnginePoolOptions {
  /** Tasks running at once across all engines at most (the `ENGINE_THREADS` setting). */
  threadBudget: number;
  log?: EngineLog;
  /** Limits that replace part of an engine's own, by engine name (tests; an operator's override later). */
  limits?: Record<string, Partial<EngineLimits>>;
  /** How long a thread with nothing to do is kept before it stops (default 30 s): starting one costs time. */
  idleTimeoutMs?: number;
}

export interface EngineStats {
  name: string;
  threads: number;
  running: number;
  waiting: number;
  completed: number;
  failed: number;
  timedOut: number;
  refused: number;
  /** Mean run time of recent successful tasks (moving average), undefined before the first. */
  averageMs: number | undefined;
}

export interface EnginePool extends Engines {
  /** Refuses new tasks, fails the waiting ones with `EngineClosedError`, waits for the running ones. */
  close(): Promise<void>;
  stats(): { threadBudget: number; running: number; engines: EngineStats[] };
}

interface Waiting {
  input: unknown;
  signal: AbortSignal | undefined;
  resolve(value: unknown): void;
  reject(error: unknown): void;
  forget(): void;
}

interface Lane {
  definition: EngineDefinition<unknown, unknown>;
  limits: EngineLimits;
  threads: number;
  piscina: Piscina | undefined;
  waiting: Waiting[];
  /** The runs handed to piscina and not settled yet (each ends within its time limit). */
  inFlight: Set<Promise<void>>;
  running: number;
  completed: number;
  failed: number;
  timedOut: number;
  refused: number;
  averageMs: number | undefined;
}

const timedOut = Symbol('engine time limit');

function issueFields(issues: readonly { path: readonly PropertyKey[]; message: string }[]) {
  const fields: Record<string, string> = {};
  for (const issue of issues) {
    const where = issue.path.map(String).join('.') || 'input';
    fields[where] ??= issue.message;
  }
  return fields;
}

/**
 * The host's pool of worker threads for CPU work, built on piscina: one piscina per engine (its own
 * module, thread count and heap limit), made at the engine's first task.
 *
 * The thread budget caps the tasks running at once across all engines, so two busy engines never take
 * more cores than `ENGINE_THREADS`. That needs a gate in front of piscina: a task goes to its engine's
 * piscina only when the engine has a free thread and the budget a free place; until then it waits in its
 * engine's queue (at most `maxQueue` tasks, one more is refused with `EngineBusyError`). Freed places go to
 * the engines with waiting tasks in turn. Because a task reaches piscina only when a thread is free, its
 * time limit counts from the start of its run (thread start-up included), not from its wait.
 */
export function createEnginePool(options: EnginePoolOptions): EnginePool {
  const budget = Math.max(1, Math.floor(options.threadBudget));
  const idleTimeout = options.idleTimeoutMs ?? 30_000;
  const lanes = new Map<string, Lane>();
  let running = 0;
  let nextLane = 0;
  let closed = false;

  function laneOf(definition: EngineDefinition<unknown, unknown>): Lane {
    const known = lanes.get(definition.name);
    if (known) {
      if (known.definition !== definition && known.definition.workerUrl.href !== definition.workerUrl.href) {
        throw new Error(`Two engines are named ${definition.name}`);
      }
      return known;
    }
    const limits = { ...definition.limits, ...options.limits?.[definition.name] };
    const lane: Lane = {
      definition,
      limits,
      threads: Math.max(1, Math.min(limits.threads, budget)),
      piscina: undefined,
      waiting: [],
      inFlight: new Set(),
      running: 0,
      completed: 0,
      failed: 0,
      timedOut: 0,
      refused: 0,
      averageMs: undefined,
    };
    lanes.set(definition.name, lane);
    return lane;
  }

  function piscinaOf(lane: Lane): Piscina {
    if (lane.piscina) return lane.piscina;
    const piscina = new Piscina({
      filename: lane.definition.workerUrl.href,
      minThreads: 0,
      maxThreads: lane.threads,
      idleTimeout,
      resourceLimits: { maxOldGenerationSizeMb: lane.limits.maxMemoryMb },
    });
    // Without a listener an uncaught error of an idle thread would throw in the web process.
    piscina.on('error', (error: unknown) =>
      options.log?.error({ err: error, engine: lane.definition.name }, 'engine thread failed outside a task'),
    );
    lane.piscina = piscina;
    return piscina;
  }

  /** Seconds until a place in this engine's queue is likely free: its queue's share of its threads. */
  function retryAfter(lane: Lane): number {
    const perTask = lane.averageMs ?? lane.limits.timeoutMs / 2;
    const seconds = Math.ceil(((lane.waiting.length / lane.threads + 1) * perTask) / 1000);
    return Math.min(Math.max(seconds, 1), 120);
  }

  function start(lane: Lane, task: Waiting) {
    lane.running += 1;
    running += 1;
    const name = lane.definition.name;
    const started = performance.now();
    const controller = new AbortController();
    const timer = setTimeout(() => controller.abort(timedOut), lane.limits.timeoutMs);
    const onCallerAbort = () => controller.abort(task.signal?.reason);
    task.signal?.addEventListener('abort', onCallerAbort, { once: true });

    // Counts are settled before the caller hears back, so what it reads in stats() is already true.
    const settle = () => {
      clearTimeout(timer);
      task.signal?.removeEventListener('abort', onCallerAbort);
      lane.running -= 1;
      running -= 1;
    };
    const work = piscinaOf(lane)
      .run(task.input, { signal: controller.signal })
      .then(
        (output: unknown) => {
          settle();
          const ms = performance.now() - started;
          lane.completed += 1;
          lane.averageMs = lane.averageMs === undefined ? ms : lane.averageMs * 0.8 + ms * 0.2;
          task.resolve(output);
        },
        (error: unknown) => {
          settle();
          if (controller.signal.reason === timedOut) {
            lane.timedOut += 1;
            options.log?.warn({ engine: name, timeoutMs: lane.limits.timeoutMs }, 'engine task stopped');
            task.reject(new EngineTimeoutError(name, lane.limits.timeoutMs));
          } else if (task.signal?.aborted) {
            task.reject(task.signal.reason);
          } else {
            lane.failed += 1;
            // A crash or an out-of-memory thread is the pool's concern; a task's own error is its caller's.
            const code = (error as { code?: unknown } | undefined)?.code;
            if (code === 'ERR_WORKER_OUT_OF_MEMORY' || /worker exited/i.test(String(error))) {
              options.log?.error({ err: error, engine: name }, 'engine thread crashed; it is replaced');
            }
            task.reject(new EngineFailedError(name, error));
          }
        },
      )
      .finally(() => {
        lane.inFlight.delete(work);
        pump();
      });
    lane.inFlight.add(work);
  }

  /** Hands waiting tasks to free threads, the engines taking turns, while the budget has places. */
  function pump() {
    const all = [...lanes.values()];
    while (running < budget) {
      let started = false;
      for (let i = 0; i < all.length && running < budget; i += 1) {
        const lane = all[(nextLane + i) % all.length]!;
        if (lane.waiting.length === 0 || lane.running >= lane.threads) continue;
        const task = lane.waiting.shift()!;
        task.forget();
        nextLane = (nextLane + i + 1) % all.length;
        start(lane, task);
        started = true;
        break;
      }
      if (!started) return;
    }
  }

  return {
    run<I, O>(engine: EngineDefinition<I, O>, input: I, runOptions: { signal?: AbortSignal } = {}) {
      if (closed) return Promise.reject(new EngineClosedError(engine.name));
      let lane: Lane;
      try {
        lane = laneOf(engine as EngineDefinition<unknown, unknown>);
      } catch (error) {
        return Promise.reject(error);
      }
      const parsed = engine.input.safeParse(input);
      if (!parsed.success)
        return Promise.reject(new EngineInputError(engine.name, issueFields(parsed.error.issues)));
      const { signal } = runOptions;
      if (signal?.aborted) return Promise.reject(signal.reason);

      const canStart = lane.waiting.length === 0 && lane.running < lane.threads && running < budget;
      if (!canStart && lane.waiting.length >= lane.limits.maxQueue) {
        lane.refused += 1;
        return Promise.reject(new EngineBusyError(engine.name, retryAfter(lane)));
      }
      return new Promise<O>((resolve, reject) => {
        const onAbort = () => {
          const at = lane.waiting.indexOf(task);
          if (at >= 0) lane.waiting.splice(at, 1);
          reject(signal?.reason);
        };
        const task: Waiting = {
          input: parsed.data,
          signal,
          resolve: resolve as (value: unknown) => void,
          reject,
          forget: () => signal?.removeEventListener('abort', onAbort),
        };
        if (canStart) return start(lane, task);
        signal?.addEventListener('abort', onAbort, { once: true });
        lane.waiting.push(task);
      });
    },

    async close() {
      closed = true;
      for (const lane of lanes.values()) {
        for (const task of lane.waiting.splice(0)) {
          task.forget();
          task.reject(new EngineClosedError(lane.definition.name));
        }
      }
      // piscina's close() would stop a task still waiting for its thread to start: let every run end first.
      await Promise.all(
        [...lanes.values()].map(async (lane) => {
          await Promise.allSettled([...lane.inFlight]);
          await lane.piscina?.close();
        }),
      );
    },

    stats() {
      return {
        threadBudget: budget,
        running,
        engines: [...lanes.values()].map((lane) => ({
          name: lane.definition.name,
          threads: lane.threads,
          running: lane.running,
          waiting: lane.waiting.length,
          completed: lane.completed,
          failed: lane.failed,
          timedOut: lane.timedOut,
          refused: lane.refused,
          averageMs: lane.averageMs,
        })),
      };
    },
  };
}
