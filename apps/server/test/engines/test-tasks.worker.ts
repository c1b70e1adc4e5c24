/** What the engine pool's tests ask a thread to do (apps/server/src/engines/engine-pool.test.ts). */
export type TestTask =
  | { kind: 'echo'; value: string }
  | { kind: 'sleep'; ms: number }
  | { kind: 'spin' }
  | { kind: 'throw' }
  | { kind: 'exit' }
  | { kind: 'allocate' }
  /** Memory outside the JavaScript heap (what a decoded document or picture takes): 16 MB at a time, kept. */
  | { kind: 'buffers' };

export default async function runTestTask(task: TestTask): Promise<string> {
  switch (task.kind) {
    case 'echo':
      return `echo ${task.value}`;
    case 'sleep':
      await new Promise((resolve) => setTimeout(resolve, task.ms));
      return 'slept';
    case 'spin':
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
