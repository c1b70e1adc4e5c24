import type { MarketData, MarketDataReadModel, MarketEvent, StoredBar } from '@hurryup/market/market-data';
import type { ExpiryWeekday, LotBasis, NiftyContractRules } from '@hurryup/market/nifty-contracts';
import type { Kysely } from 'kysely';
import type { HttpError } from '../../shared/http-error.ts';
import { revisionKeyed } from '../../shared/revision-keyed.ts';
import { notLoaded } from './market.service.ts';
import type { MarketTables } from './market.tables.ts';

/**
 * The one read model of the stored market data (docs/architecture.md, "Market data"): a snapshot per
 * revision of the 'market' content, which every write of bars or events moves (the imports, the sync, the
 * seed and the admin calls, in any process; the contract rules' admin calls too). Each symbol's bars, the
 * event calendar and the contract rules (lot sizes, expiry weekdays) are read at most once per revision, when first asked for; what the market, option-studies and event-studies features
 * compute from them is kept on the snapshot (`derive`) and goes with it.
 */
export function createMarketDataReadModel(
  db: Kysely<MarketTables>,
  /** The revision of the 'market' content (the feature passes the site's content revision). */
  revision: () => Promise<number>,
): MarketDataReadModel {
  const model = revisionKeyed({ revision, load: async (rev) => rev });
  // Every symbol trades on the same days: one string per date, not one per bar (16 symbols' bars held 47,000
  // date strings, 1.4 MB, for some 3,000 dates).
  const dates = new Map<string, string>();
  const dateOf = (date: string) => {
    const known = dates.get(date);
    if (known !== undefined) return known;
    dates.set(date, date);
    return date;
  };
  return {
    async current(): Promise<MarketData> {
      const snapshot = await model.current();
      return {
        revision: snapshot.revision,
        bars: (symbol) => snapshot.derive(`bars ${symbol}`, () => readBars(db, symbol, dateOf)),
        barsOnce: (symbol) =>
          snapshot.derived<Promise<StoredBar[]>>(`bars ${symbol}`) ?? readBars(db, symbol, dateOf),
        events: () => snapshot.derive('events', () => readEvents(db)),
        holidays: () =>
          snapshot.derive('holidays', async () => {
            const events = await snapshot.derive('events', () => readEvents(db));
            return new Set(events.filter((e) => e.kind === 'holiday').map((e) => e.date));
          }),
        contractRules: () => snapshot.derive('contract rules', () => readContractRules(db)),
        derive: (key, compute) => snapshot.derive(`derived ${key}`, compute),
        notLoaded: (what): HttpError => notLoaded(what),
      };
    },
  };
}

async function readBars(
  db: Kysely<MarketTables>,
  symbol: string,
  dateOf: (date: string) => string,
): Promise<StoredBar[]> {
  const rows = await db
    .selectFrom('market_bars')
    .select(['date', 'open', 'high', 'low', 'close', 'volume', 'open_interest'])
    .where('symbol', '=', symbol)
    .orderBy('date')
    .execute();
  return rows.map((row) => ({
    date: dateOf(row.date),
    open: Number(row.open),
    high: Number(row.high),
    low: Number(row.low),
    close: Number(row.close),
    ...(row.volume === null ? {} : { volume: Number(row.volume) }),
    ...(row.open_interest === null ? {} : { openInterest: Number(row.open_interest) }),
  }));
}

async function readEvents(db: Kysely<MarketTables>): Promise<MarketEvent[]> {
  const rows = await db
    .selectFrom('market_events')
    .select(['date', 'kind', 'title', 'impact', 'scheduled'])
    .orderBy('date')
    .orderBy('kind')
    .execute();
  return rows.map((row) => ({ ...row, scheduled: Number(row.scheduled) !== 0 }));
}

/** The stored lot sizes and expiry weekdays, each in date order, as the contract functions take them. */
export async function readContractRules(db: Kysely<MarketTables>): Promise<NiftyContractRules> {
  const [lots, weekdays] = await Promise.all([
    db
      .selectFrom('market_lot_sizes')
      .select(['from_date', 'basis', 'lot_size', 'circular'])
      .orderBy('from_date')
      .execute(),
    db
      .selectFrom('market_expiry_weekdays')
      .select(['from_date', 'weekday', 'circular'])
      .orderBy('from_date')
      .execute(),
  ]);
  return {
    lotSizes: lots.map((row) => ({
      from: row.from_date,
      basis: row.basis as LotBasis,
      lotSize: Number(row.lot_size),
      source: row.circular,
    })),
    expiryWeekdays: weekdays.map((row) => ({
      from: row.from_date,
      weekday: Number(row.weekday) as ExpiryWeekday,
      source: row.circular,
    })),
  };
}
