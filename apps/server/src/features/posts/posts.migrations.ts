import { withIdColumn } from '../../db/columns.ts';
import type { PortableMigration } from '../../db/portable-migration.ts';

export const postMigrations: Record<string, PortableMigration> = {
  // Named to sort right after '0001-content', which created this table before features owned their tables.
  '0001-content-posts': {
    async up(db, dialect) {
      await withIdColumn(db.schema.createTable('posts').ifNotExists(), dialect)
        .addColumn('title', 'varchar(200)', (col) => col.notNull())
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
      await db.schema
        .createIndex('posts_updated_at')
        .ifNotExists()
        .on('posts')
        .column('updated_at')
        .execute();
    },
  },
  // The operator's Hindi version, shown on the post page instead of a machine translation.
  '0029-posts-hindi': {
    async up(db) {
      await db.schema.alterTable('posts').addColumn('hindi', 'text').execute();
    },
  },
  // Drafts and scheduled posts (issue 30): public lists, pages, feeds and search show a post once it is not a
  // draft and its publish time, if any, has come.
  '0050-posts-publishing': {
    async up(db) {
      await db.schema
        .alterTable('posts')
        .addColumn('draft', 'integer', (col) => col.notNull().defaultTo(0))
        .execute();
      await db.schema.alterTable('posts').addColumn('publish_at', 'varchar(30)').execute();
      await db.schema
        .createIndex('posts_publish_at')
        .ifNotExists()
        .on('posts')
        .column('publish_at')
        .execute();
    },
  },
};
