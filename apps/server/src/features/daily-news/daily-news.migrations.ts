import { withIdColumn } from '../../db/columns.ts';
import type { PortableMigration } from '../../db/portable-migration.ts';

export const dailyNewsMigrations: Record<string, PortableMigration> = {
  '0020-daily-news': {
    async up(db, dialect) {
      await withIdColumn(db.schema.createTable('news_items').ifNotExists(), dialect)
        .addColumn('news_id', 'integer', (col) => col.notNull())
        .addColumn('text', 'varchar(2000)', (col) => col.notNull())
        .addColumn('validity', 'varchar(10)', (col) => col.notNull())
        .addColumn('flink', 'varchar(2000)')
        .addColumn('alink', 'varchar(2000)')
        .addColumn('link', 'varchar(2000)')
        .addColumn('updated_at', 'varchar(30)', (col) => col.notNull())
        .execute();
      await db.schema
        .createIndex('news_items_validity')
        .ifNotExists()
        .on('news_items')
        .column('validity')
        .execute();
      await withIdColumn(db.schema.createTable('holidays').ifNotExists(), dialect)
        .addColumn('date', 'varchar(10)', (col) => col.notNull())
        .addColumn('occasion', 'varchar(200)', (col) => col.notNull())
        .addColumn('description', 'varchar(1000)', (col) => col.notNull())
        .addColumn('updated_at', 'varchar(30)', (col) => col.notNull())
        .execute();
      await withIdColumn(db.schema.createTable('rains').ifNotExists(), dialect)
        .addColumn('date', 'varchar(10)', (col) => col.notNull())
        .addColumn('name', 'varchar(200)', (col) => col.notNull())
        .addColumn('description', 'varchar(1000)', (col) => col.notNull())
        .addColumn('updated_at', 'varchar(30)', (col) => col.notNull())
        .execute();
    },
  },
};
