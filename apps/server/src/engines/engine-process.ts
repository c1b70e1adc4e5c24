import { type ChildProcess, fork } from 'node:child_process';
import fs from 'node:fs/promises';

/** One task handed to a runner: it settles with the output, or fails; `signal` stops it (time limit, caller). */
export interface TaskRunner {
  /** `started` is called when the task really starts (a fresh child has loaded its module): its time limit counts from there. */
  run(input: unknown, signal: AbortSignal, started: () => void): Promise<unknown>;
  /** Stops what is idle; the pool waits for the running tasks first. */
  close(): Promise<void>;
}

/** A child process went past its memory cap (resident memory, or its heap) and was killed. */
export class ProcessMemoryError extends Error {
  readonly residentMb: number | undefined;
  constructor(message: string, residentMb?: number) {
    super(message);
    this.name = 'ProcessMemoryError';
    this.residentMb = residentMb;
  }
}

export interface ProcessRunnerOptions {
  /** The engine's worker module, run by `engine-process-host.ts` in each child. */
  moduleUrl: URL;
  /** Children at most (one task each at a time). */
  processes: number;
  /** `--max-old-space-size` of each child. */
  maxHeapMb: number;
  /** Resident memory of a child at most: past it the child is killed and its task fails. */
  maxResidentMb: number;
  /** An idle child is stopped after this long. */
  idleTimeoutMs: number;
  /** How often a running child's resident memory is read (default 100 ms). */
  watchEveryMs?: number;
  /** Sent with every task, given to the module beside its input (a native engine's programs). */
  context?: Record<string, unknown>;
  /** Told of each host program a child starts (its process id). */
  onSpawn?: (pid: number, program: string) => void;
}

const hostPath = new URL('./engine-process-host.ts', import.meta.url);

/** Resident memory of a process in MB, from /proc (Linux); undefined where it cannot be read. */
export async function residentMbOf(pid: number): Promise<number | undefined> {
  try {
    const status = await fs.readFile(`/proc/${pid}/status`, 'utf8');
    const match = /^VmRSS:\s+(\d+)\s+kB/m.exec(status);
    return match ? Number(match[1]) / 1024 : undefined;
  } catch {
    return undefined;
  }
}

interface Child {
  process: ChildProcess;
  idleTimer: NodeJS.Timeout | undefined;
  /** Resolves when the child has loaded the engine's module. */
  ready: Promise<void>;
}

/**
 * Runs an engine's tasks in child processes instead of threads, so that a runaway (a decoded document, a
 * picture, WebAssembly memory: none of it on the JavaScript heap a thread's `resourceLimits` bound) takes
 * down only its child, never the process that answers visitors. Each child has a heap limit and a watchdog
 * that reads its resident memory while it works and kills it past `maxResidentMb`; the task then fails with
 * `ProcessMemoryError`. Children are kept warm between tasks (an OCR child keeps its tesseract worker) and
 * stopped when idle. A task stopped by its signal (time limit, a caller who left) kills its child.
 */
export function createProcessRunner(options: ProcessRunnerOptions): TaskRunner {
  const idle: Child[] = [];
  const all = new Set<Child>();
  let closed = false;

  function spawn(): Child {
    let markReady = () => {};
    const ready = new Promise<void>((resolve) => {
      markReady = resolve;
    });
    const child: Child = {
      ready,
      process: fork(hostPath, [options.moduleUrl.href], {
        // The parent's flags (module conditions, loaders), less its heap size and its debugger: a child
        // that opened the same inspector port would fail to start.
        execArgv: [
          ...process.execArgv.filter((arg) => !/^--(max-old-space-size|inspect|debug)/.test(arg)),
          `--max-old-space-size=${options.maxHeapMb}`,
        ],
        serialization: 'advanced',
        stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
        // Its own process group, so stopping it also stops the host programs it started (tesseract).
        detached: true,
      }),
      idleTimer: undefined,
    };
    all.add(child);
    const onReady = (message: { ready?: boolean }) => {
      if (!message?.ready) return;
      child.process.off('message', onReady);
      markReady();
    };
    child.process.on('message', onReady);
    child.process.on('message', (message: { spawned?: number; program?: string }) => {
      if (typeof message?.spawned === 'number') options.onSpawn?.(message.spawned, String(message.program));
    });
    child.process.on('exit', () => {
      all.delete(child);
      const at = idle.indexOf(child);
      if (at >= 0) idle.splice(at, 1);
      if (child.idleTimer) clearTimeout(child.idleTimer);
    });
    // An IPC error (the child gone mid-send) is seen as its exit; without a listener it would throw here.
    child.process.on('error', () => undefined);
    return child;
  }

  function stop(child: Child) {
    if (child.idleTimer) clearTimeout(child.idleTimer);
    all.delete(child);
    if (child.process.exitCode !== null || child.process.signalCode !== null) return;
    // The whole group: the child and any program it started.
    try {
      if (child.process.pid !== undefined) process.kill(-child.process.pid, 'SIGKILL');
    } catch {
      child.process.kill('SIGKILL');
    }
  }

  function release(child: Child) {
    if (closed) return stop(child);
    child.idleTimer = setTimeout(() => {
      const at = idle.indexOf(child);
      if (at >= 0) idle.splice(at, 1);
      stop(child);
    }, options.idleTimeoutMs);
    child.idleTimer.unref();
    idle.push(child);
  }

  return {
    run(input, signal, started) {
      if (signal.aborted) return Promise.reject(signal.reason);
      const child = idle.pop() ?? spawn();
      if (child.idleTimer) clearTimeout(child.idleTimer);
      child.idleTimer = undefined;
      return new Promise((resolve, reject) => {
        let settled = false;
        let over: number | undefined;
        const watchdog = setInterval(async () => {
          const pid = child.process.pid;
          if (pid === undefined || settled) return;
          const resident = await residentMbOf(pid);
          if (resident !== undefined && resident > options.maxResidentMb && !settled) {
            over = resident;
            stop(child);
          }
        }, options.watchEveryMs ?? 100);
        watchdog.unref();
        const finish = () => {
          settled = true;
          clearInterval(watchdog);
          signal.removeEventListener('abort', onAbort);
          child.process.off('message', onMessage);
          child.process.off('exit', onExit);
        };
        const onAbort = () => {
          if (settled) return;
          finish();
          stop(child);
          reject(signal.reason);
        };
        const onMessage = (message: {
          ok?: boolean;
          output?: unknown;
          error?: string;
          ready?: boolean;
          spawned?: number;
        }) => {
          if (settled || message.ready || message.spawned !== undefined) return;
          finish();
          // A task's own failure leaves its child as sound as a thread whose task threw.
          release(child);
          if (message.ok) resolve(message.output);
          else reject(new Error(message.error ?? 'the task failed'));
        };
        const onExit = (code: number | null, exitSignal: NodeJS.Signals | null) => {
          if (settled) return;
          finish();
          if (over !== undefined) {
            reject(
              new ProcessMemoryError(
                `the child used ${Math.round(over)} MB, over ${options.maxResidentMb} MB`,
                over,
              ),
            );
          } else if (exitSignal === 'SIGABRT' || code === 134) {
            // V8 aborts a process that reaches its heap limit.
            reject(new ProcessMemoryError(`the child ran out of heap (${options.maxHeapMb} MB)`));
          } else {
            reject(new Error(`the engine's process exited with ${exitSignal ?? `code ${code}`}`));
          }
        };
        signal.addEventListener('abort', onAbort, { once: true });
        child.process.on('message', onMessage);
        child.process.on('exit', onExit);
        void child.ready.then(() => {
          if (settled) return;
          started();
          child.process.send({ input, context: options.context }, (error) => {
            if (error && !settled) {
              finish();
              stop(child);
              reject(error);
            }
          });
        });
      });
    },

    async close() {
      closed = true;
      for (const child of idle.splice(0)) stop(child);
      await Promise.all(
        [...all].map(
          (child) =>
            new Promise<void>((resolve) => {
              if (child.process.exitCode !== null || child.process.signalCode !== null) return resolve();
              child.process.once('exit', () => resolve());
            }),
        ),
      );
    },
  };
}
