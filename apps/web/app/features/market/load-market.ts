import { marketDataNotLoadedCode } from '@hurryup/contracts/market-codes';
import { type FailedLoad, reportLoaderFailure } from '../../shared/loader-failure.ts';
import type { MarketLoad } from './market-load.ts';

// Loaders only, apart from market-load.ts, which the pages' components import: React Router drops the
// routes' loaders and their imports from the browser's bundle, and with them this module and the load
// context it reports through.

function codeOf(error: unknown): string | undefined {
  return typeof error === 'object' && error !== null && 'code' in error ? String(error.code) : undefined;
}

/**
 * Runs one page-data reader for a loader (`load`: its arguments): its data, the 'market data not loaded'
 * state, the message of an error the server meant for people (its HttpError), or 'unreachable' when
 * something below it failed (the database), which is reported to the request's logger.
 */
export async function loadMarket<T>(load: FailedLoad, read: () => Promise<T>): Promise<MarketLoad<T>> {
  try {
    return { state: 'ok', data: await read() };
  } catch (error) {
    const code = codeOf(error);
    const message = error instanceof Error ? error.message : String(error);
    if (code === marketDataNotLoadedCode) return { state: 'not-loaded', message };
    if (code && 'statusCode' in (error as object)) return { state: 'failed', message };
    reportLoaderFailure(load, error, 'Market page data failed');
    return { state: 'unreachable' };
  }
}
