import {
  assertPeriod,
  type Numbers,
  rollingSumValues,
  type Series,
  type SeriesInput,
  toSeries,
  toValues,
  type Values,
  zipValues,
} from './series.ts';

/**
 * Moving averages. Each returns a series aligned to its input (index i is the average ending at bar i)
 * with `undefined` during warm-up and wherever the window contains a missing value. All are O(n). The
 * `…Values` kernels do the same on `Float64Array`s with NaN gaps (see series.ts).
 */

/** Simple moving average: the mean of the last `period` values. First value at index `period − 1`. */
export function sma(values: SeriesInput, period: number): Series {
  return toSeries(smaValues(toValues(values), period));
}

/**
 * Exponential moving average, α = 2 / (period + 1), seeded with the SMA of the first `period` values
 * (the TradingView / TA-Lib convention), so the first value is at index `period − 1`:
 * `ema[i] = ema[i−1] + α × (value[i] − ema[i−1])`. A missing value breaks the chain: the EMA restarts
 * with a fresh SMA seed after it.
 */
export function ema(values: SeriesInput, period: number): Series {
  return toSeries(emaValues(toValues(values), period));
}

/**
 * Wilder's smoothing (Pine's `ta.rma`, the average inside RSI, ATR and ADX): the EMA recursion with
 * α = 1 / period, i.e. `rma[i] = (rma[i−1] × (period − 1) + value[i]) / period`, seeded with the SMA of
 * the first `period` values.
 */
export function rma(values: SeriesInput, period: number): Series {
  return toSeries(rmaValues(toValues(values), period));
}

/**
 * Weighted moving average with linear weights 1, 2, …, period (the newest value weighs most), divided by
 * period × (period + 1) / 2. First value at index `period − 1`.
 */
export function wma(values: SeriesInput, period: number): Series {
  return toSeries(wmaValues(toValues(values), period));
}

/**
 * Hull moving average (Alan Hull): WMA(2 × WMA(x, ⌊p/2⌋) − WMA(x, p), ⌊√p⌋). For p = 9 that is the WMA
 * over 3 bars of 2 × WMA4 − WMA9, so the first value is at index 9 − 1 + 3 − 1 = 10.
 */
export function hma(values: SeriesInput, period = 9): Series {
  return toSeries(hmaValues(toValues(values), period));
}

/**
 * Volume-weighted moving average: Σ(close × volume) / Σ volume over the last `period` bars. `undefined`
 * where any bar in the window has no usable volume (missing, NaN, negative) or the volumes sum to 0
 * (indices such as NIFTY report no volume).
 */
export function vwma(closes: SeriesInput, volumes: SeriesInput, period = 20): Series {
  return toSeries(vwmaValues(toValues(closes), toValues(volumes), period));
}

export function smaValues(values: Numbers, period: number): Values {
  const sums = rollingSumValues(values, period);
  for (let i = 0; i < sums.length; i++) sums[i] = sums[i]! / period;
  return sums;
}

export function emaValues(values: Numbers, period: number): Values {
  assertPeriod(period);
  return seededSmoothing(values, period, 2 / (period + 1));
}

export function rmaValues(values: Numbers, period: number): Values {
  assertPeriod(period);
  return seededSmoothing(values, period, 1 / period);
}

function seededSmoothing(values: Numbers, period: number, alpha: number): Values {
  const out = new Float64Array(values.length);
  let run = 0;
  let seedSum = 0;
  let previous = Number.NaN;
  for (let i = 0; i < values.length; i++) {
    const value = values[i]!;
    if (!Number.isFinite(value)) {
      run = 0;
      seedSum = 0;
      previous = Number.NaN;
    } else if (run >= period) {
      previous += alpha * (value - previous);
    } else {
      run++;
      seedSum += value;
      if (run === period) previous = seedSum / period;
    }
    out[i] = previous;
  }
  return out;
}

/** O(1) per bar: numerator' = numerator − window sum + period × new value. */
export function wmaValues(values: Numbers, period: number): Values {
  assertPeriod(period);
  const out = new Float64Array(values.length);
  const denominator = (period * (period + 1)) / 2;
  let run = 0;
  let numerator = 0;
  let windowSum = 0;
  for (let i = 0; i < values.length; i++) {
    const value = values[i]!;
    if (!Number.isFinite(value)) {
      run = numerator = windowSum = 0;
      out[i] = Number.NaN;
      continue;
    }
    run++;
    if (run <= period) {
      numerator += run * value;
      windowSum += value;
    } else {
      numerator += period * value - windowSum;
      windowSum += value - values[i - period]!;
    }
    out[i] = run >= period ? numerator / denominator : Number.NaN;
  }
  return out;
}

export function hmaValues(values: Numbers, period = 9): Values {
  assertPeriod(period, 'period', 2);
  const raw = zipValues(
    wmaValues(values, Math.floor(period / 2)),
    wmaValues(values, period),
    (half, full) => 2 * half - full,
  );
  return wmaValues(raw, Math.floor(Math.sqrt(period)));
}

export function vwmaValues(closes: Numbers, volumes: Numbers, period = 20): Values {
  assertPeriod(period);
  const usableVolume = new Float64Array(closes.length);
  const weighted = new Float64Array(closes.length);
  for (let i = 0; i < closes.length; i++) {
    const volume = i < volumes.length ? volumes[i]! : Number.NaN;
    const usable = Number.isFinite(volume) && volume >= 0 && Number.isFinite(closes[i]!);
    usableVolume[i] = usable ? volume : Number.NaN;
    weighted[i] = usable ? closes[i]! * volume : Number.NaN;
  }
  return zipValues(
    rollingSumValues(weighted, period),
    rollingSumValues(usableVolume, period),
    (pv, volume) => (volume > 0 ? pv / volume : Number.NaN),
  );
}
