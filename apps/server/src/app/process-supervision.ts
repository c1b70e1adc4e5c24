import type { FastifyInstance } from 'fastify';

/** Where the supervision listens and what it calls: the real process by default, fakes in tests. */
export type ProcessEvent = 'SIGTERM' | 'SIGINT' | 'uncaughtException' | 'unhandledRejection';

export interface ProcessHooks {
  on(event: ProcessEvent, listener: (value: unknown) => void): unknown;
  exit(code: number): void;
  /** Milliseconds, to tell a burst of errors from errors far apart. */
  now(): number;
  /** A timer that does not keep the process alive: the longest a shutdown may take. */
  giveUpAfter(ms: number, callback: () => void): void;
}

const realProcess: ProcessHooks = {
  // One overload of process.on for all four: each passes the listener one value (or none).
  on: (event, listener) => process.on(event as 'uncaughtException', listener),
  exit: (code) => process.exit(code),
  now: () => performance.now(),
  giveUpAfter: (ms, callback) => setTimeout(callback, ms).unref(),
};

export interface SupervisionOptions {
  what: string;
  /** The longest a shutdown may take before the process exits 1 anyway. */
  giveUpMs: number;
  whileClosing?: () => void;
  /**
   * Unexpected errors this close together (two within `burstMs`) are taken as fatal: something is broken for
   * good, so the process shuts down and exits 1 for its supervisor to start a fresh one.
   */
  burstMs?: number;
  hooks?: ProcessHooks;
}

/**
 * The process's life: on SIGTERM or SIGINT, close the app (work in flight finishes first) and exit 0, or 1
 * when closing fails or takes longer than `giveUpMs`, so that nothing stuck keeps the process alive forever.
 *
 * The last line of defence: an exception nobody caught, or a rejected promise nobody awaited, is logged with
 * its stack and the process keeps serving (one bad request must not take the site down for everyone). A
 * truly fatal one, thrown while the app is closing or a second within `burstMs` of the last, makes a clean
 * shutdown attempt and then exits 1, so the supervisor (systemd, the container runtime) restarts it.
 */
export function superviseProcess(app: FastifyInstance, options: SupervisionOptions) {
  const hooks = options.hooks ?? realProcess;
  const burstMs = options.burstMs ?? 1000;
  let closing = false;
  let exitCode = 0;
  let lastUnexpectedAt: number | undefined;

  // A parent that started this process with an IPC channel (a test, a process manager) hears when it
  // listens, instead of asking its port until it answers.
  app.addHook('onListen', async function announceListening() {
    if (process.send && process.connected) process.send({ event: 'listening' });
  });

  async function shutdown(reason: string, code: number) {
    exitCode = Math.max(exitCode, code);
    if (closing) return;
    closing = true;
    app.log.info({ reason }, `${options.what} shutting down: finishing the work in flight`);
    hooks.giveUpAfter(options.giveUpMs, () => {
      app.log.error(`${options.what} shutdown took longer than ${options.giveUpMs / 1000} s; exiting`);
      hooks.exit(1);
    });
    options.whileClosing?.();
    try {
      await app.close();
      hooks.exit(exitCode);
    } catch (error) {
      app.log.error({ err: error }, `error while shutting down the ${options.what}`);
      hooks.exit(1);
    }
  }

  function unexpected(kind: 'uncaught exception' | 'unhandled rejection', error: unknown) {
    const now = hooks.now();
    const burst = lastUnexpectedAt !== undefined && now - lastUnexpectedAt < burstMs;
    lastUnexpectedAt = now;
    const err = error instanceof Error ? error : new Error(`non-error value: ${String(error)}`);
    if (closing || burst) {
      app.log.fatal(
        { err, kind },
        closing
          ? `${kind} while the ${options.what} was shutting down: exiting with code 1`
          : `a second ${kind} within ${burstMs} ms: the ${options.what} shuts down and exits with code 1 for its supervisor to restart it`,
      );
      void shutdown(kind, 1);
      return;
    }
    app.log.error({ err, kind }, `${kind}: logged, and the ${options.what} keeps serving`);
  }

  hooks.on('SIGTERM', () => void shutdown('SIGTERM', 0));
  hooks.on('SIGINT', () => void shutdown('SIGINT', 0));
  hooks.on('uncaughtException', (error) => unexpected('uncaught exception', error));
  hooks.on('unhandledRejection', (reason) => unexpected('unhandled rejection', reason));
  return { shutdown };
}
