import { sql } from 'kysely';
import type { PortableMigration } from '../../db/portable-migration.ts';

export const shortenerMigrations: Record<string, PortableMigration> = {
  '0025-shortener': {
    async up(db) {
      await db.schema
        .createTable('short_links')
        .ifNotExists()
        // Case-sensitive in both databases: SQLite's default collation is BINARY, PostgreSQL's text compares bytes.
        .addColumn('code', 'varchar(32)', (col) => col.primaryKey())
        .addColumn('long_url', 'varchar(2048)', (col) => col.notNull())
        .addColumn('url_hash', 'varchar(64)', (col) => col.notNull())
        .addColumn('is_alias', 'integer', (col) => col.notNull())
        .addColumn('created_at', 'varchar(30)', (col) => col.notNull())
        .addColumn('clicks', 'bigint', (col) => col.notNull().defaultTo(0))
        .execute();
      // One random link per long URL: two visitors shortening it at once end with the same link.
      await db.schema
        .createIndex('short_links_random_url')
        .ifNotExists()
        .unique()
        .on('short_links')
        .column('url_hash')
        .where(sql.ref('is_alias'), '=', 0)
        .execute();
    },
  },
  '0055-short-links-moderation': {
    async up(db) {
      // Set by the operator: a disabled link answers 410 and never redirects (issue 30 item 5).
      await db.schema.alterTable('short_links').addColumn('disabled_at', 'varchar(30)').execute();
      // A deleted link keeps its row, its destination forgotten, so its code is never given out again.
      await db.schema
        .alterTable('short_links')
        .addColumn('deleted', 'integer', (col) => col.notNull().defaultTo(0))
        .execute();
      // The operator's list, newest first, a page at a time.
      await db.schema
        .createIndex('short_links_created')
        .ifNotExists()
        .on('short_links')
        .column('created_at')
        .execute();
      // Whether any link (an alias too) to a URL was disabled, before a new one is made for it.
      await db.schema
        .createIndex('short_links_url')
        .ifNotExists()
        .on('short_links')
        .column('url_hash')
        .execute();
    },
  },
};
