import {
  checkBreakout,
  getDailyNews,
  getFinancialData,
  getIndicators,
  getOptionSuggestions,
  getSavedIndicators,
  getTradingViewData,
  listStocks,
  marketEventInputSchema,
  saveIndicators,
} from '@hurryup/contracts/market';
import type { MarketPageData } from '@hurryup/web/features/market/page-data';
import { createYahooChartSource } from '../../adapters/yahoo-chart.ts';
import { tablesOf } from '../../db/tables-of.ts';
import { defineFeature } from '../../shared/feature.ts';
import { registerCall } from '../../shared/register-call.ts';
import { marketMigrations } from './market.migrations.ts';
import { createMarketRepository } from './market.repository.ts';
import { createMarketService } from './market.service.ts';
import type { MarketTables } from './market.tables.ts';
import { startMarketData } from './market-startup.ts';
import { createLiveQuotes } from './market-sync.ts';

/** Where seed-content events come from, so imports from CSV files never count as the seed. */
const contentSource = 'content';

/**
 * Market data: daily bars, the event calendar and saved indicators; the market calls and the market pages'
 * data; the CSV folders imported at start (MARKET_DATA_DIR, EVENTS_DATA_DIR) and the sync when online.
 */
export const marketFeature = defineFeature({
  name: 'market',
  migrations: marketMigrations,
  async plugin(app, { database, config, site }) {
    const repository = createMarketRepository(tablesOf<MarketTables>(database.db));
    const fixedClock = config.market.clock;
    const now = () => (fixedClock ? new Date(fixedClock) : new Date());
    const source = config.market.sync
      ? createYahooChartSource({ baseUrl: config.market.sourceUrl })
      : undefined;
    const live = source ? createLiveQuotes(source, app.log, now) : undefined;
    const market = createMarketService({ repository, now, live });

    registerCall(app, getFinancialData, () => market.financialData());
    registerCall(app, getTradingViewData, () => market.tradingView());
    registerCall(app, getDailyNews, () => market.dailyNews());
    registerCall(app, listStocks, ({ query }) => market.stocks(query.symbols?.split(',')));
    registerCall(app, getIndicators, () => market.indicators());
    registerCall(app, saveIndicators, ({ body }) => market.save(body));
    registerCall(app, getSavedIndicators, ({ query }) => market.saved(query.device_id));
    registerCall(app, getOptionSuggestions, () => market.optionSuggestion());
    registerCall(app, checkBreakout, ({ body }) => market.breakout(body));

    site.providePageData('market', {
      stocks: () => market.stocks(),
      financialData: () => market.financialData(),
      tradingView: () => market.tradingView(),
      dailyNews: () => market.dailyNews(),
      optionSuggestion: () => market.optionSuggestion(),
      breakout: () => market.breakout({ data: [] }),
    } satisfies MarketPageData);

    site.addContentKind({
      path: 'market-events',
      schema: marketEventInputSchema,
      uniqueKeys: [{ field: 'date', keyOf: (e) => `${e.date} ${e.kind}` }],
      upsert: (tx, e) =>
        createMarketRepository(tablesOf<MarketTables>(tx)).upsertEvent(
          { date: e.date, kind: e.kind, title: e.event, impact: e.impact },
          contentSource,
          tablesOf<MarketTables>(tx),
        ),
      committed: () => market.forgetHolidays(),
      isEmpty: async () => (await repository.countEvents(contentSource)) === 0,
    });

    startMarketData(app, { database, config, repository, market, source });
  },
});
