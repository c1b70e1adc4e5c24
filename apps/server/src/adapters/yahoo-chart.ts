import { barProblem, type DailyBar } from '@hurryup/market/bars';
import { indiaDate } from '@hurryup/market/market-hours';
import { z } from 'zod';
import { OutgoingHttpError, type OutgoingTimers, request } from './outgoing-http.ts';

/**
 * Market data from Yahoo Finance's public chart API (`/v8/finance/chart/<symbol>?range=…&interval=1d`), the
 * source yahoo-finance2 itself reads for `chart()`. It is called through the outgoing client because the base URL
 * must be a setting (tests and CI point it at a local fake server; yahoo-finance2 has no such option).
 * Nothing here touches the database: the sync decides what to keep.
 */

export type ChartRange = '1d' | '5d' | '1mo' | '3mo' | '6mo' | '1y' | '2y' | '5y' | '10y';

export interface LiveQuote {
  price: number;
  dayHigh: number | undefined;
  dayLow: number | undefined;
  previousClose: number | undefined;
  /** When the source last traded it (ISO). */
  time: string;
}

export interface ChartAnswer {
  bars: DailyBar[];
  quote: LiveQuote | undefined;
}

export class MarketSourceError extends Error {}

const maybeNumber = z.number().nullable().optional();
const numbers = z.array(z.number().nullable()).optional();

// The parts of the answer the site reads; anything else Yahoo sends is ignored, anything missing is garbage.
const chartSchema = z.object({
  chart: z.object({
    result: z
      .array(
        z.object({
          meta: z.object({
            symbol: z.string(),
            regularMarketPrice: maybeNumber,
            regularMarketTime: maybeNumber,
            regularMarketDayHigh: maybeNumber,
            regularMarketDayLow: maybeNumber,
            chartPreviousClose: maybeNumber,
            previousClose: maybeNumber,
          }),
          timestamp: z.array(z.number()).optional(),
          indicators: z.object({
            quote: z.array(
              z.object({ open: numbers, high: numbers, low: numbers, close: numbers, volume: numbers }),
            ),
          }),
        }),
      )
      .nullable(),
    error: z
      .object({ code: z.string().optional(), description: z.string().optional() })
      .nullable()
      .optional(),
  }),
});

const round2 = (value: number) => Math.round(value * 100) / 100;
const finite = (value: number | null | undefined): value is number =>
  typeof value === 'number' && Number.isFinite(value);

export interface YahooChartOptions {
  baseUrl: string;
  timeoutMs?: number;
  /**
   * Whether the configured base URL may be loopback or private (tests and CI point it at a local fake). By
   * default it is reached as the operator configured it (no redirect is followed); `false` refuses
   * non-public addresses.
   */
  allowPrivateAddresses?: boolean;
  timers?: OutgoingTimers;
}

/** The most a chart answer may be: ten years of daily bars are about 600 KB of JSON. */
export const chartAnswerMaxBytes = 4 * 1024 * 1024;

export function createYahooChartSource({
  baseUrl,
  timeoutMs = 8000,
  allowPrivateAddresses = true,
  timers,
}: YahooChartOptions) {
  const root = baseUrl.replace(/\/+$/, '');

  async function chart(symbol: string, range: ChartRange): Promise<ChartAnswer> {
    const url = `${root}/v8/finance/chart/${encodeURIComponent(symbol)}?range=${range}&interval=1d&includePrePost=false`;
    let answer: Awaited<ReturnType<typeof request>>;
    try {
      answer = await request({
        service: 'The market data source',
        url,
        timeoutMs,
        // Read while it streams, never past the cap.
        maxBytes: chartAnswerMaxBytes,
        bodyOfErrors: true,
        decompress: true,
        allowPrivateAddresses,
        ...(timers ? { timers } : {}),
        headers: {
          accept: 'application/json',
          'user-agent': 'Mozilla/5.0 (compatible; HurryUp market sync)',
        },
      });
    } catch (error) {
      const reason =
        error instanceof OutgoingHttpError && error.kind === 'timeout'
          ? 'timed out'
          : error instanceof OutgoingHttpError && error.kind === 'too-large'
            ? 'sent too much'
            : 'is unreachable';
      throw new MarketSourceError(`The market data source ${reason} (${symbol}).`);
    }
    let body: unknown;
    try {
      body = JSON.parse(new TextDecoder().decode(answer.body));
    } catch {
      body = undefined;
    }
    const ok = answer.status >= 200 && answer.status <= 299;
    const parsed = chartSchema.safeParse(body);
    if (!parsed.success)
      throw new MarketSourceError(
        `The market data source answered ${answer.status} with no chart (${symbol}).`,
      );
    const result = parsed.data.chart.result?.[0];
    if (!ok || !result) {
      const why = parsed.data.chart.error?.description ?? `status ${answer.status}`;
      throw new MarketSourceError(`The market data source has no chart for ${symbol}: ${why}.`);
    }
    return { bars: barsOf(result), quote: quoteOf(result.meta) };
  }

  return {
    /** Daily bars of the range, oldest first, dated in India; bars the source left empty are dropped. */
    chart,
  };
}
export type YahooChartSource = ReturnType<typeof createYahooChartSource>;

type ChartResult = NonNullable<z.infer<typeof chartSchema>['chart']['result']>[number];

function barsOf(result: ChartResult): DailyBar[] {
  const stamps = result.timestamp ?? [];
  const quote = result.indicators.quote[0];
  if (!quote) return [];
  const byDate = new Map<string, DailyBar>();
  stamps.forEach((stamp, i) => {
    const open = quote.open?.[i];
    const high = quote.high?.[i];
    const low = quote.low?.[i];
    const close = quote.close?.[i];
    if (!finite(open) || !finite(high) || !finite(low) || !finite(close)) return;
    const volume = quote.volume?.[i];
    const bar: DailyBar = {
      date: indiaDate(new Date(stamp * 1000)),
      open: round2(open),
      high: round2(high),
      low: round2(low),
      close: round2(close),
      // Yahoo's index "volume" is not a real volume (see the data README); only positive stock volumes count.
      ...(finite(volume) && volume > 0 ? { volume } : {}),
    };
    if (barProblem(bar) === undefined) byDate.set(bar.date, bar);
  });
  return [...byDate.values()].sort((a, b) => (a.date < b.date ? -1 : 1));
}

function quoteOf(meta: ChartResult['meta']): LiveQuote | undefined {
  if (!finite(meta.regularMarketPrice) || meta.regularMarketPrice <= 0 || !finite(meta.regularMarketTime))
    return undefined;
  const positive = (v: number | null | undefined) => (finite(v) && v > 0 ? round2(v) : undefined);
  return {
    price: round2(meta.regularMarketPrice),
    dayHigh: positive(meta.regularMarketDayHigh),
    dayLow: positive(meta.regularMarketDayLow),
    previousClose: positive(meta.previousClose) ?? positive(meta.chartPreviousClose),
    time: new Date(meta.regularMarketTime * 1000).toISOString(),
  };
}
