/*
 * The program of an engine's child process (engine-process.ts): it loads the engine's worker module (the
 * path in its first argument) and runs one task at a time as its parent sends them, answering each by IPC.
 * It ends with its parent: when the channel closes it exits, killing the host programs it started.
 */
import { pathToFileURL } from 'node:url';
import { killPrograms } from './host-programs.ts';

/** `context`: what a native engine's module is given beside its input (host-programs.ts). */
type Task = { input: unknown; context?: Record<string, unknown> };
type Answer = { ok: true; output: unknown } | { ok: false; error: string };

const moduleUrl = process.argv[2];
if (!moduleUrl || !process.send) {
  console.error('engine-process-host runs as a child process, with the worker module as its argument');
  process.exit(2);
}
const loaded = import(moduleUrl.startsWith('file:') ? moduleUrl : pathToFileURL(moduleUrl).href);
// Ready once the module is loaded: the parent starts a task's time limit from here, not from the spawn.
loaded.then(
  () => process.send?.({ ready: true }),
  (error: unknown) => {
    console.error(error);
    process.exit(3);
  },
);

const answer = (message: Answer) => {
  if (process.connected) process.send?.(message);
};

process.on('message', async (task: Task) => {
  try {
    const run = (await loaded).default as (input: unknown, context?: unknown) => unknown;
    const context = task.context && {
      ...task.context,
      // The parent hears of each program started (the pool's onProgram).
      onSpawn: (pid: number, program: string) => {
        if (process.connected) process.send?.({ spawned: pid, program });
      },
    };
    answer({ ok: true, output: await run(task.input, context) });
  } catch (error) {
    answer({ ok: false, error: error instanceof Error ? (error.stack ?? error.message) : String(error) });
  }
});
// The programs it started end with it (the parent also kills the whole process group when it stops a task).
process.on('disconnect', () => {
  killPrograms();
  process.exit(0);
});
