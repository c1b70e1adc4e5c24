import { Piscina } from 'piscina';
import type { EngineDefinition, EngineLimits, Engines } from './engine.ts';
import {
  EngineBusyError,
  EngineClosedError,
  EngineFailedError,
  EngineInputError,
  EngineMemoryError,
  EngineTimeoutError,
} from './engine-errors.ts';
import { createProcessRunner, ProcessMemoryError, type TaskRunner } from './engine-process.ts';
import type { NativeEngines, NativeTaskContext } from './host-programs.ts';

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
  /**
   * How long an engine with nothing to do keeps its threads or child processes (default 30 s, on the
   * pool's clock): then they stop and their memory goes back, and the next task starts them again.
   */
  idleTimeoutMs?: number;
  /**
   * The engine families that run on the host's programs (`detectNativeEngines`): their engines use their
   * `native` module. Others, and all without it, use their WebAssembly module.
   */
  native?: NativeEngines;
  /** Told of each host program an engine starts (its process id): tests, the log. */
  onProgram?: (event: { engine: string; pid: number; program: string }) => void;
  /**
   * The longest any visitor waits for an engine (default 25 s): keep it below the server's idle timeout
   * (`IDLE_TIMEOUT_MS`), or answers would come after the socket is closed. An engine's `deadlineMs` is
   * bounded by it.
   */
  answerWithinMs?: number;
  /**
   * Where time limits, run times and queue estimates are read: the platform's clock (platform.ts passes it;
   * tests pass a ManualClock and fire a task's time limit with `advance`). Default: the system's clock.
   */
  clock?: EngineClock;
  /** Runs an engine's tasks (tests: a fake slow engine); default piscina threads, or child processes. */
  runnerFor?: (
    definition: EngineDefinition<unknown, unknown>,
    limits: EngineLimits,
    threads: number,
  ) => TaskRunner;
}

/** The part of the platform's clock the pool uses (engines import nothing of the app). */
export interface EngineClock {
  now(): number;
  setTimeout(callback: () => void, ms: number): { cancel(): void };
}

const systemEngineClock: EngineClock = {
  now: () => performance.now(),
  setTimeout(callback, ms) {
    const handle = setTimeout(callback, ms);
    handle.unref();
    return { cancel: () => clearTimeout(handle) };
  },
};

export interface EngineStats {
  name: string;
  /** `native`: the host's programs (tesseract, espeak-ng); `wasm`: the engine's own module. */
  runs: 'native' | 'wasm';
  /** Times its threads or processes were stopped after an idle period. */
  released: number;
  threads: number;
  running: number;
  waiting: number;
  completed: number;
  failed: number;
  timedOut: number;
  refused: number;
  /** Tasks dropped or stopped because their caller went away (a visitor who closed the page). */
  cancelled: number;
  /** Tasks whose child process passed its memory cap and was killed. */
  memoryKilled: number;
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
  /** The module its tasks run: the definition's, or its native one. */
  workerUrl: URL;
  runs: 'native' | 'wasm';
  limits: EngineLimits;
  /** Stops the runner once the engine has been idle for `idleTimeoutMs` (on the pool's clock). */
  idleTimer: { cancel(): void } | undefined;
  released: number;
  threads: number;
  runner: TaskRunner | undefined;
  waiting: Waiting[];
  /** When each running task started (clock time), for the queue's estimate. */
  startedAt: Set<number>;
  /** The runs handed to piscina and not settled yet (each ends within its time limit). */
  inFlight: Set<Promise<void>>;
  running: number;
  completed: number;
  failed: number;
  timedOut: number;
  refused: number;
  cancelled: number;
  memoryKilled: number;
  averageMs: number | undefined;
}

const timedOut = Symbol('engine time limit');
/** The longest a child process may take to start and load its engine before its task fails. */
const startUpLimitMs = 30_000;

function issueFields(issues: readonly { path: readonly PropertyKey[]; message: string }[]) {
  const fields: Record<string, string> = {};
  for (const issue of issues) {
    const where = issue.path.map(String).join('.') || 'input';
    fields[where] ??= issue.message;
  }
  return fields;
}

/** A piscina of worker threads for one engine (its module, thread count and heap limit). */
function threadRunner(
  definition: EngineDefinition<unknown, unknown>,
  limits: EngineLimits,
  threads: number,
  idleTimeout: number,
  log: EngineLog | undefined,
): TaskRunner {
  const piscina = new Piscina({
    filename: definition.workerUrl.href,
    minThreads: 0,
    maxThreads: threads,
    idleTimeout,
    resourceLimits: { maxOldGenerationSizeMb: limits.maxMemoryMb },
  });
  // Without a listener an uncaught error of an idle thread would throw in the web process.
  piscina.on('error', (error: unknown) =>
    log?.error({ err: error, engine: definition.name }, 'engine thread failed outside a task'),
  );
  return {
    run: (input, signal, started) => {
      started();
      return piscina.run(input, { signal });
    },
    close: () => piscina.close(),
  };
}

/**
 * Runs a native engine's module in this process's own thread: the module only starts the host's programs
 * and pipes their input and output, and it gets the task's signal, which kills them.
 */
function inlineRunner(moduleUrl: URL, context: Omit<NativeTaskContext, 'signal'>): TaskRunner {
  type NativeModule = { default: (input: unknown, context: NativeTaskContext) => Promise<unknown> };
  let loaded: Promise<NativeModule> | undefined;
  return {
    async run(input, signal, started) {
      loaded ??= import(moduleUrl.href) as Promise<NativeModule>;
      const run = (await loaded).default;
      if (signal.aborted) throw signal.reason;
      started();
      return run(input, { ...context, signal });
    },
    close: async () => undefined,
  };
}

/**
 * The host's pool for CPU work: one runner per engine (its own module, threads or child processes, and
 * memory limits), made at the engine's first task. Threads are piscina's; an engine with
 * `isolation: 'process'` runs in child processes with a resident-memory watchdog (engine-process.ts).
 *
 * Places: the thread budget (`ENGINE_THREADS`) caps the tasks running at once across all engines, but every
 * engine keeps one place of its own beyond it: an engine with nothing running may always start one task, so
 * OCR can never take the place that speech, image copies or feed parsing need (at worst one task per engine
 * runs beside the budget, and the system shares the cores between them). A task goes to its engine's runner
 * only when the engine has a free thread and a place; until then it waits in its engine's queue, and freed
 * places go to the engines with waiting tasks in turn. Its time limit counts from the start of its run.
 *
 * Refusals at once, never after a wait the visitor cannot see the end of: a full queue (`maxQueue`), and,
 * for engines with a `deadlineMs`, a task the queue could not finish in time by its estimate (tasks ahead
 * and the engine's recent run times): 503 with Retry-After. A caller's signal drops a waiting task, and
 * stops a running one (its thread or process is replaced).
 */
export function createEnginePool(options: EnginePoolOptions): EnginePool {
  const budget = Math.max(1, Math.floor(options.threadBudget));
  const idleTimeout = options.idleTimeoutMs ?? 30_000;
  const answerWithinMs = options.answerWithinMs ?? 25_000;
  const clock = options.clock ?? systemEngineClock;
  const lanes = new Map<string, Lane>();
  /** Runners stopped after an idle period and still closing (close() waits for them). */
  const closing = new Set<Promise<void>>();
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
    const native =
      definition.native && options.native?.families.includes(definition.native.family)
        ? definition.native
        : undefined;
    const limits = { ...definition.limits, ...native?.limits, ...options.limits?.[definition.name] };
    const lane: Lane = {
      definition,
      workerUrl: native?.workerUrl ?? definition.workerUrl,
      runs: native ? 'native' : 'wasm',
      idleTimer: undefined,
      released: 0,
      limits,
      threads: Math.max(1, Math.min(limits.threads, budget)),
      runner: undefined,
      waiting: [],
      startedAt: new Set(),
      inFlight: new Set(),
      running: 0,
      completed: 0,
      failed: 0,
      timedOut: 0,
      refused: 0,
      cancelled: 0,
      memoryKilled: 0,
      averageMs: undefined,
    };
    lanes.set(definition.name, lane);
    return lane;
  }

  function runnerOf(lane: Lane): TaskRunner {
    if (lane.runner) return lane.runner;
    const { definition, limits, threads } = lane;
    const onSpawn = (pid: number, program: string) =>
      options.onProgram?.({ engine: definition.name, pid, program });
    // A native module is given the programs' paths (a task's signal and spawn reports are added per task).
    const context = lane.runs === 'native' ? { programs: options.native!.programs } : undefined;
    lane.runner = options.runnerFor
      ? options.runnerFor(definition, limits, threads)
      : limits.isolation === 'process'
        ? createProcessRunner({
            moduleUrl: lane.workerUrl,
            processes: threads,
            maxHeapMb: limits.maxMemoryMb,
            maxResidentMb: limits.maxResidentMb ?? limits.maxMemoryMb * 2,
            // The pool stops idle children on its clock (releaseWhenIdle); this is only a backstop.
            idleTimeoutMs: idleTimeout * 2,
            context,
            onSpawn,
          })
        : limits.isolation === 'inline'
          ? inlineRunner(lane.workerUrl, { ...context!, onSpawn })
          : threadRunner(
              { ...definition, workerUrl: lane.workerUrl },
              limits,
              threads,
              idleTimeout * 2,
              options.log,
            );
    return lane.runner;
  }

  /**
   * Once an engine has had nothing to do for `idleTimeoutMs` on the pool's clock, its threads or child
   * processes stop (their memory goes back: tesseract's data, eSpeak's WebAssembly); the next task starts
   * them again.
   */
  function releaseWhenIdle(lane: Lane) {
    lane.idleTimer?.cancel();
    lane.idleTimer = undefined;
    if (closed || !lane.runner || lane.running > 0 || lane.waiting.length > 0) return;
    lane.idleTimer = clock.setTimeout(() => {
      lane.idleTimer = undefined;
      const runner = lane.runner;
      if (!runner || lane.running > 0 || lane.waiting.length > 0) return;
      lane.runner = undefined;
      lane.released += 1;
      const stopped = runner
        .close()
        .catch((error: unknown) =>
          options.log?.warn(
            { err: error, engine: lane.definition.name },
            'an idle engine did not stop cleanly',
          ),
        );
      closing.add(stopped);
      void stopped.finally(() => closing.delete(stopped));
    }, idleTimeout);
  }

  /** A task of this engine may start now: a free thread, and a place in the budget or its own place. */
  const hasPlace = (lane: Lane) => lane.running < lane.threads && (running < budget || lane.running === 0);

  /** What one task of the engine takes: its recent mean, else what it declares as typical. */
  const perTaskMs = (lane: Lane) => lane.averageMs ?? lane.limits.typicalMs ?? lane.limits.timeoutMs / 4;

  /**
   * How long a task joining the queue now waits for a thread: the soonest running task's rest, then one
   * round of its threads per `threads` tasks ahead of it.
   */
  function estimatedWaitMs(lane: Lane): number {
    if (hasPlace(lane) && lane.waiting.length === 0) return 0;
    const per = perTaskMs(lane);
    const now = clock.now();
    const soonest = Math.min(
      per,
      ...[...lane.startedAt].map((started) => Math.max(0, per - (now - started))),
    );
    return soonest + Math.floor(lane.waiting.length / lane.threads) * per;
  }

  /** Seconds until a place in this engine's queue is likely free. */
  function retryAfter(lane: Lane): number {
    const seconds = Math.ceil(Math.max(estimatedWaitMs(lane), perTaskMs(lane)) / 1000);
    return Math.min(Math.max(seconds, 1), 120);
  }

  function start(lane: Lane, task: Waiting) {
    lane.idleTimer?.cancel();
    lane.idleTimer = undefined;
    lane.running += 1;
    running += 1;
    const name = lane.definition.name;
    let started = clock.now();
    lane.startedAt.add(started);
    const controller = new AbortController();
    // The time limit and the run time count from the task's real start (a fresh child process first loads
    // its module; a thread's start-up is counted, as piscina starts it with the task). Until then a start-up
    // limit of its own applies (a loaded machine may take seconds to start a process).
    let timer = clock.setTimeout(
      () => controller.abort(timedOut),
      Math.max(lane.limits.timeoutMs, startUpLimitMs),
    );
    let begun = false;
    const begin = () => {
      if (begun || controller.signal.aborted) return;
      begun = true;
      timer.cancel();
      lane.startedAt.delete(started);
      started = clock.now();
      lane.startedAt.add(started);
      timer = clock.setTimeout(() => controller.abort(timedOut), lane.limits.timeoutMs);
    };
    const onCallerAbort = () => controller.abort(task.signal?.reason);
    task.signal?.addEventListener('abort', onCallerAbort, { once: true });

    // Counts are settled before the caller hears back, so what it reads in stats() is already true.
    const settle = () => {
      timer.cancel();
      task.signal?.removeEventListener('abort', onCallerAbort);
      lane.startedAt.delete(started);
      lane.running -= 1;
      running -= 1;
      // Before the caller hears back, so what it does next (a clock moved on) finds the idle period begun;
      // a waiting task started by pump() below cancels it again.
      releaseWhenIdle(lane);
    };
    const work = runnerOf(lane)
      .run(task.input, controller.signal, begin)
      .then(
        (output: unknown) => {
          settle();
          // Never below 0: the wall clock a platform clock reads may be set back while a task runs.
          const ms = Math.max(0, clock.now() - started);
          lane.completed += 1;
          lane.averageMs = lane.averageMs === undefined ? ms : lane.averageMs * 0.8 + ms * 0.2;
          task.resolve(output);
        },
        (error: unknown) => {
          settle();
          if (controller.signal.reason === timedOut) {
            lane.timedOut += 1;
            // A run stopped at its limit took at least that long: the estimate learns it.
            const ms = lane.limits.timeoutMs;
            lane.averageMs = lane.averageMs === undefined ? ms : lane.averageMs * 0.8 + ms * 0.2;
            options.log?.warn({ engine: name, timeoutMs: lane.limits.timeoutMs }, 'engine task stopped');
            task.reject(new EngineTimeoutError(name, lane.limits.timeoutMs));
          } else if (task.signal?.aborted) {
            lane.cancelled += 1;
            task.reject(task.signal.reason);
          } else if (error instanceof ProcessMemoryError) {
            lane.memoryKilled += 1;
            options.log?.warn(
              { engine: name, err: error.message },
              'engine process killed past its memory cap',
            );
            task.reject(new EngineMemoryError(name, error));
          } else {
            lane.failed += 1;
            // A crash or an out-of-memory thread is the pool's concern; a task's own error is its caller's.
            const code = (error as { code?: unknown } | undefined)?.code;
            if (code === 'ERR_WORKER_OUT_OF_MEMORY' || /worker exited|process exited/i.test(String(error))) {
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

  /** Hands waiting tasks to free threads, the engines taking turns, while there are places. */
  function pump() {
    const all = [...lanes.values()];
    for (;;) {
      let started = false;
      for (let i = 0; i < all.length; i += 1) {
        const lane = all[(nextLane + i) % all.length]!;
        if (lane.waiting.length === 0 || !hasPlace(lane)) continue;
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

      const canStart = lane.waiting.length === 0 && hasPlace(lane);
      if (!canStart) {
        const deadline =
          lane.limits.deadlineMs === undefined ? undefined : Math.min(lane.limits.deadlineMs, answerWithinMs);
        const tooLate = deadline !== undefined && estimatedWaitMs(lane) + perTaskMs(lane) > deadline;
        if (tooLate || lane.waiting.length >= lane.limits.maxQueue) {
          lane.refused += 1;
          return Promise.reject(new EngineBusyError(engine.name, retryAfter(lane)));
        }
      }
      return new Promise<O>((resolve, reject) => {
        const onAbort = () => {
          const at = lane.waiting.indexOf(task);
          if (at >= 0) lane.waiting.splice(at, 1);
          lane.cancelled += 1;
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
          lane.idleTimer?.cancel();
          await Promise.allSettled([...lane.inFlight]);
          await lane.runner?.close();
        }),
      );
      await Promise.allSettled([...closing]);
    },

    stats() {
      return {
        threadBudget: budget,
        running,
        engines: [...lanes.values()].map((lane) => ({
          name: lane.definition.name,
          runs: lane.runs,
          released: lane.released,
          threads: lane.threads,
          running: lane.running,
          waiting: lane.waiting.length,
          completed: lane.completed,
          failed: lane.failed,
          timedOut: lane.timedOut,
          refused: lane.refused,
          cancelled: lane.cancelled,
          memoryKilled: lane.memoryKilled,
          averageMs: lane.averageMs,
        })),
      };
    },
  };
}
