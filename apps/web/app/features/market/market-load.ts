import type { MarketDataLoad } from '../../shared/load-market-data.ts';
import { formatIndian } from '../../shared/trading-format.ts';

/** What a market page's loader hands its component for one reading. */
export type MarketLoad<T> = MarketDataLoad<T>;

/** Formats a price or level the way Indian readers write it, with two decimals. */
export const formatLevel = (value: number) => formatIndian(value, 2);
