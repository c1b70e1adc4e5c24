import {
  getTrends,
  listStockNews,
  listYoutubeCaptions,
  refreshMarketFeeds,
} from '@hurryup/contracts/market-news';
import type { MarketNewsPageData } from '@hurryup/web/features/market-news/page-data';
import { tablesOf } from '../../db/tables-of.ts';
import { defineFeature } from '../../shared/feature.ts';
import { registerCall } from '../../shared/register-call.ts';
import { createFeedScheduler } from './feed-scheduler.ts';
import { marketNewsMigrations } from './market-news.migrations.ts';
import { createMarketNewsRepository } from './market-news.repository.ts';
import { createMarketNewsService } from './market-news.service.ts';
import type { MarketNewsTables } from './market-news.tables.ts';

/**
 * The outside feeds of the market screens: stock news (RSS), trending searches in India and trending video
 * titles, fetched on a schedule into the database; `/api/news`, `/api/trends`, `/api/youtube-captions`, the
 * operator's refresh call, and the stock news, Trending Now and captions pages' data.
 */
export const marketNewsFeature = defineFeature({
  name: 'market-news',
  migrations: marketNewsMigrations,
  async plugin(app, { database, config, site }) {
    const service = createMarketNewsService(
      createMarketNewsRepository(tablesOf<MarketNewsTables>(database.db)),
      config.feeds,
    );
    const scheduler = createFeedScheduler({
      sources: (['news', 'trends', 'videos'] as const).map((name) => ({
        name,
        run: (signal) => service.refresh[name](signal),
        lastSuccess: () => service.lastSuccess(name),
      })),
      intervalMinutes: config.feeds.refreshMinutes,
      log: app.log.child({ feature: 'market-news' }),
    });
    // Fetching starts once the app is ready and never delays it: the pages answer from the database.
    app.addHook('onReady', async () => scheduler.start());
    app.addHook('preClose', () => scheduler.stop());

    registerCall(app, listStockNews, ({ query }) => service.news(query.limit));
    registerCall(app, getTrends, ({ query }) => service.trends(query.rows));
    registerCall(app, listYoutubeCaptions, ({ query }) => service.captions(query.query, query.max_results));

    const { adminToken } = config;
    if (adminToken) {
      await app.register(async (admin) => {
        admin.adminGate.guard(admin);
        registerCall(admin, refreshMarketFeeds, () => scheduler.runAll());
      });
    }

    site.providePageData('marketNews', {
      news: (limit) => service.news(limit),
      trends: (rows) => service.trends(rows),
      captions: (query, max) => service.captions(query, max),
    } satisfies MarketNewsPageData);
  },
});
