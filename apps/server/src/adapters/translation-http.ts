import { describe, FeedError } from './fetch-text.ts';

/** A translation service's failure: the message names the service and why, never its key. */
export class TranslationServiceError extends FeedError {}

/** The most a translation answer may be: a 5,000-character chunk in Hindi is about 40 KB of JSON. */
export const translationAnswerMaxBytes = 256 * 1024;

export interface ServiceRequest {
  /** The service's name for messages, e.g. 'MyMemory'. */
  service: string;
  url: string;
  method: 'GET' | 'POST';
  /** Sent as JSON. */
  json?: unknown;
  headers?: Record<string, string>;
  timeoutMs: number;
  signal?: AbortSignal | undefined;
  maxBytes?: number;
}

export interface ServiceAnswer {
  status: number;
  /** The parsed JSON body, or undefined when it was not JSON. */
  body: unknown;
}

const userAgent = 'HurryUp/1.0 (+English to Hindi translation)';

/**
 * One request to a translation service: no redirects followed (a translation API does not redirect), a time
 * limit on the whole exchange, an answer cap (reading stops there) and no retry. Every way it can fail becomes
 * a TranslationServiceError; a non-2xx answer comes back with its JSON body (the service's own message).
 */
export async function requestService(request: ServiceRequest): Promise<ServiceAnswer> {
  const timeout = AbortSignal.timeout(request.timeoutMs);
  const signal = request.signal ? AbortSignal.any([request.signal, timeout]) : timeout;
  const maxBytes = request.maxBytes ?? translationAnswerMaxBytes;
  const where = `${request.service} (${describe(request.url)})`;
  try {
    const response = await fetch(request.url, {
      method: request.method,
      redirect: 'manual',
      signal,
      headers: {
        'user-agent': userAgent,
        accept: 'application/json',
        ...(request.json === undefined ? {} : { 'content-type': 'application/json' }),
        ...request.headers,
      },
      ...(request.json === undefined ? {} : { body: JSON.stringify(request.json) }),
    });
    if (response.status >= 300 && response.status < 400) {
      await response.body?.cancel();
      throw new TranslationServiceError(`${where} answered a redirect (HTTP ${response.status}): refused`);
    }
    const text = await readCapped(response, maxBytes, where);
    let body: unknown;
    try {
      body = JSON.parse(text);
    } catch {
      body = undefined;
    }
    return { status: response.status, body };
  } catch (error) {
    if (error instanceof TranslationServiceError) throw error;
    if (timeout.aborted)
      throw new TranslationServiceError(`${where} did not answer within ${request.timeoutMs} ms`);
    if (request.signal?.aborted) throw new TranslationServiceError(`${where}: request cancelled`);
    const reason =
      error instanceof Error
        ? error.cause instanceof Error
          ? error.cause.message
          : error.message
        : String(error);
    throw new TranslationServiceError(`${where} could not be reached (${reason})`);
  }
}

async function readCapped(response: Response, maxBytes: number, where: string): Promise<string> {
  const declared = Number(response.headers.get('content-length'));
  if (declared > maxBytes) {
    await response.body?.cancel();
    throw new TranslationServiceError(`${where} sent ${declared} bytes, more than the ${maxBytes} allowed`);
  }
  if (!response.body) return '';
  const reader = response.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > maxBytes) {
      await reader.cancel();
      throw new TranslationServiceError(`${where} sent more than the ${maxBytes} bytes allowed`);
    }
    chunks.push(value);
  }
  return new TextDecoder().decode(Buffer.concat(chunks));
}

/** The service's own error message in a JSON body, when it gives one (for the operator's log). */
export function serviceMessage(body: unknown, ...paths: string[][]): string | undefined {
  for (const path of paths) {
    let value: unknown = body;
    for (const key of path) {
      value = value && typeof value === 'object' ? (value as Record<string, unknown>)[key] : undefined;
    }
    if (typeof value === 'string' && value.trim() !== '') return value.slice(0, 300);
  }
  return undefined;
}
