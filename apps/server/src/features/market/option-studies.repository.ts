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
    async eventsOf(kinds: readonly string[]): Promise<{ date: string; kind: string; scheduled: boolean }[]> {
      if (kinds.length === 0) return [];
      const rows = await db
        .selectFrom('market_events')
        .select(['date', 'kind', 'scheduled'])
        .where('kind', 'in', kinds)
        .orderBy('date')
        .execute();
      return rows.map((row) => ({ ...row, scheduled: Number(row.scheduled) !== 0 }));
    },
  };
}
export type OptionStudiesRepository = ReturnType<typeof createOptionStudiesRepository>;
