import type { DailyBar } from '@hurryup/market/bars';
import type { Kysely } from 'kysely';
import type { MarketTables } from './market.tables.ts';

type Db = Kysely<MarketTables>;

/** The reads of the options assistants' studies (option-studies.service.ts) on the market tables. */
export function createOptionStudiesRepository(db: Db) {
  return {
    /** Every stored daily bar of a symbol, oldest first. */
    async allBars(symbol: string): Promise<DailyBar[]> {
      const rows = await db
        .selectFrom('market_bars')
        .select(['date', 'open', 'high', 'low', 'close'])
        .where('symbol', '=', symbol)
        .orderBy('date')
        .execute();
      return rows.map((row) => ({
        date: row.date,
        open: Number(row.open),
        high: Number(row.high),
        low: Number(row.low),
        close: Number(row.close),
      }));
    },

    /** Every event of these kinds, by date. */
    async eventsOf(kinds: readonly string[]): Promise<{ date: string; kind: string }[]> {
      if (kinds.length === 0) return [];
      return db
        .selectFrom('market_events')
        .select(['date', 'kind'])
        .where('kind', 'in', kinds)
        .orderBy('date')
        .execute();
    },
  };
}
export type OptionStudiesRepository = ReturnType<typeof createOptionStudiesRepository>;
