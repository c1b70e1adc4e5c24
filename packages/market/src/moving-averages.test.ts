import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { ema, hma, rma, sma, vwma, wma } from './moving-averages.ts';
import type { Series } from './series.ts';

/** Expects each value within `tolerance`, and undefined exactly where expected. */
function expectClose(actual: Series, expected: Series, tolerance = 1e-9): void {
  expect(actual.length).toBe(expected.length);
  expected.forEach((value, i) => {
    if (value === undefined) expect(actual[i], `index ${i}`).toBeUndefined();
    else
      expect(
        Math.abs((actual[i] ?? Number.NaN) - value),
        `index ${i}: ${actual[i]} vs ${value}`,
      ).toBeLessThanOrEqual(tolerance);
  });
}

const u = undefined;
const prices = fc.array(fc.double({ min: 1, max: 10_000, noNaN: true }), { maxLength: 60 });

describe('SMA', () => {
  it('averages the last n values', () => {
    // (2+4+6)/3 = 4, (4+6+8)/3 = 6, (6+8+10)/3 = 8.
    expectClose(sma([2, 4, 6, 8, 10], 3), [u, u, 4, 6, 8]);
  });

  it('is undefined with too little data and around gaps', () => {
    expect(sma([1, 2], 3)).toEqual([u, u]);
    // The gap at index 2 empties the window; (4 + 6) / 2 = 5.
    expectClose(sma([1, 2, u, 4, 6], 2), [u, 1.5, u, u, 5]);
  });

  it('rejects bad periods', () => {
    expect(() => sma([1], 0)).toThrow(RangeError);
    expect(() => sma([1], 2.5)).toThrow(RangeError);
  });

  it('matches a naive mean', () => {
    fc.assert(
      fc.property(prices, fc.integer({ min: 1, max: 15 }), (values, period) => {
        const naive = values.map((_, i) =>
          i < period - 1 ? u : values.slice(i - period + 1, i + 1).reduce((a, b) => a + b, 0) / period,
        );
        expectClose(sma(values, period), naive, 1e-6);
      }),
    );
  });
});

describe('EMA', () => {
  it('is seeded with the SMA and follows ema += α(x − ema)', () => {
    // period 3: α = 2/4 = 0.5. Seed at index 2: (2+4+6)/3 = 4.
    // index 3: 4 + 0.5 × (8 − 4) = 6; index 4: 6 + 0.5 × (10 − 6) = 8; index 5: 8 + 0.5 × (9 − 8) = 8.5.
    expectClose(ema([2, 4, 6, 8, 10, 9], 3), [u, u, 4, 6, 8, 8.5]);
  });

  it("matches StockCharts' 10-day EMA worked example within its rounding", () => {
    // StockCharts "Moving Averages – Simple and Exponential" spreadsheet (30 closes, EMA 10). By hand: the seed is
    // the SMA of the first 10 closes = 222.21 / 10 = 22.221; α = 2 / 11 = 0.181818…; the next value is
    // 22.221 + 0.181818 × (22.15 − 22.221) = 22.22091 − … = 22.2081 (published 22.21).
    const closes = [
      22.27, 22.19, 22.08, 22.17, 22.18, 22.13, 22.23, 22.43, 22.24, 22.29, 22.15, 22.39, 22.38, 22.61, 23.36,
      24.05, 23.75, 23.83, 23.95, 23.63, 23.82, 23.87, 23.65, 23.19, 23.1, 23.33, 22.68, 23.1, 22.4, 22.17,
    ];
    const published = [
      22.22, 22.21, 22.24, 22.27, 22.33, 22.52, 22.8, 22.97, 23.13, 23.28, 23.34, 23.43, 23.51, 23.54, 23.47,
      23.4, 23.39, 23.26, 23.23, 23.08, 22.92,
    ];
    const result = ema(closes, 10);
    expect(result.slice(0, 9)).toEqual(Array(9).fill(u));
    expect(result[9]).toBeCloseTo(22.221, 10);
    expect(result[10]).toBeCloseTo(22.221 + (2 / 11) * (22.15 - 22.221), 10);
    // The sheet rounds each step to 2 decimals, so allow 0.01.
    expectClose(result.slice(9), published, 0.01);
  });

  it('keeps a constant series exactly constant', () => {
    expect(ema([24_567.85, 24_567.85, 24_567.85, 24_567.85], 2).slice(1)).toEqual([
      24_567.85, 24_567.85, 24_567.85,
    ]);
  });

  it('restarts with a fresh SMA seed after a gap', () => {
    // Seed (1+3)/2 = 2; gap; new seed (10+20)/2 = 15; then 15 + (2/3)(30 − 15) = 25.
    expectClose(ema([1, 3, u, 10, 20, 30], 2), [u, 2, u, u, 15, 25]);
  });

  it('matches a naive recursion', () => {
    fc.assert(
      fc.property(prices, fc.integer({ min: 1, max: 15 }), (values, period) => {
        const alpha = 2 / (period + 1);
        const naive: Series = [];
        let previous: number | undefined;
        values.forEach((value, i) => {
          if (i === period - 1) previous = values.slice(0, period).reduce((a, b) => a + b, 0) / period;
          else if (previous !== undefined) previous = alpha * value + (1 - alpha) * previous;
          naive.push(previous);
        });
        expectClose(ema(values, period), naive, 1e-6);
      }),
    );
  });
});

describe("RMA (Wilder's smoothing)", () => {
  it('uses α = 1/period after an SMA seed', () => {
    // period 3: seed (3+6+9)/3 = 6; next (6 × 2 + 12) / 3 = 8; then (8 × 2 + 2) / 3 = 6.
    expectClose(rma([3, 6, 9, 12, 2], 3), [u, u, 6, 8, 6]);
  });
});

describe('WMA', () => {
  it('weights 1..n, newest heaviest', () => {
    // period 3, weights 1,2,3 over 6: (1+4+9)/6 = 14/6; (2+6+12)/6 = 20/6; (3+8+30)/6 = 41/6.
    expectClose(wma([1, 2, 3, 4, 10], 3), [u, u, 14 / 6, 20 / 6, 41 / 6]);
  });

  it('matches a naive weighted mean', () => {
    fc.assert(
      fc.property(prices, fc.integer({ min: 1, max: 15 }), (values, period) => {
        const naive = values.map((_, i) => {
          if (i < period - 1) return u;
          let sum = 0;
          for (let k = 1; k <= period; k++) sum += k * values[i - period + k]!;
          return sum / ((period * (period + 1)) / 2);
        });
        expectClose(wma(values, period), naive, 1e-6);
      }),
    );
  });

  it('restarts after a gap', () => {
    // (1×5 + 2×6) / 3 = 17/3 after the gap.
    expectClose(wma([1, 2, u, 5, 6], 2), [u, 5 / 3, u, u, 17 / 3]);
  });
});

describe('Hull MA', () => {
  it('computes WMA(2·WMA(n/2) − WMA(n), √n) by hand for n = 4', () => {
    // n = 4: half 2 (weights 1,2 /3), full 4 (weights 1..4 /10), final WMA over ⌊√4⌋ = 2.
    // x = 1, 2, 4, 8, 16, 32.
    // WMA2 at 3..5: (4+16)/3 = 20/3, (8+32)/3 = 40/3, (16+64)/3 = 80/3.
    // WMA4 at 3..5: (1+4+12+32)/10 = 4.9, (2+8+24+64)/10 = 9.8, 19.6.
    // raw = 2·WMA2 − WMA4: 40/3 − 4.9 = 253/30, 80/3 − 9.8 = 506/30, 160/3 − 19.6 = 1012/30.
    // HMA at 4: (253 + 2·506)/30/3 = 1265/90; at 5: (506 + 2·1012)/90 = 2530/90.
    expectClose(hma([1, 2, 4, 8, 16, 32], 4), [u, u, u, u, 1265 / 90, 2530 / 90]);
  });

  it('has no lag on a straight line and starts at index 10 for n = 9', () => {
    // For x_i = i, WMA_p = i − (p−1)/3, so raw = 2(i − 1) − (i − 8/3) = i + 2/3 and WMA3(raw) = i + 2/3 − 2/3 = i.
    const line = Array.from({ length: 20 }, (_, i) => i);
    const result = hma(line);
    expect(result.slice(0, 10)).toEqual(Array(10).fill(u));
    expectClose(result.slice(10), line.slice(10), 1e-9);
  });

  it('needs a period of at least 2', () => {
    expect(() => hma([1, 2, 3], 1)).toThrow(RangeError);
  });
});

describe('VWMA', () => {
  it('weights closes by volume', () => {
    // period 2: (10·1 + 20·2)/3 = 50/3; (20·2 + 30·3)/5 = 130/5 = 26.
    expectClose(vwma([10, 20, 30], [1, 2, 3], 2), [u, 50 / 3, 26]);
  });

  it('is undefined where a volume is missing, negative or NaN, or all volumes are zero', () => {
    expect(vwma([10, 20, 30], [1, u, 3], 2)).toEqual([u, u, u]);
    expect(vwma([10, 20, 30], [1, -2, 3], 2)).toEqual([u, u, u]);
    expect(vwma([10, 20, 30], [1, Number.NaN, 3], 2)).toEqual([u, u, u]);
    expect(vwma([10, 20, 30], [0, 0, 0], 2)).toEqual([u, u, u]);
    expect(vwma([10, 20], [], 2)).toEqual([u, u]);
    // One zero volume is fine: (10·1 + 20·0)/1 = 10 and (20·0 + 30·3)/3 = 30.
    expectClose(vwma([10, 20, 30], [1, 0, 3], 2), [u, 10, 30]);
  });

  it('equals the SMA when volumes are equal', () => {
    expectClose(vwma([2, 4, 6, 8, 10], [7, 7, 7, 7, 7], 3), sma([2, 4, 6, 8, 10], 3));
  });
});
