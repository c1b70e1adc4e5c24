import { withIdColumn } from '../../db/columns.ts';
import type { PortableMigration } from '../../db/portable-migration.ts';

export const galleryMigrations: Record<string, PortableMigration> = {
  '0003-galleries': {
    async up(db, dialect) {
      await withIdColumn(db.schema.createTable('gallery_images').ifNotExists(), dialect)
        .addColumn('url', 'varchar(500)', (col) => col.notNull().unique())
        .addColumn('alt', 'varchar(300)', (col) => col.notNull())
        .addColumn('width', 'integer', (col) => col.notNull())
        .addColumn('height', 'integer', (col) => col.notNull())
        .addColumn('updated_at', 'varchar(30)', (col) => col.notNull())
        .execute();
      await withIdColumn(db.schema.createTable('gallery_videos').ifNotExists(), dialect)
        .addColumn('title', 'varchar(200)', (col) => col.notNull())
        .addColumn('vidurl', 'varchar(2000)', (col) => col.notNull())
        .addColumn('image_url', 'varchar(500)', (col) => col.notNull())
        .addColumn('width', 'integer', (col) => col.notNull())
        .addColumn('height', 'integer', (col) => col.notNull())
        .addColumn('updated_at', 'varchar(30)', (col) => col.notNull())
        .execute();
      await withIdColumn(db.schema.createTable('web_stories').ifNotExists(), dialect)
        .addColumn('title', 'varchar(200)', (col) => col.notNull())
        .addColumn('thumbnail_url', 'varchar(500)')
        .addColumn('pages', 'text', (col) => col.notNull())
        .addColumn('updated_at', 'varchar(30)', (col) => col.notNull())
        .execute();
    },
  },
};
