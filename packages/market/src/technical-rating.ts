import { assertValidBars, type DailyBar } from './bars.ts';
import { emaValues, hmaValues, smaValues, vwmaValues } from './moving-averages.ts';
import {
  adxValues,
  awesomeOscillatorValues,
  bullBearPowerValues,
  cciValues,
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
 * the Screener), computed on the last bar, following TradingView's published description of its
 * Technical Ratings indicator.
 *
 * Moving averages group (15): SMA and EMA 10, 20, 30, 50, 100, 200, Hull MA 9, VWMA 20 and Ichimoku
 * (9, 26, 52, 26). Each MA: Buy when MA < close, Sell when MA > close, Neutral when equal (equal meaning
 * within a relative 1e-10, so float noise in a flat series does not vote).
 * Ichimoku, with the leading spans as drawn under the current bar (computed 25 bars earlier):
 *   Buy  when span A > span B, base line > span A, conversion line > base line and close > conversion line;
 *   Sell when span A < span B, base line < span A, conversion line < base line and close < conversion line.
 *
 * Oscillators group (11); "previous" is the value on the bar before, "uptrend" is close > EMA(50) and
 * "downtrend" close < EMA(50) (as in TradingView's own script):
 *   RSI(14)                  Buy RSI < 30 and RSI > previous;        Sell RSI > 70 and RSI < previous
 *   Stochastic(14, 3, 3)     Buy %K < 20, %D < 20 and %K > %D;       Sell %K > 80, %D > 80 and %K < %D
 *   CCI(20)                  Buy CCI < −100 and CCI > previous;      Sell CCI > 100 and CCI < previous
 *   ADX(14, 14)              Buy +DI > −DI, ADX > 20 and ADX > previous ADX;
 *                            Sell +DI < −DI, ADX > 20 and ADX < previous ADX
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
 * Every other case is Neutral.
 *
 * Availability: an indicator whose inputs (including the previous values its rule reads and, for Stoch
 * RSI and Bull Bear Power, the EMA(50) trend) cannot be computed yet votes Neutral with
 * `available: false` and is left out of everything: the counts and the averages. As in TradingView, each
 * group's rating is the sum of the available votes divided by their number, and the overall rating the
 * mean of the groups that have at least one available vote. With no available vote at all the rating is
 * 0 (Neutral) and `available` is 0. Bars needed: SMA/EMA n need n bars, Hull 11, VWMA 20 bars with
 * volume (never for an index without volume), Ichimoku 77; RSI 16, Stochastic 18, CCI 21, ADX 29,
 * AO 35, Momentum 12, MACD 34, Stoch RSI and Bull Bear Power 50, Williams %R 15, UO 29.
 *
 * Labels (TradingView's bounds): below −0.5 Strong Sell; from −0.5 up to but not including −0.1 Sell;
 * −0.1 to 0.1 inclusive Neutral; above 0.1 up to and including 0.5 Buy; above 0.5 Strong Buy.
 *
 * Sources and choices: the rules above are those of TradingView's current description of the indicator
 * (older help pages and scripts asked for crossovers in Stochastic, Stoch RSI and ADX and had another
 * Ichimoku rule). Where the description is silent this follows TradingView's script: trend = EMA(50), the
 * cloud displaced by 25 bars, and an oscillator whose ratio divides by zero (a flat range) not available.
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
  /** Conversion and base lines of the last bar, and the cloud drawn under it (spans of 25 bars earlier). */
  ichimoku: { conversion: Reading; base: Reading; cloudA: Reading; cloudB: Reading };
  rsi: Pair;
  stochastic: { k: Reading; d: Reading };
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

/** Bars that window-based indicators need for their last values: SMA(200) needs the most (Ichimoku 77). */
const WINDOW_TAIL = 200;

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
      cloudA: lastValue(cloud.cloudA),
      cloudB: lastValue(cloud.cloudB),
    },
    rsi: pair(rsi),
    stochastic: { k: lastValue(stochastic.k), d: lastValue(stochastic.d) },
    cci: pair(cciValues(recent, 20)),
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
  const { close: price, trend } = readings;

  const maVote = (name: string, ma: Reading): IndicatorVote => {
    if (ma === undefined || price === undefined) return { name, vote: 0, available: false, value: ma };
    return { name, vote: nearlyEqual(ma, price) ? 0 : ma < price ? 1 : -1, available: true, value: ma };
  };
  const maVotes: IndicatorVote[] = [];
  for (const period of MA_PERIODS) {
    maVotes.push(maVote(`Exponential Moving Average (${period})`, readings.ema[period]));
    maVotes.push(maVote(`Simple Moving Average (${period})`, readings.sma[period]));
  }
  const { conversion, base, cloudA, cloudB } = readings.ichimoku;
  maVotes.push(
    vote(
      'Ichimoku Base Line (9, 26, 52, 26)',
      base,
      [cloudA, cloudB, base, conversion, price],
      (a, b, baseLine, conversionLine, c) =>
        decide(
          a > b && baseLine > a && conversionLine > baseLine && c > conversionLine,
          a < b && baseLine < a && conversionLine < baseLine && c < conversionLine,
        ),
    ),
  );
  maVotes.push(maVote('Volume Weighted Moving Average (20)', readings.vwma20));
  maVotes.push(maVote('Hull Moving Average (9)', readings.hullMa9));

  const { rsi, stochastic, cci, adx, momentum, macd, stochRsi, williamsR } = readings;
  const { bull, bear } = readings.bullBearPower;
  const oscillatorVotes: IndicatorVote[] = [
    vote('Relative Strength Index (14)', rsi.now, [rsi.now, rsi.previous], (now, previous) =>
      decide(now < 30 && now > previous, now > 70 && now < previous),
    ),
    vote('Stochastic %K (14, 3, 3)', stochastic.k, [stochastic.k, stochastic.d], (k, d) =>
      decide(k < 20 && d < 20 && k > d, k > 80 && d > 80 && k < d),
    ),
    vote('Commodity Channel Index (20)', cci.now, [cci.now, cci.previous], (now, previous) =>
      decide(now < -100 && now > previous, now > 100 && now < previous),
    ),
    vote(
      'Average Directional Index (14)',
      adx.adx.now,
      [adx.adx.now, adx.adx.previous, adx.plusDi, adx.minusDi],
      (now, previous, plus, minus) =>
        decide(plus > minus && now > 20 && now > previous, plus < minus && now > 20 && now < previous),
    ),
    awesomeVote(readings.awesomeOscillator),
    vote('Momentum (10)', momentum.now, [momentum.now, momentum.previous], (now, previous) =>
      decide(now > previous, now < previous),
    ),
    vote('MACD Level (12, 26)', macd.macd, [macd.macd, macd.signal], (line, signal) =>
      decide(line > signal, line < signal),
    ),
    vote(
      'Stochastic RSI Fast (3, 3, 14, 14)',
      stochRsi.k,
      [stochRsi.k, stochRsi.d, trend, price],
      (k, d, average, c) =>
        decide(c < average && k < 20 && d < 20 && k > d, c > average && k > 80 && d > 80 && k < d),
    ),
    vote('Williams Percent Range (14)', williamsR.now, [williamsR.now, williamsR.previous], (now, previous) =>
      decide(now < -80 && now > previous, now > -20 && now < previous),
    ),
    vote(
      'Bull Bear Power',
      bull.now === undefined || bear.now === undefined ? undefined : bull.now + bear.now,
      [bull.now, bull.previous, bear.now, bear.previous, trend, price],
      (bullNow, bullPrevious, bearNow, bearPrevious, average, c) =>
        decide(
          c > average && bearNow < 0 && bearNow > bearPrevious,
          c < average && bullNow > 0 && bullNow < bullPrevious,
        ),
    ),
    vote(
      'Ultimate Oscillator (7, 14, 28)',
      readings.ultimateOscillator,
      [readings.ultimateOscillator],
      (now) => decide(now > 70, now < 30),
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

function decide(buy: boolean, sell: boolean): Vote {
  return buy ? 1 : sell ? -1 : 0;
}

/** Applies `rule` when every input exists; otherwise the vote is not available. */
function vote<const T extends readonly Reading[]>(
  name: string,
  value: Reading,
  inputs: T,
  rule: (...values: { [K in keyof T]: number }) => Vote,
): IndicatorVote {
  if (inputs.some((input) => input === undefined)) return { name, vote: 0, available: false, value };
  return { name, vote: rule(...(inputs as unknown as { [K in keyof T]: number })), available: true, value };
}

function awesomeVote({ now, previous, twoBack }: TechnicalReadings['awesomeOscillator']): IndicatorVote {
  const name = 'Awesome Oscillator';
  if (now === undefined || previous === undefined) return { name, vote: 0, available: false, value: now };
  const saucerUp = twoBack !== undefined && now > 0 && previous > 0 && now > previous && previous < twoBack;
  const saucerDown = twoBack !== undefined && now < 0 && previous < 0 && now < previous && previous > twoBack;
  return {
    name,
    vote: decide((now > 0 && previous <= 0) || saucerUp, (now < 0 && previous >= 0) || saucerDown),
    available: true,
    value: now,
  };
}

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
