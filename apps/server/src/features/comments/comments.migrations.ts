import { withIdColumn } from '../../db/columns.ts';
import type { PortableMigration } from '../../db/portable-migration.ts';

export const commentMigrations: Record<string, PortableMigration> = {
  '0004-comments': {
    async up(db, dialect) {
      await withIdColumn(db.schema.createTable('comments').ifNotExists(), dialect)
        .addColumn('image_url', 'varchar(500)', (col) => col.notNull())
        .addColumn('comment', 'varchar(400)', (col) => col.notNull())
        .addColumn('created_at', 'varchar(30)', (col) => col.notNull())
        .addColumn('hidden', 'integer', (col) => col.notNull().defaultTo(0))
        .execute();
      // An image page lists its comments oldest first; the duplicate check looks at the newest.
      await db.schema
        .createIndex('comments_image_created')
        .ifNotExists()
        .on('comments')
        .columns(['image_url', 'created_at'])
        .execute();
    },
  },
};
