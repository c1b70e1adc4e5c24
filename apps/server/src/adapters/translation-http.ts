import { FeedError } from './fetch-text.ts';
import { describeUrl, OutgoingHttpError, type OutgoingTimers, request } from './outgoing-http.ts';

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
  /**
   * Whether the configured address may be loopback or private. The service's address is the operator's
   * setting and translation calls follow no redirect, so by default it is reached as configured (the
   * translation feature's own setting may turn the guard on); `false` refuses every non-public address.
   */
  allowPrivateAddresses?: boolean;
  timers?: OutgoingTimers;
}

export interface ServiceAnswer {
  status: number;
  /** The parsed JSON body, or undefined when it was not JSON. */
  body: unknown;
}

const userAgent = 'HurryUp/1.0 (+English to Hindi translation)';

/**
 * One request to a translation service through the outgoing client: no redirects followed (a translation
 * API does not redirect), a time limit on the whole exchange, an answer cap (reading stops there) and no
 * retry. Every way it can fail becomes a TranslationServiceError; a non-2xx answer comes back with its JSON
 * body (the service's own message).
 */
export async function requestService(call: ServiceRequest): Promise<ServiceAnswer> {
  const where = `${call.service} (${describeUrl(call.url)})`;
  let answer: Awaited<ReturnType<typeof request>>;
  try {
    answer = await request({
      service: where,
      url: call.url,
      method: call.method,
      timeoutMs: call.timeoutMs,
      maxBytes: call.maxBytes ?? translationAnswerMaxBytes,
      signal: call.signal,
      bodyOfErrors: true,
      allowPrivateAddresses: call.allowPrivateAddresses ?? true,
      ...(call.timers ? { timers: call.timers } : {}),
      headers: {
        'user-agent': userAgent,
        accept: 'application/json',
        ...(call.json === undefined ? {} : { 'content-type': 'application/json' }),
        ...call.headers,
      },
      ...(call.json === undefined ? {} : { body: JSON.stringify(call.json) }),
    });
  } catch (error) {
    if (error instanceof OutgoingHttpError) throw new TranslationServiceError(error.message);
    throw new TranslationServiceError(`${where} could not be reached (${String(error)})`);
  }
  if (answer.status >= 300 && answer.status < 400) {
    throw new TranslationServiceError(`${where} answered a redirect (HTTP ${answer.status}): refused`);
  }
  let body: unknown;
  try {
    body = JSON.parse(new TextDecoder().decode(answer.body));
  } catch {
    body = undefined;
  }
  return { status: answer.status, body };
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
