/*
 * The options assistants' studies (docs/trading-methods.md): the signal rule and its hit rates, the
 * backtest of that rule, the strategy recommender and the pattern detector. Pure and deterministic: every
 * number comes from the bars and events given, by the rules written here and in the methods document.
 */
import type { DailyBar } from './bars.ts';
import {
  firstLotDate,
  NIFTY_CONTRACT_RULES,
  NIFTY_STRIKE_STEP,
  type NiftyContractRules,
  nearestStrike,
  niftyLotSize,
} from './nifty-contracts.ts';
import { optionPrice } from './option-pricing.ts';
import { rsiValues } from './oscillators.ts';
import { optionOrderCosts } from './trade-costs.ts';
import { type Case, type Evidence, evidenceOf, refusalOf } from './trade-evidence.ts';

// ---------------------------------------------------------------------------------------------------
// The data every study reads

/** NIFTY 50 bars with India VIX and RSI(14) of the same session (NaN where either is missing). */
export type StudyData = {
  dates: string[];
  open: Float64Array;
  high: Float64Array;
  low: Float64Array;
  close: Float64Array;
  vix: Float64Array;
  /** India VIX of the session as a percentile of the VIX closes of the sessions before it (vixPercentileAt). */
  vixPct: Float64Array;
  rsi: Float64Array;
};

/** Sessions of VIX history a regime is read against: about one year. */
export const VIX_PERCENTILE_WINDOW = 252;
/** A VIX percentile needs at least this many earlier closes. */
export const VIX_PERCENTILE_MIN = 20;

/** Percent of `window` at or below `value`, 1 decimal; NaN for an empty window. */
export function percentileRank(value: number, window: readonly number[]): number {
  if (window.length === 0 || !Number.isFinite(value)) return Number.NaN;
  let atOrBelow = 0;
  for (const v of window) if (v <= value) atOrBelow++;
  return Math.round((atOrBelow / window.length) * 1000) / 10;
}

/** The finite VIX closes of the up to 252 sessions before session `i` (walk-forward: nothing from i on). */
function vixWindowBefore(vix: Float64Array, i: number): number[] {
  const window: number[] = [];
  for (let k = Math.max(0, i - VIX_PERCENTILE_WINDOW); k < i; k++)
    if (Number.isFinite(vix[k]!)) window.push(vix[k]!);
  return window;
}

/** Joins NIFTY 50 bars and India VIX bars on date (oldest first; VIX NaN on a session it lacks). */
export function prepareStudyData(nifty: readonly DailyBar[], vix: readonly DailyBar[]): StudyData {
  const vixByDate = new Map(vix.map((bar) => [bar.date, bar.close]));
  const n = nifty.length;
  const data: StudyData = {
    dates: nifty.map((bar) => bar.date),
    open: new Float64Array(n),
    high: new Float64Array(n),
    low: new Float64Array(n),
    close: new Float64Array(n),
    vix: new Float64Array(n),
    vixPct: new Float64Array(n),
    rsi: new Float64Array(0),
  };
  nifty.forEach((bar, i) => {
    data.open[i] = bar.open;
    data.high[i] = bar.high;
    data.low[i] = bar.low;
    data.close[i] = bar.close;
    data.vix[i] = vixByDate.get(bar.date) ?? Number.NaN;
  });
  for (let i = 0; i < n; i++) {
    const window = vixWindowBefore(data.vix, i);
    data.vixPct[i] = window.length >= VIX_PERCENTILE_MIN ? percentileRank(data.vix[i]!, window) : Number.NaN;
  }
  data.rsi = rsiValues(data.close, 14);
  return data;
}

/**
 * A VIX level as a percentile of the last 252 stored closes (the latest included when `level` is it): how
 * the VIX regime of a new reading is judged; NaN with fewer than 20 closes.
 */
export function vixPercentileNow(data: StudyData, level: number): number {
  const window = vixWindowBefore(data.vix, data.dates.length);
  return window.length >= VIX_PERCENTILE_MIN ? percentileRank(level, window) : Number.NaN;
}

const round = (value: number, digits: number) => {
  const factor = 10 ** digits;
  // `|| 0` turns −0 into 0 (JSON would write it as 0 anyway).
  return Math.round(value * factor) / factor || 0;
};
/** A share as a percent with one decimal; 0 when there is nothing to count. */
export const percentOf = (hits: number, total: number) => (total > 0 ? round((hits / total) * 100, 1) : 0);
const fixed2 = (value: number) => value.toFixed(2);

// ---------------------------------------------------------------------------------------------------
// The signal rule (methods: "Signal")

export type RsiZone = 'oversold' | 'bearish' | 'neutral' | 'bullish' | 'overbought';
export type VixRegime = 'low' | 'normal' | 'high';
export type Signal = 'BUY CALL' | 'BUY PUT' | 'HOLD';

/** RSI zones: below 30 oversold, 30 to 45 bearish, 45 to 55 neutral, 55 to 70 bullish, above 70 overbought. */
export function rsiZone(rsi: number): RsiZone {
  if (rsi < 30) return 'oversold';
  if (rsi < 45) return 'bearish';
  if (rsi <= 55) return 'neutral';
  if (rsi <= 70) return 'bullish';
  return 'overbought';
}

/** Regime edges on the VIX percentile (walk-forward: against the year of closes before the reading). */
export const VIX_LOW_PERCENTILE = 20;
export const VIX_HIGH_PERCENTILE = 80;

/**
 * India VIX regimes from its percentile over the 252 sessions before (never from the whole sample): below
 * the 20th percentile low, from the 80th high, else normal; normal when there is no percentile.
 */
export function vixRegime(percentile: number): VixRegime {
  if (!Number.isFinite(percentile)) return 'normal';
  if (percentile < VIX_LOW_PERCENTILE) return 'low';
  if (percentile >= VIX_HIGH_PERCENTILE) return 'high';
  return 'normal';
}

/** Open-interest unwinding: an OI fall of more than 5 % means positions are being closed. */
export const OI_UNWINDING_BELOW = -5;
/** A 'HOLD' is right when the next session moves less than this many percent either way. */
export const HOLD_QUIET_PERCENT = 0.5;

export type SignalRule = {
  signal: Signal;
  /** The signal of the RSI-and-VIX bucket before the open-interest rule (what the history counts). */
  bucketSignal: Signal;
  zone: RsiZone;
  regime: VixRegime;
  /** Why: the rule that fired, in words. */
  rule: string;
};

/**
 * The rule set: RSI below 30 BUY CALL (oversold bounce), above 70 BUY PUT (overbought reversal), 55 to 70
 * BUY CALL and 30 to 45 BUY PUT (momentum) unless VIX is high (then HOLD: swings too wide to follow a
 * trend), 45 to 55 HOLD. An open-interest fall below −5 % (unwinding) turns a directional signal into HOLD.
 */
export function signalRule(input: {
  rsi: number;
  vix: number;
  vixPercentile: number;
  oiChange?: number | undefined;
}): SignalRule {
  const zone = rsiZone(input.rsi);
  const regime = vixRegime(input.vixPercentile);
  let bucketSignal: Signal;
  let rule: string;
  const rsiText = `RSI ${fixed2(input.rsi)}`;
  const vixText = `VIX ${fixed2(input.vix)} (${Number.isFinite(input.vixPercentile) ? `percentile ${input.vixPercentile} of the past year, ` : ''}${regime} regime)`;
  switch (zone) {
    case 'oversold':
      bucketSignal = 'BUY CALL';
      rule = `${rsiText} below 30 (oversold, bounce rule) with ${vixText}`;
      break;
    case 'overbought':
      bucketSignal = 'BUY PUT';
      rule = `${rsiText} above 70 (overbought, reversal rule) with ${vixText}`;
      break;
    case 'bullish':
    case 'bearish': {
      const range = zone === 'bullish' ? '55 to 70 (bullish momentum)' : '30 to 45 (bearish momentum)';
      if (regime === 'high') {
        bucketSignal = 'HOLD';
        rule = `${rsiText} in ${range} but ${vixText}: momentum is not followed when VIX is in its top fifth of the past year`;
      } else {
        bucketSignal = zone === 'bullish' ? 'BUY CALL' : 'BUY PUT';
        rule = `${rsiText} in ${range} with ${vixText}`;
      }
      break;
    }
    default:
      bucketSignal = 'HOLD';
      rule = `${rsiText} in 45 to 55 (no direction) with ${vixText}`;
  }
  let signal = bucketSignal;
  if (input.oiChange !== undefined && input.oiChange < OI_UNWINDING_BELOW && bucketSignal !== 'HOLD') {
    signal = 'HOLD';
    rule += `; open interest ${fixed2(input.oiChange)}% (below ${OI_UNWINDING_BELOW}%: unwinding) turns ${bucketSignal} into HOLD`;
  }
  return { signal, bucketSignal, zone, regime, rule };
}

/** Whether a signal given at session i was right on the next session (i + 1). */
function signalHit(signal: Signal, move: number): boolean {
  if (signal === 'BUY CALL') return move > 0;
  if (signal === 'BUY PUT') return move < 0;
  return Math.abs(move) < HOLD_QUIET_PERCENT;
}

export type BucketStats = { days: number; hits: Record<Signal, number>; cases: Record<Signal, Case[]> };
export type SignalHistory = {
  buckets: Map<string, BucketStats>;
  /** Sessions counted, and of them how many were followed by an up, down or quiet session. */
  days: number;
  outcomes: Record<Signal, number>;
  from: string | undefined;
  to: string | undefined;
};

const bucketKey = (zone: RsiZone, regime: VixRegime) => `${zone}|${regime}`;

/** Percent move from session i to session i + 1. */
const nextMove = (data: StudyData, i: number) => (data.close[i + 1]! / data.close[i]! - 1) * 100;
const usable = (data: StudyData, i: number) =>
  Number.isFinite(data.rsi[i]!) &&
  Number.isFinite(data.vix[i]!) &&
  Number.isFinite(data.vixPct[i]!) &&
  i + 1 < data.dates.length;

/** A directional trade's profit from close i to close i + 1, NIFTY points per unit, after BACKTEST_COST_PERCENT. */
function signalProfit(data: StudyData, i: number, signal: Signal): number {
  if (signal === 'HOLD') return 0;
  const points = data.close[i + 1]! - data.close[i]!;
  return (signal === 'BUY CALL' ? points : -points) - (data.close[i]! * BACKTEST_COST_PERCENT) / 100;
}

/**
 * For each RSI zone and VIX regime: how many sessions fell in it and how often the next session was up,
 * down (a BUY CALL or BUY PUT hit) or quiet (within ±0.5 %, a HOLD hit).
 */
export function signalHistory(data: StudyData): SignalHistory {
  const buckets = new Map<string, BucketStats>();
  const outcomes: Record<Signal, number> = { 'BUY CALL': 0, 'BUY PUT': 0, HOLD: 0 };
  let days = 0;
  let from: string | undefined;
  let to: string | undefined;
  for (let i = 0; i < data.dates.length; i++) {
    if (!usable(data, i)) continue;
    const key = bucketKey(rsiZone(data.rsi[i]!), vixRegime(data.vixPct[i]!));
    let stats = buckets.get(key);
    if (!stats) {
      stats = {
        days: 0,
        hits: { 'BUY CALL': 0, 'BUY PUT': 0, HOLD: 0 },
        cases: { 'BUY CALL': [], 'BUY PUT': [], HOLD: [] },
      };
      buckets.set(key, stats);
    }
    const move = nextMove(data, i);
    stats.days += 1;
    days += 1;
    for (const signal of ['BUY CALL', 'BUY PUT', 'HOLD'] as const) {
      const hit = signalHit(signal, move);
      if (hit) {
        stats.hits[signal] += 1;
        outcomes[signal] += 1;
      }
      stats.cases[signal].push({ hit, profit: signalProfit(data, i, signal) });
    }
    from ??= data.dates[i];
    to = data.dates[i];
  }
  return { buckets, days, outcomes, from, to };
}

const hitWords: Record<Signal, string> = {
  'BUY CALL': 'an up day',
  'BUY PUT': 'a down day',
  HOLD: `a move within ±${HOLD_QUIET_PERCENT}%`,
};

export type SignalAnswer = { signal: Signal; confidence: number; reason: string; evidence: Evidence };

/**
 * The signal for the given values. Evidence: every past session of the same RSI zone and walk-forward VIX
 * regime (the rule has no fitted parameter, so each is out of sample), judged on the next session; the base
 * rate is the share of all counted sessions with the same outcome; profit in NIFTY points per unit after
 * BACKTEST_COST_PERCENT. A BUY CALL or BUY PUT the evidence does not support (refusalOf) becomes HOLD.
 * Confidence: the evidence's hit rate.
 */
export function signalAnswer(
  history: SignalHistory,
  input: { nifty: number; rsi: number; vix: number; vixPercentile: number; oiChange?: number | undefined },
): SignalAnswer {
  const rule = signalRule(input);
  const stats = history.buckets.get(bucketKey(rule.zone, rule.regime));
  const days = stats?.days ?? 0;
  const judged = rule.bucketSignal;
  const evidence = evidenceOf(stats?.cases[judged] ?? [], percentOf(history.outcomes[judged], history.days));
  const confidence = evidence.hitRate;
  const record =
    days > 0
      ? `NIFTY 50 sessions with RSI ${rule.zone} and VIX ${rule.regime} (${history.from} to ${history.to}) were followed by ${hitWords[judged]} ${confidence}% of ${days} times (95% interval ${evidence.interval[0]}–${evidence.interval[1]}%), against ${evidence.baseRate}% of all sessions`
      : `NIFTY 50 history (${history.from ?? 'none'} to ${history.to ?? 'none'}) has no session with RSI ${rule.zone} and VIX ${rule.regime}, so there is no hit rate`;
  const profit =
    judged === 'HOLD'
      ? ''
      : ` Mean result ${evidence.meanProfit} NIFTY points per unit after costs, worst ${evidence.worst}.`;
  let signal = rule.signal;
  let refused = '';
  if (signal !== 'HOLD') {
    const why = refusalOf(evidence, 'NIFTY points per unit');
    if (why) {
      refused = ` Refused: the rule says ${signal}, but ${why}; so HOLD.`;
      signal = 'HOLD';
    }
  }
  return {
    signal,
    confidence,
    evidence,
    reason: `${signal}: ${rule.rule}. ${record}.${profit}${refused}`,
  };
}

// ---------------------------------------------------------------------------------------------------
// The backtest (methods: "Backtest")

/** Cost of one trade, in percent of NIFTY: brokerage, fees and half the spread, both ways. */
export const BACKTEST_COST_PERCENT = 0.05;

export type BacktestTrade = {
  date: string;
  signal: 'BUY CALL' | 'BUY PUT';
  nifty: number;
  rsi: number;
  vix: number;
  simulated_return: number;
};

export type BacktestResult = {
  win_rate: number;
  avg_return: number;
  total_return: number;
  max_drawdown: number;
  trade_count: number;
  days: number;
  from: string | undefined;
  to: string | undefined;
  trades: BacktestTrade[];
};

/**
 * Replays the signal rule (with no open-interest input: history has none) on each of the last `days`
 * sessions that have a next session (0: all of them). A BUY CALL or BUY PUT is one trade from that close to
 * the next, its return the NIFTY move in the signal's direction less BACKTEST_COST_PERCENT; HOLD is no
 * trade. Total return compounds the trades; max drawdown is the largest fall of that equity from its peak.
 */
export function backtestSignals(data: StudyData, days: number): BacktestResult {
  const last = data.dates.length - 2; // the last session with a next one
  const first = days > 0 ? Math.max(0, last - days + 1) : 0;
  const trades: BacktestTrade[] = [];
  let sessions = 0;
  let wins = 0;
  let sum = 0;
  let equity = 1;
  let peak = 1;
  let maxDrawdown = 0;
  for (let i = first; i <= last; i++) {
    sessions += 1;
    if (!usable(data, i)) continue;
    const { signal } = signalRule({ rsi: data.rsi[i]!, vix: data.vix[i]!, vixPercentile: data.vixPct[i]! });
    if (signal === 'HOLD') continue;
    const move = nextMove(data, i);
    const result = (signal === 'BUY CALL' ? move : -move) - BACKTEST_COST_PERCENT;
    trades.push({
      date: data.dates[i]!,
      signal,
      nifty: data.close[i]!,
      rsi: round(data.rsi[i]!, 2),
      vix: data.vix[i]!,
      simulated_return: round(result, 2),
    });
    if (result > 0) wins += 1;
    sum += result;
    equity *= 1 + result / 100;
    if (equity > peak) peak = equity;
    const drawdown = (1 - equity / peak) * 100;
    if (drawdown > maxDrawdown) maxDrawdown = drawdown;
  }
  const count = trades.length;
  return {
    win_rate: percentOf(wins, count),
    avg_return: count > 0 ? round(sum / count, 3) : 0,
    total_return: round((equity - 1) * 100, 2),
    max_drawdown: round(maxDrawdown, 2),
    trade_count: count,
    days: sessions,
    from: sessions > 0 ? data.dates[first] : undefined,
    to: sessions > 0 ? data.dates[last] : undefined,
    trades,
  };
}

// ---------------------------------------------------------------------------------------------------
// Events and their sessions

export type StudyEventKind = 'rbi' | 'budget' | 'usfed' | 'results' | 'election';
export type StudyEvent = { date: string; kind: string };

/**
 * Earnings seasons (decisions.md section 6, "the weeks in which most NIFTY 50 companies report"): NIFTY 50
 * companies report a quarter in the four to five weeks after the 10th of the following month (TCS and the
 * other IT majors open each season around the 10th). One season a quarter, dated the 10th of January,
 * April, July and October; its reaction session is the first session on or after that day.
 */
export function earningsSeasonDates(firstDate: string, lastDate: string): string[] {
  const dates: string[] = [];
  const firstYear = Number(firstDate.slice(0, 4));
  const lastYear = Number(lastDate.slice(0, 4));
  for (let year = firstYear; year <= lastYear; year++)
    for (const month of ['01', '04', '07', '10']) {
      const date = `${year}-${month}-10`;
      if (date >= firstDate && date <= lastDate) dates.push(date);
    }
  return dates;
}

/** First index whose date is ≥ `date` (or > when `strictly`); dates.length when none. */
function firstSessionFrom(dates: readonly string[], date: string, strictly: boolean): number {
  let lo = 0;
  let hi = dates.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    const d = dates[mid]!;
    if (strictly ? d <= date : d < date) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/**
 * The session that reacts to each event: the first on or after its date, or for US Fed decisions (announced
 * after the Indian close) the first after it. Events whose reaction session or the session before it lacks
 * a close or a VIX are left out. Returns the reaction sessions' indexes, oldest first, without repeats.
 */
export function eventReactionSessions(data: StudyData, events: readonly StudyEvent[]): number[] {
  const found = new Set<number>();
  for (const event of events) {
    const r = firstSessionFrom(data.dates, event.date, event.kind === 'usfed');
    if (r < 1 || r >= data.dates.length) continue;
    // An event more than a week before its "reaction" session fell in a gap of the data.
    if (dayNumber(data.dates[r]!) - dayNumber(event.date) > 7) continue;
    if (!Number.isFinite(data.vix[r - 1]!) || !Number.isFinite(data.vix[r]!)) continue;
    found.add(r);
  }
  return [...found].sort((a, b) => a - b);
}

function dayNumber(date: string): number {
  return Math.round(Date.parse(`${date}T00:00:00Z`) / 86_400_000);
}

// ---------------------------------------------------------------------------------------------------
// Strategy recommender (methods: "Strategy")

export type StrategyName =
  | 'Long Straddle'
  | 'Iron Condor'
  | 'Short Strangle'
  | 'Bull Call Spread'
  | 'Bear Put Spread'
  | 'No Trade';

/** Days to expiry assumed for every position: a weekly option with a week to run. */
export const STRATEGY_DAYS_TO_EXPIRY = 7;
/** The event moves more than priced when its average move is above this multiple of the VIX-implied one. */
export const MOVE_RATIO_LONG = 1.2;
/** …and less than priced below this one. */
export const MOVE_RATIO_SHORT = 0.8;

/** Expected absolute one-session move in percent that a VIX level prices: VIX/√252 × √(2/π). */
export function impliedSessionMove(vix: number): number {
  return (vix / Math.sqrt(252)) * Math.sqrt(2 / Math.PI);
}

type Leg = { kind: 'call' | 'put'; strike: number; quantity: number };

/** The legs of a strategy around spot with wing width `wing` (points). */
export function strategyLegs(name: StrategyName, spot: number, wing: number): Leg[] {
  const k = nearestStrike(spot);
  switch (name) {
    case 'Long Straddle':
      return [
        { kind: 'call', strike: k, quantity: 1 },
        { kind: 'put', strike: k, quantity: 1 },
      ];
    case 'Short Strangle':
      return [
        { kind: 'call', strike: k + wing, quantity: -1 },
        { kind: 'put', strike: k - wing, quantity: -1 },
      ];
    case 'Iron Condor':
      return [
        { kind: 'call', strike: k + wing, quantity: -1 },
        { kind: 'put', strike: k - wing, quantity: -1 },
        { kind: 'call', strike: k + 2 * wing, quantity: 1 },
        { kind: 'put', strike: k - 2 * wing, quantity: 1 },
      ];
    case 'Bull Call Spread':
      return [
        { kind: 'call', strike: k, quantity: 1 },
        { kind: 'call', strike: k + wing, quantity: -1 },
      ];
    case 'Bear Put Spread':
      return [
        { kind: 'put', strike: k, quantity: 1 },
        { kind: 'put', strike: k - wing, quantity: -1 },
      ];
    default:
      return [];
  }
}

/** Wing width: one VIX-implied standard deviation to expiry, in whole strike steps (at least one). */
export function wingWidth(spot: number, vix: number, days = STRATEGY_DAYS_TO_EXPIRY): number {
  const sd = spot * (vix / 100) * Math.sqrt(days / 365);
  return Math.max(NIFTY_STRIKE_STEP, Math.round(sd / NIFTY_STRIKE_STEP) * NIFTY_STRIKE_STEP);
}

/**
 * Profit in index points of a strategy opened at the close of session r − 1 and closed at the close of
 * session r: Black-Scholes prices with each day's India VIX, STRATEGY_DAYS_TO_EXPIRY days to expiry at
 * entry, less the calendar days passed at exit.
 */
export function strategyProfit(data: StudyData, r: number, name: StrategyName): number {
  let profit = 0;
  for (const leg of strategyLegPrices(data, r, name)) profit += leg.quantity * (leg.exit - leg.entry);
  return profit;
}

/** Each leg of a strategy opened at close r − 1 and closed at close r, with its entry and exit prices. */
function strategyLegPrices(data: StudyData, r: number, name: StrategyName) {
  const s0 = data.close[r - 1]!;
  const s1 = data.close[r]!;
  const v0 = data.vix[r - 1]! / 100;
  const v1 = data.vix[r]! / 100;
  const t0 = STRATEGY_DAYS_TO_EXPIRY / 365;
  const passed = dayNumber(data.dates[r]!) - dayNumber(data.dates[r - 1]!);
  const t1 = Math.max(0, STRATEGY_DAYS_TO_EXPIRY - passed) / 365;
  return strategyLegs(name, s0, wingWidth(s0, data.vix[r - 1]!)).map((leg) => ({
    ...leg,
    entry: optionPrice({ kind: leg.kind, spot: s0, strike: leg.strike, years: t0, volatility: v0 }),
    exit: optionPrice({ kind: leg.kind, spot: s1, strike: leg.strike, years: t1, volatility: v1 }),
  }));
}

/** The strategies the recommender can give (every one but No Trade). */
export const TRADED_STRATEGIES: readonly StrategyName[] = [
  'Long Straddle',
  'Short Strangle',
  'Iron Condor',
  'Bull Call Spread',
  'Bear Put Spread',
];

/** Short-premium strategies: their worst loss is always shown. */
export const SHORT_PREMIUM: ReadonlySet<StrategyName> = new Set(['Short Strangle', 'Iron Condor']);

/**
 * One lot of a strategy from close r − 1 to close r: profit in rupees after the cost stack of every order
 * (each leg opened and closed, trade-costs.ts), the lot of the near-month contract of the entry day, and the
 * same in NIFTY points per unit (the rupees ÷ the lot). The lot comes from `rules` (the stored contract
 * rules on the server).
 */
export function strategyTrade(
  data: StudyData,
  r: number,
  name: StrategyName,
  rules: NiftyContractRules = NIFTY_CONTRACT_RULES,
): { rupees: number; points: number } {
  const entryDate = data.dates[r - 1]!;
  const exitDate = data.dates[r]!;
  let lots = lotsByRules.get(rules);
  if (!lots) {
    lots = new Map();
    lotsByRules.set(rules, lots);
  }
  let lot = lots.get(entryDate);
  if (lot === undefined) {
    lot = niftyLotSize(entryDate, undefined, rules);
    lots.set(entryDate, lot);
  }
  let rupees = 0;
  for (const leg of strategyLegPrices(data, r, name)) {
    const units = Math.abs(leg.quantity) * lot;
    const open = leg.quantity > 0 ? 'buy' : 'sell';
    const close = leg.quantity > 0 ? 'sell' : 'buy';
    rupees += leg.quantity * (leg.exit - leg.entry) * lot;
    rupees -= optionOrderCosts({ date: entryDate, side: open, premium: leg.entry, quantity: units }).total;
    rupees -= optionOrderCosts({ date: exitDate, side: close, premium: leg.exit, quantity: units }).total;
  }
  return { rupees, points: rupees / lot };
}

/**
 * Near-month lots by date for each set of rules, remembered: the same dates are priced for every strategy
 * (a new set of rules, after the operator's edit, starts its own map; the old one goes with its rules).
 */
const lotsByRules = new WeakMap<NiftyContractRules, Map<string, number>>();

/** Every session's one-lot trade of each traded strategy (index r: opened at r − 1, closed at r; NaN without VIX). */
export type StrategyTrades = Map<StrategyName, { rupees: Float64Array; points: Float64Array }>;

/** strategyTrade for every session and strategy, once per data revision. */
export function allStrategyTrades(
  data: StudyData,
  rules: NiftyContractRules = NIFTY_CONTRACT_RULES,
): StrategyTrades {
  const first = firstLotDate(rules);
  const n = data.dates.length;
  const trades: StrategyTrades = new Map();
  for (const name of TRADED_STRATEGIES) {
    const rupees = new Float64Array(n).fill(Number.NaN);
    const points = new Float64Array(n).fill(Number.NaN);
    for (let r = 1; r < n; r++) {
      if (!Number.isFinite(data.vix[r - 1]!) || !Number.isFinite(data.vix[r]!)) continue;
      // Lots are recorded from the table's first date: earlier sessions have no trade.
      if (data.dates[r - 1]! < first) continue;
      const trade = strategyTrade(data, r, name, rules);
      rupees[r] = trade.rupees;
      points[r] = trade.points;
    }
    trades.set(name, { rupees, points });
  }
  return trades;
}

export type StrategyStudy = {
  /** Past cases in which the rule, applied with only the data before each, chose the strategy. */
  chosen: Map<StrategyName, Case[]>;
  /** Every past case of the sample, for every traded strategy. */
  all: Map<StrategyName, Case[]>;
  /** The same in NIFTY points per unit after costs. */
  allPoints: Map<StrategyName, Case[]>;
};

/**
 * Walk-forward record of the recommender on a sample of reaction sessions (oldest first): at each, the
 * rule is applied with the RSI, VIX and VIX percentile of the session before and the average move of the
 * earlier sessions of the sample only; the chosen strategy's trade (and every strategy's) is counted.
 */
export function strategyStudy(
  data: StudyData,
  sessions: readonly number[],
  trades: StrategyTrades = allStrategyTrades(data),
): StrategyStudy {
  const chosen = new Map<StrategyName, Case[]>(TRADED_STRATEGIES.map((n) => [n, []]));
  const all = new Map<StrategyName, Case[]>(TRADED_STRATEGIES.map((n) => [n, []]));
  const allPoints = new Map<StrategyName, Case[]>(TRADED_STRATEGIES.map((n) => [n, []]));
  let sum = 0;
  let count = 0;
  for (const r of sessions) {
    const move = Math.abs(data.close[r]! / data.close[r - 1]! - 1) * 100;
    const ready =
      Number.isFinite(data.rsi[r - 1]!) && Number.isFinite(trades.get('Long Straddle')!.rupees[r]!);
    if (ready) {
      const choice = chooseStrategy({
        rsi: data.rsi[r - 1]!,
        vix: data.vix[r - 1]!,
        regime: vixRegime(data.vixPct[r - 1]!),
        averageMove: count > 0 ? sum / count : 0,
        count,
      }).strategy;
      for (const name of TRADED_STRATEGIES) {
        const { rupees, points } = trades.get(name)!;
        all.get(name)!.push({ hit: rupees[r]! > 0, profit: rupees[r]! });
        allPoints.get(name)!.push({ hit: points[r]! > 0, profit: points[r]! });
        if (name === choice) chosen.get(name)!.push({ hit: rupees[r]! > 0, profit: rupees[r]! });
      }
    }
    sum += move;
    count += 1;
  }
  return { chosen, all, allPoints };
}

/** Percent of `sessions` on which each strategy made money after costs: the base rate of the evidence. */
export function strategyBaseRates(
  data: StudyData,
  sessions: readonly number[],
  trades: StrategyTrades = allStrategyTrades(data),
): Map<StrategyName, number> {
  const rates = new Map<StrategyName, number>();
  for (const name of TRADED_STRATEGIES) {
    const { rupees } = trades.get(name)!;
    let paid = 0;
    let n = 0;
    for (const r of sessions) {
      if (!Number.isFinite(rupees[r]!)) continue;
      n++;
      if (rupees[r]! > 0) paid++;
    }
    rates.set(name, n > 0 ? (paid / n) * 100 : 0);
  }
  return rates;
}

export type EventMoveStats = {
  /** Events (or sessions, with no event) counted. */
  count: number;
  /** Average absolute reaction-session move, percent. */
  averageMove: number;
  first: string | undefined;
  last: string | undefined;
  /** Reaction session indexes. */
  sessions: number[];
};

export function eventMoveStats(data: StudyData, sessions: readonly number[]): EventMoveStats {
  let sum = 0;
  for (const r of sessions) sum += Math.abs(data.close[r]! / data.close[r - 1]! - 1) * 100;
  return {
    count: sessions.length,
    averageMove: sessions.length > 0 ? sum / sessions.length : 0,
    first: sessions.length > 0 ? data.dates[sessions[0]!] : undefined,
    last: sessions.length > 0 ? data.dates[sessions.at(-1)!] : undefined,
    sessions: [...sessions],
  };
}

/** Every session (index ≥ 1) with a VIX on it and on the session before: the "no event" sample. */
export function allSessions(data: StudyData): number[] {
  const out: number[] = [];
  for (let r = 1; r < data.dates.length; r++)
    if (Number.isFinite(data.vix[r]!) && Number.isFinite(data.vix[r - 1]!)) out.push(r);
  return out;
}

/**
 * How often a strategy would have paid on these reaction sessions. "No Trade" is right when the session
 * moved less than the VIX of the session before priced (nothing was there to catch).
 */
export function strategyPaid(data: StudyData, sessions: readonly number[], name: StrategyName) {
  let paid = 0;
  for (const r of sessions) {
    if (name === 'No Trade') {
      const move = Math.abs(data.close[r]! / data.close[r - 1]! - 1) * 100;
      if (move < impliedSessionMove(data.vix[r - 1]!)) paid += 1;
    } else if (strategyProfit(data, r, name) > 0) paid += 1;
  }
  return { paid, count: sessions.length };
}

/**
 * The choice: compare the event kind's average move with the move today's VIX prices (ratio R). R above
 * 1.2: Long Straddle. R below 0.8: Iron Condor when VIX is in its high regime (the top fifth of the past
 * year: rich premium, but tails: defined risk), Short Strangle otherwise. Otherwise the RSI trend: 55 or more Bull Call Spread, 45 or less Bear Put
 * Spread, between them No Trade.
 */
export function chooseStrategy(input: {
  rsi: number;
  vix: number;
  regime: VixRegime;
  averageMove: number;
  count: number;
}): {
  strategy: StrategyName;
  ratio: number;
  implied: number;
  rule: string;
} {
  const implied = impliedSessionMove(input.vix);
  const ratio = input.count > 0 && implied > 0 ? input.averageMove / implied : 1;
  const movesText = `average move ${fixed2(input.averageMove)}% against ${fixed2(implied)}% priced by VIX ${fixed2(input.vix)} (ratio ${fixed2(ratio)})`;
  if (input.count > 0 && implied > 0 && ratio > MOVE_RATIO_LONG)
    return {
      strategy: 'Long Straddle',
      ratio,
      implied,
      rule: `${movesText}: moves exceed what options price`,
    };
  if (input.count > 0 && implied > 0 && ratio < MOVE_RATIO_SHORT) {
    const high = input.regime === 'high';
    return {
      strategy: high ? 'Iron Condor' : 'Short Strangle',
      ratio,
      implied,
      rule: `${movesText}: options price more than it moves${high ? ', and VIX in its top fifth of the past year calls for defined risk' : ''}`,
    };
  }
  const trend = `RSI ${fixed2(input.rsi)}`;
  if (input.rsi >= 55)
    return {
      strategy: 'Bull Call Spread',
      ratio,
      implied,
      rule: `${movesText} is fairly priced; ${trend} at 55 or more is an up trend`,
    };
  if (input.rsi <= 45)
    return {
      strategy: 'Bear Put Spread',
      ratio,
      implied,
      rule: `${movesText} is fairly priced; ${trend} at 45 or less is a down trend`,
    };
  return {
    strategy: 'No Trade',
    ratio,
    implied,
    rule: `${movesText} is fairly priced and ${trend} between 45 and 55 shows no trend`,
  };
}

// ---------------------------------------------------------------------------------------------------
// Pattern detector (methods: "Patterns")

export type PatternName =
  | 'Bullish Engulfing'
  | 'Bearish Engulfing'
  | 'Hammer'
  | 'Shooting Star'
  | '20-day Breakout'
  | '20-day Breakdown'
  | 'Doji'
  | 'Inside Bar'
  | 'Higher Highs and Higher Lows'
  | 'Lower Highs and Lower Lows';

export type PatternBias = 'bullish' | 'bearish' | 'neutral';

/** In the order the detector reports them: the first found on a session is its pattern. */
export const PATTERNS: readonly { name: PatternName; bias: PatternBias }[] = [
  { name: 'Bullish Engulfing', bias: 'bullish' },
  { name: 'Bearish Engulfing', bias: 'bearish' },
  { name: 'Hammer', bias: 'bullish' },
  { name: 'Shooting Star', bias: 'bearish' },
  { name: '20-day Breakout', bias: 'bullish' },
  { name: '20-day Breakdown', bias: 'bearish' },
  { name: 'Doji', bias: 'neutral' },
  { name: 'Inside Bar', bias: 'neutral' },
  { name: 'Higher Highs and Higher Lows', bias: 'bullish' },
  { name: 'Lower Highs and Lower Lows', bias: 'bearish' },
];

export const biasOf = (name: PatternName): PatternBias => PATTERNS.find((p) => p.name === name)!.bias;

/** Sessions ahead over which a pattern's follow-through is judged. */
export const FOLLOW_THROUGH_SESSIONS = 3;
const lookback = 20;

/** The patterns on session i (needs 20 sessions before it), in PATTERNS order. */
export function patternsAt(data: StudyData, i: number): PatternName[] {
  if (i < lookback) return [];
  const o = data.open[i]!;
  const h = data.high[i]!;
  const l = data.low[i]!;
  const c = data.close[i]!;
  const po = data.open[i - 1]!;
  const ph = data.high[i - 1]!;
  const pl = data.low[i - 1]!;
  const pc = data.close[i - 1]!;
  const range = h - l;
  const body = Math.abs(c - o);
  const upper = h - Math.max(o, c);
  const lower = Math.min(o, c) - l;
  const fell = c < data.close[i - 5]!;
  const rose = c > data.close[i - 5]!;
  let high20 = -Infinity;
  let low20 = Infinity;
  for (let k = i - lookback; k < i; k++) {
    if (data.high[k]! > high20) high20 = data.high[k]!;
    if (data.low[k]! < low20) low20 = data.low[k]!;
  }
  const found: PatternName[] = [];
  if (pc < po && c > o && o <= pc && c >= po && body > Math.abs(pc - po)) found.push('Bullish Engulfing');
  if (pc > po && c < o && o >= pc && c <= po && body > Math.abs(pc - po)) found.push('Bearish Engulfing');
  const smallBody = range > 0 && body <= range / 3;
  if (smallBody && fell && lower >= 2 * body && upper <= range * 0.15) found.push('Hammer');
  if (smallBody && rose && upper >= 2 * body && lower <= range * 0.15) found.push('Shooting Star');
  if (c > high20) found.push('20-day Breakout');
  if (c < low20) found.push('20-day Breakdown');
  if (range > 0 && body <= range * 0.1) found.push('Doji');
  if (h < ph && l > pl) found.push('Inside Bar');
  if (h > ph && ph > data.high[i - 2]! && l > pl && pl > data.low[i - 2]!)
    found.push('Higher Highs and Higher Lows');
  if (h < ph && ph < data.high[i - 2]! && l < pl && pl < data.low[i - 2]!)
    found.push('Lower Highs and Lower Lows');
  return found;
}

/**
 * Whether a pattern on session i was followed through three sessions later: a close above (bullish) or
 * below (bearish) the pattern's close, or outside the pattern session's high-low range (neutral).
 */
export function followedThrough(data: StudyData, i: number, bias: PatternBias): boolean {
  const later = data.close[i + FOLLOW_THROUGH_SESSIONS]!;
  if (bias === 'bullish') return later > data.close[i]!;
  if (bias === 'bearish') return later < data.close[i]!;
  return later > data.high[i]! || later < data.low[i]!;
}

export type PatternHistory = {
  stats: Map<PatternName, { seen: number; followed: number; cases: Case[] }>;
  /** Over every counted session: how often a close three sessions later was above, below or outside. */
  base: Record<PatternBias, { n: number; hits: number }>;
  /** Sessions with RSI 55 or more (bullish) or 45 or less (bearish), judged three sessions later. */
  lean: Record<'bullish' | 'bearish', Case[]>;
  from: string | undefined;
  to: string | undefined;
};

/**
 * NIFTY points per unit of following a bias from close i to close i + 3, less BACKTEST_COST_PERCENT:
 * bullish buys, bearish sells, neutral takes no position (0).
 */
function patternProfit(data: StudyData, i: number, bias: PatternBias): number {
  if (bias === 'neutral') return 0;
  const points = data.close[i + FOLLOW_THROUGH_SESSIONS]! - data.close[i]!;
  return (bias === 'bullish' ? points : -points) - (data.close[i]! * BACKTEST_COST_PERCENT) / 100;
}

/**
 * Every pattern found on every session with three sessions after it, how often it followed through and
 * what following it earned; the base rate of each outcome over all those sessions; the RSI lean's record.
 * The patterns are fixed rules with nothing fitted to the outcomes, so each case is out of sample.
 */
export function patternHistory(data: StudyData): PatternHistory {
  const stats = new Map<PatternName, { seen: number; followed: number; cases: Case[] }>();
  for (const p of PATTERNS) stats.set(p.name, { seen: 0, followed: 0, cases: [] });
  const base: PatternHistory['base'] = {
    bullish: { n: 0, hits: 0 },
    bearish: { n: 0, hits: 0 },
    neutral: { n: 0, hits: 0 },
  };
  const lean: PatternHistory['lean'] = { bullish: [], bearish: [] };
  const last = data.dates.length - 1 - FOLLOW_THROUGH_SESSIONS;
  for (let i = lookback; i <= last; i++) {
    for (const bias of ['bullish', 'bearish', 'neutral'] as const) {
      base[bias].n += 1;
      if (followedThrough(data, i, bias)) base[bias].hits += 1;
    }
    const rsi = data.rsi[i]!;
    if (Number.isFinite(rsi) && (rsi >= 55 || rsi <= 45)) {
      const bias = rsi >= 55 ? 'bullish' : 'bearish';
      lean[bias].push({ hit: followedThrough(data, i, bias), profit: patternProfit(data, i, bias) });
    }
    for (const name of patternsAt(data, i)) {
      const s = stats.get(name)!;
      const hit = followedThrough(data, i, biasOf(name));
      s.seen += 1;
      if (hit) s.followed += 1;
      s.cases.push({ hit, profit: patternProfit(data, i, biasOf(name)) });
    }
  }
  const has = last >= lookback;
  return {
    stats,
    base,
    lean,
    from: has ? data.dates[lookback] : undefined,
    to: has ? data.dates[last] : undefined,
  };
}

export type PatternAnswer = {
  pattern: string;
  signal: 'BUY CALL' | 'BUY PUT' | 'BUY STRADDLE' | 'HOLD';
  confidence: number;
  reason: string;
  evidence: Evidence;
};

/**
 * The pattern of the last session and the signal: the pattern's bias, or for a neutral pattern (or none)
 * the RSI trend (55 or more up, 45 or less down); a neutral case before an event that moves more than VIX
 * prices (ratio above 1.2) is a BUY STRADDLE; an open-interest fall below −5 % turns a call or put into
 * HOLD. Confidence: the pattern's follow-through rate on NIFTY 50 history.
 */
export function patternAnswer(
  data: StudyData,
  history: PatternHistory,
  input: {
    rsi: number;
    vix: number;
    oiChange: number;
    eventLabel: string;
    eventStats: EventMoveStats;
    /** The long straddle's record on the event kind, NIFTY points per unit after costs (BUY STRADDLE). */
    straddleEvidence: Evidence;
  },
): PatternAnswer {
  const i = data.dates.length - 1;
  const found = patternsAt(data, i);
  const date = data.dates[i] ?? 'none';
  const name = found[0];
  const bias: PatternBias = name ? biasOf(name) : 'neutral';
  const stats = name ? history.stats.get(name)! : undefined;
  const followRate = stats ? percentOf(stats.followed, stats.seen) : 0;
  const baseOf = (b: PatternBias) => percentOf(history.base[b].hits, history.base[b].n);
  const parts: string[] = [];
  parts.push(
    name
      ? `${name} on NIFTY 50's session of ${date}${found.length > 1 ? ` (also ${found.slice(1).join(', ')})` : ''}; ${
          stats!.seen > 0
            ? `since ${history.from} it followed through within ${FOLLOW_THROUGH_SESSIONS} sessions ${followRate}% of ${stats!.seen} times, against ${baseOf(bias)}% for any session`
            : 'it has no earlier occurrence in the stored history to count'
        }`
      : `No pattern on NIFTY 50's session of ${date}`,
  );
  let signal: PatternAnswer['signal'];
  const direction =
    bias !== 'neutral' ? bias : input.rsi >= 55 ? 'bullish' : input.rsi <= 45 ? 'bearish' : 'neutral';
  if (bias === 'neutral')
    parts.push(
      `RSI ${fixed2(input.rsi)} ${direction === 'neutral' ? 'between 45 and 55 gives no direction' : `gives a ${direction} lean`}`,
    );
  const implied = impliedSessionMove(input.vix);
  const ratio = input.eventStats.count > 0 && implied > 0 ? input.eventStats.averageMove / implied : 0;
  const eventText =
    input.eventStats.count > 0
      ? `${input.eventLabel} sessions moved NIFTY ${fixed2(input.eventStats.averageMove)}% on average (${input.eventStats.count} events) against ${fixed2(implied)}% priced by VIX ${fixed2(input.vix)}`
      : `no past ${input.eventLabel} event in the data`;
  parts.push(eventText);
  if (direction === 'bullish') signal = 'BUY CALL';
  else if (direction === 'bearish') signal = 'BUY PUT';
  else signal = ratio > MOVE_RATIO_LONG ? 'BUY STRADDLE' : 'HOLD';
  // The evidence of what gave the signal: the pattern's bias, the RSI lean, or the event's long straddle.
  let evidence: Evidence;
  let unit = 'NIFTY points per unit';
  if (signal === 'BUY STRADDLE') {
    evidence = input.straddleEvidence;
    parts.push(
      `a long straddle over ${input.eventLabel} sessions paid ${evidence.hitRate}% of ${evidence.n} times (base ${evidence.baseRate}% on ordinary sessions), mean ${evidence.meanProfit} points per unit after costs`,
    );
  } else if (direction !== 'neutral' && bias === 'neutral') {
    evidence = evidenceOf(history.lean[direction], baseOf(direction));
    parts.push(
      `sessions with that RSI lean followed through ${evidence.hitRate}% of ${evidence.n} times against ${evidence.baseRate}% for any session`,
    );
  } else {
    evidence = evidenceOf(stats?.cases ?? [], baseOf(bias));
    if (signal === 'HOLD') unit = '';
  }
  if (signal !== 'HOLD')
    parts.push(`mean result ${evidence.meanProfit} ${unit} after costs, worst ${evidence.worst}`);
  if ((signal === 'BUY CALL' || signal === 'BUY PUT') && input.oiChange < OI_UNWINDING_BELOW) {
    parts.push(
      `open interest ${fixed2(input.oiChange)}% is unwinding (below ${OI_UNWINDING_BELOW}%), so ${signal} becomes HOLD`,
    );
    signal = 'HOLD';
  } else parts.push(`open interest change ${fixed2(input.oiChange)}%`);
  if (signal !== 'HOLD') {
    const why = refusalOf(evidence, unit);
    if (why) {
      parts.push(`refused: the rule says ${signal}, but ${why}; so HOLD`);
      signal = 'HOLD';
    }
  }
  return {
    pattern: name ?? 'No Pattern',
    signal,
    confidence: evidence.hitRate,
    evidence,
    reason: `${parts.join('; ')}.`,
  };
}
