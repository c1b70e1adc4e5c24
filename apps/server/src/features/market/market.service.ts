import type {
  BreakoutAlert,
  DailyNews,
  FinancialData,
  Indicators,
  OptionSuggestion,
  StockRow,
  TradingViewData,
} from '@hurryup/contracts/market';
import { marketDataNotLoadedCode } from '@hurryup/contracts/market-codes';
import { assertValidBars, type DailyBar } from '@hurryup/market/bars';
import { detectBreakout } from '@hurryup/market/breakout';
import type { MarketData, MarketDataReadModel, StoredBar } from '@hurryup/market/market-data';
import { indiaDate, type MarketMoment, marketMoment } from '@hurryup/market/market-hours';
import { niftyContractLot, niftyExpiryOnOrAfter } from '@hurryup/market/nifty-contracts';
import { optionSuggestion, vixLevelsBefore } from '@hurryup/market/option-suggestion';
import { rsiValues } from '@hurryup/market/oscillators';
import { lastValue } from '@hurryup/market/series';
import { type TechnicalRating, technicalRating } from '@hurryup/market/technical-rating';
import type { Clock } from '../../shared/clock.ts';
import { HttpError } from '../../shared/http-error.ts';
import type { MarketRepository } from './market.repository.ts';
import { INDIA_VIX, NIFTY_50, NIFTY_50_STOCKS } from './market-instruments.ts';
import type { LiveQuotes } from './market-sync.ts';

/**
 * Bars read for a rating: the EMA recursions need far more than SMA(200)'s 200 to settle. EMA(200) started
 * 600 bars back is up to 0.11 % off its full-history value (COALINDIA; 2.9 points on NIFTY); 2000 bars
 * leave 1.5e-9 % on NIFTY and cover the whole stored history of every NIFTY 50 stock.
 */
export const ratingBars = 2000;

/** A stock's row of the table before any live quote: its last two stored bars and its rating. */
interface StockSummary {
  last: StoredBar;
  before: StoredBar | undefined;
  rating: TechnicalRating['label'];
}

/** How far ahead the contract rules must place every expiry (three months). */
const contractHorizonDays = 92;

const round2 = (value: number) => Math.round(value * 100) / 100;
const formatNumber = (value: number) =>
  value.toLocaleString('en-IN', { minimumFractionDigits: 2, maximumFractionDigits: 2 });
const signed = (value: number) => `${value >= 0 ? '+' : '−'}${formatNumber(Math.abs(value))}`;

/**
 * An event's title as visitors read it: the calendar's notes for its keepers ("(scheduled date; outcome not
 * recorded here)") are left out.
 */
export function publicEventTitle(title: string): string {
  return title.replace(/\s*\(scheduled date;[^)]*\)/gi, '').trim();
}

export function notLoaded(what: string): HttpError {
  return new HttpError(
    503,
    marketDataNotLoadedCode,
    // Visitors read this; the operator's instructions are in the start-up log (market-startup.ts).
    `Market data is not loaded yet: the site has no ${what}.`,
  );
}

export interface MarketServiceOptions {
  repository: MarketRepository;
  /** The site's clock (`context.clock`: a ManualClock in tests, stood still by MARKET_CLOCK in demos). */
  clock: Pick<Clock, 'now' | 'date'>;
  /** Live quotes during market hours; absent when the sync is off. */
  live?: LiveQuotes | undefined;
  /** The stored bars and events, one snapshot per data revision (market-data.ts). */
  data: MarketDataReadModel;
}

/** What the market calls answer, computed from the stored bars (and live quotes in market hours). */
export function createMarketService({ repository, clock, live, data }: MarketServiceOptions) {
  const now = () => clock.date();

  async function holidays(): Promise<ReadonlySet<string>> {
    return (await data.current()).holidays();
  }

  async function moment(): Promise<MarketMoment> {
    return marketMoment(now(), await holidays());
  }

  /** The last `count` stored bars of a symbol, oldest first. */
  async function recentBars(symbol: string, count: number): Promise<readonly StoredBar[]> {
    return (await (await data.current()).bars(symbol)).slice(-count);
  }

  async function lastTwo(symbol: string, what: string): Promise<[DailyBar | undefined, DailyBar]> {
    const bars = await recentBars(symbol, 2);
    const last = bars.at(-1);
    if (!last) throw notLoaded(what);
    return [bars.length > 1 ? bars[0] : undefined, last];
  }

  /** The rating of a symbol's last `ratingBars` stored bars, computed once per data revision. */
  async function ratingOf(snapshot: MarketData, symbol: string): Promise<TechnicalRating | undefined> {
    const bars = await snapshot.bars(symbol);
    if (bars.length === 0) return undefined;
    return snapshot.derive(`rating ${symbol}`, () => technicalRating(bars.slice(-ratingBars)));
  }

  /**
   * What the stock table shows of a symbol, computed once per data revision: its last two bars and its
   * rating. Only these are kept: its bars are read for it and let go (50 stocks' five years of bars held
   * some 8 MB of a web process for the sake of two bars each and a label).
   */
  function stockSummaryOf(snapshot: MarketData, symbol: string): Promise<StockSummary | undefined> {
    return snapshot.derive(`stock summary ${symbol}`, async () => {
      const bars = await snapshot.barsOnce(symbol);
      const last = bars.at(-1);
      if (!last) return undefined;
      return { last, before: bars.at(-2), rating: technicalRating(bars.slice(-ratingBars)).label };
    });
  }

  async function nextEvent(after: string) {
    const kinds = new Set(['rbi', 'usfed', 'budget', 'election', 'results']);
    const events = await (await data.current()).events();
    return events.find((e) => e.date > after && kinds.has(e.kind));
  }

  return {
    holidays,
    moment,

    /**
     * For readiness (the operator's checks): the date of the newest stored NIFTY 50 bar, the last day the
     * holiday calendar lists, and whether the contract rules can place every expiry of the next three
     * months: an expiry moves to the session before a holiday, so the calendar must reach past them. The
     * expiries and their lots follow the stored contract rules (snapshot.contractRules).
     */
    async dataHorizon(): Promise<{
      lastBarDate: string | undefined;
      holidayCalendarEnd: string | undefined;
      expiriesAhead: { until: string; covered: boolean; expiries: { expiry: string; lotSize: number }[] };
    }> {
      const snapshot = await data.current();
      const today = indiaDate(now());
      const until = shiftDays(today, contractHorizonDays);
      const holidaySet = await snapshot.holidays();
      const rules = await snapshot.contractRules();
      const holidayCalendarEnd = [...holidaySet].sort().at(-1);
      const expiries: { expiry: string; lotSize: number }[] = [];
      for (let day = today; expiries.length < 40; ) {
        const expiry = niftyExpiryOnOrAfter(day, holidaySet, 'weekly', rules);
        if (expiry > until) break;
        expiries.push({
          expiry,
          lotSize: niftyContractLot({ expiry, kind: 'weekly', listedOn: today }, today, rules),
        });
        day = shiftDays(expiry, 1);
      }
      return {
        lastBarDate: (await snapshot.bars(NIFTY_50)).at(-1)?.date,
        holidayCalendarEnd,
        expiriesAhead: {
          until,
          covered: holidayCalendarEnd !== undefined && holidayCalendarEnd >= until,
          expiries,
        },
      };
    },

    async financialData(): Promise<FinancialData> {
      const [, nifty] = await lastTwo(NIFTY_50, 'NIFTY 50 prices');
      const [, vix] = await lastTwo(INDIA_VIX, 'India VIX prices');
      const at = await moment();
      if (at.open && live) {
        const [niftyQuote, vixQuote] = await Promise.all([live.quote(NIFTY_50), live.quote(INDIA_VIX)]);
        if (niftyQuote && vixQuote) {
          return {
            status: 'success',
            data: { 'Nifty Index': niftyQuote.price, 'India VIX': vixQuote.price },
            live: true,
            marketOpen: true,
            asOf: niftyQuote.time,
          };
        }
      }
      return {
        status: 'success',
        data: { 'Nifty Index': nifty.close, 'India VIX': vix.close },
        live: false,
        marketOpen: at.open,
        asOf: nifty.date,
      };
    },

    async tradingView(): Promise<TradingViewData> {
      const snapshot = await data.current();
      const rating = await ratingOf(snapshot, NIFTY_50);
      const last = (await snapshot.bars(NIFTY_50)).at(-1);
      if (!rating || !last) throw notLoaded('NIFTY 50 prices');
      const list = (sell: number, neutral: number, buy: number) => [
        { name: 'Sell' },
        { name: String(sell) },
        { name: 'Neutral' },
        { name: String(neutral) },
        { name: 'Buy' },
        { name: String(buy) },
      ];
      const { movingAverages: ma, oscillators: osc, totals } = rating;
      return {
        summary: list(totals.sell, totals.neutral, totals.buy),
        oscillators: list(osc.sell, osc.neutral, osc.buy),
        movingAverages: list(ma.sell, ma.neutral, ma.buy),
        symbol: NIFTY_50,
        rating: rating.label,
        asOf: last.date,
      };
    },

    async dailyNews(): Promise<DailyNews> {
      const [niftyBefore, nifty] = await lastTwo(NIFTY_50, 'NIFTY 50 prices');
      const parts = [`On ${nifty.date} NIFTY 50 closed at ${formatNumber(nifty.close)}`];
      if (niftyBefore) {
        const change = nifty.close - niftyBefore.close;
        parts[0] += ` (${signed(change)}, ${signed((change / niftyBefore.close) * 100)}%)`;
      }
      const bank = (await recentBars('NIFTY BANK', 2)).filter((b) => b.date <= nifty.date);
      if (bank.at(-1)?.date === nifty.date) {
        const [before, last] = [bank.at(-2), bank.at(-1)!];
        parts[0] += `; NIFTY BANK at ${formatNumber(last.close)}`;
        if (before) parts[0] += ` (${signed(((last.close - before.close) / before.close) * 100)}%)`;
      }
      parts[0] += '.';
      const vix = await recentBars(INDIA_VIX, 2);
      const vixLast = vix.at(-1);
      if (vixLast) {
        const before = vix.at(-2);
        const direction = !before
          ? ''
          : vixLast.close > before.close
            ? `, up from ${formatNumber(before.close)}`
            : vixLast.close < before.close
              ? `, down from ${formatNumber(before.close)}`
              : ', unchanged';
        parts.push(
          `India VIX was ${formatNumber(vixLast.close)}${direction}${vixLast.date === nifty.date ? '' : ` (on ${vixLast.date})`}.`,
        );
      }
      // The next event is the next one after today, not after the last stored session (months ago when the
      // data is old).
      const event = await nextEvent(indiaDate(now()));
      if (event) parts.push(`Next event: ${publicEventTitle(event.title)} on ${event.date}.`);
      return { news: parts.join(' '), asOf: nifty.date };
    },

    async stocks(symbols?: readonly string[]): Promise<StockRow[]> {
      const wanted = symbols ?? NIFTY_50_STOCKS;
      const unknown = wanted.filter((s) => !(NIFTY_50_STOCKS as readonly string[]).includes(s));
      if (unknown.length > 0)
        throw new HttpError(404, 'UNKNOWN_SYMBOL', `Not a NIFTY 50 stock: ${unknown.join(', ')}.`, {
          symbols: `Unknown symbol${unknown.length > 1 ? 's' : ''}: ${unknown.join(', ')}.`,
        });
      const snapshot = await data.current();
      const summaries = new Map<string, StockSummary>();
      for (const symbol of wanted) {
        const summary = await stockSummaryOf(snapshot, symbol);
        if (summary) summaries.set(symbol, summary);
      }
      if (summaries.size === 0) throw notLoaded('NIFTY 50 stock prices');
      const at = await moment();
      const rows: StockRow[] = [];
      for (const symbol of wanted) {
        const summary = summaries.get(symbol);
        if (!summary) continue;
        const { last, before, rating } = summary;
        const quote = at.open && live ? await live.quote(symbol) : undefined;
        if (quote) {
          const base = quote.previousClose ?? last.close;
          rows.push({
            symbol,
            price: quote.price,
            high: quote.dayHigh ?? quote.price,
            low: quote.dayLow ?? quote.price,
            change: round2(((quote.price - base) / base) * 100),
            rating,
            asOf: quote.time.slice(0, 10),
          });
          continue;
        }
        rows.push({
          symbol,
          price: last.close,
          high: last.high,
          low: last.low,
          change: before ? round2(((last.close - before.close) / before.close) * 100) : 0,
          rating,
          asOf: last.date,
        });
      }
      return rows;
    },

    /** Ratings of the NIFTY 50 stocks from stored bars, computed afresh (the benchmark's measure). */
    async rateAllStocks(): Promise<Map<string, TechnicalRating>> {
      const latest = await repository.lastBarDate(NIFTY_50_STOCKS[0]);
      const barsBySymbol = await repository.recentBarsOf(
        NIFTY_50_STOCKS,
        shiftDays(latest ?? '2000-01-01', -Math.ceil(ratingBars * 1.5)),
      );
      const ratings = new Map<string, TechnicalRating>();
      for (const [symbol, bars] of barsBySymbol)
        ratings.set(symbol, technicalRating(bars.slice(-ratingBars)));
      return ratings;
    },

    async indicators(): Promise<Indicators> {
      const bars = await recentBars(NIFTY_50, ratingBars);
      const last = bars.at(-1);
      if (!last) throw notLoaded('NIFTY 50 prices');
      const [, vix] = await lastTwo(INDIA_VIX, 'India VIX prices');
      const rsi = lastValue(
        rsiValues(
          bars.map((b) => b.close),
          14,
        ),
      );
      if (rsi === undefined) throw notLoaded('NIFTY 50 prices for 15 days (RSI needs them)');
      const oi = (await (await data.current()).bars(NIFTY_50))
        .filter((b) => b.openInterest !== undefined)
        .slice(-2)
        .map((b) => b.openInterest!);
      const oiChange = oi.length === 2 && oi[0]! > 0 ? round2(((oi[1]! - oi[0]!) / oi[0]!) * 100) : undefined;
      return {
        nifty: last.close,
        rsi: round2(rsi),
        vix: vix.close,
        ...(oiChange === undefined ? {} : { oiChange }),
        asOf: last.date,
      };
    },

    async save(input: {
      device_id: string;
      nifty: number;
      rsi: number;
      vix: number;
      oiChange?: number | undefined;
    }) {
      const savedAt = await repository.saveSnapshot({
        deviceId: input.device_id,
        nifty: input.nifty,
        rsi: input.rsi,
        vix: input.vix,
        oiChange: input.oiChange,
      });
      return {
        nifty: input.nifty,
        rsi: input.rsi,
        vix: input.vix,
        ...(input.oiChange === undefined ? {} : { oiChange: input.oiChange }),
        savedAt,
      };
    },

    async saved(deviceId: string) {
      const snapshot = await repository.lastSnapshot(deviceId);
      if (!snapshot)
        throw new HttpError(404, 'NOT_FOUND', 'No indicator values were saved from this device yet.');
      const { oiChange, ...rest } = snapshot;
      return { ...rest, ...(oiChange === undefined ? {} : { oiChange }) };
    },

    async optionSuggestion(): Promise<OptionSuggestion> {
      const { nifty, rsi, vix, asOf } = await this.indicators();
      // Cheap and rich volatility from the year of India VIX closes before the reading (walk-forward).
      const levels = vixLevelsBefore(await (await data.current()).bars(INDIA_VIX), asOf);
      if (!levels) throw notLoaded('India VIX prices for 20 sessions before the last close');
      const idea = optionSuggestion({ nifty, rsi, vix, levels });
      return { nifty, rsi, vix, suggestion: idea.suggestion, rule: idea.rule, asOf };
    },

    /**
     * The breakout check (packages/market/src/breakout.ts: a close beyond the 20-day high or low, volume
     * spike where volume exists) on the given bars, or on the stored bars of `symbol` when none are given.
     */
    async breakout(request: { data: DailyBar[]; symbol?: string | undefined }): Promise<BreakoutAlert> {
      const symbol = request.symbol ?? NIFTY_50;
      let bars = request.data;
      if (bars.length > 0) {
        try {
          assertValidBars(bars);
        } catch (error) {
          throw new HttpError(400, 'VALIDATION_ERROR', (error as Error).message, {
            data: 'Bars must be valid (low ≤ open, close ≤ high), oldest first, one per date.',
          });
        }
      } else {
        bars = [...(await recentBars(symbol, 60))];
        if (bars.length === 0) {
          if (symbol === NIFTY_50) throw notLoaded('NIFTY 50 prices');
          throw new HttpError(404, 'UNKNOWN_SYMBOL', `The site has no prices for ${symbol}.`, {
            symbol: `No prices stored for ${symbol}.`,
          });
        }
      }
      const asOf = bars.at(-1)!.date;
      if (bars.length < 21)
        return { status: 'no_alert', reason: `Need 21 daily bars, have ${bars.length}.`, symbol, asOf };
      const found = detectBreakout(bars);
      if (!found)
        return {
          status: 'no_alert',
          reason: `The close of ${asOf} is inside the range of the 20 sessions before it.`,
          symbol,
          asOf,
        };
      const volumeNote =
        found.volumeRatio === undefined
          ? 'no volume data to confirm it'
          : `volume ${found.volumeRatio.toFixed(2)}× its 20-day average`;
      return {
        status: 'alert',
        type: found.type,
        confidence: found.confidence,
        volumeSpike: found.volumeSpike,
        pattern: found.pattern,
        reason: `Close ${formatNumber(bars.at(-1)!.close)} on ${asOf} is ${found.type === 'breakout' ? 'above the 20-day high' : 'below the 20-day low'} of ${formatNumber(found.level)}; ${volumeNote}.`,
        symbol,
        asOf,
      };
    },
  };
}
export type MarketService = ReturnType<typeof createMarketService>;

/** A YYYY-MM-DD date moved by `days` calendar days. */
export function shiftDays(date: string, days: number): string {
  const day = new Date(`${date}T00:00:00Z`);
  day.setUTCDate(day.getUTCDate() + days);
  return day.toISOString().slice(0, 10);
}
