import { loadMarketData } from '../../shared/load-market-data.ts';
import type { FailedLoad } from '../../shared/loader-failure.ts';
import type { MarketLoad } from './market-load.ts';

// Loaders only, apart from market-load.ts, which the pages' components import.

/** One market page reading for a loader (shared/load-market-data.ts). */
export const loadMarket = <T>(load: FailedLoad, read: () => Promise<T>): Promise<MarketLoad<T>> =>
  loadMarketData(load, read, 'Market page data failed');
