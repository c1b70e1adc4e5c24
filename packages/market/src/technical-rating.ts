import { assertValidBars, type DailyBar } from './bars.ts';
import { emaValues, hmaValues, smaValues, vwmaValues } from './moving-averages.ts';
import {
  adxValues,
  awesomeOscillatorValues,
  bullBearPowerValues,
  cciOfValues,
  ichimokuValues,
  macdValues,
  momentumValues,
  rsiValues,
  stochasticValues,
  stochRsiOfRsiValues,
  ultimateOscillatorValues,
  williamsRValues,
} from './oscillators.ts';
import { lastValue, type Numbers } from './series.ts';

/**
 * TradingView's "Technical Ratings" (the gauges on a symbol's Technicals page and the Rating columns of
 * the Screener), computed on the last bar exactly as TradingView's Pine library "TechnicalRating" v3
 * (2024-11-29, https://www.tradingview.com/script/jDWyb5PG-TechnicalRating/, function `calcRatingAll`)
 * computes it, with the indicators of Pine's `ta.*` built-ins and TradingView's "ta" library.
 *
 * Moving averages group (15): SMA and EMA 10, 20, 30, 50, 100, 200, Hull MA 9, VWMA 20 and Ichimoku
 * (9, 26, 52, 26). Each MA: Buy when MA < close, Sell when MA > close, Neutral when equal (equal meaning
 * within a relative 1e-10, so float noise in a flat series does not vote).
 * Ichimoku, with the leading spans A and B as computed 26 bars before the last bar (the library's
 * `lead1[26]`, `lead2[26]`; TradingView's chart draws the cloud 25 bars ahead, the rating reads 26 back):
 *   Buy  when span A > span B, base line > span A, conversion line > base line and close > conversion line;
 *   Sell when span A < span B, base line < span A, conversion line < base line and close < conversion line.
 *
 * Oscillators group (11); "previous" is the value on the bar before, "uptrend" is close > EMA(50) and
 * "downtrend" close < EMA(50):
 *   RSI(14)                  Buy RSI < 30 and RSI > previous;        Sell RSI > 70 and RSI < previous
 *   Stochastic(14, 3, 3)     Buy %K < 20, %D < 20 and %K > %D;       Sell %K > 80, %D > 80 and %K < %D
 *   CCI(20) of the close     Buy CCI < −100 and CCI > previous;      Sell CCI > 100 and CCI < previous
 *   ADX(14, 14)              Buy ADX > 20, ADX rising (> previous) and +DI > −DI;
 *                            Sell ADX > 20, ADX rising (> previous) and +DI < −DI
 *   Awesome Oscillator       Buy when AO crosses over 0 (AO > 0, previous ≤ 0) or a bullish saucer (AO and
 *                            previous > 0, AO > previous, previous < the value two bars back); Sell mirrored
 *                            (AO < 0, previous ≥ 0; or AO and previous < 0, AO < previous, previous > two back)
 *   Momentum(10)             Buy value > previous;                   Sell value < previous
 *   MACD(12, 26, 9)          Buy MACD > signal;                      Sell MACD < signal
 *   Stochastic RSI(3,3,14,14) Buy downtrend, K < 20, D < 20, K > D;   Sell uptrend, K > 80, D > 80, K < D
 *   Williams %R(14)          Buy %R < −80 and %R > previous;         Sell %R > −20 and %R < previous
 *   Bull Bear Power(13)      Buy uptrend, bear power < 0 and bear power > previous;
 *                            Sell downtrend, bull power > 0 and bull power < previous
 *   Ultimate Osc(7, 14, 28)  Buy UO > 70;                            Sell UO < 30
 * Every other case is Neutral. In the Stochastic and Stochastic RSI rules "K > D" and "K < D" need a gap
 * above 1e-9 (on the 0–100 scale): K and D that are equal in exact arithmetic (both 0 when the RSI sits at
 * its low for five bars) differ by a float residue of the rolling sums, which must not decide the vote.
 *
 * Availability, as in the library (`calcRating(src, …)` is `na` when its `src` is): each vote is counted
 * once the one value the library checks exists, and a condition that reads a value that does not exist yet
 * is simply false (Pine's `na` comparisons), so the vote is an available Neutral. The checked value: the MA
 * itself; Ichimoku span B on the last bar; previous RSI, previous %D, previous CCI; ADX; previous AO;
 * previous momentum; the MACD signal; EMA(50) for Stoch RSI and Bull Bear Power; previous %R; UO. An
 * unavailable vote is Neutral with `available: false` and left out of the counts and the averages. Each
 * group's rating is the mean of its available votes, the overall rating the mean of the groups that have
 * at least one (0 and Neutral, with `available` 0, when neither has). Bars needed: SMA/EMA n need n bars,
 * Hull 11, VWMA 20 bars with volume (never for an index without volume), Ichimoku 52 (Neutral until the
 * spans of 26 bars back exist, at 78), RSI 16, Stochastic 19, CCI 21, ADX 28 (Neutral until the previous
 * ADX exists, at 29), AO 35, Momentum 12, MACD 34, Stoch RSI and Bull Bear Power 50, Williams %R 15, UO 29.
 *
 * Labels (TradingView's bounds): below −0.5 Strong Sell; from −0.5 up to but not including −0.1 Sell;
 * −0.1 to 0.1 inclusive Neutral; above 0.1 up to and including 0.5 Buy; above 0.5 Strong Buy.
 *
 * History: the EMAs, RSI, MACD, ADX and Bull Bear Power are recursions over the whole series, so pass the
 * whole history (TradingView uses all of it): EMA(200) started 400 bars back is still up to 0.1 % off.
 */

export type Vote = -1 | 0 | 1;

export type RatingLabel = 'Strong Sell' | 'Sell' | 'Neutral' | 'Buy' | 'Strong Buy';

export type IndicatorVote = {
  /** The indicator as TradingView's Technicals page names it, e.g. "Simple Moving Average (10)". */
  name: string;
  /** +1 Buy, −1 Sell, 0 Neutral (also when not available). */
  vote: Vote;
  /** False when there is too little data for the indicator's rule; such votes are not counted. */
  available: boolean;
  /** The indicator's value on the last bar (the MA, the RSI, the MACD level…), when it exists. */
  value: number | undefined;
};

export type GroupRating = {
  /** Mean of the available votes, from −1 to 1 (0 when none is available). */
  rating: number;
  label: RatingLabel;
  buy: number;
  neutral: number;
  sell: number;
  /** buy + neutral + sell: the number of votes the rating divides by. */
  available: number;
  votes: IndicatorVote[];
};

export type TechnicalRating = {
  /** Mean of the group ratings that have available votes, from −1 to 1. */
  rating: number;
  label: RatingLabel;
  movingAverages: GroupRating;
  oscillators: GroupRating;
  /** Available votes of both groups together (the site's "Sell N, Neutral N, Buy N"). */
  totals: { sell: number; neutral: number; buy: number };
};

/**
 * TradingView's category for a rating. The value is compared after rounding to 9 decimals, so float
 * noise on an exact boundary (0.1 × 3 − 0.2 = 0.10000000000000003) lands on the documented side.
 */
export function ratingLabel(rating: number): RatingLabel {
  if (!Number.isFinite(rating)) throw new RangeError(`A rating must be a finite number, got ${rating}.`);
  const value = Math.round(rating * 1e9) / 1e9;
  if (value < -0.5) return 'Strong Sell';
  if (value < -0.1) return 'Sell';
  if (value <= 0.1) return 'Neutral';
  if (value <= 0.5) return 'Buy';
  return 'Strong Buy';
}

export const MA_PERIODS = [10, 20, 30, 50, 100, 200] as const;
export type MaPeriod = (typeof MA_PERIODS)[number];

/** A last value, `undefined` when there is too little data. */
export type Reading = number | undefined;
/** A value on the last bar and on the bar before. */
export type Pair = { now: Reading; previous: Reading };

/** What the rules read: the last values of every indicator of the rating. */
export type TechnicalReadings = {
  close: Reading;
  /** EMA(50) of the close: close above it is an uptrend, below it a downtrend (Stoch RSI, Bull Bear Power). */
  trend: Reading;
  sma: Record<MaPeriod, Reading>;
  ema: Record<MaPeriod, Reading>;
  hullMa9: Reading;
  vwma20: Reading;
  /**
   * Conversion and base lines of the last bar, the leading spans A and B as computed 26 bars before it
   * (`spanA`, `spanB`) and span B of the last bar (`spanBNow`, what makes the vote available).
   */
  ichimoku: { conversion: Reading; base: Reading; spanA: Reading; spanB: Reading; spanBNow: Reading };
  rsi: Pair;
  /** %K of the last bar, %D of the last bar and of the bar before (the library checks the previous %D). */
  stochastic: { k: Reading; d: Pair };
  cci: Pair;
  adx: { adx: Pair; plusDi: Reading; minusDi: Reading };
  awesomeOscillator: { now: Reading; previous: Reading; twoBack: Reading };
  momentum: Pair;
  macd: { macd: Reading; signal: Reading };
  stochRsi: { k: Reading; d: Reading };
  williamsR: Pair;
  bullBearPower: { bull: Pair; bear: Pair };
  ultimateOscillator: Reading;
};

/** Bars that window-based indicators need for their last values: SMA(200) needs the most (Ichimoku 78). */
const WINDOW_TAIL = 200;

/** The library compares the lines of the last bar with the spans computed this many bars earlier. */
const ICHIMOKU_SPAN_LAG = 26;

/**
 * The technical rating of the last bar: `rateReadings(technicalReadings(bars))`. `bars` must be valid
 * daily bars, oldest first, one per date (see `assertValidBars`; run messy data through `cleanBars`
 * first); throws a RangeError otherwise.
 */
export function technicalRating(bars: readonly DailyBar[]): TechnicalRating {
  return rateReadings(technicalReadings(bars));
}

/**
 * The last values of every indicator of the rating, each indicator computed once: O(n) in the number of
 * bars. Throws a RangeError on invalid bars (see `assertValidBars`).
 */
export function technicalReadings(bars: readonly DailyBar[]): TechnicalReadings {
  assertValidBars(bars);
  const n = bars.length;
  const columns = { high: new Float64Array(n), low: new Float64Array(n), close: new Float64Array(n) };
  const volume = new Float64Array(n);
  for (let i = 0; i < n; i++) {
    const bar = bars[i]!;
    columns.high[i] = bar.high;
    columns.low[i] = bar.low;
    columns.close[i] = bar.close;
    volume[i] = bar.volume ?? Number.NaN;
  }
  const { close } = columns;
  // Indicators that depend only on a window of bars (not on a recursion over the whole history) give the
  // same last values on a view of the last WINDOW_TAIL bars, which is several times cheaper.
  const from = Math.max(0, n - WINDOW_TAIL);
  const recent = {
    high: columns.high.subarray(from),
    low: columns.low.subarray(from),
    close: close.subarray(from),
  };
  const pair = (series: Numbers): Pair => ({ now: lastValue(series), previous: lastValue(series, 1) });

  const sma = {} as Record<MaPeriod, Reading>;
  const ema = {} as Record<MaPeriod, Reading>;
  for (const period of MA_PERIODS) {
    sma[period] = lastValue(smaValues(recent.close, period));
    ema[period] = lastValue(emaValues(close, period));
  }
  const cloud = ichimokuValues(recent);
  const rsi = rsiValues(close, 14);
  const stochastic = stochasticValues(recent, 14, 3, 3);
  const dmi = adxValues(columns, 14, 14);
  const ao = awesomeOscillatorValues(recent);
  const macd = macdValues(close, 12, 26, 9);
  const stochRsi = stochRsiOfRsiValues(rsi.subarray(from), 3, 3, 14);
  const power = bullBearPowerValues(columns, 13);
  return {
    close: lastValue(close),
    trend: ema[50],
    sma,
    ema,
    hullMa9: lastValue(hmaValues(recent.close, 9)),
    vwma20: lastValue(vwmaValues(recent.close, volume.subarray(from), 20)),
    ichimoku: {
      conversion: lastValue(cloud.conversion),
      base: lastValue(cloud.base),
      spanA: lastValue(cloud.spanA, ICHIMOKU_SPAN_LAG),
      spanB: lastValue(cloud.spanB, ICHIMOKU_SPAN_LAG),
      spanBNow: lastValue(cloud.spanB),
    },
    rsi: pair(rsi),
    stochastic: { k: lastValue(stochastic.k), d: pair(stochastic.d) },
    cci: pair(cciOfValues(recent.close, 20)),
    adx: { adx: pair(dmi.adx), plusDi: lastValue(dmi.plusDi), minusDi: lastValue(dmi.minusDi) },
    awesomeOscillator: { now: lastValue(ao), previous: lastValue(ao, 1), twoBack: lastValue(ao, 2) },
    momentum: pair(momentumValues(recent.close, 10)),
    macd: { macd: lastValue(macd.macd), signal: lastValue(macd.signal) },
    stochRsi: { k: lastValue(stochRsi.k), d: lastValue(stochRsi.d) },
    williamsR: pair(williamsRValues(recent, 14)),
    bullBearPower: { bull: pair(power.bull), bear: pair(power.bear) },
    ultimateOscillator: lastValue(ultimateOscillatorValues(recent, 7, 14, 28)),
  };
}

/** Applies TradingView's rules (see the top of this file) to the readings. */
export function rateReadings(readings: TechnicalReadings): TechnicalRating {
  // Pine's `na` in a comparison makes it false; NaN does the same in JavaScript.
  const x = (value: Reading) => value ?? Number.NaN;
  const price = x(readings.close);
  const trend = x(readings.trend);

  const maVote = (name: string, ma: Reading): IndicatorVote => {
    if (ma === undefined || readings.close === undefined)
      return { name, vote: 0, available: false, value: ma };
    return { name, vote: nearlyEqual(ma, price) ? 0 : ma < price ? 1 : -1, available: true, value: ma };
  };
  const maVotes: IndicatorVote[] = [];
  for (const period of MA_PERIODS) {
    maVotes.push(maVote(`Exponential Moving Average (${period})`, readings.ema[period]));
    maVotes.push(maVote(`Simple Moving Average (${period})`, readings.sma[period]));
  }
  const cloud = readings.ichimoku;
  const [a, b, base, conversion] = [x(cloud.spanA), x(cloud.spanB), x(cloud.base), x(cloud.conversion)];
  maVotes.push(
    vote(
      'Ichimoku Base Line (9, 26, 52, 26)',
      cloud.base,
      cloud.spanBNow,
      a > b && base > a && conversion > base && price > conversion,
      a < b && base < a && conversion < base && price < conversion,
    ),
  );
  maVotes.push(maVote('Volume Weighted Moving Average (20)', readings.vwma20));
  maVotes.push(maVote('Hull Moving Average (9)', readings.hullMa9));

  const { rsi, stochastic, cci, adx, momentum, macd, stochRsi, williamsR, awesomeOscillator: ao } = readings;
  const { bull, bear } = readings.bullBearPower;
  const [k, d, srK, srD] = [x(stochastic.k), x(stochastic.d.now), x(stochRsi.k), x(stochRsi.d)];
  const oscillatorVotes: IndicatorVote[] = [
    vote(
      'Relative Strength Index (14)',
      rsi.now,
      rsi.previous,
      x(rsi.now) < 30 && x(rsi.now) > x(rsi.previous),
      x(rsi.now) > 70 && x(rsi.now) < x(rsi.previous),
    ),
    vote(
      'Stochastic %K (14, 3, 3)',
      stochastic.k,
      stochastic.d.previous,
      k < 20 && d < 20 && exceeds(k, d),
      k > 80 && d > 80 && exceeds(d, k),
    ),
    vote(
      'Commodity Channel Index (20)',
      cci.now,
      cci.previous,
      x(cci.now) < -100 && x(cci.now) > x(cci.previous),
      x(cci.now) > 100 && x(cci.now) < x(cci.previous),
    ),
    vote(
      'Average Directional Index (14)',
      adx.adx.now,
      adx.adx.now,
      x(adx.adx.now) > 20 && x(adx.adx.now) > x(adx.adx.previous) && x(adx.plusDi) > x(adx.minusDi),
      x(adx.adx.now) > 20 && x(adx.adx.now) > x(adx.adx.previous) && x(adx.plusDi) < x(adx.minusDi),
    ),
    vote(
      'Awesome Oscillator',
      ao.now,
      ao.previous,
      (x(ao.now) > 0 && x(ao.previous) <= 0) ||
        (x(ao.now) > 0 && x(ao.previous) > 0 && x(ao.now) > x(ao.previous) && x(ao.twoBack) > x(ao.previous)),
      (x(ao.now) < 0 && x(ao.previous) >= 0) ||
        (x(ao.now) < 0 && x(ao.previous) < 0 && x(ao.now) < x(ao.previous) && x(ao.twoBack) < x(ao.previous)),
    ),
    vote(
      'Momentum (10)',
      momentum.now,
      momentum.previous,
      x(momentum.now) > x(momentum.previous),
      x(momentum.now) < x(momentum.previous),
    ),
    vote(
      'MACD Level (12, 26)',
      macd.macd,
      macd.signal,
      x(macd.macd) > x(macd.signal),
      x(macd.macd) < x(macd.signal),
    ),
    vote(
      'Stochastic RSI Fast (3, 3, 14, 14)',
      stochRsi.k,
      readings.trend,
      price < trend && srK < 20 && srD < 20 && exceeds(srK, srD),
      price > trend && srK > 80 && srD > 80 && exceeds(srD, srK),
    ),
    vote(
      'Williams Percent Range (14)',
      williamsR.now,
      williamsR.previous,
      x(williamsR.now) < -80 && x(williamsR.now) > x(williamsR.previous),
      x(williamsR.now) > -20 && x(williamsR.now) < x(williamsR.previous),
    ),
    vote(
      'Bull Bear Power',
      bull.now === undefined || bear.now === undefined ? undefined : bull.now + bear.now,
      readings.trend,
      price > trend && x(bear.now) < 0 && x(bear.now) > x(bear.previous),
      price < trend && x(bull.now) > 0 && x(bull.now) < x(bull.previous),
    ),
    vote(
      'Ultimate Oscillator (7, 14, 28)',
      readings.ultimateOscillator,
      readings.ultimateOscillator,
      x(readings.ultimateOscillator) > 70,
      x(readings.ultimateOscillator) < 30,
    ),
  ];

  const movingAverages = group(maVotes);
  const oscillators = group(oscillatorVotes);
  const rated = [movingAverages, oscillators].filter((g) => g.available > 0);
  const rating = rated.length === 0 ? 0 : rated.reduce((sum, g) => sum + g.rating, 0) / rated.length;
  return {
    rating,
    label: ratingLabel(rating),
    movingAverages,
    oscillators,
    totals: {
      sell: movingAverages.sell + oscillators.sell,
      neutral: movingAverages.neutral + oscillators.neutral,
      buy: movingAverages.buy + oscillators.buy,
    },
  };
}

/**
 * A vote as the library's `calcRating(src, bull, bear)`: not available while `checked` (its `src`) does
 * not exist; otherwise Buy, Sell or Neutral.
 */
function vote(name: string, value: Reading, checked: Reading, buy: boolean, sell: boolean): IndicatorVote {
  if (checked === undefined) return { name, vote: 0, available: false, value };
  return { name, vote: buy ? 1 : sell ? -1 : 0, available: true, value };
}

/** `a > b` by more than float residue, on the 0–100 scale of the stochastics. */
function exceeds(a: number, b: number): boolean {
  return a - b > STOCHASTIC_TOLERANCE;
}

const STOCHASTIC_TOLERANCE = 1e-9;

function group(votes: IndicatorVote[]): GroupRating {
  let buy = 0;
  let neutral = 0;
  let sell = 0;
  for (const v of votes) {
    if (!v.available) continue;
    if (v.vote > 0) buy++;
    else if (v.vote < 0) sell++;
    else neutral++;
  }
  const available = buy + neutral + sell;
  const rating = available === 0 ? 0 : (buy - sell) / available;
  return { rating, label: ratingLabel(rating), buy, neutral, sell, available, votes };
}

/** Equal within a relative 1e-10: an MA of a flat series equals the close despite float noise. */
function nearlyEqual(a: number, b: number): boolean {
  return Math.abs(a - b) <= 1e-10 * Math.max(Math.abs(a), Math.abs(b));
}
