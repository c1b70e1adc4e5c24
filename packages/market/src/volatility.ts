import { rmaValues } from './moving-averages.ts';
import { type Numbers, type Series, type SeriesInput, toSeries, toValues, type Values } from './series.ts';

/** High, low and close columns (see `toColumns` in bars.ts). */
export type HighLowClose = { high: SeriesInput; low: SeriesInput; close: SeriesInput };

/** The same columns for the `…Values` kernels (NaN marks a gap). */
export type HighLowCloseValues = { high: Numbers; low: Numbers; close: Numbers };

export function toHighLowCloseValues(bars: HighLowClose): HighLowCloseValues {
  return { high: toValues(bars.high), low: toValues(bars.low), close: toValues(bars.close) };
}

/**
 * True range: max(high − low, |high − previous close|, |low − previous close|). The first bar has no
 * previous close, so its true range is `undefined` (as Pine's `ta.tr`) and every average of it starts at
 * bar 1.
 */
export function trueRange(bars: HighLowClose): Series {
  return toSeries(trueRangeValues(toHighLowCloseValues(bars)));
}

/**
 * Average true range: Wilder's smoothing of the true range. ATR(14) is first defined at index 14 (the
 * mean of the true ranges of bars 1–14).
 */
export function atr(bars: HighLowClose, period = 14): Series {
  return toSeries(atrValues(toHighLowCloseValues(bars), period));
}

export function trueRangeValues({ high, low, close }: HighLowCloseValues): Values {
  const out = new Float64Array(close.length);
  out[0] = Number.NaN;
  for (let i = 1; i < close.length; i++) {
    const h = high[i]!;
    const l = low[i]!;
    const previousClose = close[i - 1]!;
    const range = Math.max(h - l, Math.abs(h - previousClose), Math.abs(l - previousClose));
    out[i] = Number.isFinite(range) ? range : Number.NaN;
  }
  return out;
}

export function atrValues(bars: HighLowCloseValues, period = 14): Values {
  return rmaValues(trueRangeValues(bars), period);
}
