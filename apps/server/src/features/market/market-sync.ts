import type { MarketMoment } from '@hurryup/market/market-hours';
import type { FastifyBaseLogger } from 'fastify';
import type { ChartRange, LiveQuote, YahooChartSource } from '../../adapters/yahoo-chart.ts';
import type { MarketRepository } from './market.repository.ts';
import {
  type Instrument,
  knownIndices,
  NIFTY_50,
  NIFTY_50_STOCKS,
  stockInstrument,
} from './market-instruments.ts';

/** Live quotes during market hours, each cached for a minute so visitors do not multiply source calls. */
export interface LiveQuotes {
  quote(symbol: string): Promise<LiveQuote | undefined>;
}

const quoteTtlMs = 60_000;

/** Every instrument the sync keeps: the known indices and the NIFTY 50 stocks. */
export const syncedInstruments: Instrument[] = [...knownIndices, ...NIFTY_50_STOCKS.map(stockInstrument)];

/**
 * Tells the log once when the source stops answering and once when it answers again, instead of one line
 * per symbol per attempt on a machine with no internet.
 */
function sourceHealth(log: FastifyBaseLogger) {
  let down = false;
  return {
    failed(error: unknown) {
      if (down) return;
      down = true;
      log.warn(
        { err: error instanceof Error ? error.message : String(error) },
        'market data source unavailable; answering from the database until it is back',
      );
    },
    ok() {
      if (!down) return;
      down = false;
      log.info('market data source reachable again');
    },
    get down() {
      return down;
    },
  };
}

export function createLiveQuotes(
  source: YahooChartSource,
  log: FastifyBaseLogger,
  now: () => Date,
): LiveQuotes & { health: ReturnType<typeof sourceHealth> } {
  const cache = new Map<string, { at: number; quote: Promise<LiveQuote | undefined> }>();
  const health = sourceHealth(log);
  const bySymbol = new Map(syncedInstruments.map((i) => [i.symbol, i.sourceSymbol]));
  return {
    health,
    quote(symbol) {
      const sourceSymbol = bySymbol.get(symbol);
      if (!sourceSymbol) return Promise.resolve(undefined);
      const at = now().getTime();
      const cached = cache.get(symbol);
      if (cached && at - cached.at < quoteTtlMs) return cached.quote;
      const quote = source.chart(sourceSymbol, '1d').then(
        (answer) => {
          health.ok();
          return answer.quote;
        },
        (error: unknown) => {
          health.failed(error);
          return undefined;
        },
      );
      cache.set(symbol, { at, quote });
      return quote;
    },
  };
}

/** How far back to ask for: enough to cover the gap since the newest stored bar (two years when empty). */
export function rangeFor(lastDate: string | undefined, target: string): ChartRange {
  if (!lastDate) return '2y';
  const days = (Date.parse(target) - Date.parse(lastDate)) / 86_400_000;
  if (days <= 4) return '5d';
  if (days <= 28) return '1mo';
  if (days <= 88) return '3mo';
  if (days <= 180) return '6mo';
  if (days <= 360) return '1y';
  if (days <= 720) return '2y';
  return '5y';
}

export interface SyncResult {
  symbols: number;
  rows: number;
  failed: string[];
}

/**
 * Fetches the daily bars each instrument is missing up to the last closed session and upserts them. Only
 * closed sessions are stored (never the bar still forming), a symbol whose answer is garbage or missing is
 * skipped without touching its stored rows, and the first failure stops the run when the source is down.
 */
export async function syncDailyBars(
  repository: MarketRepository,
  source: YahooChartSource,
  at: MarketMoment,
  log: FastifyBaseLogger,
  instruments: readonly Instrument[] = syncedInstruments,
): Promise<SyncResult> {
  const result: SyncResult = { symbols: 0, rows: 0, failed: [] };
  for (const instrument of instruments) {
    if (!instrument.sourceSymbol) continue;
    const last = await repository.lastBarDate(instrument.symbol);
    if (last && last >= at.lastClosedSession) continue;
    try {
      const answer = await source.chart(instrument.sourceSymbol, rangeFor(last, at.lastClosedSession));
      const bars = answer.bars.filter((bar) => bar.date <= at.lastClosedSession);
      if (bars.length > 0) {
        await repository.upsertInstrument(instrument);
        await repository.upsertBars(instrument.symbol, bars, 'sync');
        result.rows += bars.length;
      }
      result.symbols += 1;
    } catch (error) {
      result.failed.push(instrument.symbol);
      log.debug(
        { symbol: instrument.symbol, err: error instanceof Error ? error.message : error },
        'sync failed',
      );
      // Nothing answers (offline): one failed attempt is enough to know; try again on the next round.
      if (instrument.symbol === NIFTY_50) throw error;
    }
  }
  return result;
}
