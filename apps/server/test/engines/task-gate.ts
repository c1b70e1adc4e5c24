import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';

/**
 * A gate that a test task (test-tasks.worker.ts, kinds 'hold' and 'spin') connects to when it really starts,
 * in a worker thread or a child process alike: the test waits for `started` (an event, never a fixed time),
 * lets a held task finish with `release()`, and sees with `stopped` that a task's thread or process is gone
 * (its connection closes with it). A local Unix socket: nothing leaves the machine.
 */
export interface TaskGate {
  /** Where the task connects (its input's `gate`). */
  readonly path: string;
  /** Resolves when a task has connected: it runs. */
  readonly started: Promise<void>;
  /** Resolves when every task that connected has disconnected (finished, or its thread or process stopped). */
  readonly stopped: Promise<void>;
  /** Lets the held tasks (and any that connect later) answer 'released'. */
  release(): void;
  /** Ends every connection (a task still held answers) and removes the socket. */
  close(): Promise<void>;
}

let opened = 0;

export async function openTaskGate(): Promise<TaskGate> {
  opened += 1;
  const where = path.join(os.tmpdir(), `hurryup-gate-${process.pid}-${opened}.sock`);
  fs.rmSync(where, { force: true });
  const connections = new Set<net.Socket>();
  let released = false;
  let markStarted = () => {};
  const started = new Promise<void>((resolve) => {
    markStarted = resolve;
  });
  let markStopped = () => {};
  const stopped = new Promise<void>((resolve) => {
    markStopped = resolve;
  });
  const server = net.createServer((socket) => {
    connections.add(socket);
    socket.on('error', () => undefined);
    socket.on('close', () => {
      connections.delete(socket);
      if (connections.size === 0) markStopped();
    });
    markStarted();
    if (released) socket.end('go');
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(where, () => resolve());
  });
  return {
    path: where,
    started,
    stopped,
    release() {
      released = true;
      for (const socket of connections) socket.end('go');
    },
    async close() {
      for (const socket of connections) socket.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
      fs.rmSync(where, { force: true });
    },
  };
}
