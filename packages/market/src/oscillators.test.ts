import { describe, expect, it } from 'vitest';
import {
  adx,
  awesomeOscillator,
  bullBearPower,
  cci,
  ichimoku,
  macd,
  momentum,
  rsi,
  stochastic,
  stochasticRaw,
  stochRsi,
  ultimateOscillator,
  williamsR,
} from './oscillators.ts';
import type { Series } from './series.ts';

const u = undefined;

function expectClose(actual: Series, expected: Series, tolerance = 1e-9): void {
  expect(actual.length).toBe(expected.length);
  expected.forEach((value, i) => {
    if (value === undefined) expect(actual[i], `index ${i}`).toBeUndefined();
    else {
      const difference = Math.abs((actual[i] ?? Number.NaN) - value);
      expect(difference, `index ${i}: ${actual[i]} vs ${value}`).toBeLessThanOrEqual(tolerance);
    }
  });
}

const undefinedTimes = (n: number) => Array<undefined>(n).fill(u);

/** A deterministic random walk of daily bars (LCG), for comparisons with the naive versions below. */
function randomWalk(n: number, seed = 7) {
  let state = seed;
  const random = () => {
    state = (state * 1_103_515_245 + 12_345) % 2_147_483_648;
    return state / 2_147_483_648;
  };
  const high: number[] = [];
  const low: number[] = [];
  const close: number[] = [];
  let price = 100;
  for (let i = 0; i < n; i++) {
    const open = price;
    price = Math.max(1, price * (1 + (random() - 0.5) * 0.06));
    high.push(Math.max(open, price) * (1 + random() * 0.01));
    low.push(Math.min(open, price) * (1 - random() * 0.01));
    close.push(price);
  }
  return { high, low, close };
}

// Six hand-checkable bars used by several tests.
// i:     0     1     2     3     4    5
// high: 10    11    10.5  12    11   9
// low:   8     9     8.5   9     7   7.5
// close: 9    10.5   9    11.5   7.5 8.5
const six = {
  high: [10, 11, 10.5, 12, 11, 9],
  low: [8, 9, 8.5, 9, 7, 7.5],
  close: [9, 10.5, 9, 11.5, 7.5, 8.5],
};

// A gently rising set for the stochastic, Williams %R and CCI.
// i:     0   1   2   3   4   5
// high: 10  11  12  12  13  13
// low:   8   9   9  10  11  12
// close: 9  10  11  10  13  12
const rising = {
  high: [10, 11, 12, 12, 13, 13],
  low: [8, 9, 9, 10, 11, 12],
  close: [9, 10, 11, 10, 13, 12],
};

describe('RSI', () => {
  // J. Welles Wilder's 14-day example as reproduced by StockCharts ("Relative Strength Index (RSI)").
  const closes = [
    44.34, 44.09, 44.15, 43.61, 44.33, 44.83, 45.1, 45.42, 45.84, 46.08, 45.89, 46.03, 45.61, 46.28, 46.28,
    46.0, 46.03, 46.41, 46.22, 45.64, 46.21, 46.25, 45.71, 46.45, 45.78, 45.35, 44.03, 44.18, 44.22, 44.57,
    43.42, 42.66, 43.13,
  ];

  it("matches Wilder's worked example, computed by hand", () => {
    // The 14 changes to the 15th close (46.28): −0.25 +0.06 −0.54 +0.72 +0.50 +0.27 +0.32 +0.42 +0.24 −0.19 +0.14
    // −0.42 +0.67 0.00.
    // Gains: 0.06+0.72+0.50+0.27+0.32+0.42+0.24+0.14+0.67 = 3.34 → average 3.34/14 = 0.238571
    // Losses: 0.25+0.54+0.19+0.42 = 1.40 → average 1.40/14 = 0.1
    // RS = 2.385714 → RSI = 100 − 100/3.385714 = 70.4641
    // 16th close 46.00 (change −0.28): gain (0.238571×13 + 0)/14 = 0.221531, loss (0.1×13 + 0.28)/14 = 0.112857,
    // RS = 1.962949 → RSI = 100 − 100/2.962949 = 66.2496
    const result = rsi(closes);
    expect(result.slice(0, 14)).toEqual(undefinedTimes(14));
    const firstGain = 3.34 / 14;
    const firstLoss = 1.4 / 14;
    expect(result[14]).toBeCloseTo(100 - 100 / (1 + firstGain / firstLoss), 9);
    expect(result[14]).toBeCloseTo(70.4641, 4);
    const secondGain = (firstGain * 13) / 14;
    const secondLoss = (firstLoss * 13 + 0.28) / 14;
    expect(result[15]).toBeCloseTo(100 - 100 / (1 + secondGain / secondLoss), 9);
    expect(result[15]).toBeCloseTo(66.2496, 4);
  });

  it("stays within 0.08 of StockCharts' published table (which rounds the averages at each step)", () => {
    const published = [
      70.53, 66.32, 66.55, 69.41, 66.36, 57.97, 62.93, 63.26, 56.06, 62.38, 54.71, 50.42, 39.99, 41.46, 41.87,
      45.46, 37.3, 33.08, 37.77,
    ];
    expectClose(rsi(closes).slice(14), published, 0.08);
  });

  it('matches a naive Wilder RSI on a random walk', () => {
    const { close } = randomWalk(300);
    const naive: Series = [];
    let gain = 0;
    let loss = 0;
    for (let i = 0; i < close.length; i++) {
      if (i === 0) {
        naive.push(u);
        continue;
      }
      const change = close[i]! - close[i - 1]!;
      if (i <= 14) {
        gain += Math.max(change, 0) / 14;
        loss += Math.max(-change, 0) / 14;
      } else {
        gain = (gain * 13 + Math.max(change, 0)) / 14;
        loss = (loss * 13 + Math.max(-change, 0)) / 14;
      }
      naive.push(i < 14 ? u : 100 - 100 / (1 + gain / loss));
    }
    expectClose(rsi(close), naive, 1e-8);
  });

  it('gives 100 with no losses, 0 with no gains and 50 when flat', () => {
    const up = Array.from({ length: 20 }, (_, i) => 100 + i);
    expect(rsi(up).slice(14)).toEqual(Array(6).fill(100));
    expect(rsi([...up].reverse()).slice(14)).toEqual(Array(6).fill(0));
    expect(rsi(Array(20).fill(24_500)).slice(14)).toEqual(Array(6).fill(50));
  });

  it('needs period + 1 closes', () => {
    expect(rsi(closes.slice(0, 14))).toEqual(undefinedTimes(14));
    expect(rsi(closes.slice(0, 15))[14]).toBeDefined();
    expect(rsi([])).toEqual([]);
  });

  it('restarts its warm-up after a missing close', () => {
    const withGap: (number | undefined)[] = [...closes];
    withGap[5] = Number.NaN;
    const result = rsi(withGap);
    // The changes restart at index 7 (6 → 7), so the first RSI is at 6 + 14 = 20.
    expect(result.slice(0, 20)).toEqual(undefinedTimes(20));
    expect(result[20]).toBeDefined();
  });

  it('rejects a bad period', () => {
    expect(() => rsi(closes, 0)).toThrow(RangeError);
  });
});

describe('MACD', () => {
  it('computes line, signal and histogram by hand with small periods', () => {
    // fast 2 (α = 2/3), slow 3 (α = 1/2), signal 2 on 1, 3, 2, 5, 4, 6.
    // EMA2: seed (1+3)/2 = 2 at 1; 2 + ⅔(2−2) = 2; 2 + ⅔(5−2) = 4; 4 + ⅔(4−4) = 4; 4 + ⅔(6−4) = 16/3.
    // EMA3: seed (1+3+2)/3 = 2 at 2; 2 + ½(5−2) = 3.5; 3.5 + ½(4−3.5) = 3.75; 3.75 + ½(6−3.75) = 4.875.
    // line (from 2): 0, 0.5, 0.25, 16/3 − 4.875 = 11/24.
    // signal: seed (0 + 0.5)/2 = 0.25 at 3; 0.25 + ⅔(0.25 − 0.25) = 0.25; 0.25 + ⅔(11/24 − 0.25) = 0.25 + 5/36.
    const result = macd([1, 3, 2, 5, 4, 6], 2, 3, 2);
    expectClose(result.macd, [u, u, 0, 0.5, 0.25, 11 / 24]);
    expectClose(result.signal, [u, u, u, 0.25, 0.25, 0.25 + 5 / 36]);
    expectClose(result.histogram, [u, u, u, 0.25, 0, 11 / 24 - 0.25 - 5 / 36]);
  });

  it('is constant on a straight line: EMA_p of x_i = s·i lags by s·(p−1)/2', () => {
    // MACD(12, 26) = s·(25/2 − 11/2) = 7s from index 25; the signal is 7s from index 33; histogram 0.
    const line = Array.from({ length: 40 }, (_, i) => 1000 + 2 * i);
    const result = macd(line);
    expectClose(result.macd, [...undefinedTimes(25), ...Array(15).fill(14)]);
    expectClose(result.signal, [...undefinedTimes(33), ...Array(7).fill(14)]);
    expectClose(result.histogram, [...undefinedTimes(33), ...Array(7).fill(0)]);
  });
});

describe('stochastic', () => {
  it('computes raw %K, smoothed %K and %D by hand', () => {
    // period 3: 100·(close − lowest low)/(highest high − lowest low)
    // 2: (11−8)/(12−8) = 75   3: (10−9)/(12−9) = 33.33   4: (13−9)/(13−9) = 100   5: (12−10)/(13−10) = 66.67
    const raw = [u, u, 75, 100 / 3, 100, 200 / 3];
    expectClose(stochasticRaw(rising.close, rising.high, rising.low, 3), raw);
    // %K = SMA2(raw): (75 + 33.33)/2 = 54.17, (33.33 + 100)/2 = 66.67, (100 + 66.67)/2 = 83.33
    // %D = SMA2(%K): (54.17 + 66.67)/2 = 60.42, (66.67 + 83.33)/2 = 75
    const result = stochastic(rising, 3, 2, 2);
    expectClose(result.k, [u, u, u, (75 + 100 / 3) / 2, (100 / 3 + 100) / 2, (100 + 200 / 3) / 2]);
    expectClose(result.d, [
      u,
      u,
      u,
      u,
      (75 + 100 / 3 + 100 / 3 + 100) / 4,
      (100 / 3 + 100 + 100 + 200 / 3) / 4,
    ]);
  });

  it('starts %K at index 15 and %D at 17 for (14, 3, 3)', () => {
    const bars = randomWalk(20);
    const result = stochastic(bars);
    expect(result.k.slice(0, 15)).toEqual(undefinedTimes(15));
    expect(result.k[15]).toBeDefined();
    expect(result.d.slice(0, 17)).toEqual(undefinedTimes(17));
    expect(result.d[17]).toBeDefined();
  });

  it('is undefined when the range is zero', () => {
    expect(stochasticRaw([5, 5, 5], [5, 5, 5], [5, 5, 5], 2)).toEqual([u, u, u]);
  });

  it('matches a naive version on a random walk', () => {
    const bars = randomWalk(120);
    const naiveRaw = bars.close.map((c, i) => {
      if (i < 13) return u;
      const h = Math.max(...bars.high.slice(i - 13, i + 1));
      const l = Math.min(...bars.low.slice(i - 13, i + 1));
      return (100 * (c - l)) / (h - l);
    });
    const naiveK = naiveRaw.map((_, i) =>
      i < 15 ? u : (naiveRaw[i]! + naiveRaw[i - 1]! + naiveRaw[i - 2]!) / 3,
    );
    const naiveD = naiveK.map((_, i) => (i < 17 ? u : (naiveK[i]! + naiveK[i - 1]! + naiveK[i - 2]!) / 3));
    const result = stochastic(bars);
    expectClose(result.k, naiveK, 1e-8);
    expectClose(result.d, naiveD, 1e-8);
  });
});

describe('Williams %R', () => {
  it('is 100·(close − highest)/(highest − lowest)', () => {
    // period 3: 2: (11−12)/4 = −25   3: (10−12)/3 = −66.67   4: (13−13)/4 = 0   5: (12−13)/3 = −33.33
    expectClose(williamsR(rising, 3), [u, u, -25, -200 / 3, 0, -100 / 3]);
    // Exactly 0 (not −0) at the high.
    expect(Object.is(williamsR(rising, 3)[4], 0)).toBe(true);
  });

  it('is undefined when the range is zero', () => {
    expect(williamsR({ high: [5, 5], low: [5, 5], close: [5, 5] }, 2)).toEqual([u, u]);
  });
});

describe('CCI', () => {
  it('uses the typical price and its mean deviation (by hand, in ninths)', () => {
    // TP = (H+L+C)/3: 9, 10, 32/3, 32/3, 37/3, 37/3 → in ninths 81, 90, 96, 96, 111, 111.
    // 2: mean 267/27 = 89/9; deviations 8, 1, 7 (ninths) → MD = 16/27; CCI = (7/9)/(0.015·16/27) = 87.5
    // 3: mean 94/9; deviations 4, 2, 2 → MD = 8/27; CCI = (2/9)/(0.015·8/27) = 50
    // 4: mean 101/9; deviations 5, 5, 10 → MD = 20/27; CCI = (10/9)/(0.015·20/27) = 100
    // 5: mean 106/9; deviations 10, 5, 5 → MD = 20/27; CCI = (5/9)/(0.015·20/27) = 50
    expectClose(cci(rising, 3), [u, u, 87.5, 50, 100, 50], 1e-9);
  });

  it('is undefined when every typical price is the same', () => {
    expect(cci({ high: [11, 11, 11], low: [9, 9, 9], close: [10, 10, 10] }, 2)).toEqual([u, u, u]);
  });

  it('starts at index 19 for period 20', () => {
    const result = cci(randomWalk(21));
    expect(result.slice(0, 19)).toEqual(undefinedTimes(19));
    expect(result[19]).toBeDefined();
  });
});

describe('ADX / DMI', () => {
  it('computes +DI, −DI and ADX by hand with periods of 2', () => {
    // up = H − H₋₁, down = L₋₁ − L:
    // 1: up 1, down −1 → +DM 1, −DM 0          2: up −0.5, down 0.5 → +DM 0, −DM 0.5
    // 3: up 1.5, down −0.5 → +DM 1.5, −DM 0    4: up −1, down 2 → +DM 0, −DM 2
    // 5: up −2, down −0.5 → both 0
    // TR (see volatility.test.ts): 2, 2, 3, 4.5, 1.5
    // RMA2 (seed = mean of indices 1 and 2, then (prev + x)/2):
    //   TR: 2, 2.5, 3.5, 2.5   +DM: 0.5, 1, 0.5, 0.25   −DM: 0.25, 0.125, 1.0625, 0.53125
    // +DI = 100·+DM/TR: 25, 40, 14.2857, 10      −DI: 12.5, 5, 30.3571, 21.25
    // DX = 100·|+DI − −DI|/(+DI + −DI): 33.333, 77.778, 36, 36
    // ADX = RMA2(DX): seed (33.333 + 77.778)/2 = 55.556 at 3; (55.556 + 36)/2 = 45.778; (45.778 + 36)/2 = 40.889
    const result = adx(six, 2, 2);
    expectClose(result.plusDi, [u, u, 25, 40, 50 / 3.5, 10]);
    expectClose(result.minusDi, [u, u, 12.5, 5, 106.25 / 3.5, 21.25]);
    const first = (100 / 3 + 700 / 9) / 2;
    expectClose(result.adx, [u, u, u, first, (first + 36) / 2, ((first + 36) / 2 + 36) / 2]);
  });

  it("matches Wilder's running-sum formulation on a random walk", () => {
    const bars = randomWalk(300);
    const { high, low, close } = bars;
    const plus: Series = [];
    const minus: Series = [];
    const adxNaive: Series = [];
    let tr14 = 0;
    let plus14 = 0;
    let minus14 = 0;
    let dxSum = 0;
    let adxValue = 0;
    for (let i = 0; i < close.length; i++) {
      if (i === 0) {
        plus.push(u);
        minus.push(u);
        adxNaive.push(u);
        continue;
      }
      const tr = Math.max(
        high[i]! - low[i]!,
        Math.abs(high[i]! - close[i - 1]!),
        Math.abs(low[i]! - close[i - 1]!),
      );
      const up = high[i]! - high[i - 1]!;
      const down = low[i - 1]! - low[i]!;
      const plusDm = up > down && up > 0 ? up : 0;
      const minusDm = down > up && down > 0 ? down : 0;
      // Wilder's own smoothing keeps 14-period sums: S = S − S/14 + x (the ratios are the same as with averages).
      if (i <= 14) {
        tr14 += tr;
        plus14 += plusDm;
        minus14 += minusDm;
      } else {
        tr14 = tr14 - tr14 / 14 + tr;
        plus14 = plus14 - plus14 / 14 + plusDm;
        minus14 = minus14 - minus14 / 14 + minusDm;
      }
      if (i < 14) {
        plus.push(u);
        minus.push(u);
        adxNaive.push(u);
        continue;
      }
      const p = (100 * plus14) / tr14;
      const m = (100 * minus14) / tr14;
      plus.push(p);
      minus.push(m);
      const dx = (100 * Math.abs(p - m)) / (p + m);
      if (i < 27) {
        dxSum += dx;
        adxNaive.push(u);
      } else if (i === 27) {
        adxValue = (dxSum + dx) / 14;
        adxNaive.push(adxValue);
      } else {
        adxValue = (adxValue * 13 + dx) / 14;
        adxNaive.push(adxValue);
      }
    }
    const result = adx(bars);
    expectClose(result.plusDi, plus, 1e-8);
    expectClose(result.minusDi, minus, 1e-8);
    expectClose(result.adx, adxNaive, 1e-8);
  });

  it('gives 0 for both DIs and DX when nothing moves', () => {
    const flat = { high: Array(30).fill(100), low: Array(30).fill(100), close: Array(30).fill(100) };
    const result = adx(flat);
    expect(result.plusDi.slice(14)).toEqual(Array(16).fill(0));
    expect(result.minusDi.slice(14)).toEqual(Array(16).fill(0));
    expect(result.adx.slice(27)).toEqual([0, 0, 0]);
  });
});

describe('Awesome Oscillator', () => {
  it('is SMA(fast) − SMA(slow) of the median price (by hand with 2 and 3)', () => {
    // medians (H+L)/2: 9, 10, 9.5, 10.5, 9, 8.25
    // SMA2 from 1: 9.5, 9.75, 10, 9.75, 8.625;  SMA3 from 2: 9.5, 10, 9.6667, 9.25
    // AO: 0.25, 0, 9.75 − 29/3 = 1/12, 8.625 − 9.25 = −0.625
    expectClose(awesomeOscillator(six, 2, 3), [u, u, 0.25, 0, 1 / 12, -0.625]);
  });

  it('is 14.5 steps on a straight line (lags 2 and 16.5 steps) from index 33', () => {
    const n = 40;
    const high = Array.from({ length: n }, (_, i) => 101 + i);
    const low = Array.from({ length: n }, (_, i) => 99 + i);
    expectClose(awesomeOscillator({ high, low }), [...undefinedTimes(33), ...Array(7).fill(14.5)]);
  });
});

describe('momentum', () => {
  it('is close − close n bars ago', () => {
    expect(momentum([1, 4, 9, 16], 2)).toEqual([u, u, 8, 12]);
    expect(momentum(Array.from({ length: 12 }, (_, i) => i * i)).slice(10)).toEqual([100, 120]);
  });
});

describe('stochastic RSI', () => {
  it('is the smoothed stochastic of the RSI, starting at 29 (K) and 31 (D)', () => {
    const { close } = randomWalk(200);
    const r = rsi(close);
    const rawNaive = r.map((_, i) => {
      if (i < 27) return u;
      const window = r.slice(i - 13, i + 1) as number[];
      const h = Math.max(...window);
      const l = Math.min(...window);
      return (100 * (r[i]! - l)) / (h - l);
    });
    const kNaive = rawNaive.map((_, i) =>
      i < 29 ? u : (rawNaive[i]! + rawNaive[i - 1]! + rawNaive[i - 2]!) / 3,
    );
    const dNaive = kNaive.map((_, i) => (i < 31 ? u : (kNaive[i]! + kNaive[i - 1]! + kNaive[i - 2]!) / 3));
    const result = stochRsi(close);
    expectClose(result.k, kNaive, 1e-8);
    expectClose(result.d, dNaive, 1e-8);
  });

  it('is undefined while the RSI is flat (a series that only rises has RSI 100)', () => {
    const up = Array.from({ length: 40 }, (_, i) => 100 + i);
    expect(stochRsi(up).k).toEqual(undefinedTimes(40));
  });
});

describe('bull bear power', () => {
  it('is high − EMA and low − EMA (by hand with EMA 3)', () => {
    // EMA3 of 9, 10.5, 9, 11.5, 7.5, 8.5: seed 28.5/3 = 9.5; 9.5 + ½(11.5−9.5) = 10.5; 10.5 + ½(7.5−10.5) = 9;
    // 9 + ½(8.5−9) = 8.75.
    // bull: 10.5−9.5 = 1, 12−10.5 = 1.5, 11−9 = 2, 9−8.75 = 0.25
    // bear: 8.5−9.5 = −1, 9−10.5 = −1.5, 7−9 = −2, 7.5−8.75 = −1.25
    const result = bullBearPower(six, 3);
    expectClose(result.bull, [u, u, 1, 1.5, 2, 0.25]);
    expectClose(result.bear, [u, u, -1, -1.5, -2, -1.25]);
  });
});

describe('ultimate oscillator', () => {
  it('weights three averages of buying pressure / true range 4:2:1 (by hand with 2, 3, 4)', () => {
    // BP = C − min(L, C₋₁): 1: 10.5 − 9 = 1.5; 2: 9 − 8.5 = 0.5; 3: 11.5 − 9 = 2.5; 4: 7.5 − 7 = 0.5; 5: 8.5 − 7.5 = 1
    // TR: 2, 2, 3, 4.5, 1.5
    // at 4: short (3–4) 3/7.5 = 0.4; medium (2–4) 3.5/9.5; long (1–4) 5/11.5
    // at 5: short (4–5) 1.5/6 = 0.25; medium (3–5) 4/9; long (2–5) 4.5/11
    const at4 = (100 * (4 * 0.4 + 2 * (3.5 / 9.5) + 5 / 11.5)) / 7; // 39.5946
    const at5 = (100 * (4 * 0.25 + 2 * (4 / 9) + 4.5 / 11)) / 7; // 32.8283
    expectClose(ultimateOscillator(six, 2, 3, 4), [u, u, u, u, at4, at5]);
    expect(at4).toBeCloseTo(39.5946, 4);
    expect(at5).toBeCloseTo(32.8283, 4);
  });

  it('starts at index 28 for (7, 14, 28) and is undefined when nothing moves', () => {
    const result = ultimateOscillator(randomWalk(30));
    expect(result.slice(0, 28)).toEqual(undefinedTimes(28));
    expect(result[28]).toBeDefined();
    const flat = { high: Array(30).fill(100), low: Array(30).fill(100), close: Array(30).fill(100) };
    expect(ultimateOscillator(flat)).toEqual(undefinedTimes(30));
  });
});

describe('Ichimoku', () => {
  it('computes the lines and the displaced cloud by hand (2, 3, 4, displacement 2)', () => {
    // conversion (2 bars): (11+8)/2 = 9.5, (11+8.5)/2 = 9.75, (12+8.5)/2 = 10.25, (12+7)/2 = 9.5, (11+7)/2 = 9
    // base (3 bars): (11+8)/2 = 9.5, (12+8.5)/2 = 10.25, (12+7)/2 = 9.5, 9.5
    // span A = (conversion + base)/2: 9.625, 10.25, 9.5, 9.25
    // span B (4 bars): (12+8)/2 = 10, (12+7)/2 = 9.5, 9.5
    // cloud = spans shifted by displacement − 1 = 1 bar
    const result = ichimoku(six, 2, 3, 4, 2);
    expect(result.conversion).toEqual([u, 9.5, 9.75, 10.25, 9.5, 9]);
    expect(result.base).toEqual([u, u, 9.5, 10.25, 9.5, 9.5]);
    expect(result.spanA).toEqual([u, u, 9.625, 10.25, 9.5, 9.25]);
    expect(result.spanB).toEqual([u, u, u, 10, 9.5, 9.5]);
    expect(result.cloudA).toEqual([u, u, u, 9.625, 10.25, 9.5]);
    expect(result.cloudB).toEqual([u, u, u, u, 10, 9.5]);
  });

  it('has its cloud from index 76 with the defaults', () => {
    const result = ichimoku(randomWalk(80));
    expect(result.conversion.findIndex((v) => v !== undefined)).toBe(8);
    expect(result.base.findIndex((v) => v !== undefined)).toBe(25);
    expect(result.spanB.findIndex((v) => v !== undefined)).toBe(51);
    expect(result.cloudA.findIndex((v) => v !== undefined)).toBe(50);
    expect(result.cloudB.findIndex((v) => v !== undefined)).toBe(76);
    expect(result.cloudB[79]).toBe(result.spanB[79 - 25]);
  });
});
