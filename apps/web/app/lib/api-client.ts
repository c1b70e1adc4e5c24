import { errorBodySchema } from '@hurryup/contracts/errors';
import type { z } from 'zod';

/** A failed API call; `message` is the server's readable `error` text when it sent one. */
export class ApiError extends Error {
  readonly status: number;
  readonly code: string | undefined;
  readonly fields: Record<string, string> | undefined;
  constructor(message: string, status: number, code?: string, fields?: Record<string, string>) {
    super(message);
    this.status = status;
    this.code = code;
    this.fields = fields;
  }
}

const defaultTimeoutMs = 15_000;

/**
 * Calls our own `/api` with a timeout (decisions.md section 2) and parses the answer with its contract.
 * Throws ApiError with the server's message on 4xx/5xx, on a timeout and on a network failure.
 */
export async function callApi<S extends z.ZodType>(
  url: string,
  schema: S,
  init: RequestInit & { timeoutMs?: number } = {},
): Promise<z.output<S>> {
  const response = await send(url, init);
  const body: unknown = await response.json().catch(() => undefined);
  if (!response.ok) throw errorFrom(response.status, body);
  const parsed = schema.safeParse(body);
  if (!parsed.success)
    throw new ApiError('The server sent an answer this page does not understand.', response.status);
  return parsed.data;
}

/** Like callApi, for answers that are files (audio, text). */
export async function callApiForBlob(
  url: string,
  init: RequestInit & { timeoutMs?: number } = {},
): Promise<Blob> {
  const response = await send(url, init);
  if (!response.ok) throw errorFrom(response.status, await response.json().catch(() => undefined));
  return response.blob();
}

async function send(
  url: string,
  { timeoutMs = defaultTimeoutMs, signal, ...init }: RequestInit & { timeoutMs?: number },
) {
  const timeout = AbortSignal.timeout(timeoutMs);
  try {
    return await fetch(url, { ...init, signal: signal ? anySignal(signal, timeout) : timeout });
  } catch (error) {
    if (signal?.aborted) throw error;
    if (timeout.aborted) throw new ApiError('The server took too long to answer.', 0, 'TIMEOUT');
    throw new ApiError('Could not reach the server. Check your connection.', 0, 'NETWORK');
  }
}

function errorFrom(status: number, body: unknown): ApiError {
  const parsed = errorBodySchema.safeParse(body);
  return parsed.success
    ? new ApiError(parsed.data.error, status, parsed.data.code, parsed.data.fields)
    : new ApiError(`The server answered with status ${status}.`, status);
}

/** Aborts when either signal does (AbortSignal.any is missing from browsers before 2024). */
function anySignal(a: AbortSignal, b: AbortSignal): AbortSignal {
  if (typeof AbortSignal.any === 'function') return AbortSignal.any([a, b]);
  const controller = new AbortController();
  for (const signal of [a, b]) {
    if (signal.aborted) controller.abort(signal.reason);
    else signal.addEventListener('abort', () => controller.abort(signal.reason), { once: true });
  }
  return controller.signal;
}
