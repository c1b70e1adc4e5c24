import type { Captions, StockNews, TrendText } from '@hurryup/contracts/market-news';
import type { TrendRows } from '@hurryup/contracts/trend-rows';

/** What the stock news, Trending Now and captions pages read from the server (all from stored feeds). */
export interface MarketNewsPageData {
  news(limit: number): Promise<StockNews>;
  trends(rows: TrendRows): Promise<TrendText>;
  captions(query: string, max: number): Promise<Captions>;
}

declare module '../../load-context.ts' {
  interface PageData {
    marketNews: MarketNewsPageData;
  }
}
