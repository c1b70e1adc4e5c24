import { type ChildProcessWithoutNullStreams, spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import readline from 'node:readline';

const harnessSource = path.join(import.meta.dirname, 'SnippetRunner.java');

export interface SnippetRun {
  id: string;
  compileErrors: { line: number; message: string }[];
  stdout: string;
  /** The thrown exception's class name, or `harness: …` when the harness itself could not run it. */
  exception: string | null;
  exceptionMessage: string | null;
  timedOut: boolean;
}

/** Whether this machine has a Java 17 (or later) compiler on PATH. */
export function javaVersion(): number | undefined {
  const found = spawnSync('javac', ['-version'], { encoding: 'utf8' });
  if (found.error || found.status !== 0) return undefined;
  const major = /javac (\d+)/.exec(`${found.stdout}${found.stderr}`)?.[1];
  return major ? Number(major) : undefined;
}

/**
 * One JVM for every snippet of a test run: `SnippetRunner.java` is compiled once into a temporary folder,
 * then compiles and runs each snippet in memory, in order.
 */
export function startSnippetRunner() {
  const folder = fs.mkdtempSync(path.join(os.tmpdir(), 'snippet-runner-'));
  const compiled = spawnSync('javac', ['-d', folder, harnessSource], { encoding: 'utf8' });
  if (compiled.status !== 0) throw new Error(`SnippetRunner.java does not compile:\n${compiled.stderr}`);
  const scratch = path.join(folder, 'tmp');
  fs.mkdirSync(scratch);
  const child: ChildProcessWithoutNullStreams = spawn(
    'java',
    // Snippets that make temporary files make them in this run's folder, which close() removes.
    ['-XX:+UseSerialGC', '-Xss4m', `-Djava.io.tmpdir=${scratch}`, '-cp', folder, 'SnippetRunner'],
    { stdio: ['pipe', 'pipe', 'pipe'] },
  );
  let stderr = '';
  child.stderr.on('data', (chunk: Buffer) => {
    stderr += chunk.toString('utf8');
  });
  const waiting = new Map<string, (run: SnippetRun) => void>();
  let failure: Error | undefined;
  const failAll = (error: Error) => {
    failure = error;
    for (const [id, answer] of waiting) {
      waiting.delete(id);
      answer({
        id,
        compileErrors: [],
        stdout: '',
        exception: `harness: ${error.message}`,
        exceptionMessage: null,
        timedOut: false,
      });
    }
  };
  child.on('exit', (code) => failAll(new Error(`the Java harness exited (${code}): ${stderr}`)));
  child.on('error', failAll);
  readline.createInterface({ input: child.stdout }).on('line', (line) => {
    const run = JSON.parse(line) as SnippetRun;
    waiting.get(run.id)?.(run);
    waiting.delete(run.id);
  });
  let next = 0;
  return {
    /** `file` must be named for the snippet's public class, as javac requires. */
    run(code: string, file: string): Promise<SnippetRun> {
      const id = String(next++);
      if (failure) return Promise.reject(failure);
      return new Promise((resolve) => {
        waiting.set(id, resolve);
        child.stdin.write(`${JSON.stringify({ id, code, file })}\n`);
      });
    },
    async close() {
      child.stdin.end();
      await new Promise((resolve) => (child.exitCode === null ? child.once('exit', resolve) : resolve(null)));
      fs.rmSync(folder, { recursive: true, force: true });
    },
  };
}
export type SnippetRunner = ReturnType<typeof startSnippetRunner>;
