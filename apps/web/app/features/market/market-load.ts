import type { MarketDataLoad } from '../../shared/load-market-data.ts';

/** What a market page's loader hands its component for one reading. */
export type MarketLoad<T> = MarketDataLoad<T>;

/** Formats a price or level the way Indian readers write it, with two decimals. */
export const formatLevel = (value: number) =>
  value.toLocaleString('en-IN', { minimumFractionDigits: 2, maximumFractionDigits: 2 });
