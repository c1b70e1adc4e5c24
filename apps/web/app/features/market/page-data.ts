import type {
  BreakoutAlert,
  DailyNews,
  FinancialData,
  Indicators,
  OptionSuggestion,
  StockRow,
  TradingViewData,
} from '@hurryup/contracts/market';

/**
 * What the market pages read from the server. Each reader throws an error whose `code` is
 * MARKET_DATA_NOT_LOADED when the database has no market data yet.
 */
export interface MarketPageData {
  stocks(): Promise<StockRow[]>;
  financialData(): Promise<FinancialData>;
  tradingView(): Promise<TradingViewData>;
  dailyNews(): Promise<DailyNews>;
  optionSuggestion(): Promise<OptionSuggestion>;
  breakout(): Promise<BreakoutAlert>;
  /** NIFTY 50, RSI(14), India VIX and the OI change at the last close (the options assistants' fields). */
  indicators(): Promise<Indicators>;
}

declare module '../../load-context.ts' {
  interface PageData {
    market: MarketPageData;
  }
}
