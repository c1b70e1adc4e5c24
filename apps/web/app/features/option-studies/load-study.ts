import { marketDataNotLoadedCode } from '@hurryup/contracts/market-codes';
import { type FailedLoad, reportLoaderFailure } from '../../shared/loader-failure.ts';
import type { StudyLoad } from './study-load.ts';

// Loaders only: React Router drops the routes' loaders and their imports from the browser's bundle.

function codeOf(error: unknown): string | undefined {
  return typeof error === 'object' && error !== null && 'code' in error ? String(error.code) : undefined;
}

/**
 * Runs one page-data reader for a loader: its data, the 'market data not loaded' state, the message of an
 * error the server meant for people, or 'unreachable' (reported to the request's logger).
 */
export async function loadStudy<T>(load: FailedLoad, read: () => Promise<T>): Promise<StudyLoad<T>> {
  try {
    return { state: 'ok', data: await read() };
  } catch (error) {
    const code = codeOf(error);
    const message = error instanceof Error ? error.message : String(error);
    if (code === marketDataNotLoadedCode) return { state: 'not-loaded', message };
    if (code && 'statusCode' in (error as object)) return { state: 'failed', message };
    reportLoaderFailure(load, error, 'Options assistant page data failed');
    return { state: 'unreachable' };
  }
}
