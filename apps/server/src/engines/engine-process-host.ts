/*
 * The program of an engine's child process (engine-process.ts): it loads the engine's worker module (the
 * path in its first argument) and runs one task at a time as its parent sends them, answering each by IPC.
 * It ends with its parent: when the channel closes it exits.
 */
import { pathToFileURL } from 'node:url';

type Task = { input: unknown };
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
    const run = (await loaded).default as (input: unknown) => unknown;
    answer({ ok: true, output: await run(task.input) });
  } catch (error) {
    answer({ ok: false, error: error instanceof Error ? (error.stack ?? error.message) : String(error) });
  }
});
process.on('disconnect', () => process.exit(0));
