import { withIdColumn } from '../../db/columns.ts';
import type { PortableMigration } from '../../db/portable-migration.ts';

export const offersMigrations: Record<string, PortableMigration> = {
  '0017-offers': {
    async up(db, dialect) {
      await withIdColumn(db.schema.createTable('offers').ifNotExists(), dialect)
        .addColumn('title', 'varchar(200)', (col) => col.notNull())
        .addColumn('price_json', 'varchar(100)', (col) => col.notNull())
        .addColumn('discount', 'double precision', (col) => col.notNull())
        .addColumn('link', 'varchar(1000)', (col) => col.notNull())
        .addColumn('image_url', 'varchar(500)', (col) => col.notNull())
        .addColumn('width', 'integer', (col) => col.notNull())
        .addColumn('height', 'integer', (col) => col.notNull())
        .addColumn('site', 'varchar(80)', (col) => col.notNull())
        .addColumn('flag', 'varchar(10)', (col) => col.notNull())
        .addColumn('desr', 'varchar(600)', (col) => col.notNull())
        .addColumn('validity', 'varchar(10)')
        .addColumn('updated_at', 'varchar(30)', (col) => col.notNull())
        .execute();
      await db.schema.createIndex('offers_validity').ifNotExists().on('offers').column('validity').execute();
      await withIdColumn(db.schema.createTable('movers').ifNotExists(), dialect)
        .addColumn('title', 'varchar(200)', (col) => col.notNull())
        .addColumn('price_json', 'varchar(100)', (col) => col.notNull())
        .addColumn('rank_change', 'integer', (col) => col.notNull())
        .addColumn('site', 'varchar(80)', (col) => col.notNull())
        .addColumn('link', 'varchar(1000)', (col) => col.notNull())
        .addColumn('image_url', 'varchar(500)', (col) => col.notNull())
        .addColumn('width', 'integer', (col) => col.notNull())
        .addColumn('height', 'integer', (col) => col.notNull())
        .addColumn('updated_at', 'varchar(30)', (col) => col.notNull())
        .execute();
      await withIdColumn(db.schema.createTable('referrals').ifNotExists(), dialect)
        .addColumn('app', 'varchar(80)', (col) => col.notNull())
        .addColumn('bonus', 'varchar(200)', (col) => col.notNull())
        .addColumn('code', 'varchar(40)', (col) => col.notNull())
        .addColumn('link', 'varchar(1000)', (col) => col.notNull())
        .addColumn('terms', 'varchar(600)', (col) => col.notNull())
        .addColumn('image_url', 'varchar(500)', (col) => col.notNull())
        .addColumn('width', 'integer', (col) => col.notNull())
        .addColumn('height', 'integer', (col) => col.notNull())
        .addColumn('alt', 'varchar(300)', (col) => col.notNull())
        .addColumn('updated_at', 'varchar(30)', (col) => col.notNull())
        .execute();
    },
  },
};
