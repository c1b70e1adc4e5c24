import { withIdColumn } from '../../db/columns.ts';
import type { PortableMigration } from '../../db/portable-migration.ts';

export const reportMigrations: Record<string, PortableMigration> = {
  '0056-reports': {
    async up(db, dialect) {
      await withIdColumn(db.schema.createTable('reports').ifNotExists(), dialect)
        .addColumn('kind', 'varchar(20)', (col) => col.notNull())
        .addColumn('target_key', 'varchar(32)', (col) => col.notNull())
        .addColumn('created_at', 'varchar(30)', (col) => col.notNull())
        .addColumn('status', 'varchar(10)', (col) => col.notNull())
        .addColumn('visitor_hash', 'varchar(64)', (col) => col.notNull())
        .execute();
      // An item's reports (its counts, closing them, a visitor's open report of it).
      await db.schema
        .createIndex('reports_target')
        .ifNotExists()
        .on('reports')
        .columns(['kind', 'target_key', 'status'])
        .execute();
    },
  },
};
