import type { Indicators } from '@hurryup/contracts/market';

/**
 * What the options assistants' pages read from the server: the indicators their fields start from. The
 * reader throws an error whose `code` is MARKET_DATA_NOT_LOADED when the database has no market data yet.
 */
export interface OptionStudiesPageData {
  indicators(): Promise<Indicators>;
}

declare module '../../load-context.ts' {
  interface PageData {
    optionStudies: OptionStudiesPageData;
  }
}
