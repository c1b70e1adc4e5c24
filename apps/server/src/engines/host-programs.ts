import { type ChildProcess, execFile, spawn } from 'node:child_process';

/**
 * Programs of the host an engine may run instead of its WebAssembly code (Debian's `tesseract`, `espeak-ng`
 * and `lame`): each a child process started without a shell, its arguments passed as a list, its input on
 * stdin, its output capped, killed (SIGKILL) when the task's signal aborts (the pool's time limit on the
 * platform clock, or a caller who left). Their memory is never the web process's.
 */

/** Which engine families may use the host's programs, and where those are. */
export type EngineFamily = 'ocr' | 'speech';
export type EngineChoice = 'auto' | 'native' | 'wasm';

export interface HostProgramPaths {
  tesseract: string;
  espeakNg: string;
  lame: string;
}

/** What a native engine's module is given beside its input. */
export interface NativeTaskContext {
  programs: HostProgramPaths;
  /** Aborted by the pool (time limit, caller gone): the module's programs are killed. */
  signal?: AbortSignal;
  /** Told each program's process id as it starts (the pool's `onProgram`: tests, logs). */
  onSpawn?: (pid: number, program: string) => void;
}

export interface NativeEngines {
  /** The families that run on the host's programs. */
  families: EngineFamily[];
  programs: HostProgramPaths;
  /** What was chosen and why, per family (logged at start). */
  report: Record<EngineFamily, { engine: 'native' | 'wasm'; reason: string }>;
}

export class ProgramFailedError extends Error {
  constructor(program: string, detail: string) {
    super(`${program} failed: ${detail}`);
    this.name = 'ProgramFailedError';
  }
}

/** The programs started by this process and still running: killed when an engine's host process ends. */
const running = new Set<ChildProcess>();

/** Kills every program this process started (a child host whose parent went away). */
export function killPrograms() {
  for (const child of running) child.kill('SIGKILL');
}

export interface StartedProgram {
  child: ChildProcess;
  /** Settles when the program has exited: its stderr (8 KB at most) on exit code 0, else it fails. */
  exited: Promise<string>;
}

/**
 * Starts `file` with `args` (no shell): stdin, stdout and stderr are pipes. The signal kills it (SIGKILL);
 * `exited` then fails with the signal's reason.
 */
export function startProgram(
  file: string,
  args: readonly string[],
  options: {
    signal?: AbortSignal;
    env?: Record<string, string>;
    onSpawn?: (pid: number, program: string) => void;
  } = {},
): StartedProgram {
  const child = spawn(file, args, {
    shell: false,
    stdio: ['pipe', 'pipe', 'pipe'],
    env: { PATH: process.env.PATH ?? '/usr/bin:/bin', LANG: 'C.UTF-8', ...options.env },
  });
  running.add(child);
  let stderr = '';
  child.stderr!.setEncoding('utf8');
  child.stderr!.on('data', (chunk: string) => {
    if (stderr.length < 8192) stderr += chunk;
  });
  // A program that exits before reading all its input closes the pipe: that is its exit's business.
  child.stdin!.on('error', () => undefined);
  const onAbort = () => child.kill('SIGKILL');
  const exited = new Promise<string>((resolve, reject) => {
    child.once('spawn', () => {
      if (child.pid !== undefined) options.onSpawn?.(child.pid, file);
    });
    child.once('error', (error) => {
      running.delete(child);
      options.signal?.removeEventListener('abort', onAbort);
      reject(new ProgramFailedError(file, error.message));
    });
    child.once('close', (code, signal) => {
      running.delete(child);
      options.signal?.removeEventListener('abort', onAbort);
      if (options.signal?.aborted) reject(options.signal.reason);
      else if (code === 0) resolve(stderr);
      else
        reject(
          new ProgramFailedError(file, `${signal ?? `exit code ${code}`}: ${stderr.trim().slice(0, 500)}`),
        );
    });
  });
  if (options.signal?.aborted) child.kill('SIGKILL');
  else options.signal?.addEventListener('abort', onAbort, { once: true });
  return { child, exited };
}

/**
 * Runs a program to its end: `stdin` written to it, its stdout collected up to `maxOutputBytes` (past
 * that it is killed and the run fails).
 */
export async function runProgram(
  file: string,
  args: readonly string[],
  options: {
    stdin: Uint8Array | string;
    maxOutputBytes: number;
    signal?: AbortSignal;
    env?: Record<string, string>;
    onSpawn?: (pid: number, program: string) => void;
  },
): Promise<Buffer> {
  const started = startProgram(file, args, options);
  const chunks: Buffer[] = [];
  let size = 0;
  let tooMuch = false;
  started.child.stdout!.on('data', (chunk: Buffer) => {
    size += chunk.length;
    if (size > options.maxOutputBytes) {
      tooMuch = true;
      started.child.kill('SIGKILL');
      return;
    }
    chunks.push(chunk);
  });
  started.child.stdin!.end(options.stdin);
  try {
    await started.exited;
  } catch (error) {
    if (tooMuch) throw new ProgramFailedError(file, `more than ${options.maxOutputBytes} bytes of output`);
    throw error;
  }
  return Buffer.concat(chunks);
}

/** What a program prints for `args`, or undefined when it cannot be run (missing, not executable, failing). */
function probe(file: string, args: string[]): Promise<string | undefined> {
  return new Promise((resolve) => {
    execFile(file, args, { timeout: 10_000, shell: false, encoding: 'utf8' }, (error, stdout, stderr) =>
      resolve(error ? undefined : `${stdout}\n${stderr}`),
    );
  });
}

export interface EngineChoiceSettings {
  ocr: EngineChoice;
  speech: EngineChoice;
  programs: HostProgramPaths;
}

/**
 * Decides, once at start, which families run on the host's programs: `native` when forced (a missing
 * program then stops the start with the reason), `wasm` when forced, and on `auto` native when the host has
 * them (tesseract with English and Hindi data; espeak-ng and lame).
 */
export async function detectNativeEngines(settings: EngineChoiceSettings): Promise<NativeEngines> {
  const { programs } = settings;
  const check: Record<EngineFamily, () => Promise<string | undefined>> = {
    async ocr() {
      const languages = await probe(programs.tesseract, ['--list-langs']);
      if (languages === undefined) return `${programs.tesseract} cannot be run`;
      const listed = new Set(languages.split(/\s+/));
      const missing = ['eng', 'hin'].filter((language) => !listed.has(language));
      return missing.length > 0 ? `tesseract has no ${missing.join(' or ')} data` : undefined;
    },
    async speech() {
      const [espeak, lame] = await Promise.all([
        probe(programs.espeakNg, ['--version']),
        probe(programs.lame, ['--version']),
      ]);
      if (espeak === undefined) return `${programs.espeakNg} cannot be run`;
      if (lame === undefined) return `${programs.lame} cannot be run`;
      return undefined;
    },
  };
  const families: EngineFamily[] = [];
  const report = {} as NativeEngines['report'];
  await Promise.all(
    (['ocr', 'speech'] as const).map(async (family) => {
      const choice = settings[family];
      if (choice === 'wasm') {
        report[family] = { engine: 'wasm', reason: 'chosen by the setting' };
        return;
      }
      const problem = await check[family]();
      if (problem && choice === 'native')
        throw new Error(`${family.toUpperCase()}_ENGINE=native, but ${problem}`);
      if (problem) {
        report[family] = { engine: 'wasm', reason: problem };
        return;
      }
      families.push(family);
      report[family] = {
        engine: 'native',
        reason: choice === 'native' ? 'chosen by the setting' : 'found on the host',
      };
    }),
  );
  return { families, programs, report };
}
