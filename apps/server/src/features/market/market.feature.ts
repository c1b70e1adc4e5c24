import {
  checkBreakout,
  getDailyNews,
  getFinancialData,
  getIndicators,
  getOptionSuggestions,
  getSavedIndicators,
  getTradingViewData,
  listStocks,
  marketEventAdminCalls,
  marketEventInputSchema,
  niftyExpiryWeekdayAdminCalls,
  niftyLotSizeAdminCalls,
  saveIndicators,
} from '@hurryup/contracts/market';
import { addDays } from '@hurryup/market/event-studies';
import {
  indiaDate,
  isMarketOpen,
  nextIndiaMidnight,
  nextMarketMinute,
  sessionsMissedSince,
} from '@hurryup/market/market-hours';
import type { MarketPageData } from '@hurryup/web/features/market/page-data';
import { createYahooChartSource } from '../../adapters/yahoo-chart.ts';
import { tablesOf } from '../../db/tables-of.ts';
import { registerAdminCrud } from '../../shared/admin-crud.ts';
import { defineFeature } from '../../shared/feature.ts';
import {
  type CheckResult,
  type DataExpiryCheck,
  expiryResult,
  type ReadinessCheck,
} from '../../shared/readiness.ts';
import { registerCall } from '../../shared/register-call.ts';
import {
  contractRulesHorizonDays,
  contractRulesReadiness,
  createContractRulesAdmin,
} from './contract-rules.ts';
import { marketMigrations } from './market.migrations.ts';
import { createMarketRepository } from './market.repository.ts';
import { createMarketService } from './market.service.ts';
import { marketSettings } from './market.settings.ts';
import type { MarketTables } from './market.tables.ts';
import { createMarketDataReadModel } from './market-data.ts';
import { createMarketEventsAdmin } from './market-events.ts';
import { startMarketData } from './market-startup.ts';
import { createLiveQuotes } from './market-sync.ts';

/** Where seed-content events come from, so imports from CSV files never count as the seed. */
const contentSource = 'content';

// How long a cached market answer is kept: from stored bars, and with live quotes in market hours (NSE
// holidays are not looked up: on one the shorter age only costs a few more computations).
const storedBarsMaxAgeSeconds = 60;
const liveQuotesMaxAgeSeconds = 15;
const noHolidays: ReadonlySet<string> = new Set();

/**
 * Market data: daily bars, the event calendar and saved indicators; the market calls and the market pages'
 * data; the CSV folders imported at start (MARKET_DATA_DIR, EVENTS_DATA_DIR) and the sync when online.
 */
export const marketFeature = defineFeature({
  name: 'market',
  migrations: marketMigrations,
  settings: marketSettings,
  async plugin(app, { database, config, site, jobs, clock, readiness, settings }) {
    const db = tablesOf<MarketTables>(database.db);
    const repository = createMarketRepository(db, clock);
    const now = () => clock.date();
    const source = settings.sync ? createYahooChartSource({ baseUrl: settings.sourceUrl }) : undefined;
    const live = source ? createLiveQuotes(source, app.log, now) : undefined;
    // The one read model of the stored bars and events, for this feature and the trading features.
    let startup: { importDone: Promise<void> } | undefined;
    const data = createMarketDataReadModel(db, async () => {
      // Nothing is read from a folder still being imported at start (market-startup.ts).
      await startup?.importDone;
      await site.contentRevision.current();
      return site.contentRevision.latestOf(['market']);
    });
    site.provideReadModel('marketData', data);
    // Cached market pages (handle.cache.follows) are kept to the end of the minute in market hours, to the
    // next session's open outside them (NSE holidays from the calendar); pages that show "today" to the
    // next midnight in India.
    site.providePageMoment('market-minute', async (at) =>
      nextMarketMinute(at, await (await data.current()).holidays()),
    );
    site.providePageMoment('india-date', (at) => nextIndiaMidnight(at));
    const market = createMarketService({ repository, clock, live, data });

    // The market's checks wait for nothing: while the start-up import runs (in a child process, some seconds
    // on a first start) each says so as a warning, instead of failing for want of an answer within 2 s.
    let importFinished = false;
    const importingNow: CheckResult = {
      state: 'warning',
      message: 'The market data folders are being imported at start; this check follows once that ends.',
    };
    const marketChecks = {
      add: (check: ReadinessCheck) =>
        readiness.add({ ...check, check: async () => (importFinished ? check.check() : importingNow) }),
      addDataExpiry: ({ name, what, lastDay, warnWithinDays }: DataExpiryCheck) =>
        marketChecks.add({
          name,
          required: false,
          check: async () =>
            expiryResult(what, await lastDay(), clock.date().toISOString().slice(0, 10), warnWithinDays),
        }),
    };

    // Data that runs out (docs/operations.md, "Readiness"): the holiday calendar, which also moves expiries
    // (warned 30 days ahead, and 3 months ahead for the expiry calendar the option studies price), and the
    // daily bars while the sync is meant to keep them current.
    marketChecks.addDataExpiry({
      name: 'holiday-calendar',
      what: 'The holiday calendar',
      lastDay: async () => (await market.dataHorizon()).holidayCalendarEnd,
    });
    marketChecks.addDataExpiry({
      name: 'expiry-calendar',
      what: 'The NIFTY expiry calendar (holidays move expiries)',
      lastDay: async () => (await market.dataHorizon()).holidayCalendarEnd,
      warnWithinDays: 90,
    });
    // NSE's lot sizes and expiry weekdays as the operator keeps them (contract-rules.ts): a warning when
    // they stop covering the expiries of the next 3 months, or are known to end within them.
    marketChecks.add({
      name: 'contract-rules',
      required: false,
      async check() {
        const today = indiaDate(now());
        const horizon = addDays(today, contractRulesHorizonDays);
        const { expiriesAhead } = await market.dataHorizon();
        return contractRulesReadiness({
          db,
          rules: await (await data.current()).contractRules(),
          today,
          horizon,
          expiries: expiriesAhead.expiries.map((e) => e.expiry).filter((expiry) => expiry <= horizon),
        });
      },
    });
    marketChecks.add({
      name: 'market-data',
      required: false,
      async check() {
        const { lastBarDate } = await market.dataHorizon();
        if (lastBarDate === undefined)
          return {
            state: 'warning',
            message: 'No NIFTY 50 bars are stored: the trading pages have no data.',
          };
        if (!settings.sync) return { state: 'ok', message: `The last NIFTY 50 bar is of ${lastBarDate}.` };
        const missed = sessionsMissedSince(
          lastBarDate,
          indiaDate(now()),
          await (await data.current()).holidays(),
        );
        return missed > 3
          ? {
              state: 'warning',
              message: `The last NIFTY 50 bar is of ${lastBarDate}: ${missed} sessions behind although the sync is on.`,
            }
          : { state: 'ok', message: `The last NIFTY 50 bar is of ${lastBarDate}.` };
      },
    });

    // Answers from the stored bars change when the import or the sync writes bars (both announce it), and
    // with the time of day (whether the session is open, the last closed session): a minute at most. Live
    // quotes in market hours are kept for seconds only.
    const fromBars = { shows: ['market'], maxAgeSeconds: storedBarsMaxAgeSeconds };
    const withLiveQuotes = {
      shows: ['market'],
      maxAgeSeconds: () =>
        isMarketOpen(now(), noHolidays) ? liveQuotesMaxAgeSeconds : storedBarsMaxAgeSeconds,
    };
    registerCall(app, getFinancialData, () => market.financialData(), { cache: withLiveQuotes });
    registerCall(app, getTradingViewData, () => market.tradingView(), { cache: fromBars });
    registerCall(app, getDailyNews, () => market.dailyNews(), { cache: fromBars });
    registerCall(app, listStocks, ({ query }) => market.stocks(query.symbols?.split(',')), {
      cache: withLiveQuotes,
    });
    registerCall(app, getIndicators, () => market.indicators(), { cache: fromBars });
    registerCall(app, saveIndicators, async ({ body }) => {
      const saved = await market.save(body);
      await site.contentChanged(['saved-indicators'], { pictures: false });
      return saved;
    });
    registerCall(app, getSavedIndicators, ({ query }) => market.saved(query.device_id), {
      cache: { shows: ['saved-indicators'] },
    });
    registerCall(app, getOptionSuggestions, () => market.optionSuggestion(), { cache: fromBars });
    registerCall(app, checkBreakout, ({ body }) => market.breakout(body));
    site.providePageData('market', {
      stocks: () => market.stocks(),
      financialData: () => market.financialData(),
      tradingView: () => market.tradingView(),
      dailyNews: () => market.dailyNews(),
      optionSuggestion: () => market.optionSuggestion(),
      breakout: () => market.breakout({ data: [] }),
      indicators: () => market.indicators(),
    } satisfies MarketPageData);

    // The operator's calls on the event calendar; each write moves the 'market' revision.
    const events = createMarketEventsAdmin(db, clock);
    await registerAdminCrud(app, config.adminToken, marketEventAdminCalls, events, 'market');
    // The operator's calls on NSE's contract rules (lot sizes, expiry weekdays): each write moves the
    // 'market' revision too, so the studies, the read model's rules and the cached answers follow.
    const contractRules = createContractRulesAdmin(db, clock);
    await registerAdminCrud(
      app,
      config.adminToken,
      niftyLotSizeAdminCalls,
      contractRules.lotSizes,
      'market',
      {
        activityKind: 'nifty-lot-sizes',
      },
    );
    await registerAdminCrud(
      app,
      config.adminToken,
      niftyExpiryWeekdayAdminCalls,
      contractRules.expiryWeekdays,
      'market',
      { activityKind: 'nifty-expiry-weekdays' },
    );

    site.addContentKind({
      path: 'market-events',
      schema: marketEventInputSchema,
      uniqueKeys: [{ field: 'date', keyOf: (e) => `${e.date} ${e.kind}` }],
      upsert: (tx, e) =>
        createMarketRepository(tablesOf<MarketTables>(tx), clock).upsertEvent(
          { date: e.date, kind: e.kind, title: e.event, impact: e.impact, scheduled: e.scheduled },
          contentSource,
          tablesOf<MarketTables>(tx),
        ),
      isEmpty: async () => (await repository.countEvents(contentSource)) === 0,
      revisionKind: 'market',
    });

    startup = startMarketData(app, { database, config, settings, repository, market, source, jobs, clock });
    void startup.importDone.then(() => {
      importFinished = true;
    });
  },
});
