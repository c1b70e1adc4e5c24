import { marketDataNotLoadedCode } from '@hurryup/contracts/market-codes';
import { type FailedLoad, reportLoaderFailure } from './loader-failure.ts';

// Loaders only (the type aside): React Router drops the routes' loaders and their imports from the browser's
// bundle, and with them this module and the load context it reports through.

/** What a market or options page's loader hands its component for one reading. */
export type MarketDataLoad<T> =
  | { state: 'ok'; data: T }
  | { state: 'not-loaded'; message: string }
  | { state: 'failed'; message: string }
  | { state: 'unreachable' };

function codeOf(error: unknown): string | undefined {
  return typeof error === 'object' && error !== null && 'code' in error ? String(error.code) : undefined;
}

/**
 * Runs one page-data reader for a loader (`load`: its arguments): its data, the 'market data not loaded'
 * state, the message of an error the server meant for people (its HttpError), or 'unreachable' when
 * something below it failed (the database), which is reported to the request's logger as `whatFailed`.
 */
export async function loadMarketData<T>(
  load: FailedLoad,
  read: () => Promise<T>,
  whatFailed: string,
): Promise<MarketDataLoad<T>> {
  try {
    return { state: 'ok', data: await read() };
  } catch (error) {
    const code = codeOf(error);
    const message = error instanceof Error ? error.message : String(error);
    if (code === marketDataNotLoadedCode) return { state: 'not-loaded', message };
    if (code && 'statusCode' in (error as object)) return { state: 'failed', message };
    reportLoaderFailure(load, error, whatFailed);
    return { state: 'unreachable' };
  }
}
