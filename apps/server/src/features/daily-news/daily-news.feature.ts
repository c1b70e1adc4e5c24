import {
  holidayAdminCalls,
  holidayInputSchema,
  listHolidays,
  listNewsItems,
  listRains,
  newsItemAdminCalls,
  newsItemInputSchema,
  rainAdminCalls,
  rainInputSchema,
} from '@hurryup/contracts/daily-news';
import { dailyNewsKinds, secondsUntilIndiaMidnight } from '@hurryup/contracts/daily-news-rules';
import type { DailyNewsPageData } from '@hurryup/web/features/daily-news/page-data';
import { tablesOf } from '../../db/tables-of.ts';
import { registerAdminCrud } from '../../shared/admin-crud.ts';
import { defineFeature } from '../../shared/feature.ts';
import { registerCall } from '../../shared/register-call.ts';
import { dailyNewsMigrations } from './daily-news.migrations.ts';
import { createDailyNewsRepository } from './daily-news.repository.ts';
import { createDailyNewsService } from './daily-news.service.ts';
import type { DailyNewsTables } from './daily-news.tables.ts';

/**
 * The daily news home's content (decisions.md section 3): news items, holiday and rain records, each a
 * content kind (`daily-news/*.json`, the admin API). `/api/news-items` answers the items valid today in
 * India by the injected clock; the home page reads the same through its page data.
 */
export const dailyNewsFeature = defineFeature({
  name: 'daily-news',
  migrations: dailyNewsMigrations,
  async plugin(app, { database, config, site, clock }) {
    const repository = createDailyNewsRepository(tablesOf<DailyNewsTables>(database.db));
    const dailyNews = createDailyNewsService(repository, clock);
    const { newsItems, holidays, rains } = dailyNewsKinds;

    // Today's items: until a write of them, or midnight in India by the site's clock, whichever is first.
    registerCall(app, listNewsItems, () => dailyNews.currentNews(), {
      cache: { shows: [newsItems], maxAgeSeconds: (now) => secondsUntilIndiaMidnight(now) },
    });
    registerCall(app, listHolidays, () => dailyNews.holidays(), { cache: { shows: [holidays] } });
    registerCall(app, listRains, () => dailyNews.rains(), { cache: { shows: [rains] } });
    await registerAdminCrud(app, config.adminToken, newsItemAdminCalls, dailyNews.news, newsItems);
    await registerAdminCrud(app, config.adminToken, holidayAdminCalls, dailyNews.holiday, holidays);
    await registerAdminCrud(app, config.adminToken, rainAdminCalls, dailyNews.rain, rains);

    site.providePageData('dailyNews', {
      today: () => dailyNews.today(),
      news: () => dailyNews.currentNews(),
      holidays: () => dailyNews.holidays(),
      rains: () => dailyNews.rains(),
    } satisfies DailyNewsPageData);

    // An import matches a stored record by its natural key, and refuses two items with the same one.
    site.addContentKind({
      path: 'daily-news/news.json',
      schema: newsItemInputSchema,
      uniqueKeys: [{ field: 'id and text', keyOf: (item) => `${item.id} ${item.text}` }],
      upsert: (tx, item) => dailyNews.news.upsertInTransaction(tablesOf<DailyNewsTables>(tx), item),
      isEmpty: dailyNews.news.isEmpty,
      revisionKind: newsItems,
    });
    site.addContentKind({
      path: 'daily-news/holidays.json',
      schema: holidayInputSchema,
      uniqueKeys: [{ field: 'date and occasion', keyOf: (item) => `${item.date} ${item.occasion}` }],
      upsert: (tx, item) => dailyNews.holiday.upsertInTransaction(tablesOf<DailyNewsTables>(tx), item),
      isEmpty: dailyNews.holiday.isEmpty,
      revisionKind: holidays,
    });
    site.addContentKind({
      path: 'daily-news/rains.json',
      schema: rainInputSchema,
      uniqueKeys: [{ field: 'date and name', keyOf: (item) => `${item.date} ${item.name}` }],
      upsert: (tx, item) => dailyNews.rain.upsertInTransaction(tablesOf<DailyNewsTables>(tx), item),
      isEmpty: dailyNews.rain.isEmpty,
      revisionKind: rains,
    });
  },
});
