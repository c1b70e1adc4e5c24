import type { Holiday, NewsItem, Rain } from '@hurryup/contracts/daily-news';

/** What the daily news home reads from the server; each read may fail on its own. */
export interface DailyNewsPageData {
  /** Today's date in India (YYYY-MM-DD), from the server's clock. */
  today(): string;
  /** The items valid today or later, by id descending. */
  news(): Promise<NewsItem[]>;
  holidays(): Promise<Holiday[]>;
  rains(): Promise<Rain[]>;
}

declare module '../../load-context.ts' {
  interface PageData {
    dailyNews: DailyNewsPageData;
  }
}
