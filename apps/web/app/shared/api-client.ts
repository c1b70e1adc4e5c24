import {
  type ApiCall,
  type CallRequest,
  type CallResult,
  callPath,
  callQuery,
} from '@hurryup/contracts/api-call';
import { errorBodySchema } from '@hurryup/contracts/errors';
import { ApiError } from './api-error.ts';

const defaultTimeoutMs = 15_000;

export interface CallOptions {
  signal?: AbortSignal | undefined;
  timeoutMs?: number;
}

/**
 * Calls our own `/api` as its definition in packages/contracts says (method, path, query, body encoding),
 * with a timeout (decisions.md section 2), and parses the answer with its contract. Throws ApiError with the
 * server's message on 4xx/5xx, on a timeout and on a network failure.
 */
export async function callApi<C extends ApiCall>(
  call: C,
  request: CallRequest<C> = {},
  options: CallOptions = {},
): Promise<CallResult<C>> {
  const response = await send(call, request, options);
  // 204 (a delete) has no body: its answer is null, as its contract's `noContentSchema` says.
  const body: unknown = response.status === 204 ? null : await response.json().catch(() => undefined);
  if (!response.ok) throw errorFrom(response.status, body);
  // 204 has no body: its answer is null (noContentSchema).
  if (response.status === 204) return null as CallResult<C>;
  const parsed = call.response.safeParse(body);
  if (!parsed.success)
    throw new ApiError('The server sent an answer this page does not understand.', response.status);
  return parsed.data as CallResult<C>;
}

/** Like callApi, for calls whose answer is a file (audio, text). */
export async function callApiForFile<C extends ApiCall>(
  call: C,
  request: CallRequest<C> = {},
  options: CallOptions = {},
): Promise<Blob> {
  const response = await send(call, request, options);
  if (!response.ok) throw errorFrom(response.status, await response.json().catch(() => undefined));
  return response.blob();
}

/** Each text field of a form or multipart body, lists as repeated names (as the server reads them). */
function eachField(body: unknown, add: (name: string, value: string) => void) {
  for (const [name, value] of Object.entries((body ?? {}) as Record<string, unknown>)) {
    for (const item of Array.isArray(value) ? value : [value]) {
      if (item !== undefined && item !== null) add(name, String(item));
    }
  }
}

/** The request in the call's body encoding; the browser sets the content type of forms (and their boundary). */
export function requestInit(
  call: ApiCall,
  request: Pick<CallRequest<ApiCall>, 'body' | 'files'>,
): RequestInit {
  const { body, files } = request;
  if (call.bodyEncoding === 'multipart') {
    const form = new FormData();
    eachField(body, (name, value) => form.append(name, value));
    for (const [name, value] of Object.entries((files ?? {}) as Record<string, Blob | readonly Blob[]>)) {
      for (const file of Array.isArray(value) ? value : [value]) form.append(name, file as Blob);
    }
    return { method: call.method, body: form };
  }
  if (body === undefined) return { method: call.method };
  if (call.bodyEncoding === 'form') {
    const form = new URLSearchParams();
    eachField(body, (name, value) => form.append(name, value));
    return { method: call.method, body: form };
  }
  return { method: call.method, headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) };
}

async function send(
  call: ApiCall,
  request: CallRequest<ApiCall>,
  { signal, timeoutMs = defaultTimeoutMs }: CallOptions,
) {
  const query = callQuery(request.query as Record<string, unknown> | undefined);
  const url = `${callPath(call, request.params as Record<string, unknown> | undefined)}${query ? `?${query}` : ''}`;
  const timeout = AbortSignal.timeout(timeoutMs);
  try {
    return await fetch(url, {
      ...requestInit(call, request),
      signal: signal ? anySignal(signal, timeout) : timeout,
    });
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
