import {
  describeUrl,
  isPublicAddress,
  OutgoingHttpError,
  type OutgoingTimers,
  request,
} from './outgoing-http.ts';

export { isPublicAddress };

/** A failure of an outside source, with a message fit for the operator's log and the refresh report. */
export class FeedError extends Error {}

export interface FetchOptions {
  timeoutMs: number;
  /** Stops the fetch (the server is closing). */
  signal?: AbortSignal | undefined;
  /** Answers larger than this (after decompression) are refused; `feedMaxBytes` when absent. */
  maxBytes?: number;
  accept?: string;
  /**
   * Lets the configured address be loopback or private (a test's local fake, an operator's own service);
   * addresses a redirect leads to are checked all the same. Off by default: the address must be public.
   */
  allowPrivateAddresses?: boolean | undefined;
  /** The timers the time limit runs on (the platform clock; a ManualClock in tests). */
  timers?: OutgoingTimers | undefined;
}

/**
 * The most a feed may send: 1 MiB. A news RSS of 50 items with summaries is 50 to 300 KB, Google Trends
 * about 100 KB, a channel's Atom feed 30 KB; a feed past 1 MiB is junk or hostile, and reading stops there.
 */
export const feedMaxBytes = 1024 * 1024;

/** Redirects followed at most; each target is checked again. */
export const maxRedirects = 5;

const userAgent = 'HurryUp/1.0 (+feed reader; market news, trends and video titles)';

export interface FetchedAnswer {
  status: number;
  /** The body as UTF-8 text; empty for a non-2xx status unless `bodyOfErrors` was asked. */
  text: string;
}

/**
 * GETs an outside address and returns its body as text. Every way it can fail (no answer within the
 * timeout, a refused connection, a non-2xx status, an oversized body, a non-public address or too many
 * redirects) becomes a FeedError, so one broken source never breaks its caller.
 */
export async function fetchText(url: string, options: FetchOptions): Promise<string> {
  const answer = await fetchAnswer(url, options);
  if (answer.status < 200 || answer.status > 299) {
    throw new FeedError(`${describe(url)} answered HTTP ${answer.status}`);
  }
  return answer.text;
}

/**
 * `fetchText` that also answers a non-2xx status with its body (an API's own error message), within the
 * same limits, through the one outgoing client (`outgoing-http.ts`).
 *
 * Addresses: the configured address must be public unless the call allows private ones (tests point it at
 * 127.0.0.1); every address a redirect leads to is the remote's choice, so its host is resolved and refused
 * unless every address is public (no loopback, private, link-local or reserved target), at most
 * `maxRedirects` times, http(s) only.
 */
export async function fetchAnswer(
  url: string,
  options: FetchOptions & { bodyOfErrors?: boolean },
): Promise<FetchedAnswer> {
  try {
    const answer = await request({
      service: describe(url),
      url,
      timeoutMs: options.timeoutMs,
      maxBytes: options.maxBytes ?? feedMaxBytes,
      signal: options.signal,
      maxRedirects,
      decompress: true,
      bodyOfErrors: options.bodyOfErrors ?? false,
      allowPrivateAddresses: options.allowPrivateAddresses ?? false,
      ...(options.timers ? { timers: options.timers } : {}),
      headers: { 'user-agent': userAgent, accept: options.accept ?? '*/*' },
    });
    return { status: answer.status, text: new TextDecoder().decode(answer.body) };
  } catch (error) {
    if (error instanceof OutgoingHttpError) {
      if (error.kind === 'cancelled') throw new FeedError(`${describe(url)}: fetch cancelled`);
      throw new FeedError(error.message);
    }
    throw new FeedError(`${describe(url)} could not be read (${String(error)})`);
  }
}

/** The address without its query string: API keys travel in queries and must not reach the logs. */
export function describe(url: string): string {
  return describeUrl(url);
}
