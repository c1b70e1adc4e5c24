import net from 'node:net';

/**
 * What the engine pool's tests ask a thread (or child process) to do (apps/server/src/engines/engine-pool.test.ts,
 * app/engine-jobs.test.ts). Nothing here waits on the clock: a task that must run for a while connects to a
 * test's gate (test/engines/task-gate.ts) and holds until the test releases it, or never ends at all.
 */
export type TestTask =
  | { kind: 'echo'; value: string }
  /** Connects to the gate, then waits (yielding) until the test releases it: answers 'released'. */
  | { kind: 'hold'; gate: string }
  /** Connects to the gate, then never yields: only stopping its thread or process ends it. */
  | { kind: 'spin'; gate: string }
  | { kind: 'throw' }
  | { kind: 'exit' }
  | { kind: 'allocate' }
  /** Memory outside the JavaScript heap (what a decoded document or picture takes): 16 MB at a time, kept. */
  | { kind: 'buffers' };

/** Connects to the test's gate; resolves with the socket once the test can see the task running. */
function enterGate(gate: string): Promise<net.Socket> {
  return new Promise((resolve, reject) => {
    const socket = net.connect(gate, () => resolve(socket));
    socket.once('error', reject);
  });
}

export default async function runTestTask(task: TestTask): Promise<string> {
  switch (task.kind) {
    case 'echo':
      return `echo ${task.value}`;
    case 'hold': {
      const socket = await enterGate(task.gate);
      // The gate writes 'go' and ends on release; a gate closed by the test's clean-up ends it too.
      let released = false;
      await new Promise((resolve) => {
        socket.on('data', () => {
          released = true;
        });
        socket.once('end', resolve);
        socket.once('close', resolve);
      });
      socket.destroy();
      return released ? 'released' : 'gate closed';
    }
    case 'spin':
      await enterGate(task.gate);
      // Never yields: only stopping the thread ends it.
      for (;;) {}
    case 'throw':
      throw new Error('the task failed on purpose');
    case 'exit':
      process.exit(3);
      break;
    case 'buffers': {
      const kept: Buffer[] = [];
      for (;;) {
        kept.push(Buffer.alloc(16 * 1024 ** 2, kept.length));
        // Yields now and then, as a decoder working in steps does.
        if (kept.length % 4 === 0) await new Promise((resolve) => setImmediate(resolve));
      }
    }
    case 'allocate': {
      const kept: unknown[] = [];
      for (;;) kept.push(Array.from({ length: 100_000 }, (_, i) => ({ i })));
    }
  }
  return 'unreachable';
}
