import { withIdColumn } from '../../db/columns.ts';
import type { PortableMigration } from '../../db/portable-migration.ts';

export const blogMigrations: Record<string, PortableMigration> = {
  // Named to sort right after '0001-content', which created this table before features owned their tables.
  '0001-content-blogs': {
    async up(db, dialect) {
      await withIdColumn(db.schema.createTable('blogs').ifNotExists(), dialect)
        .addColumn('title', 'varchar(200)', (col) => col.notNull())
        .addColumn('title_key', 'varchar(200)', (col) => col.notNull().unique())
        .addColumn('content', 'text', (col) => col.notNull())
        .addColumn('author', 'varchar(100)', (col) => col.notNull())
        .addColumn('created_at', 'varchar(30)', (col) => col.notNull())
        .addColumn('sort_order', 'integer')
        .addColumn('updated_at', 'varchar(30)', (col) => col.notNull())
        .execute();
    },
  },
  // Drafts and scheduled blogs (issue 30), as posts (0050-posts-publishing).
  '0051-blogs-publishing': {
    async up(db) {
      await db.schema
        .alterTable('blogs')
        .addColumn('draft', 'integer', (col) => col.notNull().defaultTo(0))
        .execute();
      await db.schema.alterTable('blogs').addColumn('publish_at', 'varchar(30)').execute();
    },
  },
};
