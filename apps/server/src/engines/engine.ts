import type { z } from 'zod';
import type { EngineFamily } from './host-programs.ts';

/** How much of the machine one engine may take. */
export interface EngineLimits {
  /** Worker threads of this engine at most (also bounded by the host-wide `ENGINE_THREADS` budget). */
  threads: number;
  /** Tasks waiting for a thread at most; one more is refused with `EngineBusyError` (503, Retry-After). */
  maxQueue: number;
  /** A task running longer is stopped (its thread replaced) and fails with `EngineTimeoutError`. */
  timeoutMs: number;
  /** Heap of one thread (or child process), in MB; a thread over it is replaced and its task fails. */
  maxMemoryMb: number;
  /**
   * Where a task runs: a worker thread of this process (the default), or a child process, for engines whose
   * memory is mostly outside the JavaScript heap (decoded documents, pictures, WebAssembly): a runaway there
   * takes down only its child, and `maxResidentMb` bounds all of its memory. `inline`: the module runs in
   * this process's own thread, for native engines whose module only starts the host's programs and pipes
   * their input and output (its memory is theirs, outside this process).
   */
  isolation?: 'thread' | 'process' | 'inline';
  /** With `isolation: 'process'`: resident memory of a child at most; past it the child is killed (422). */
  maxResidentMb?: number;
  /**
   * How long a visitor waits for this engine's answer at most, queue included (bounded by the pool's
   * `answerWithinMs`, below the server's idle timeout). A task the queue cannot finish within it by its
   * estimate (tasks ahead x recent run times) is refused at once with 503 and Retry-After. Unset for
   * background engines, whose callers do not wait on a socket.
   */
  deadlineMs?: number;
  /** What a task usually takes, for the estimate before any run was measured. */
  typicalMs?: number;
}

/**
 * A CPU-heavy engine (image copies, OCR, speech, PDF text): a module run in worker threads, whose default
 * export takes the (JSON) input and answers the (JSON) output. Engines know nothing of features or the app;
 * features call them through `context.engines.run(definition, input)` or the engine's facade, in the web
 * process's pool or, with `REDIS_URL`, in the worker process's.
 */
export interface EngineDefinition<I = unknown, O = unknown> {
  /** Unique, e.g. 'image-copy'. */
  name: string;
  /** The module run in the pool: `export default function (input: I): Promise<O> | O`. */
  workerUrl: URL;
  input: z.ZodType<I>;
  limits: EngineLimits;
  /**
   * The same work done by programs of the host (engines/host-programs.ts: tesseract, espeak-ng and lame),
   * used when the pool is told the host has them (`OCR_ENGINE`, `SPEECH_ENGINE`): its module's default
   * export takes the input and a `NativeTaskContext` (the programs' paths, the task's signal), and its
   * limits replace part of the engine's own. The output is the same.
   */
  native?: { family: EngineFamily; workerUrl: URL; limits?: Partial<EngineLimits> };
  /** Brand for the output type. */
  readonly output?: O;
}

export function defineEngine<I, O>(definition: EngineDefinition<I, O>): EngineDefinition<I, O> {
  return definition;
}

export interface Engines {
  /** `signal`: aborting it drops the task from the queue, or stops it (and its thread or process) while it runs. */
  run<I, O>(engine: EngineDefinition<I, O>, input: I, options?: { signal?: AbortSignal }): Promise<O>;
}
