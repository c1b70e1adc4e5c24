import { isScheduledEvent } from '@hurryup/contracts/market';
import type { DailyBar } from '@hurryup/market/bars';
import type { Kysely } from 'kysely';
import { type Clock, systemClock } from '../../shared/clock.ts';
import type { MarketTables } from './market.tables.ts';
import type { ParsedBar } from './market-csv.ts';
import type { Instrument } from './market-instruments.ts';

type Db = Kysely<MarketTables>;

export interface StoredEvent {
  date: string;
  kind: string;
  title: string;
  impact: string;
  /** False for an unscheduled or off-cycle action; when absent, read from the title (isScheduledEvent). */
  scheduled?: boolean | undefined;
}

// Keeps each INSERT under SQLite's and PostgreSQL's bound-parameter limits.
const barsPerInsert = 500;

const toBar = (row: {
  date: string;
  open: number;
  high: number;
  low: number;
  close: number;
  volume: number | null;
}): DailyBar => ({
  date: row.date,
  open: Number(row.open),
  high: Number(row.high),
  low: Number(row.low),
  close: Number(row.close),
  ...(row.volume === null ? {} : { volume: Number(row.volume) }),
});

/**
 * Every query on the market tables. Methods that take `tx` run inside a caller's transaction. Stored times
 * come from `clock`: the feature's (`context.clock`); a command-line import, which has no site, the system's.
 */
export function createMarketRepository(db: Db, clock: Pick<Clock, 'date'> = systemClock) {
  const nowIso = () => clock.date().toISOString();
  return {
    async upsertInstrument(instrument: Instrument, tx: Db = db) {
      const row = {
        symbol: instrument.symbol,
        name: instrument.name,
        kind: instrument.kind,
        source_symbol: instrument.sourceSymbol ?? null,
        updated_at: nowIso(),
      };
      await tx
        .insertInto('market_instruments')
        .values(row)
        .onConflict((oc) => oc.column('symbol').doUpdateSet({ kind: row.kind, updated_at: row.updated_at }))
        .execute();
    },

    async instruments(): Promise<Instrument[]> {
      const rows = await db.selectFrom('market_instruments').selectAll().orderBy('symbol').execute();
      return rows.map((r) => ({
        symbol: r.symbol,
        name: r.name,
        kind: r.kind === 'stock' ? 'stock' : 'index',
        sourceSymbol: r.source_symbol ?? undefined,
      }));
    },

    /** Inserts or replaces bars by (symbol, date); existing rows for other dates stay. */
    async upsertBars(symbol: string, bars: readonly ParsedBar[], source: 'import' | 'sync', tx: Db = db) {
      for (let i = 0; i < bars.length; i += barsPerInsert) {
        const values = bars.slice(i, i + barsPerInsert).map((bar) => ({
          symbol,
          date: bar.date,
          open: bar.open,
          high: bar.high,
          low: bar.low,
          close: bar.close,
          volume: bar.volume ?? null,
          open_interest: bar.openInterest ?? null,
          source,
        }));
        await tx
          .insertInto('market_bars')
          .values(values)
          .onConflict((oc) =>
            oc.columns(['symbol', 'date']).doUpdateSet((eb) => ({
              open: eb.ref('excluded.open'),
              high: eb.ref('excluded.high'),
              low: eb.ref('excluded.low'),
              close: eb.ref('excluded.close'),
              volume: eb.ref('excluded.volume'),
              open_interest: eb.ref('excluded.open_interest'),
              source: eb.ref('excluded.source'),
            })),
          )
          .execute();
      }
    },

    /** The last `limit` bars of a symbol, oldest first. */
    async recentBars(symbol: string, limit: number): Promise<DailyBar[]> {
      const rows = await db
        .selectFrom('market_bars')
        .select(['date', 'open', 'high', 'low', 'close', 'volume'])
        .where('symbol', '=', symbol)
        .orderBy('date', 'desc')
        .limit(limit)
        .execute();
      return rows.reverse().map(toBar);
    },

    /** The last bars of many symbols at once, oldest first per symbol (one query). */
    async recentBarsOf(symbols: readonly string[], since: string): Promise<Map<string, DailyBar[]>> {
      const result = new Map<string, DailyBar[]>();
      if (symbols.length === 0) return result;
      const rows = await db
        .selectFrom('market_bars')
        .select(['symbol', 'date', 'open', 'high', 'low', 'close', 'volume'])
        .where('symbol', 'in', symbols)
        .where('date', '>=', since)
        .orderBy('symbol')
        .orderBy('date')
        .execute();
      for (const row of rows) {
        const list = result.get(row.symbol);
        if (list) list.push(toBar(row));
        else result.set(row.symbol, [toBar(row)]);
      }
      return result;
    },

    /** Open interest of the last two bars that carry it, newest last. */
    async lastOpenInterest(symbol: string): Promise<{ date: string; oi: number }[]> {
      const rows = await db
        .selectFrom('market_bars')
        .select(['date', 'open_interest'])
        .where('symbol', '=', symbol)
        .where('open_interest', 'is not', null)
        .orderBy('date', 'desc')
        .limit(2)
        .execute();
      return rows.reverse().map((r) => ({ date: r.date, oi: Number(r.open_interest) }));
    },

    async lastBarDate(symbol: string): Promise<string | undefined> {
      const row = await db
        .selectFrom('market_bars')
        .select((eb) => eb.fn.max('date').as('last'))
        .where('symbol', '=', symbol)
        .executeTakeFirst();
      return row?.last ?? undefined;
    },

    async countBars(symbol?: string): Promise<number> {
      let query = db.selectFrom('market_bars').select(db.fn.countAll<number | string>().as('n'));
      if (symbol) query = query.where('symbol', '=', symbol);
      return Number((await query.executeTakeFirstOrThrow()).n);
    },

    async importedFile(filePath: string) {
      return db.selectFrom('market_import_files').selectAll().where('path', '=', filePath).executeTakeFirst();
    },

    async recordImportedFile(
      file: { path: string; size: number; mtimeMs: number; sha256: string; rows: number },
      tx: Db = db,
    ) {
      const row = {
        path: file.path,
        size: file.size,
        mtime_ms: file.mtimeMs,
        sha256: file.sha256,
        rows: file.rows,
        imported_at: nowIso(),
      };
      await tx
        .insertInto('market_import_files')
        .values(row)
        .onConflict((oc) =>
          oc.column('path').doUpdateSet({
            size: row.size,
            mtime_ms: row.mtime_ms,
            sha256: row.sha256,
            rows: row.rows,
            imported_at: row.imported_at,
          }),
        )
        .execute();
    },

    /** Inserts or replaces an event by (date, kind). */
    async upsertEvent(event: StoredEvent, source: string, tx: Db = db): Promise<'created' | 'updated'> {
      const now = nowIso();
      const scheduled = isScheduledEvent({ event: event.title, scheduled: event.scheduled }) ? 1 : 0;
      const existing = await tx
        .selectFrom('market_events')
        .select('id')
        .where('date', '=', event.date)
        .where('kind', '=', event.kind)
        .executeTakeFirst();
      if (existing) {
        await tx
          .updateTable('market_events')
          .set({ title: event.title, impact: event.impact, scheduled, source, updated_at: now })
          .where('id', '=', existing.id)
          .execute();
        return 'updated';
      }
      await tx
        .insertInto('market_events')
        .values({
          date: event.date,
          kind: event.kind,
          title: event.title,
          impact: event.impact,
          scheduled,
          source,
          updated_at: now,
        })
        .execute();
      return 'created';
    },

    async countEvents(source?: string): Promise<number> {
      let query = db.selectFrom('market_events').select(db.fn.countAll<number | string>().as('n'));
      if (source) query = query.where('source', '=', source);
      return Number((await query.executeTakeFirstOrThrow()).n);
    },

    /** Events from `from` to `to` inclusive (YYYY-MM-DD), by date; optionally of some kinds only. */
    async events(
      range: { from?: string; to?: string; kinds?: readonly string[] } = {},
    ): Promise<StoredEvent[]> {
      let query = db.selectFrom('market_events').select(['date', 'kind', 'title', 'impact']);
      if (range.from) query = query.where('date', '>=', range.from);
      if (range.to) query = query.where('date', '<=', range.to);
      if (range.kinds) query = query.where('kind', 'in', range.kinds);
      return query.orderBy('date').orderBy('kind').execute();
    },

    /** The device's one row of saved values, written over by its next save. */
    async saveSnapshot(snapshot: {
      deviceId: string;
      nifty: number;
      rsi: number;
      vix: number;
      oiChange: number | undefined;
    }) {
      const savedAt = nowIso();
      const values = {
        nifty: snapshot.nifty,
        rsi: snapshot.rsi,
        vix: snapshot.vix,
        oi_change: snapshot.oiChange ?? null,
        saved_at: savedAt,
      };
      // One statement on the unique device_id, so concurrent saves of one device leave one row.
      await db
        .insertInto('market_indicator_snapshots')
        .values({ device_id: snapshot.deviceId, ...values })
        .onConflict((conflict) => conflict.column('device_id').doUpdateSet(values))
        .execute();
      return savedAt;
    },

    async lastSnapshot(deviceId: string) {
      const row = await db
        .selectFrom('market_indicator_snapshots')
        .selectAll()
        .where('device_id', '=', deviceId)
        .orderBy('id', 'desc')
        .limit(1)
        .executeTakeFirst();
      return row
        ? {
            nifty: Number(row.nifty),
            rsi: Number(row.rsi),
            vix: Number(row.vix),
            oiChange: row.oi_change === null ? undefined : Number(row.oi_change),
            savedAt: row.saved_at,
          }
        : undefined;
    },
  };
}
export type MarketRepository = ReturnType<typeof createMarketRepository>;
