import { NIFTY_CONTRACT_RULES } from '@hurryup/market/nifty-contracts';
import { type Kysely, sql } from 'kysely';
import { withIdColumn } from '../../db/columns.ts';
import type { PortableMigration } from '../../db/portable-migration.ts';
import type { MarketTables } from './market.tables.ts';

/** The time written on the seeded contract rules: the release that made them data (decision 0046). */
const contractRulesSeededAt = '2026-11-28T00:00:00.000Z';

export const marketMigrations: Record<string, PortableMigration> = {
  '0012-market': {
    async up(db, dialect) {
      await db.schema
        .createTable('market_instruments')
        .ifNotExists()
        .addColumn('symbol', 'varchar(40)', (col) => col.primaryKey())
        .addColumn('name', 'varchar(100)', (col) => col.notNull())
        .addColumn('kind', 'varchar(10)', (col) => col.notNull())
        .addColumn('source_symbol', 'varchar(40)')
        .addColumn('updated_at', 'varchar(30)', (col) => col.notNull())
        .execute();
      await db.schema
        .createTable('market_bars')
        .ifNotExists()
        .addColumn('symbol', 'varchar(40)', (col) => col.notNull())
        .addColumn('date', 'varchar(10)', (col) => col.notNull())
        .addColumn('open', 'double precision', (col) => col.notNull())
        .addColumn('high', 'double precision', (col) => col.notNull())
        .addColumn('low', 'double precision', (col) => col.notNull())
        .addColumn('close', 'double precision', (col) => col.notNull())
        .addColumn('volume', 'double precision')
        .addColumn('open_interest', 'double precision')
        .addColumn('source', 'varchar(10)', (col) => col.notNull())
        .addPrimaryKeyConstraint('market_bars_pk', ['symbol', 'date'])
        .execute();
      await withIdColumn(db.schema.createTable('market_events').ifNotExists(), dialect)
        .addColumn('date', 'varchar(10)', (col) => col.notNull())
        .addColumn('kind', 'varchar(20)', (col) => col.notNull())
        .addColumn('title', 'varchar(300)', (col) => col.notNull())
        .addColumn('impact', 'varchar(30)', (col) => col.notNull())
        .addColumn('source', 'varchar(200)', (col) => col.notNull())
        .addColumn('updated_at', 'varchar(30)', (col) => col.notNull())
        .addUniqueConstraint('market_events_date_kind', ['date', 'kind'])
        .execute();
      await withIdColumn(db.schema.createTable('market_indicator_snapshots').ifNotExists(), dialect)
        .addColumn('device_id', 'varchar(36)', (col) => col.notNull())
        .addColumn('nifty', 'double precision', (col) => col.notNull())
        .addColumn('rsi', 'double precision', (col) => col.notNull())
        .addColumn('vix', 'double precision', (col) => col.notNull())
        .addColumn('oi_change', 'double precision')
        .addColumn('saved_at', 'varchar(30)', (col) => col.notNull())
        .execute();
      await db.schema
        .createIndex('market_indicator_snapshots_device')
        .ifNotExists()
        .on('market_indicator_snapshots')
        .columns(['device_id', 'id'])
        .execute();
      await db.schema
        .createTable('market_import_files')
        .ifNotExists()
        .addColumn('path', 'varchar(1000)', (col) => col.primaryKey())
        .addColumn('size', 'double precision', (col) => col.notNull())
        .addColumn('mtime_ms', 'double precision', (col) => col.notNull())
        .addColumn('sha256', 'varchar(64)', (col) => col.notNull())
        .addColumn('rows', 'integer', (col) => col.notNull())
        .addColumn('imported_at', 'varchar(30)', (col) => col.notNull())
        .execute();
    },
  },
  '0035-market-events-scheduled': {
    async up(db) {
      // Issue 29: studies must not enter an unscheduled action "before" it. The event files say so in words.
      await db.schema
        .alterTable('market_events')
        .addColumn('scheduled', 'integer', (col) => col.notNull().defaultTo(1))
        .execute();
      await sql`
        update market_events set scheduled = 0
        where lower(title) like '%unscheduled%' or lower(title) like '%off-cycle%' or lower(title) like '%emergency%'
      `.execute(db);
    },
  },
  '0017-market-indicators-per-device': {
    async up(db) {
      // Every save used to add a row that was never read again: keep each device's newest (the one
      // GET /api/indicators/saved answered), then let the database hold one row per device.
      await sql`
        delete from market_indicator_snapshots
        where id not in (select max(id) from market_indicator_snapshots group by device_id)
      `.execute(db);
      await db.schema.dropIndex('market_indicator_snapshots_device').ifExists().execute();
      await db.schema
        .createIndex('market_indicator_snapshots_device_unique')
        .unique()
        .on('market_indicator_snapshots')
        .column('device_id')
        .execute();
    },
  },
  '0065-contract-rules': {
    async up(db, dialect) {
      // Issue 31 item 4: NSE's lot sizes and expiry weekdays become rows the operator adds from the console
      // (each with its circular), seeded with the package's rules of this release.
      await withIdColumn(db.schema.createTable('market_lot_sizes').ifNotExists(), dialect)
        .addColumn('from_date', 'varchar(10)', (col) => col.notNull())
        .addColumn('basis', 'varchar(10)', (col) => col.notNull())
        .addColumn('lot_size', 'integer', (col) => col.notNull())
        .addColumn('circular', 'text', (col) => col.notNull())
        .addColumn('until_date', 'varchar(10)')
        .addColumn('created_at', 'varchar(30)', (col) => col.notNull())
        .addColumn('updated_at', 'varchar(30)', (col) => col.notNull())
        .addUniqueConstraint('market_lot_sizes_from_date', ['from_date'])
        .execute();
      await withIdColumn(db.schema.createTable('market_expiry_weekdays').ifNotExists(), dialect)
        .addColumn('from_date', 'varchar(10)', (col) => col.notNull())
        .addColumn('weekday', 'integer', (col) => col.notNull())
        .addColumn('circular', 'text', (col) => col.notNull())
        .addColumn('until_date', 'varchar(10)')
        .addColumn('created_at', 'varchar(30)', (col) => col.notNull())
        .addColumn('updated_at', 'varchar(30)', (col) => col.notNull())
        .addUniqueConstraint('market_expiry_weekdays_from_date', ['from_date'])
        .execute();
      const tables = db as Kysely<MarketTables>;
      const stamps = {
        until_date: null,
        created_at: contractRulesSeededAt,
        updated_at: contractRulesSeededAt,
      };
      await tables
        .insertInto('market_lot_sizes')
        .values(
          NIFTY_CONTRACT_RULES.lotSizes.map((rule) => ({
            from_date: rule.from,
            basis: rule.basis,
            lot_size: rule.lotSize,
            circular: rule.source,
            ...stamps,
          })),
        )
        .execute();
      await tables
        .insertInto('market_expiry_weekdays')
        .values(
          NIFTY_CONTRACT_RULES.expiryWeekdays.map((rule) => ({
            from_date: rule.from,
            weekday: rule.weekday,
            circular: rule.source,
            ...stamps,
          })),
        )
        .execute();
    },
  },
};
