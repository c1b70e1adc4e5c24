import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  assertPeriod,
  changeValues,
  differenceValues,
  highestValues,
  lastValue,
  lowestValues,
  mapValues,
  midpointValues,
  rollingSumValues,
  shiftValues,
  toSeries,
  toValues,
  valueAt,
  zipValues,
} from './series.ts';

const NaN_ = Number.NaN;
const series = (values: ArrayLike<number>) => toSeries(values);

/** Random series with occasional gaps (undefined) to exercise the restart logic. */
const seriesWithGaps = fc.array(
  fc.oneof(
    { weight: 12, arbitrary: fc.double({ min: -1000, max: 1000, noNaN: true }) },
    { weight: 1, arbitrary: fc.constant(undefined) },
  ),
  { maxLength: 80 },
);

/** Naive window helper: the `period` values ending at i, or undefined if any is missing. */
function windowAt(values: readonly (number | undefined)[], i: number, period: number): number[] | undefined {
  if (i - period + 1 < 0) return undefined;
  const window = values.slice(i - period + 1, i + 1);
  return window.every((v) => v !== undefined) ? (window as number[]) : undefined;
}

describe('conversions', () => {
  it('turns undefined, NaN and ±Infinity into NaN and back into undefined', () => {
    const values = toValues([1, undefined, Number.NaN, Number.POSITIVE_INFINITY, -2]);
    expect(Array.from(values)).toEqual([1, NaN_, NaN_, NaN_, -2]);
    expect(toSeries(values)).toEqual([1, undefined, undefined, undefined, -2]);
    expect(toSeries([Number.NEGATIVE_INFINITY, 0])).toEqual([undefined, 0]);
  });

  it('reads values safely', () => {
    expect(valueAt([1, 2], -1)).toBeUndefined();
    expect(valueAt([1, 2], 2)).toBeUndefined();
    expect(valueAt([1, Number.NaN], 1)).toBeUndefined();
    expect(valueAt(new Float64Array([3]), 0)).toBe(3);
    expect(lastValue([1, 2, 3])).toBe(3);
    expect(lastValue([1, 2, 3], 2)).toBe(1);
    expect(lastValue([1, 2, 3], 3)).toBeUndefined();
    expect(lastValue([])).toBeUndefined();
  });
});

describe('assertPeriod', () => {
  it.each([0, -1, 1.5, Number.NaN, Number.POSITIVE_INFINITY])('rejects %s', (period) => {
    expect(() => assertPeriod(period)).toThrow(RangeError);
  });

  it('accepts whole numbers from the minimum', () => {
    expect(() => assertPeriod(1)).not.toThrow();
    expect(() => assertPeriod(0, 'length', 0)).not.toThrow();
    expect(() => assertPeriod(1, 'period', 2)).toThrow(/at least 2/);
  });
});

describe('element-wise helpers', () => {
  it('maps and zips, turning gaps and non-finite results into gaps', () => {
    expect(series(mapValues([1, NaN_, 4], (v) => v * 2))).toEqual([2, undefined, 8]);
    expect(series(mapValues([0, 2], (v) => 1 / v))).toEqual([undefined, 0.5]);
    expect(series(zipValues([1, 2, NaN_, 4], [10, 20, 30], (a, b) => a + b))).toEqual([
      11,
      22,
      undefined,
      undefined,
    ]);
    expect(series(zipValues([1, 1], [0, 2], (a, b) => a / b))).toEqual([undefined, 0.5]);
  });

  it('subtracts and averages pairwise', () => {
    expect(series(differenceValues([5, 7, NaN_], [1, 10, 1]))).toEqual([4, -3, undefined]);
    expect(series(midpointValues([4, 10, 1], [6, 20]))).toEqual([5, 15, undefined]);
  });

  it('changes and shifts', () => {
    // change(…, 2): 9 − 1 = 8, 16 − 4 = 12.
    expect(series(changeValues([1, 4, 9, 16], 2))).toEqual([undefined, undefined, 8, 12]);
    expect(series(changeValues([1, NaN_, 3, 4]))).toEqual([undefined, undefined, undefined, 1]);
    expect(series(shiftValues([1, 2, 3], 1))).toEqual([undefined, 1, 2]);
    expect(series(shiftValues([1, 2, 3], 0))).toEqual([1, 2, 3]);
    expect(series(shiftValues([1, 2], 5))).toEqual([undefined, undefined]);
  });
});

describe('rolling sums', () => {
  it('sums the last n values', () => {
    // 1+2+3 = 6, 2+3+4 = 9, 3+4+5 = 12.
    expect(series(rollingSumValues([1, 2, 3, 4, 5], 3))).toEqual([undefined, undefined, 6, 9, 12]);
  });

  it('restarts after a gap', () => {
    // [1, 2] → 3; the gap at index 2 clears the window; 3+4 = 7, 4+5 = 9.
    expect(series(rollingSumValues([1, 2, NaN_, 3, 4, 5], 2))).toEqual([
      undefined,
      3,
      undefined,
      undefined,
      7,
      9,
    ]);
  });

  it('gives nothing when there are fewer values than the period', () => {
    expect(series(rollingSumValues([1, 2], 3))).toEqual([undefined, undefined]);
    expect(series(rollingSumValues([], 3))).toEqual([]);
  });

  it('matches a naive sum on random series', () => {
    fc.assert(
      fc.property(seriesWithGaps, fc.integer({ min: 1, max: 12 }), (values, period) => {
        const fast = toSeries(rollingSumValues(toValues(values), period));
        values.forEach((_, i) => {
          const window = windowAt(values, i, period);
          if (window === undefined) expect(fast[i]).toBeUndefined();
          else
            expect(fast[i]).toBeCloseTo(
              window.reduce((a, b) => a + b, 0),
              6,
            );
        });
      }),
    );
  });
});

describe('highest and lowest', () => {
  it('tracks the extremes of a sliding window', () => {
    const values = [3, 1, 4, 1, 5, 9, 2, 6];
    // Windows of 3: [3,1,4] [1,4,1] [4,1,5] [1,5,9] [5,9,2] [9,2,6].
    expect(series(highestValues(values, 3))).toEqual([undefined, undefined, 4, 4, 5, 9, 9, 9]);
    expect(series(lowestValues(values, 3))).toEqual([undefined, undefined, 1, 1, 1, 1, 2, 2]);
  });

  it('period 1 is the series itself', () => {
    expect(series(highestValues([2, 1, 3], 1))).toEqual([2, 1, 3]);
  });

  it('matches Math.max / Math.min over each window on random series', () => {
    fc.assert(
      fc.property(seriesWithGaps, fc.integer({ min: 1, max: 12 }), (values, period) => {
        const high = toSeries(highestValues(toValues(values), period));
        const low = toSeries(lowestValues(toValues(values), period));
        values.forEach((_, i) => {
          const window = windowAt(values, i, period);
          expect(high[i]).toBe(window === undefined ? undefined : Math.max(...window));
          expect(low[i]).toBe(window === undefined ? undefined : Math.min(...window));
        });
      }),
    );
  });
});
