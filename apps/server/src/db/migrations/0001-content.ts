import type { Kysely } from 'kysely';
import { withIdColumn } from '../columns.ts';
import type { PortableMigration } from '../migrate.ts';

/** Blogs and forum posts (issue 3), and a small key/value table for one-time start-up tasks. */
export const contentMigration: PortableMigration = {
  async up(db: Kysely<unknown>, dialect) {
    await db.schema
      .createTable('app_state')
      .addColumn('key', 'varchar(100)', (col) => col.primaryKey())
      .addColumn('value', 'text', (col) => col.notNull())
      .execute();

    await withIdColumn(db.schema.createTable('blogs'), dialect)
      .addColumn('title', 'varchar(200)', (col) => col.notNull())
      .addColumn('title_key', 'varchar(200)', (col) => col.notNull().unique())
      .addColumn('content', 'text', (col) => col.notNull())
      .addColumn('author', 'varchar(100)', (col) => col.notNull())
      .addColumn('created_at', 'varchar(30)', (col) => col.notNull())
      .addColumn('sort_order', 'integer')
      .addColumn('updated_at', 'varchar(30)', (col) => col.notNull())
      .execute();

    await withIdColumn(db.schema.createTable('posts'), dialect)
      .addColumn('title', 'varchar(200)', (col) => col.notNull())
      // The title with whitespace runs collapsed: posts are addressed by it, so it is unique.
      .addColumn('title_key', 'varchar(200)', (col) => col.notNull().unique())
      .addColumn('author', 'varchar(100)')
      .addColumn('created_at', 'varchar(30)', (col) => col.notNull())
      .addColumn('description', 'text')
      .addColumn('image', 'text')
      .addColumn('content', 'text')
      .addColumn('imgf', 'integer', (col) => col.notNull().defaultTo(0))
      .addColumn('content_array', 'text')
      .addColumn('updated_at', 'varchar(30)', (col) => col.notNull())
      .execute();
    await db.schema.createIndex('posts_updated_at').on('posts').column('updated_at').execute();
  },
};
