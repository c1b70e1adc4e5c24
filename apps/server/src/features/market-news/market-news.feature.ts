import type { FeedRun, FeedSourceName } from '@hurryup/contracts/market-news';
import {
  getTrends,
  listStockNews,
  listYoutubeCaptions,
  refreshMarketFeeds,
} from '@hurryup/contracts/market-news';
import type { MarketNewsPageData } from '@hurryup/web/features/market-news/page-data';
import { z } from 'zod';
import { tablesOf } from '../../db/tables-of.ts';
import { registerAdminCalls } from '../../shared/admin-crud.ts';
import { defineFeature } from '../../shared/feature.ts';
import { registerCall } from '../../shared/register-call.ts';
import { marketNewsMigrations } from './market-news.migrations.ts';
import { createMarketNewsRepository } from './market-news.repository.ts';
import { createMarketNewsService } from './market-news.service.ts';
import { marketNewsSettings } from './market-news.settings.ts';
import type { MarketNewsTables } from './market-news.tables.ts';

/**
 * The outside feeds of the market screens: stock news (RSS), trending searches in India and trending video
 * titles, fetched on a schedule into the database; `/api/news`, `/api/trends`, `/api/youtube-captions`, the
 * operator's refresh call, and the stock news, Trending Now and captions pages' data.
 */
export const marketNewsFeature = defineFeature({
  name: 'market-news',
  migrations: marketNewsMigrations,
  settings: marketNewsSettings,
  async plugin(app, { database, config, site, jobs, engines, clock, settings }) {
    const service = createMarketNewsService(
      createMarketNewsRepository(tablesOf<MarketNewsTables>(database.db)),
      settings,
      engines,
      { clock, allowPrivateAddresses: config.outgoing.allowPrivateAddresses },
    );
    // One job per source, run every FEEDS_REFRESH_MINUTES once across all processes (0: only when the
    // operator asks). A failure is logged and answered; the stored items stay.
    const intervalMs = settings.refreshMinutes * 60_000;
    const fetchJobs = (['news', 'trends', 'videos'] as const).map((name: FeedSourceName) =>
      jobs.define({
        name: `market-news.${name}`,
        payload: z.object({}),
        ...(intervalMs > 0 ? { schedule: { everyMs: intervalMs } } : {}),
        // A fetch that failed keeps the stored items and answers its problems: the run log says it failed.
        failedWhen: (result: FeedRun) =>
          result.ok ? undefined : result.problems.join('; ') || 'the fetch failed',
        async handler(_payload, { signal, log }): Promise<FeedRun> {
          try {
            const result = await service.refresh[name](signal);
            // Cached answers that show the feeds are computed anew (docs/decisions/0012-page-cache.md).
            await site.contentChanged(['market-news'], { pictures: false });
            if (!result.ok) log.warn({ problems: result.problems }, 'feed fetch failed; stored items kept');
            else if (result.problems.length > 0) log.warn({ problems: result.problems }, 'some feeds failed');
            return result;
          } catch (error) {
            log.error({ err: error }, 'feed fetch failed; stored items kept');
            return {
              source: name,
              ok: false,
              stored: 0,
              problems: [error instanceof Error ? error.message : String(error)],
            };
          }
        },
      }),
    );

    // Until the next fetch stores something (the fetch jobs announce it).
    const fetched = { shows: ['market-news'] };
    registerCall(app, listStockNews, ({ query }) => service.news(query.limit), { cache: fetched });
    registerCall(app, getTrends, ({ query }) => service.trends(query.rows), { cache: fetched });
    registerCall(app, listYoutubeCaptions, ({ query }) => service.captions(query.query, query.max_results), {
      cache: fetched,
    });

    await registerAdminCalls(app, config.adminToken, (admin) => {
      registerCall(admin, refreshMarketFeeds, () => Promise.all(fetchJobs.map((job) => job.run({}))));
    });

    site.providePageData('marketNews', {
      news: (limit) => service.news(limit),
      trends: (rows) => service.trends(rows),
      captions: (query, max) => service.captions(query, max),
    } satisfies MarketNewsPageData);
  },
});
