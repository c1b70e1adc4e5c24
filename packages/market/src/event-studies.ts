/**
 * Event studies on daily closes (docs/trading-methods.md): how an index moved around dated events
 * (the impact heatmap), the RBI-day straddle (long call + long put priced with Black-Scholes and India
 * VIX), NIFTY's reaction in the session after US Fed decisions, and the impact tier of an event kind.
 *
 * Everything here is pure and deterministic: sessions are the dates of a reference series (NIFTY 50), a
 * value missing from another series leaves that event out of that series' average, and no answer is NaN.
 */
import {
  firstLotDate,
  NIFTY_CONTRACT_RULES,
  type NiftyContractRules,
  nearestStrike,
  niftyContractFor,
  niftyContractLot,
} from './nifty-contracts.ts';
import { optionPrice, volatilityFromVix, yearsToExpiry } from './option-pricing.ts';
import { median, percentile, tCritical95, tStatistic, wilsonInterval } from './statistics.ts';
import { OPTION_TICK, optionOrderCosts } from './trade-costs.ts';

/** A series of closes by date (YYYY-MM-DD): a Map will do, `closeSeriesOf` keeps many compactly. */
export interface CloseSeries {
  get(date: string): number | undefined;
  /** How many dates have a close. */
  readonly size: number;
  /** The dates with a close, in the order the series was given (oldest first). */
  keys(): Iterable<string>;
}

/**
 * Close series of many symbols over one index of their dates: a Float64Array of closes per symbol (NaN
 * where a symbol has no close that day) instead of a Map with an entry and a boxed number per day. Sixteen
 * indices of 3,000 sessions held about 3 MB as Maps, 0.4 MB so. Each symbol's bars oldest first.
 */
export function closeSeriesOf(
  bySymbol: ReadonlyMap<string, readonly { date: string; close: number }[]>,
): Map<string, CloseSeries> {
  const dates = [...new Set([...bySymbol.values()].flatMap((bars) => bars.map((bar) => bar.date)))].sort();
  const position = new Map(dates.map((date, i) => [date, i]));
  const series = new Map<string, CloseSeries>();
  for (const [symbol, bars] of bySymbol) {
    const values = new Float64Array(dates.length).fill(Number.NaN);
    for (const bar of bars) values[position.get(bar.date)!] = bar.close;
    let size = 0;
    for (const value of values) if (!Number.isNaN(value)) size += 1;
    series.set(symbol, {
      get(date) {
        const at = position.get(date);
        const value = at === undefined ? Number.NaN : (values[at] as number);
        return Number.isNaN(value) ? undefined : value;
      },
      size,
      *keys() {
        for (let i = 0; i < dates.length; i += 1) if (!Number.isNaN(values[i])) yield dates[i] as string;
      },
    });
  }
  return series;
}

/** The columns of the heatmap: sessions relative to the event session (tools-and-trading.md). */
export const HEATMAP_OFFSETS = ['-3d', '0d', '+3d', '+5d', '+10d'] as const;
export type HeatmapOffset = (typeof HEATMAP_OFFSETS)[number];

/** Calendar days from `date` (YYYY-MM-DD) plus `days`. */
export function addDays(date: string, days: number): string {
  const day = new Date(`${date}T00:00:00Z`);
  day.setUTCDate(day.getUTCDate() + days);
  return day.toISOString().slice(0, 10);
}

/** Index of the first session on or after `date` in ascending `sessions`, or -1. */
export function firstSessionOnOrAfter(sessions: readonly string[], date: string): number {
  let low = 0;
  let high = sessions.length;
  while (low < high) {
    const mid = (low + high) >> 1;
    if ((sessions[mid] as string) < date) low = mid + 1;
    else high = mid;
  }
  return low < sessions.length ? low : -1;
}

/**
 * The session on which Indian markets react to an event: the event's own date for Indian events, and for
 * US Fed decisions (announced 14:00 US Eastern, after the NSE close) the next India date. The reaction
 * session is the first reference session on or after that date, within `maxGapDays` calendar days (an
 * event on a holiday or weekend counts on the next session; one beyond the data counts nowhere).
 */
export function reactionSession(
  sessions: readonly string[],
  event: { date: string; kind: string },
  maxGapDays = 4,
): number {
  const from = event.kind === 'usfed' ? addDays(event.date, 1) : event.date;
  const index = firstSessionOnOrAfter(sessions, from);
  if (index < 0 || (sessions[index] as string) > addDays(from, maxGapDays)) return -1;
  return index;
}

/** Percent change from `from` to `to`, or undefined when either is missing or not positive. */
function percent(from: number | undefined, to: number | undefined): number | undefined {
  if (from === undefined || to === undefined || !(from > 0) || !(to > 0)) return undefined;
  return (to / from - 1) * 100;
}

/**
 * The percent moves of one series around one event whose reaction session is `sessions[e]`; the base is
 * the last close before it, `sessions[e − 1]`:
 * -3d = close(e−1) / close(e−4) − 1 (the three sessions before the event), 0d = close(e) / close(e−1) − 1,
 * +Nd = close(e+N) / close(e−1) − 1. A value is undefined when the series lacks a close it needs or the
 * sessions run out.
 */
export function eventMoves(
  sessions: readonly string[],
  closes: CloseSeries,
  e: number,
): Record<HeatmapOffset, number | undefined> {
  const at = (i: number) => (i >= 0 && i < sessions.length ? closes.get(sessions[i] as string) : undefined);
  const base = at(e - 1);
  return {
    '-3d': percent(at(e - 4), base),
    '0d': percent(base, at(e)),
    '+3d': percent(base, at(e + 3)),
    '+5d': percent(base, at(e + 5)),
    '+10d': percent(base, at(e + 10)),
  };
}

export type Significance = { n: number; t: number };

export type HeatmapRow = Record<HeatmapOffset, number | null> & {
  /** Events with at least one value in this row. */
  events: number;
  /** Per column: events counted and Student's t of their abnormal return (see heatmapRow). */
  significance: Record<HeatmapOffset, Significance>;
  /** Per column: |t| beyond the two-sided 5 % critical value of t with n − 1 degrees of freedom. */
  significant: Record<HeatmapOffset, boolean>;
};

const round2 = (value: number) => Math.round(value * 100) / 100;

/**
 * Every session's moves of one series, per column (eventMoves at each session index), or with a
 * `benchmark` the series' move less the benchmark's over the same window.
 */
function allMoves(
  sessions: readonly string[],
  closes: CloseSeries,
  benchmark?: CloseSeries,
): Record<HeatmapOffset, (number | undefined)[]> {
  const result = Object.fromEntries(HEATMAP_OFFSETS.map((o) => [o, [] as (number | undefined)[]])) as Record<
    HeatmapOffset,
    (number | undefined)[]
  >;
  for (let e = 0; e < sessions.length; e++) {
    const moves = eventMoves(sessions, closes, e);
    const base = benchmark ? eventMoves(sessions, benchmark, e) : undefined;
    for (const offset of HEATMAP_OFFSETS) {
      const value = moves[offset];
      const against = base?.[offset];
      result[offset][e] =
        value === undefined
          ? undefined
          : base
            ? against === undefined
              ? undefined
              : value - against
            : value;
    }
  }
  return result;
}

export type HeatmapOptions = {
  /** Reaction-session indices of unscheduled events: left out of the −3d column (no one knew they were coming). */
  unscheduled?: ReadonlySet<number>;
  /**
   * The benchmark whose move over the same window is subtracted for the significance test (NIFTY 50 for the
   * sector rows); without one the row's own moves are tested.
   */
  benchmark?: CloseSeries;
};

/**
 * One heatmap row: the average of eventMoves over the events (their reaction-session indices), per column,
 * rounded to 2 decimals; null for a column no event has a value in. Unscheduled events (options.unscheduled)
 * have no −3d value. Significance per column: the abnormal return of each event is its move (less the
 * benchmark's, when given) minus the unconditional mean of the same quantity over every session of the
 * series; t = mean abnormal return / (s / √n). Windows of different events do not overlap unless two
 * events fall within ten sessions of each other; the t-test assumes they are independent.
 */
export function heatmapRow(
  sessions: readonly string[],
  closes: CloseSeries,
  eventIndices: readonly number[],
  options: HeatmapOptions = {},
): HeatmapRow {
  const values = new Map<HeatmapOffset, number[]>(HEATMAP_OFFSETS.map((o) => [o, []]));
  let events = 0;
  for (const e of eventIndices) {
    const moves = eventMoves(sessions, closes, e);
    if (options.unscheduled?.has(e)) moves['-3d'] = undefined;
    let any = false;
    for (const offset of HEATMAP_OFFSETS) {
      const value = moves[offset];
      if (value === undefined) continue;
      any = true;
      values.get(offset)!.push(value);
    }
    if (any) events++;
  }
  const everyday = allMoves(sessions, closes, options.benchmark);
  const benchmarkMoves = options.benchmark ? allMoves(sessions, options.benchmark) : undefined;
  const row = { events, significance: {}, significant: {} } as HeatmapRow;
  for (const offset of HEATMAP_OFFSETS) {
    const list = values.get(offset)!;
    row[offset] = list.length > 0 ? round2(list.reduce((a, b) => a + b, 0) / list.length) : null;
    const pool = everyday[offset].filter((v): v is number => v !== undefined);
    const unconditional = pool.length > 0 ? pool.reduce((a, b) => a + b, 0) / pool.length : 0;
    const tested: number[] = [];
    for (const e of eventIndices) {
      if (offset === '-3d' && options.unscheduled?.has(e)) continue;
      const value = everyday[offset][e];
      if (value !== undefined && (!benchmarkMoves || benchmarkMoves[offset][e] !== undefined))
        tested.push(value);
    }
    const t = round2(tStatistic(tested, unconditional));
    row.significance[offset] = { n: tested.length, t };
    row.significant[offset] = tested.length >= 2 && Math.abs(t) > tCritical95(tested.length - 1);
  }
  return row;
}

// ---------- Straddle ----------

export type StraddleTrial = {
  /** The event (exit) session. */
  date: string;
  /** The entry session, `entryDays` sessions before. */
  entryDate: string;
  /** The expiry of the contract bought (a weekly or monthly listed on the entry date). */
  expiry: string;
  callStrike: number;
  putStrike: number;
  /** Call + put premium paid at the entry close, points. */
  premium: number;
  /** Call + put value at the event close, points. */
  exitValue: number;
  /** Percent return on the premium paid, after costs: profit / (premium × lot size). */
  returnPercent: number;
  /** The lot of the contract bought (the contract rules' lot sizes). */
  lotSize: number;
  /** The four orders' costs (two buys, two sells), rupees. */
  costs: number;
  /** (exitValue − premium) × lot size − costs, rupees. */
  profit: number;
};

export type SkippedTrial = { date: string; reason: string };

/** An event to trade around; an unscheduled one was not known before it happened. */
export type TradeEvent = { date: string; scheduled: boolean };

export type StraddleInput = {
  /** NIFTY 50 sessions, ascending (the reference calendar). */
  sessions: readonly string[];
  nifty: CloseSeries;
  vix: CloseSeries;
  /** NSE holidays (weekdays without a session), for the expiry dates. */
  holidays: ReadonlySet<string>;
  /** Event dates (each must be a session to count). */
  events: readonly TradeEvent[];
  entryDays: number;
  /** Points from spot to each strike (0: both at the money). */
  gap: number;
  /** Lot sizes and expiry weekdays (the stored contract rules on the server); NIFTY_CONTRACT_RULES when absent. */
  rules?: NiftyContractRules | undefined;
};

/**
 * The long straddle (gap 0) or strangle around each event: at the close `entryDays` sessions before the
 * event, buy the call at the strike nearest spot + gap and the put at the strike nearest spot − gap (50-point
 * strikes) of the first contract expiring on or after the event day that was listed on the entry day
 * (niftyContractFor: weeklies from 2019-02-11), one lot of that contract; sell both at the event day's close.
 * Both legs are Black-Scholes prices from that day's NIFTY close, India VIX as the volatility and the calendar
 * days left to expiry (intrinsic value on the expiry day); the four orders pay the Indian cost stack
 * (trade-costs.ts). Skipped, with the reason: an unscheduled event (it could not be entered before), an event
 * that is not a session, lacks a closing price on either day or has fewer than `entryDays` sessions before
 * it, and a trial with a leg priced below the ₹0.05 tick.
 */
export function straddleTrials(input: StraddleInput): { trials: StraddleTrial[]; skipped: SkippedTrial[] } {
  const { sessions, nifty, vix, holidays, entryDays, gap } = input;
  const rules = input.rules ?? NIFTY_CONTRACT_RULES;
  const firstLot = firstLotDate(rules);
  const trials: StraddleTrial[] = [];
  const skipped: SkippedTrial[] = [];
  for (const { date, scheduled } of input.events) {
    if (!scheduled) {
      skipped.push({
        date,
        reason: 'unscheduled: the action was not announced in advance, so no one could enter before it',
      });
      continue;
    }
    const e = firstSessionOnOrAfter(sessions, date);
    if (e < 0 || sessions[e] !== date) {
      skipped.push({ date, reason: 'not a NIFTY 50 session in the stored data' });
      continue;
    }
    if (e - entryDays < 0) {
      skipped.push({ date, reason: `fewer than ${entryDays} stored sessions before it` });
      continue;
    }
    const entryDate = sessions[e - entryDays] as string;
    if (entryDate < firstLot) {
      skipped.push({
        date,
        reason: `entered before ${firstLot}, where the lot-size table starts`,
      });
      continue;
    }
    const spot0 = nifty.get(entryDate);
    const spot1 = nifty.get(date);
    const vix0 = vix.get(entryDate);
    const vix1 = vix.get(date);
    if (!spot0 || !spot1 || !vix0 || !vix1) {
      skipped.push({ date, reason: 'no NIFTY 50 or India VIX close on the entry or the event day' });
      continue;
    }
    const contract = niftyContractFor(entryDate, date, holidays, rules);
    const { expiry } = contract;
    const callStrike = nearestStrike(spot0 + gap);
    const putStrike = Math.max(50, nearestStrike(spot0 - gap));
    const legs = (spot: number, v: number, day: string) => {
      const years = yearsToExpiry(day, expiry);
      const volatility = volatilityFromVix(v);
      return [
        optionPrice({ kind: 'call', spot, strike: callStrike, years, volatility }),
        optionPrice({ kind: 'put', spot, strike: putStrike, years, volatility }),
      ] as const;
    };
    const [call0, put0] = legs(spot0, vix0, entryDate);
    if (call0 < OPTION_TICK || put0 < OPTION_TICK) {
      skipped.push({
        date,
        reason: `a leg is priced below the ₹${OPTION_TICK} tick at entry (call ${round2(call0)}, put ${round2(put0)})`,
      });
      continue;
    }
    const [call1, put1] = legs(spot1, vix1, date);
    const premium = call0 + put0;
    const exitValue = call1 + put1;
    const lotSize = niftyContractLot(contract, entryDate, rules);
    const order = (day: string, side: 'buy' | 'sell', price: number) =>
      optionOrderCosts({ date: day, side, premium: price, quantity: lotSize }).total;
    const costs =
      order(entryDate, 'buy', call0) +
      order(entryDate, 'buy', put0) +
      order(date, 'sell', call1) +
      order(date, 'sell', put1);
    const profit = (exitValue - premium) * lotSize - costs;
    trials.push({
      date,
      entryDate,
      expiry,
      callStrike,
      putStrike,
      premium: round2(premium),
      exitValue: round2(exitValue),
      returnPercent: round2((profit / (premium * lotSize)) * 100),
      lotSize,
      costs: round2(costs),
      profit: round2(profit),
    });
  }
  return { trials, skipped };
}

/**
 * Ordinary sessions to compare with: each session from `from` to `to` (inclusive) on which a trade entered
 * `entryDays` sessions before and sold at its close has no event session (`eventSessions`, indices) within
 * its window, entry to exit inclusive.
 */
export function ordinarySessions(
  sessions: readonly string[],
  eventSessions: readonly number[],
  entryDays: number,
  from: string,
  to: string,
): string[] {
  const isEvent = new Uint8Array(sessions.length);
  for (const e of eventSessions) if (e >= 0 && e < sessions.length) isEvent[e] = 1;
  const result: string[] = [];
  for (let i = entryDays; i < sessions.length; i++) {
    const day = sessions[i] as string;
    if (day < from || day > to) continue;
    let clear = true;
    for (let k = i - entryDays; k <= i && clear; k++) if (isEvent[k]) clear = false;
    if (clear) result.push(day);
  }
  return result;
}

export type StraddleSummary = {
  trials: number;
  /** Mean return on premium after costs, percent (2 decimals). */
  averageReturn: number;
  /** Median of `distribution`, percent (2 decimals). */
  medianReturn: number;
  percentiles: { p10: number; p25: number; p75: number; p90: number };
  /** Share of trials with a positive return, percent (1 decimal). */
  winRate: number;
  /** 95 % Wilson interval of the win rate, percent (1 decimal). */
  winRateInterval: [number, number];
  /** Sum of the trials' profits, one lot each after costs, rupees. */
  totalProfit: number;
  /** Largest profit in rupees (0 with no trials). */
  maxProfit: number;
  /** Largest loss in rupees, as a negative number (0 with no trials or no losing trial). */
  maxLoss: number;
  /** Each trial's return, percent, in date order. */
  distribution: number[];
};

const round1 = (value: number) => Math.round(value * 10) / 10;

export function summariseStraddles(trials: readonly StraddleTrial[]): StraddleSummary {
  if (trials.length === 0)
    return {
      trials: 0,
      averageReturn: 0,
      medianReturn: 0,
      percentiles: { p10: 0, p25: 0, p75: 0, p90: 0 },
      winRate: 0,
      winRateInterval: [0, 0],
      totalProfit: 0,
      maxProfit: 0,
      maxLoss: 0,
      distribution: [],
    };
  const returns = trials.map((t) => t.returnPercent);
  const profits = trials.map((t) => t.profit);
  const wins = returns.filter((r) => r > 0).length;
  const [lo, hi] = wilsonInterval(wins, trials.length);
  return {
    trials: trials.length,
    averageReturn: round2(returns.reduce((a, b) => a + b, 0) / returns.length),
    medianReturn: round2(median(returns)),
    percentiles: {
      p10: round2(percentile(returns, 10)),
      p25: round2(percentile(returns, 25)),
      p75: round2(percentile(returns, 75)),
      p90: round2(percentile(returns, 90)),
    },
    winRate: round1((wins / trials.length) * 100),
    winRateInterval: [round1(lo * 100), round1(hi * 100)],
    totalProfit: round2(profits.reduce((a, b) => a + b, 0)),
    maxProfit: Math.max(0, ...profits),
    maxLoss: Math.min(0, ...profits),
    distribution: returns,
  };
}

// ---------- Reactions (Fed alert, calendar impact) ----------

export type ReactionStats = {
  /** Events with a reaction session and both closes. */
  samples: number;
  /** Mean of |0d move|, percent. */
  averageAbsMove: number;
  /** Share of reaction sessions that closed down, percent. */
  downShare: number;
  /** Mean change of India VIX over the reaction session, points (0 without VIX data). */
  averageVixChange: number;
  /** Share of reaction sessions whose |move| exceeded the median |daily move| of all sessions, percent. */
  biggerThanUsualShare: number;
};

/** The median of the absolute session-to-session % moves of a series over `sessions`. */
export function medianAbsMove(sessions: readonly string[], closes: CloseSeries): number {
  const moves: number[] = [];
  for (let i = 1; i < sessions.length; i++) {
    const move = percent(closes.get(sessions[i - 1] as string), closes.get(sessions[i] as string));
    if (move !== undefined) moves.push(Math.abs(move));
  }
  if (moves.length === 0) return 0;
  moves.sort((a, b) => a - b);
  const mid = moves.length >> 1;
  return moves.length % 2
    ? (moves[mid] as number)
    : ((moves[mid - 1] as number) + (moves[mid] as number)) / 2;
}

/** NIFTY's reaction (the 0d move) to events at reaction-session indices `eventIndices`. */
export function reactionStats(
  sessions: readonly string[],
  nifty: CloseSeries,
  vix: CloseSeries,
  eventIndices: readonly number[],
  usualAbsMove: number,
): ReactionStats {
  let samples = 0;
  let absSum = 0;
  let down = 0;
  let bigger = 0;
  let vixSum = 0;
  let vixSamples = 0;
  for (const e of eventIndices) {
    if (e < 1) continue;
    const before = sessions[e - 1] as string;
    const day = sessions[e] as string;
    const move = percent(nifty.get(before), nifty.get(day));
    if (move === undefined) continue;
    samples++;
    absSum += Math.abs(move);
    if (move < 0) down++;
    if (Math.abs(move) > usualAbsMove) bigger++;
    const v0 = vix.get(before);
    const v1 = vix.get(day);
    if (v0 !== undefined && v1 !== undefined) {
      vixSum += v1 - v0;
      vixSamples++;
    }
  }
  if (samples === 0)
    return { samples: 0, averageAbsMove: 0, downShare: 0, averageVixChange: 0, biggerThanUsualShare: 0 };
  return {
    samples,
    averageAbsMove: round2(absSum / samples),
    downShare: Math.round((down / samples) * 1000) / 10,
    averageVixChange: vixSamples ? round2(vixSum / vixSamples) : 0,
    biggerThanUsualShare: Math.round((bigger / samples) * 1000) / 10,
  };
}

/**
 * Impact tiers of the volatility calendar, from the impact ratio: the kind's mean |reaction-session move|
 * of NIFTY over an ordinary session's mean |move| (a session with no event). A ratio of 1 is an ordinary day.
 */
export const IMPACT_TIERS = [
  { impact: 'Extreme', minRatio: 2 },
  { impact: 'Very High', minRatio: 1.5 },
  { impact: 'High', minRatio: 1.2 },
] as const;
export const LOWEST_IMPACT = 'Moderate';

/** The tier of an impact ratio: Extreme from 2, Very High from 1.5, High from 1.2, else Moderate. */
export function impactTier(ratio: number): string {
  return IMPACT_TIERS.find((t) => ratio >= t.minRatio)?.impact ?? LOWEST_IMPACT;
}

/**
 * The mean |session move| of NIFTY, percent, over the sessions that are not reaction sessions of any event
 * (`eventSessions`, indices): an ordinary session.
 */
export function ordinaryAbsMove(
  sessions: readonly string[],
  closes: CloseSeries,
  eventSessions: ReadonlySet<number>,
): number {
  let sum = 0;
  let n = 0;
  for (let i = 1; i < sessions.length; i++) {
    if (eventSessions.has(i)) continue;
    const move = percent(closes.get(sessions[i - 1] as string), closes.get(sessions[i] as string));
    if (move === undefined) continue;
    sum += Math.abs(move);
    n++;
  }
  return n > 0 ? sum / n : 0;
}

export type FedSuggestion = { action: string; confidence: number; rule: string };

/**
 * The Fed-day suggestion from NIFTY's past reactions (docs/trading-methods.md): a direction when
 * one side won at least 60 % of the reaction sessions (confidence: that share), else a long straddle when
 * the reaction exceeded the median daily move at least 55 % of the time (confidence: that share), else
 * no volatility edge: stay hedged or sell premium (confidence: the share that did not exceed it).
 */
export function fedSuggestion(stats: ReactionStats): FedSuggestion {
  const upShare = round2(100 - stats.downShare);
  if (stats.downShare >= 60)
    return {
      action: 'Bearish: buy a protective put or a bear put spread before the decision',
      confidence: stats.downShare,
      rule: `NIFTY fell in ${stats.downShare}% of the sessions after past decisions (60% or more)`,
    };
  if (upShare >= 60)
    return {
      action: 'Bullish: a bull call spread before the decision',
      confidence: upShare,
      rule: `NIFTY rose in ${upShare}% of the sessions after past decisions (60% or more)`,
    };
  if (stats.biggerThanUsualShare >= 55)
    return {
      action: 'Long straddle: expect a larger than usual move in either direction',
      confidence: stats.biggerThanUsualShare,
      rule: `the move beat the median daily move in ${stats.biggerThanUsualShare}% of past decisions (55% or more) with no side winning 60%`,
    };
  return {
    action: 'No edge on direction or size: stay hedged, or sell premium with defined risk',
    confidence: round2(100 - stats.biggerThanUsualShare),
    rule: `no side won 60% of past decisions and the move stayed within the median daily move ${round2(100 - stats.biggerThanUsualShare)}% of the time`,
  };
}
