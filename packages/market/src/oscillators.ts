import { emaValues, rmaValues, smaValues } from './moving-averages.ts';
import {
  assertPeriod,
  changeValues,
  differenceValues,
  highestValues,
  lowestValues,
  midpointValues,
  type Numbers,
  rollingSumValues,
  type Series,
  type SeriesInput,
  shiftValues,
  toSeries,
  toValues,
  type Values,
  zipValues,
} from './series.ts';
import {
  type HighLowClose,
  type HighLowCloseValues,
  toHighLowCloseValues,
  trueRangeValues,
} from './volatility.ts';

/**
 * Oscillators and the other indicators of the TradingView technical rating, computed as Pine's `ta.*`
 * built-ins do. Every function returns series aligned to its input (index i is the value on bar i),
 * `undefined` during warm-up, where an input is missing, and where a ratio would divide by zero (stated
 * per function). All are O(n) for fixed periods. The `…Values` kernels do the same on `Float64Array`s
 * with NaN gaps (see series.ts).
 */

type HighLow = { high: SeriesInput; low: SeriesInput };
type HighLowValues = { high: Numbers; low: Numbers };

// ---------------------------------------------------------------------------------------------------
// RSI

/**
 * Wilder's RSI: the gains and losses of the close-to-close changes, each smoothed with Wilder's method
 * (the first average is the simple mean of the first `period` changes), and
 * RSI = 100 − 100 / (1 + average gain / average loss). First value at index `period` (the 15th close for
 * 14). No losses gives 100, no gains 0, and neither (a flat series) 50.
 */
export function rsi(closes: SeriesInput, period = 14): Series {
  return toSeries(rsiValues(toValues(closes), period));
}

export function rsiValues(closes: Numbers, period = 14): Values {
  assertPeriod(period);
  const gains = new Float64Array(closes.length);
  const losses = new Float64Array(closes.length);
  gains[0] = losses[0] = Number.NaN;
  for (let i = 1; i < closes.length; i++) {
    const delta = closes[i]! - closes[i - 1]!;
    const finite = Number.isFinite(delta);
    gains[i] = finite ? Math.max(delta, 0) : Number.NaN;
    losses[i] = finite ? Math.max(-delta, 0) : Number.NaN;
  }
  const averageGain = rmaValues(gains, period);
  const averageLoss = rmaValues(losses, period);
  const out = new Float64Array(closes.length);
  for (let i = 0; i < out.length; i++) {
    const gain = averageGain[i]!;
    const loss = averageLoss[i]!;
    // NaN (warm-up) stays NaN through every branch.
    out[i] = loss === 0 ? (gain === 0 ? 50 : 100) : 100 - 100 / (1 + gain / loss);
  }
  return out;
}

// ---------------------------------------------------------------------------------------------------
// MACD

export type Macd = { macd: Series; signal: Series; histogram: Series };
export type MacdValues = { macd: Values; signal: Values; histogram: Values };

/**
 * MACD: line = EMA(fast) − EMA(slow) of the closes, signal = EMA(signalPeriod) of the line (seeded with
 * the SMA of its first values), histogram = line − signal. For (12, 26, 9) the line starts at index 25
 * and the signal and histogram at index 33.
 */
export function macd(closes: SeriesInput, fast = 12, slow = 26, signalPeriod = 9): Macd {
  const result = macdValues(toValues(closes), fast, slow, signalPeriod);
  return {
    macd: toSeries(result.macd),
    signal: toSeries(result.signal),
    histogram: toSeries(result.histogram),
  };
}

export function macdValues(closes: Numbers, fast = 12, slow = 26, signalPeriod = 9): MacdValues {
  const line = differenceValues(emaValues(closes, fast), emaValues(closes, slow));
  const signal = emaValues(line, signalPeriod);
  return { macd: line, signal, histogram: differenceValues(line, signal) };
}

// ---------------------------------------------------------------------------------------------------
// Stochastics

export type Stochastic = { k: Series; d: Series };
export type StochasticValues = { k: Values; d: Values };

/**
 * Raw stochastic (Pine's `ta.stoch(source, high, low, length)`):
 * 100 × (source − lowest low) / (highest high − lowest low) over `period` bars; `undefined` when the
 * highest high equals the lowest low (0 / 0).
 */
export function stochasticRaw(
  source: SeriesInput,
  high: SeriesInput,
  low: SeriesInput,
  period: number,
): Series {
  return toSeries(stochasticRawValues(toValues(source), toValues(high), toValues(low), period));
}

/**
 * Slow stochastic (14, 3, 3): %K = SMA(smoothK) of the raw stochastic of the close, %D = SMA(smoothD) of
 * %K. For the defaults %K starts at index 15 and %D at index 17.
 */
export function stochastic(bars: HighLowClose, period = 14, smoothK = 3, smoothD = 3): Stochastic {
  const result = stochasticValues(toHighLowCloseValues(bars), period, smoothK, smoothD);
  return { k: toSeries(result.k), d: toSeries(result.d) };
}

/**
 * Stochastic RSI (3, 3, 14, 14) in TradingView's order of parameters: the raw stochastic of
 * RSI(rsiPeriod) over `stochPeriod` values, smoothed by SMA(smoothK) into K, and K by SMA(smoothD) into D.
 * Starts at index 29 (K) and 31 (D); `undefined` while the RSI is flat over the window.
 */
export function stochRsi(
  closes: SeriesInput,
  smoothK = 3,
  smoothD = 3,
  rsiPeriod = 14,
  stochPeriod = 14,
): Stochastic {
  const result = stochRsiValues(toValues(closes), smoothK, smoothD, rsiPeriod, stochPeriod);
  return { k: toSeries(result.k), d: toSeries(result.d) };
}

export function stochasticRawValues(source: Numbers, high: Numbers, low: Numbers, period: number): Values {
  const highs = highestValues(high, period);
  const lows = lowestValues(low, period);
  const out = new Float64Array(source.length);
  for (let i = 0; i < source.length; i++) {
    const h = highs[i]!;
    const l = lows[i]!;
    const value = (100 * (source[i]! - l)) / (h - l);
    out[i] = h !== l && Number.isFinite(value) ? value : Number.NaN;
  }
  return out;
}

export function stochasticValues(
  bars: HighLowCloseValues,
  period = 14,
  smoothK = 3,
  smoothD = 3,
): StochasticValues {
  const k = smaValues(stochasticRawValues(bars.close, bars.high, bars.low, period), smoothK);
  return { k, d: smaValues(k, smoothD) };
}

export function stochRsiValues(
  closes: Numbers,
  smoothK = 3,
  smoothD = 3,
  rsiPeriod = 14,
  stochPeriod = 14,
): StochasticValues {
  return stochRsiOfRsiValues(rsiValues(closes, rsiPeriod), smoothK, smoothD, stochPeriod);
}

/** Stochastic RSI from an RSI series already computed (so a caller that has the RSI does not redo it). */
export function stochRsiOfRsiValues(
  rsi: Numbers,
  smoothK = 3,
  smoothD = 3,
  stochPeriod = 14,
): StochasticValues {
  const k = smaValues(stochasticRawValues(rsi, rsi, rsi, stochPeriod), smoothK);
  return { k, d: smaValues(k, smoothD) };
}

// ---------------------------------------------------------------------------------------------------
// CCI

/**
 * Commodity Channel Index (Lambert): typical price TP = (high + low + close) / 3,
 * CCI = (TP − SMA(TP)) / (0.015 × mean deviation), the mean deviation being the mean of |TP − SMA(TP)|
 * over the window, around the current SMA. First value at index `period − 1`; `undefined` when the mean
 * deviation is 0. O(n × period): the deviation has to be summed again around each new mean.
 */
export function cci(bars: HighLowClose, period = 20): Series {
  return toSeries(cciValues(toHighLowCloseValues(bars), period));
}

/**
 * CCI of any source series (Pine's `ta.cci(source, length)`); TradingView's technical rating uses it on the
 * close, not on the typical price. Same warm-up and zero-deviation rule as `cci`.
 */
export function cciOf(source: SeriesInput, period = 20): Series {
  return toSeries(cciOfValues(toValues(source), period));
}

export function cciValues(bars: HighLowCloseValues, period = 20): Values {
  const typical = new Float64Array(bars.close.length);
  for (let i = 0; i < typical.length; i++) typical[i] = (bars.high[i]! + bars.low[i]! + bars.close[i]!) / 3;
  return cciOfValues(typical, period);
}

export function cciOfValues(source: Numbers, period = 20): Values {
  assertPeriod(period);
  const mean = smaValues(source, period);
  const out = new Float64Array(source.length);
  for (let i = 0; i < source.length; i++) {
    const average = mean[i]!;
    if (Number.isNaN(average)) {
      out[i] = Number.NaN;
      continue;
    }
    // A defined mean means every value in the window is finite.
    let deviation = 0;
    for (let j = i - period + 1; j <= i; j++) deviation += Math.abs(source[j]! - average);
    deviation /= period;
    out[i] = deviation === 0 ? Number.NaN : (source[i]! - average) / (0.015 * deviation);
  }
  return out;
}

// ---------------------------------------------------------------------------------------------------
// ADX / DMI

export type DirectionalMovement = { adx: Series; plusDi: Series; minusDi: Series };
export type DirectionalMovementValues = { adx: Values; plusDi: Values; minusDi: Values };

/**
 * Wilder's directional movement (Pine's `ta.dmi(diLength, adxSmoothing)`): up = high − previous high,
 * down = previous low − low; +DM = up when up > down and up > 0, else 0; −DM = down when down > up and
 * down > 0, else 0. +DI = 100 × RMA(+DM) / RMA(TR) and −DI likewise (both 0 when the smoothed true range
 * is 0); DX = 100 × |+DI − −DI| / (+DI + −DI) (0 when both are 0); ADX = RMA(DX, adxSmoothing). For
 * (14, 14) the DIs start at index 14 and the ADX at index 27.
 */
export function adx(bars: HighLowClose, diLength = 14, adxSmoothing = 14): DirectionalMovement {
  const result = adxValues(toHighLowCloseValues(bars), diLength, adxSmoothing);
  return { adx: toSeries(result.adx), plusDi: toSeries(result.plusDi), minusDi: toSeries(result.minusDi) };
}

export function adxValues(
  bars: HighLowCloseValues,
  diLength = 14,
  adxSmoothing = 14,
): DirectionalMovementValues {
  assertPeriod(diLength, 'diLength');
  const { high, low } = bars;
  const length = bars.close.length;
  const plusDm = new Float64Array(length);
  const minusDm = new Float64Array(length);
  plusDm[0] = minusDm[0] = Number.NaN;
  for (let i = 1; i < length; i++) {
    const up = high[i]! - high[i - 1]!;
    const down = low[i - 1]! - low[i]!;
    const finite = Number.isFinite(up) && Number.isFinite(down);
    plusDm[i] = finite ? (up > down && up > 0 ? up : 0) : Number.NaN;
    minusDm[i] = finite ? (down > up && down > 0 ? down : 0) : Number.NaN;
  }
  const range = rmaValues(trueRangeValues(bars), diLength);
  const plusDi = rmaValues(plusDm, diLength);
  const minusDi = rmaValues(minusDm, diLength);
  const dx = new Float64Array(length);
  for (let i = 0; i < length; i++) {
    const tr = range[i]!;
    // Turned into DIs in place; NaN (warm-up) stays NaN.
    const plus = tr === 0 ? 0 : (100 * plusDi[i]!) / tr;
    const minus = tr === 0 ? 0 : (100 * minusDi[i]!) / tr;
    plusDi[i] = plus;
    minusDi[i] = minus;
    dx[i] = plus + minus === 0 ? 0 : (100 * Math.abs(plus - minus)) / (plus + minus);
  }
  return { adx: rmaValues(dx, adxSmoothing), plusDi, minusDi };
}

// ---------------------------------------------------------------------------------------------------
// Awesome Oscillator, Momentum, Williams %R, Bull Bear Power

/**
 * Awesome Oscillator (Bill Williams): SMA(5) − SMA(34) of the median price (high + low) / 2. First value
 * at index 33.
 */
export function awesomeOscillator(bars: HighLow, fast = 5, slow = 34): Series {
  return toSeries(
    awesomeOscillatorValues({ high: toValues(bars.high), low: toValues(bars.low) }, fast, slow),
  );
}

/** Momentum: close − close `period` bars ago. First value at index `period`. */
export function momentum(closes: SeriesInput, period = 10): Series {
  return toSeries(momentumValues(toValues(closes), period));
}

/**
 * Williams %R: 100 × (close − highest high) / (highest high − lowest low) over `period` bars, from −100
 * (close at the low) to 0 (close at the high). First value at index `period − 1`; `undefined` when the
 * range is 0.
 */
export function williamsR(bars: HighLowClose, period = 14): Series {
  return toSeries(williamsRValues(toHighLowCloseValues(bars), period));
}

export type BullBearPower = { bull: Series; bear: Series };
export type BullBearPowerValues = { bull: Values; bear: Values };

/**
 * Elder's bull and bear power: bull = high − EMA(close, period), bear = low − EMA(close, period). First
 * value at index `period − 1`.
 */
export function bullBearPower(bars: HighLowClose, period = 13): BullBearPower {
  const result = bullBearPowerValues(toHighLowCloseValues(bars), period);
  return { bull: toSeries(result.bull), bear: toSeries(result.bear) };
}

export function awesomeOscillatorValues(bars: HighLowValues, fast = 5, slow = 34): Values {
  const median = midpointValues(bars.high, bars.low);
  return differenceValues(smaValues(median, fast), smaValues(median, slow));
}

export function momentumValues(closes: Numbers, period = 10): Values {
  return changeValues(closes, period);
}

export function williamsRValues(bars: HighLowCloseValues, period = 14): Values {
  const highs = highestValues(bars.high, period);
  const lows = lowestValues(bars.low, period);
  const out = new Float64Array(bars.close.length);
  for (let i = 0; i < out.length; i++) {
    const h = highs[i]!;
    const l = lows[i]!;
    const value = (100 * (bars.close[i]! - h)) / (h - l);
    out[i] = h !== l && Number.isFinite(value) ? value : Number.NaN;
  }
  return out;
}

export function bullBearPowerValues(bars: HighLowCloseValues, period = 13): BullBearPowerValues {
  const average = emaValues(bars.close, period);
  return {
    bull: differenceValues(bars.high, average),
    bear: differenceValues(bars.low, average),
  };
}

// ---------------------------------------------------------------------------------------------------
// Ultimate Oscillator

/**
 * Ultimate Oscillator (Larry Williams): buying pressure BP = close − min(low, previous close), true range
 * TR; average_n = ΣBP / ΣTR over n bars; UO = 100 × (4 × avg_short + 2 × avg_medium + avg_long) / 7.
 * Needs a previous close, so for (7, 14, 28) the first value is at index 28; `undefined` when a true
 * range sum is 0.
 */
export function ultimateOscillator(bars: HighLowClose, short = 7, medium = 14, long = 28): Series {
  return toSeries(ultimateOscillatorValues(toHighLowCloseValues(bars), short, medium, long));
}

export function ultimateOscillatorValues(
  bars: HighLowCloseValues,
  short = 7,
  medium = 14,
  long = 28,
): Values {
  const range = trueRangeValues(bars);
  const pressure = new Float64Array(range.length);
  pressure[0] = Number.NaN;
  for (let i = 1; i < pressure.length; i++)
    pressure[i] = bars.close[i]! - Math.min(bars.low[i]!, bars.close[i - 1]!);
  const average = (period: number) =>
    zipValues(rollingSumValues(pressure, period), rollingSumValues(range, period), (bp, tr) => bp / tr);
  const shortAverage = average(short);
  const mediumAverage = average(medium);
  const longAverage = average(long);
  const out = new Float64Array(range.length);
  for (let i = 0; i < out.length; i++) {
    out[i] = (100 * (4 * shortAverage[i]! + 2 * mediumAverage[i]! + longAverage[i]!)) / 7;
  }
  return out;
}

// ---------------------------------------------------------------------------------------------------
// Ichimoku

export type Ichimoku = {
  /** Tenkan-sen: midpoint of the highest high and lowest low of the last `conversionPeriod` bars. */
  conversion: Series;
  /** Kijun-sen: the same midpoint over `basePeriod` bars. */
  base: Series;
  /** Senkou span A as computed on bar i: (conversion + base) / 2; charts draw it `displacement − 1` bars ahead. */
  spanA: Series;
  /** Senkou span B as computed on bar i: the midpoint over `spanBPeriod` bars; drawn ahead the same way. */
  spanB: Series;
  /** The cloud under bar i: span A computed `displacement − 1` bars earlier (what the chart shows at bar i). */
  cloudA: Series;
  /** The cloud under bar i: span B computed `displacement − 1` bars earlier. */
  cloudB: Series;
};

export type IchimokuValues = { [K in keyof Ichimoku]: Values };

/**
 * Ichimoku Kinko Hyo (9, 26, 52, 26). TradingView plots the leading spans with an offset of
 * `displacement − 1` = 25 bars, so the cloud under bar i is made of the spans of bar i − 25 (`cloudA`,
 * `cloudB`). With the defaults the conversion line starts at index 8, the base line and span A at 25,
 * span B at 51 and the cloud at 76.
 */
export function ichimoku(
  bars: HighLow,
  conversionPeriod = 9,
  basePeriod = 26,
  spanBPeriod = 52,
  displacement = 26,
): Ichimoku {
  const result = ichimokuValues(
    { high: toValues(bars.high), low: toValues(bars.low) },
    conversionPeriod,
    basePeriod,
    spanBPeriod,
    displacement,
  );
  return {
    conversion: toSeries(result.conversion),
    base: toSeries(result.base),
    spanA: toSeries(result.spanA),
    spanB: toSeries(result.spanB),
    cloudA: toSeries(result.cloudA),
    cloudB: toSeries(result.cloudB),
  };
}

export function ichimokuValues(
  bars: HighLowValues,
  conversionPeriod = 9,
  basePeriod = 26,
  spanBPeriod = 52,
  displacement = 26,
): IchimokuValues {
  assertPeriod(displacement, 'displacement');
  const midpoint = (period: number) =>
    midpointValues(highestValues(bars.high, period), lowestValues(bars.low, period));
  const conversion = midpoint(conversionPeriod);
  const base = midpoint(basePeriod);
  const spanA = midpointValues(conversion, base);
  const spanB = midpoint(spanBPeriod);
  return {
    conversion,
    base,
    spanA,
    spanB,
    cloudA: shiftValues(spanA, displacement - 1),
    cloudB: shiftValues(spanB, displacement - 1),
  };
}
