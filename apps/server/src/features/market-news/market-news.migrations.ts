import { withIdColumn } from '../../db/columns.ts';
import type { PortableMigration } from '../../db/portable-migration.ts';

export const marketNewsMigrations: Record<string, PortableMigration> = {
  '0012-market-news': {
    async up(db, dialect) {
      await withIdColumn(db.schema.createTable('market_news_items').ifNotExists(), dialect)
        .addColumn('url', 'varchar(2000)', (col) => col.notNull().unique())
        .addColumn('title', 'varchar(300)', (col) => col.notNull())
        .addColumn('summary', 'text', (col) => col.notNull())
        .addColumn('image_url', 'varchar(2000)')
        .addColumn('source', 'varchar(100)', (col) => col.notNull())
        .addColumn('published_at', 'varchar(30)', (col) => col.notNull())
        .addColumn('fetched_at', 'varchar(30)', (col) => col.notNull())
        .execute();
      await db.schema
        .createIndex('market_news_items_published_at')
        .ifNotExists()
        .on('market_news_items')
        .column('published_at')
        .execute();

      await withIdColumn(db.schema.createTable('market_trends').ifNotExists(), dialect)
        .addColumn('title_key', 'varchar(200)', (col) => col.notNull().unique())
        .addColumn('title', 'varchar(200)', (col) => col.notNull())
        .addColumn('traffic_text', 'varchar(30)')
        .addColumn('traffic', 'integer', (col) => col.notNull().defaultTo(0))
        .addColumn('news_url', 'varchar(2000)')
        .addColumn('published_at', 'varchar(30)')
        .addColumn('last_seen_at', 'varchar(30)', (col) => col.notNull())
        .execute();
      await db.schema
        .createIndex('market_trends_last_seen_at')
        .ifNotExists()
        .on('market_trends')
        .column('last_seen_at')
        .execute();

      await withIdColumn(db.schema.createTable('market_videos').ifNotExists(), dialect)
        .addColumn('video_id', 'varchar(20)', (col) => col.notNull().unique())
        .addColumn('title', 'varchar(300)', (col) => col.notNull())
        .addColumn('channel', 'varchar(100)', (col) => col.notNull())
        .addColumn('topic_key', 'varchar(100)', (col) => col.notNull())
        .addColumn('published_at', 'varchar(30)', (col) => col.notNull())
        .addColumn('fetched_at', 'varchar(30)', (col) => col.notNull())
        .execute();
      await db.schema
        .createIndex('market_videos_topic_published')
        .ifNotExists()
        .on('market_videos')
        .columns(['topic_key', 'published_at'])
        .execute();

      await db.schema
        .createTable('market_feed_runs')
        .ifNotExists()
        .addColumn('source', 'varchar(20)', (col) => col.primaryKey())
        .addColumn('last_attempt_at', 'varchar(30)', (col) => col.notNull())
        .addColumn('last_success_at', 'varchar(30)')
        .addColumn('last_problem', 'text')
        .execute();
    },
  },
};
