import { marketDataNotLoadedCode } from '@hurryup/contracts/market-codes';

/** What a market page's loader hands its component for one reading. */
export type MarketLoad<T> =
  | { state: 'ok'; data: T }
  | { state: 'not-loaded'; message: string }
  | { state: 'failed'; message: string }
  | { state: 'unreachable' };

function codeOf(error: unknown): string | undefined {
  return typeof error === 'object' && error !== null && 'code' in error ? String(error.code) : undefined;
}

/**
 * Runs one page-data reader: its data, the 'market data not loaded' state, the message of an error the
 * server meant for people (its HttpError), or 'unreachable' when something below it failed (the database).
 */
export async function loadMarket<T>(read: () => Promise<T>): Promise<MarketLoad<T>> {
  try {
    return { state: 'ok', data: await read() };
  } catch (error) {
    const code = codeOf(error);
    const message = error instanceof Error ? error.message : String(error);
    if (code === marketDataNotLoadedCode) return { state: 'not-loaded', message };
    if (code && 'statusCode' in (error as object)) return { state: 'failed', message };
    console.error('Market page data failed', error);
    return { state: 'unreachable' };
  }
}

/** Formats a price or level the way Indian readers write it, with two decimals. */
export const formatLevel = (value: number) =>
  value.toLocaleString('en-IN', { minimumFractionDigits: 2, maximumFractionDigits: 2 });
