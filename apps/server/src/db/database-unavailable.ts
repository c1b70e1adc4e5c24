/**
 * The database is away (restarting, failing over, unreachable) or dropped the connection a query ran on:
 * nothing the visitor sent is wrong, and the same request should work again in a few seconds. The error
 * handler answers it 503 with `Retry-After` and `code: DATABASE_UNAVAILABLE` (plugins/errors.ts); a page
 * whose loader meets it answers 503 too. The driver's own error is kept as `cause`, for the log.
 */
export class DatabaseUnavailableError extends Error {
  readonly statusCode = 503;
  readonly code = 'DATABASE_UNAVAILABLE';
  readonly retryAfterSeconds: number;
  constructor(cause: unknown, retryAfterSeconds = 5) {
    super('The database is not reachable right now. Please try again in a few seconds.', { cause });
    this.name = 'DatabaseUnavailableError';
    this.retryAfterSeconds = retryAfterSeconds;
  }
}

/**
 * SQLSTATE classes and codes that mean "the connection, not the query": 08 (connection exception), 57P01
 * (admin shutdown: a restart, `pg_terminate_backend`), 57P02 (crash shutdown), 57P03 (cannot connect now:
 * starting or stopping), 53300 (too many connections), 25P03 (idle-in-transaction timeout), 57P05 (idle
 * session timeout).
 */
const connectionStates = new Set(['57P01', '57P02', '57P03', '53300', '25P03', '57P05']);
/** Node's socket errors, and SQLite's "still locked after the busy timeout". */
const socketCodes = new Set([
  'SQLITE_BUSY',
  'ECONNREFUSED',
  'ECONNRESET',
  'EPIPE',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'ENOTFOUND',
  'EAI_AGAIN',
]);
/** What `pg` and `pg-pool` say when a connection ends or cannot be made (they give no code). */
const connectionMessages = [
  'Connection terminated',
  'connection timeout',
  'timeout exceeded when trying to connect',
  'is not queryable',
  'Connection lost',
];

/** Whether `error` says the connection failed (so the query may work on a new one), not the query itself. */
export function isConnectionFailure(error: unknown): boolean {
  if (error instanceof DatabaseUnavailableError) return true;
  if (typeof error !== 'object' || error === null) return false;
  const code = 'code' in error && typeof error.code === 'string' ? error.code : undefined;
  if (code && (connectionStates.has(code) || code.startsWith('08') || socketCodes.has(code))) return true;
  const message = 'message' in error && typeof error.message === 'string' ? error.message : '';
  return connectionMessages.some((text) => message.includes(text));
}

/** The database failure behind `error`, itself or one of its causes (a feature may wrap what it caught). */
export function databaseFailureIn(error: unknown): DatabaseUnavailableError | undefined {
  let current = error;
  for (let depth = 0; depth < 5 && typeof current === 'object' && current !== null; depth++) {
    if (current instanceof DatabaseUnavailableError) return current;
    if (isConnectionFailure(current)) return new DatabaseUnavailableError(current);
    current = (current as { cause?: unknown }).cause;
  }
  return undefined;
}

/** The error as the app should see it: a connection failure becomes `DatabaseUnavailableError`. */
export function asDatabaseError(error: unknown): unknown {
  if (error instanceof DatabaseUnavailableError || !isConnectionFailure(error)) return error;
  return new DatabaseUnavailableError(error);
}
