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
  '0016-comments-dedupe': {
    async up(db) {
      // The same text on the same image in the same minute can be stored once, whichever process
      // answers: the service's check within a sliding minute has this constraint behind it.
      await db.schema.alterTable('comments').addColumn('dedupe_key', 'varchar(100)').execute();
      await db.schema
        .createIndex('comments_dedupe_key')
        .ifNotExists()
        .unique()
        .on('comments')
        .column('dedupe_key')
        .execute();
    },
  },
  '0017-comments-paging': {
    async up(db) {
      // A page of an image's visible comments is the newest ones before an id: one range of this index,
      // however many the image has; counting them reads the same index and never the table.
      await db.schema
        .createIndex('comments_image_visible_id')
        .ifNotExists()
        .on('comments')
        .columns(['image_url', 'hidden', 'id'])
        .execute();
    },
  },
};
