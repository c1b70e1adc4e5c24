/** A failure of an outside source, with a message fit for the operator's log and the refresh report. */
export class FeedError extends Error {}

export interface FetchOptions {
  timeoutMs: number;
  /** Stops the fetch (the server is closing). */
  signal?: AbortSignal | undefined;
  /** Answers larger than this are refused: a feed is a few hundred kilobytes. */
  maxBytes?: number;
  accept?: string;
}

const defaultMaxBytes = 5 * 1024 * 1024;
const userAgent = 'HurryUp/1.0 (+feed reader; market news, trends and video titles)';

/**
 * GETs an outside address and returns its body as text. Every way it can fail (no answer within the
 * timeout, a refused connection, a non-2xx status, an oversized body) becomes a FeedError, so one broken
 * source never breaks its caller.
 */
export async function fetchText(url: string, options: FetchOptions): Promise<string> {
  const timeout = AbortSignal.timeout(options.timeoutMs);
  const signal = options.signal ? AbortSignal.any([options.signal, timeout]) : timeout;
  const maxBytes = options.maxBytes ?? defaultMaxBytes;
  try {
    const response = await fetch(url, {
      signal,
      redirect: 'follow',
      headers: { 'user-agent': userAgent, accept: options.accept ?? '*/*' },
    });
    if (!response.ok) {
      await response.body?.cancel();
      throw new FeedError(`${describe(url)} answered HTTP ${response.status}`);
    }
    return await readLimited(response, maxBytes, url);
  } catch (error) {
    if (error instanceof FeedError) throw error;
    if (timeout.aborted) {
      throw new FeedError(`${describe(url)} did not answer within ${options.timeoutMs} ms`);
    }
    if (options.signal?.aborted) throw new FeedError(`${describe(url)}: fetch cancelled`);
    const reason =
      error instanceof Error
        ? error.cause instanceof Error
          ? error.cause.message
          : error.message
        : String(error);
    throw new FeedError(`${describe(url)} could not be reached (${reason})`);
  }
}

async function readLimited(response: Response, maxBytes: number, url: string): Promise<string> {
  const declared = Number(response.headers.get('content-length'));
  if (declared > maxBytes) {
    await response.body?.cancel();
    throw new FeedError(`${describe(url)} sent ${declared} bytes, more than the ${maxBytes} allowed`);
  }
  if (!response.body) return '';
  const chunks: Uint8Array[] = [];
  let size = 0;
  for await (const chunk of response.body) {
    size += chunk.byteLength;
    if (size > maxBytes) {
      throw new FeedError(`${describe(url)} sent more than the ${maxBytes} bytes allowed`);
    }
    chunks.push(chunk);
  }
  return new TextDecoder().decode(Buffer.concat(chunks));
}

/** The address without its query string: API keys travel in queries and must not reach the logs. */
export function describe(url: string): string {
  try {
    const parsed = new URL(url);
    return `${parsed.origin}${parsed.pathname}`;
  } catch {
    return 'an invalid address';
  }
}
