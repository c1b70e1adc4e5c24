import { withIdColumn } from '../../db/columns.ts';
import type { PortableMigration } from '../../db/portable-migration.ts';

export const uploadMigrations: Record<string, PortableMigration> = {
  // The operator's uploaded pictures (issue 30): their files live in DATA_DIR/uploads.
  '0052-uploads': {
    async up(db, dialect) {
      await withIdColumn(db.schema.createTable('uploads').ifNotExists(), dialect)
        .addColumn('file_name', 'varchar(100)', (col) => col.notNull().unique())
        .addColumn('alt', 'varchar(300)', (col) => col.notNull())
        .addColumn('width', 'integer', (col) => col.notNull())
        .addColumn('height', 'integer', (col) => col.notNull())
        .addColumn('bytes', 'integer', (col) => col.notNull())
        .addColumn('created_at', 'varchar(30)', (col) => col.notNull())
        .execute();
    },
  },
};
