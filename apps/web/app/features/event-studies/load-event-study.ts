import { marketDataNotLoadedCode } from '@hurryup/contracts/market-codes';
import { type FailedLoad, reportLoaderFailure } from '../../shared/loader-failure.ts';
import type { EventLoad } from './event-load.ts';

// Loaders only: React Router drops the routes' loaders and their imports from the browser's bundle.

/**
 * Runs one page-data reader for a loader: its data, the 'market data not loaded' state, or 'unreachable'
 * when anything else failed (reported to the request's logger).
 */
export async function loadEventStudy<T>(load: FailedLoad, read: () => Promise<T>): Promise<EventLoad<T>> {
  try {
    return { state: 'ok', data: await read() };
  } catch (error) {
    const code =
      typeof error === 'object' && error !== null && 'code' in error ? String(error.code) : undefined;
    if (code === marketDataNotLoadedCode)
      return { state: 'not-loaded', message: error instanceof Error ? error.message : String(error) };
    reportLoaderFailure(load, error, 'Event study page data failed');
    return { state: 'unreachable' };
  }
}
