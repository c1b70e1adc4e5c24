import { withIdColumn } from '../../db/columns.ts';
import type { PortableMigration } from '../../db/portable-migration.ts';

export const devbitMigrations: Record<string, PortableMigration> = {
  '0002-devbit': {
    async up(db, dialect) {
      await withIdColumn(db.schema.createTable('devbit_images').ifNotExists(), dialect)
        .addColumn('category', 'varchar(40)', (col) => col.notNull())
        .addColumn('url', 'varchar(500)', (col) => col.notNull().unique())
        .addColumn('alt', 'varchar(300)', (col) => col.notNull())
        .addColumn('width', 'integer', (col) => col.notNull())
        .addColumn('height', 'integer', (col) => col.notNull())
        .addColumn('updated_at', 'varchar(30)', (col) => col.notNull())
        .execute();
    },
  },
};
