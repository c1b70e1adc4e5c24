import { errorCodes } from '@hurryup/contracts/errors';

/**
 * A failure of the engine pool, carrying what an HTTP answer needs (status, code, a message a visitor can
 * read, Retry-After) without the engines knowing of the app: `plugins/errors.ts` turns it into the uniform
 * error body.
 */
export class EngineError extends Error {
  readonly engine: string;
  readonly statusCode: number;
  readonly code: string;
  /** Sent as `Retry-After` when set. */
  readonly retryAfterSeconds: number | undefined;
  readonly fields: Record<string, string> | undefined;
  constructor(
    engine: string,
    statusCode: number,
    code: string,
    message: string,
    extra: { retryAfterSeconds?: number; fields?: Record<string, string>; cause?: unknown } = {},
  ) {
    super(message, extra.cause === undefined ? undefined : { cause: extra.cause });
    this.name = new.target.name;
    this.engine = engine;
    this.statusCode = statusCode;
    this.code = code;
    this.retryAfterSeconds = extra.retryAfterSeconds;
    this.fields = extra.fields;
  }
}

/** The engine's queue is full: 503 with Retry-After (the pool's estimate of when a place frees up). */
export class EngineBusyError extends EngineError {
  constructor(engine: string, retryAfterSeconds: number) {
    super(
      engine,
      503,
      'ENGINE_BUSY',
      `This tool is busy right now. Please try again in ${retryAfterSeconds} second${retryAfterSeconds === 1 ? '' : 's'}.`,
      { retryAfterSeconds },
    );
  }
}

/**
 * A task ran past its engine's time limit and its thread was stopped. 504, not 503: the same input would
 * most likely take as long again, so no Retry-After invites the visitor to send it unchanged.
 */
export class EngineTimeoutError extends EngineError {
  constructor(engine: string, timeoutMs: number) {
    super(
      engine,
      504,
      'ENGINE_TIMEOUT',
      `This took longer than ${Math.ceil(timeoutMs / 1000)} second${Math.ceil(timeoutMs / 1000) === 1 ? '' : 's'} and was stopped. Please try again with a smaller input, or later.`,
    );
  }
}

/**
 * The task's process went past its memory cap and was killed (engines with `isolation: 'process'`). 422,
 * like a time limit's 504 without Retry-After: the same input would need as much again.
 */
export class EngineMemoryError extends EngineError {
  constructor(engine: string, cause?: unknown) {
    super(
      engine,
      422,
      'ENGINE_MEMORY_LIMIT',
      'This needed more memory than this tool allows, so it was stopped. Please try again with a smaller or simpler input.',
      { cause },
    );
  }
}

/** The input does not match the engine's schema; refused before it is queued. */
export class EngineInputError extends EngineError {
  constructor(engine: string, fields: Record<string, string>) {
    super(engine, 400, errorCodes.validation, 'Some values are not valid.', { fields });
  }
}

/**
 * The task threw, or its thread crashed or ran out of memory; `cause` says which. 503, not 500: the pool has
 * already replaced the thread, and the site never answers 500 to what a visitor sent (the cause is logged).
 */
export class EngineFailedError extends EngineError {
  constructor(engine: string, cause: unknown) {
    super(engine, 503, 'ENGINE_FAILED', 'This tool could not finish your request. Please try again.', {
      cause,
    });
  }
}

/** The pool is shutting down: the task was not started. */
export class EngineClosedError extends EngineError {
  constructor(engine: string) {
    super(engine, 503, 'ENGINE_CLOSED', 'The server is restarting. Please try again in a few seconds.', {
      retryAfterSeconds: 5,
    });
  }
}
