import type { z } from 'zod';

/** How much of the machine one engine may take. */
export interface EngineLimits {
  /** Worker threads of this engine at most (also bounded by the host-wide `ENGINE_THREADS` budget). */
  threads: number;
  /** Tasks waiting for a thread at most; one more is refused with `EngineBusyError` (503, Retry-After). */
  maxQueue: number;
  /** A task running longer is stopped (its thread replaced) and fails with `EngineTimeoutError`. */
  timeoutMs: number;
  /** Heap of one thread, in MB (`resourceLimits`); a thread over it is replaced and its task fails. */
  maxMemoryMb: number;
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
  /** Brand for the output type. */
  readonly output?: O;
}

export function defineEngine<I, O>(definition: EngineDefinition<I, O>): EngineDefinition<I, O> {
  return definition;
}

export interface Engines {
  run<I, O>(engine: EngineDefinition<I, O>, input: I, options?: { signal?: AbortSignal }): Promise<O>;
}
