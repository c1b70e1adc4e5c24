import type { FeedSourceName, StockNewsItem } from '@hurryup/contracts/market-news';
import { type Kysely, sql } from 'kysely';
import type { MarketNewsTables } from './market-news.tables.ts';

type Db = Kysely<MarketNewsTables>;

export interface NewsRow {
  url: string;
  title: string;
  summary: string;
  imageUrl: string | undefined;
  source: string;
  publishedAt: string | undefined;
}
export interface TrendRow {
  titleKey: string;
  title: string;
  trafficText: string | undefined;
  traffic: number;
  newsUrl: string | undefined;
  publishedAt: string | undefined;
}
export interface VideoRow {
  videoId: string;
  title: string;
  channel: string;
  topicKey: string;
  publishedAt: string | undefined;
}

/** How much history each table keeps: enough for the pages, bounded however long the server runs. */
export const keepNewsItems = 1000;
export const keepVideos = 1000;
/** A trends feed lists 20 to 50 searches a fetch: 1000 is weeks of them (one hostile fetch once stored 30,000). */
export const keepTrends = 1000;
const keepTrendsDays = 30;

/** Escapes LIKE's wildcards so a visitor's text matches literally. */
const likePattern = (text: string) => `%${text.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/** Every query on the market feed tables. */
export function createMarketNewsRepository(db: Db) {
  return {
    /** Adds new articles and refreshes known ones (same link); a missing date keeps the stored one. */
    async upsertNews(items: NewsRow[], now: string): Promise<void> {
      await db.transaction().execute(async (tx) => {
        for (const item of items) {
          const values = {
            url: item.url,
            title: item.title,
            summary: item.summary,
            image_url: item.imageUrl ?? null,
            source: item.source,
            fetched_at: now,
          };
          await tx
            .insertInto('market_news_items')
            .values({ ...values, published_at: item.publishedAt ?? now })
            .onConflict((oc) =>
              oc
                .column('url')
                .doUpdateSet({ ...values, ...(item.publishedAt ? { published_at: item.publishedAt } : {}) }),
            )
            .execute();
        }
        await pruneBeyond(tx, 'market_news_items', keepNewsItems);
      });
    },

    async listNews(limit: number): Promise<StockNewsItem[]> {
      const rows = await db
        .selectFrom('market_news_items')
        .selectAll()
        .orderBy('published_at', 'desc')
        .orderBy('id', 'desc')
        .limit(limit)
        .execute();
      return rows.map((row) => ({
        title: row.title,
        summary: row.summary,
        url: row.url,
        ...(row.image_url ? { image_url: row.image_url } : {}),
        source: row.source,
        published_at: row.published_at,
      }));
    },

    async upsertTrends(trends: TrendRow[], now: string): Promise<void> {
      await db.transaction().execute(async (tx) => {
        for (const trend of trends) {
          const values = {
            title: trend.title,
            traffic_text: trend.trafficText ?? null,
            traffic: trend.traffic,
            news_url: trend.newsUrl ?? null,
            published_at: trend.publishedAt ?? null,
            last_seen_at: now,
          };
          await tx
            .insertInto('market_trends')
            .values({ ...values, title_key: trend.titleKey })
            .onConflict((oc) => oc.column('title_key').doUpdateSet(values))
            .execute();
        }
        const cutoff = new Date(Date.parse(now) - keepTrendsDays * 86_400_000).toISOString();
        await tx.deleteFrom('market_trends').where('last_seen_at', '<', cutoff).execute();
        // Beyond the newest `keepTrends` (last seen, then most searched), the rest go.
        await tx
          .deleteFrom('market_trends')
          .where(
            'id',
            'not in',
            tx
              .selectFrom('market_trends')
              .select('id')
              .orderBy('last_seen_at', 'desc')
              .orderBy('traffic', 'desc')
              .orderBy('id', 'desc')
              .limit(keepTrends),
          )
          .execute();
      });
    },

    /** The searches seen in the 24 hours before the latest fetch, most searched first. */
    async listRecentTrends(limit: number) {
      const latest = await db
        .selectFrom('market_trends')
        .select(db.fn.max('last_seen_at').as('latest'))
        .executeTakeFirst();
      if (!latest?.latest) return [];
      const since = new Date(Date.parse(latest.latest) - 86_400_000).toISOString();
      return db
        .selectFrom('market_trends')
        .select(['title', 'traffic_text', 'traffic'])
        .where('last_seen_at', '>=', since)
        .orderBy('traffic', 'desc')
        .orderBy('last_seen_at', 'desc')
        .orderBy('id', 'asc')
        .limit(limit)
        .execute();
    },

    async upsertVideos(videos: VideoRow[], now: string): Promise<void> {
      await db.transaction().execute(async (tx) => {
        for (const video of videos) {
          const values = {
            title: video.title,
            channel: video.channel,
            topic_key: video.topicKey,
            fetched_at: now,
          };
          await tx
            .insertInto('market_videos')
            .values({ ...values, video_id: video.videoId, published_at: video.publishedAt ?? now })
            .onConflict((oc) =>
              oc.column('video_id').doUpdateSet({
                ...values,
                ...(video.publishedAt ? { published_at: video.publishedAt } : {}),
              }),
            )
            .execute();
        }
        await pruneBeyond(tx, 'market_videos', keepVideos);
      });
    },

    /** Newest first: videos fetched for `topicKey`, or any stored video whose title contains `text`. */
    async listVideoTitles(filter: { topicKey: string } | { text: string }, limit: number): Promise<string[]> {
      let query = db.selectFrom('market_videos').select('title');
      query =
        'topicKey' in filter
          ? query.where('topic_key', '=', filter.topicKey)
          : query.where(sql<boolean>`lower(title) like ${likePattern(filter.text)} escape '\\'`);
      const rows = await query.orderBy('published_at', 'desc').orderBy('id', 'desc').limit(limit).execute();
      return rows.map((row) => row.title);
    },

    async recordRun(source: FeedSourceName, run: { at: string; ok: boolean; problem: string | undefined }) {
      const values = {
        last_attempt_at: run.at,
        last_problem: run.problem ?? null,
        ...(run.ok ? { last_success_at: run.at } : {}),
      };
      await db
        .insertInto('market_feed_runs')
        .values({ source, last_success_at: null, ...values })
        .onConflict((oc) => oc.column('source').doUpdateSet(values))
        .execute();
    },

    async lastSuccess(source: FeedSourceName): Promise<string | null> {
      const row = await db
        .selectFrom('market_feed_runs')
        .select('last_success_at')
        .where('source', '=', source)
        .executeTakeFirst();
      return row?.last_success_at ?? null;
    },
  };
}
export type MarketNewsRepository = ReturnType<typeof createMarketNewsRepository>;

/** Deletes the oldest rows (by publication) beyond the newest `keep`. */
async function pruneBeyond(tx: Db, table: 'market_news_items' | 'market_videos', keep: number) {
  const boundary = await tx
    .selectFrom(table)
    .select(['published_at', 'id'])
    .orderBy('published_at', 'desc')
    .orderBy('id', 'desc')
    .offset(keep - 1)
    .limit(1)
    .executeTakeFirst();
  if (!boundary) return;
  await tx
    .deleteFrom(table)
    .where((eb) =>
      eb.or([
        eb('published_at', '<', boundary.published_at),
        eb.and([eb('published_at', '=', boundary.published_at), eb('id', '<', boundary.id)]),
      ]),
    )
    .execute();
}
