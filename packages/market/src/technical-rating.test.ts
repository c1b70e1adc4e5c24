import { describe, expect, it } from 'vitest';
import type { DailyBar } from './bars.ts';
import { ema, hma, sma, vwma } from './moving-averages.ts';
import {
  adx,
  awesomeOscillator,
  bullBearPower,
  cci,
  cciOf,
  ichimoku,
  macd,
  momentum,
  rsi,
  stochastic,
  stochRsi,
  ultimateOscillator,
  williamsR,
} from './oscillators.ts';
import { lastValue } from './series.ts';
import {
  MA_PERIODS,
  type MaPeriod,
  rateReadings,
  ratingLabel,
  type TechnicalRating,
  type TechnicalReadings,
  technicalRating,
  technicalReadings,
} from './technical-rating.ts';

const u = undefined;

const perPeriod = (value: number | undefined) =>
  Object.fromEntries(MA_PERIODS.map((p) => [p, value])) as Record<MaPeriod, number | undefined>;

/** Every indicator available and every rule Neutral: close 100, every MA 100, oscillators mid-range. */
function neutralReadings(): TechnicalReadings {
  return {
    close: 100,
    trend: 100, // close = EMA50: neither an uptrend nor a downtrend
    sma: perPeriod(100),
    ema: perPeriod(100),
    hullMa9: 100,
    vwma20: 100,
    ichimoku: { conversion: 100, base: 100, spanA: 100, spanB: 100, spanBNow: 100 },
    rsi: { now: 50, previous: 50 },
    stochastic: { k: 50, d: { now: 50, previous: 50 } },
    cci: { now: 0, previous: 0 },
    adx: { adx: { now: 10, previous: 10 }, plusDi: 20, minusDi: 20 },
    awesomeOscillator: { now: 1, previous: 1, twoBack: 1 },
    momentum: { now: 1, previous: 1 },
    macd: { macd: 1, signal: 1 },
    stochRsi: { k: 50, d: 50 },
    williamsR: { now: -50, previous: -50 },
    bullBearPower: { bull: { now: 1, previous: 1 }, bear: { now: -1, previous: -1 } },
    ultimateOscillator: 50,
  };
}

/** Nothing computable (no bars). */
function emptyReadings(): TechnicalReadings {
  return {
    close: u,
    trend: u,
    sma: perPeriod(u),
    ema: perPeriod(u),
    hullMa9: u,
    vwma20: u,
    ichimoku: { conversion: u, base: u, spanA: u, spanB: u, spanBNow: u },
    rsi: { now: u, previous: u },
    stochastic: { k: u, d: { now: u, previous: u } },
    cci: { now: u, previous: u },
    adx: { adx: { now: u, previous: u }, plusDi: u, minusDi: u },
    awesomeOscillator: { now: u, previous: u, twoBack: u },
    momentum: { now: u, previous: u },
    macd: { macd: u, signal: u },
    stochRsi: { k: u, d: u },
    williamsR: { now: u, previous: u },
    bullBearPower: { bull: { now: u, previous: u }, bear: { now: u, previous: u } },
    ultimateOscillator: u,
  };
}

function voteOf(rating: TechnicalRating, name: string) {
  const found = [...rating.movingAverages.votes, ...rating.oscillators.votes].find((v) => v.name === name);
  if (!found) throw new Error(`no vote named ${name}`);
  return found;
}

/** The vote of `name` after `change` is applied to the neutral readings. */
function ruleVote(name: string, change: (r: TechnicalReadings) => void): number | 'n/a' {
  const readings = neutralReadings();
  change(readings);
  const v = voteOf(rateReadings(readings), name);
  return v.available ? v.vote : 'n/a';
}

/** Deterministic daily bars: a random walk with drift (LCG), each with a volume. */
function walk(n: number, drift = 0, seed = 11): DailyBar[] {
  let state = seed;
  const random = () => {
    state = (state * 1_103_515_245 + 12_345) % 2_147_483_648;
    return state / 2_147_483_648;
  };
  const bars: DailyBar[] = [];
  const start = Date.UTC(2020, 0, 1);
  let price = 1000;
  for (let i = 0; i < n; i++) {
    const open = price;
    price = price * (1 + drift + (random() - 0.5) * 0.02);
    bars.push({
      date: new Date(start + i * 86_400_000).toISOString().slice(0, 10),
      open,
      high: Math.max(open, price) * (1 + random() * 0.005),
      low: Math.min(open, price) * (1 - random() * 0.005),
      close: price,
      volume: Math.round(100_000 + random() * 900_000),
    });
  }
  return bars;
}

describe('rating labels (TradingView bounds)', () => {
  it.each([
    [-1, 'Strong Sell'],
    [-0.5000001, 'Strong Sell'],
    [-0.5, 'Sell'],
    [-0.3, 'Sell'],
    [-0.1000001, 'Sell'],
    [-0.1, 'Neutral'],
    [0, 'Neutral'],
    [0.1, 'Neutral'],
    [0.1000001, 'Buy'],
    [0.3, 'Buy'],
    [0.5, 'Buy'],
    [0.5000001, 'Strong Buy'],
    [1, 'Strong Buy'],
  ])('%s is %s', (value, label) => {
    expect(ratingLabel(value)).toBe(label);
  });

  it('rejects a rating that is not a number', () => {
    expect(() => ratingLabel(Number.NaN)).toThrow(RangeError);
    expect(() => ratingLabel(Number.POSITIVE_INFINITY)).toThrow(RangeError);
  });

  it('puts float noise on an exact boundary on the documented side', () => {
    expect(0.1 * 3 - 0.2).toBeGreaterThan(0.1); // 0.10000000000000003
    expect(ratingLabel(0.1 * 3 - 0.2)).toBe('Neutral');
    expect(ratingLabel(-(0.1 * 3 - 0.2))).toBe('Neutral');
    expect(ratingLabel(0.5 + 1e-12)).toBe('Buy');
    expect(ratingLabel(-0.5 - 1e-12)).toBe('Sell');
  });
});

describe('rules, one indicator at a time', () => {
  it('is all Neutral and all available for the neutral fixture', () => {
    const rating = rateReadings(neutralReadings());
    expect(rating.movingAverages).toMatchObject({ rating: 0, buy: 0, neutral: 15, sell: 0, available: 15 });
    expect(rating.oscillators).toMatchObject({ rating: 0, buy: 0, neutral: 11, sell: 0, available: 11 });
    expect(rating).toMatchObject({ rating: 0, label: 'Neutral', totals: { sell: 0, neutral: 26, buy: 0 } });
  });

  it('names the 15 + 11 indicators as TradingView does, in order', () => {
    const rating = rateReadings(neutralReadings());
    expect(rating.movingAverages.votes.map((v) => v.name)).toEqual([
      'Exponential Moving Average (10)',
      'Simple Moving Average (10)',
      'Exponential Moving Average (20)',
      'Simple Moving Average (20)',
      'Exponential Moving Average (30)',
      'Simple Moving Average (30)',
      'Exponential Moving Average (50)',
      'Simple Moving Average (50)',
      'Exponential Moving Average (100)',
      'Simple Moving Average (100)',
      'Exponential Moving Average (200)',
      'Simple Moving Average (200)',
      'Ichimoku Base Line (9, 26, 52, 26)',
      'Volume Weighted Moving Average (20)',
      'Hull Moving Average (9)',
    ]);
    expect(rating.oscillators.votes.map((v) => v.name)).toEqual([
      'Relative Strength Index (14)',
      'Stochastic %K (14, 3, 3)',
      'Commodity Channel Index (20)',
      'Average Directional Index (14)',
      'Awesome Oscillator',
      'Momentum (10)',
      'MACD Level (12, 26)',
      'Stochastic RSI Fast (3, 3, 14, 14)',
      'Williams Percent Range (14)',
      'Bull Bear Power',
      'Ultimate Oscillator (7, 14, 28)',
    ]);
  });

  it('moving averages: Buy below the close, Sell above, Neutral equal (within float noise)', () => {
    const name = 'Simple Moving Average (50)';
    expect(ruleVote(name, (r) => (r.sma[50] = 99))).toBe(1);
    expect(ruleVote(name, (r) => (r.sma[50] = 101))).toBe(-1);
    expect(ruleVote(name, (r) => (r.sma[50] = 100))).toBe(0);
    expect(ruleVote(name, (r) => (r.sma[50] = 100 * (1 + 1e-13)))).toBe(0);
    expect(ruleVote(name, (r) => (r.sma[50] = u))).toBe('n/a');
    expect(ruleVote('Hull Moving Average (9)', (r) => (r.hullMa9 = 98))).toBe(1);
    expect(ruleVote('Volume Weighted Moving Average (20)', (r) => (r.vwma20 = 102))).toBe(-1);
    expect(ruleVote('Exponential Moving Average (200)', (r) => (r.ema[200] = 50))).toBe(1);
  });

  it('Ichimoku: Buy when span A > span B < base < conversion < close in that order, Sell mirrored', () => {
    const name = 'Ichimoku Base Line (9, 26, 52, 26)';
    const set =
      (conversion: number, base: number, spanA: number, spanB: number | undefined, close = 100) =>
      (r: TechnicalReadings) => {
        r.ichimoku = { conversion, base, spanA, spanB, spanBNow: 100 };
        r.close = close;
      };
    // span A 90 > span B 85, base 95 > span A, conversion 98 > base, close 100 > conversion.
    expect(ruleVote(name, set(98, 95, 90, 85))).toBe(1);
    // Mirror: span A 110 < span B 115, base 105 < span A, conversion 102 < base, close 100 < conversion.
    expect(ruleVote(name, set(102, 105, 110, 115))).toBe(-1);
    expect(ruleVote(name, set(98, 95, 90, 91))).toBe(0); // span A below span B
    expect(ruleVote(name, set(98, 89, 90, 85))).toBe(0); // base below span A
    expect(ruleVote(name, set(94, 95, 90, 85))).toBe(0); // conversion below base
    expect(ruleVote(name, set(98, 95, 90, 85, 97))).toBe(0); // close below conversion
    // The library checks only span B of the last bar: without the spans of 26 bars back the vote is an
    // available Neutral, without today's span B it is not available.
    expect(ruleVote(name, set(98, 95, 90, u))).toBe(0);
    expect(
      ruleVote(name, (r) => (r.ichimoku = { conversion: 98, base: 95, spanA: 90, spanB: 85, spanBNow: u })),
    ).toBe('n/a');
  });

  it('RSI: Buy below 30 and rising, Sell above 70 and falling', () => {
    const name = 'Relative Strength Index (14)';
    const set = (now: number, previous: number | undefined) => (r: TechnicalReadings) => {
      r.rsi = { now, previous };
    };
    expect(ruleVote(name, set(25, 20))).toBe(1);
    expect(ruleVote(name, set(25, 26))).toBe(0);
    expect(ruleVote(name, set(30, 20))).toBe(0);
    expect(ruleVote(name, set(75, 80))).toBe(-1);
    expect(ruleVote(name, set(75, 70))).toBe(0);
    expect(ruleVote(name, set(70, 80))).toBe(0);
    expect(ruleVote(name, set(25, u))).toBe('n/a');
  });

  it('Stochastic: Buy with %K and %D below 20 and %K > %D, Sell mirrored above 80', () => {
    const name = 'Stochastic %K (14, 3, 3)';
    const set = (k: number, d: number | undefined) => (r: TechnicalReadings) => {
      r.stochastic = { k, d: { now: d, previous: 50 } };
    };
    expect(ruleVote(name, set(15, 10))).toBe(1);
    expect(ruleVote(name, set(15, 18))).toBe(0);
    expect(ruleVote(name, set(20, 10))).toBe(0);
    expect(ruleVote(name, set(85, 90))).toBe(-1);
    expect(ruleVote(name, set(85, 80))).toBe(0);
    expect(ruleVote(name, set(95, 90))).toBe(0);
    // Float residue between a %K and %D that are equal does not vote.
    expect(ruleVote(name, set(1e-15, 0))).toBe(0);
    expect(ruleVote(name, set(100, 100 + 1e-13))).toBe(0);
    expect(ruleVote(name, set(15, u))).toBe(0);
    // Available once the previous %D exists (the value the library checks).
    expect(ruleVote(name, (r) => (r.stochastic = { k: 15, d: { now: 10, previous: u } }))).toBe('n/a');
  });

  it('CCI: Buy below −100 and rising, Sell above 100 and falling', () => {
    const name = 'Commodity Channel Index (20)';
    const set = (now: number, previous: number) => (r: TechnicalReadings) => {
      r.cci = { now, previous };
    };
    expect(ruleVote(name, set(-150, -200))).toBe(1);
    expect(ruleVote(name, set(-150, -100))).toBe(0);
    expect(ruleVote(name, set(-100, -200))).toBe(0);
    expect(ruleVote(name, set(150, 200))).toBe(-1);
    expect(ruleVote(name, set(100, 200))).toBe(0);
  });

  it('ADX: Buy when +DI > −DI with ADX above 20 and rising; Sell when +DI < −DI with ADX above 20 and rising', () => {
    const name = 'Average Directional Index (14)';
    const set =
      (now: number, previous: number, plusDi: number, minusDi: number) => (r: TechnicalReadings) => {
        r.adx = { adx: { now, previous }, plusDi, minusDi };
      };
    expect(ruleVote(name, set(25, 24, 30, 20))).toBe(1);
    expect(ruleVote(name, set(25, 26, 30, 20))).toBe(0); // falling
    expect(ruleVote(name, set(20, 19, 30, 20))).toBe(0); // not above 20
    // TradingView's library sells on a strengthening downtrend: ADX rising, not falling.
    expect(ruleVote(name, set(25, 24, 20, 30))).toBe(-1);
    expect(ruleVote(name, set(25, 26, 20, 30))).toBe(0);
    expect(ruleVote(name, set(20, 19, 20, 30))).toBe(0);
    expect(ruleVote(name, set(25, 24, 25, 25))).toBe(0);
    // Available as soon as the ADX exists; without a previous ADX it cannot be rising: Neutral.
    expect(ruleVote(name, (r) => (r.adx = { adx: { now: 25, previous: u }, plusDi: 30, minusDi: 20 }))).toBe(
      0,
    );
    expect(ruleVote(name, (r) => (r.adx = { adx: { now: u, previous: 24 }, plusDi: 30, minusDi: 20 }))).toBe(
      'n/a',
    );
  });

  it('Awesome Oscillator: zero-line crosses and saucers', () => {
    const name = 'Awesome Oscillator';
    const set =
      (now: number | undefined, previous: number | undefined, twoBack?: number) => (r: TechnicalReadings) => {
        r.awesomeOscillator = { now, previous, twoBack };
      };
    expect(ruleVote(name, set(0.5, -0.2, -1))).toBe(1); // crosses over 0
    expect(ruleVote(name, set(0.5, 0, 1))).toBe(1); // previous ≤ 0 counts as below
    expect(ruleVote(name, set(3, 2, 2.5))).toBe(1); // bullish saucer: dip then turn up above 0
    expect(ruleVote(name, set(3, 2, 1.5))).toBe(0); // rising but no dip
    expect(ruleVote(name, set(3, 4, 5))).toBe(0); // falling above 0
    expect(ruleVote(name, set(-0.5, 0.1, 1))).toBe(-1); // crosses under 0
    expect(ruleVote(name, set(-0.5, 0, -1))).toBe(-1);
    expect(ruleVote(name, set(-3, -2, -2.5))).toBe(-1); // bearish saucer
    expect(ruleVote(name, set(3, 2))).toBe(0); // no value two bars back: no saucer, but available
    // The library checks the previous AO: without it the vote is not available.
    expect(ruleVote(name, set(0.5, u))).toBe('n/a');
    expect(ruleVote(name, set(u, 2))).toBe(0);
  });

  it('Momentum: Buy rising, Sell falling', () => {
    const name = 'Momentum (10)';
    expect(ruleVote(name, (r) => (r.momentum = { now: 5, previous: 3 }))).toBe(1);
    expect(ruleVote(name, (r) => (r.momentum = { now: -5, previous: -3 }))).toBe(-1);
    expect(ruleVote(name, (r) => (r.momentum = { now: 3, previous: 3 }))).toBe(0);
  });

  it('MACD: Buy above the signal, Sell below', () => {
    const name = 'MACD Level (12, 26)';
    expect(ruleVote(name, (r) => (r.macd = { macd: 1, signal: 0.5 }))).toBe(1);
    expect(ruleVote(name, (r) => (r.macd = { macd: -1, signal: -0.5 }))).toBe(-1);
    expect(ruleVote(name, (r) => (r.macd = { macd: 0.5, signal: 0.5 }))).toBe(0);
    expect(ruleVote(name, (r) => (r.macd = { macd: 0.5, signal: u }))).toBe('n/a');
  });

  it('Stochastic RSI: Buy in a downtrend with K, D < 20 and K > D; Sell in an uptrend with K, D > 80 and K < D', () => {
    const name = 'Stochastic RSI Fast (3, 3, 14, 14)';
    const set = (trend: number | undefined, k: number, d: number) => (r: TechnicalReadings) => {
      r.trend = trend;
      r.stochRsi = { k, d };
    };
    expect(ruleVote(name, set(105, 15, 10))).toBe(1); // close 100 < EMA50 105: downtrend
    expect(ruleVote(name, set(95, 15, 10))).toBe(0); // uptrend
    expect(ruleVote(name, set(95, 85, 90))).toBe(-1);
    expect(ruleVote(name, set(105, 85, 90))).toBe(0);
    expect(ruleVote(name, set(100, 15, 10))).toBe(0); // close on the EMA: no trend
    // K and D both 0 in exact arithmetic, K above D by a rolling sum's residue (ICICIBANK, 2025-09-30).
    expect(ruleVote(name, set(105, 1e-15, 0))).toBe(0);
    expect(ruleVote(name, set(95, 100, 100 + 1e-14))).toBe(0);
    // The library checks EMA(50) only: without a Stoch RSI the vote is an available Neutral.
    expect(ruleVote(name, (r) => (r.stochRsi = { k: u, d: u }))).toBe(0);
    expect(ruleVote(name, set(u, 15, 10))).toBe('n/a');
  });

  it('Williams %R: Buy below −80 and rising, Sell above −20 and falling', () => {
    const name = 'Williams Percent Range (14)';
    const set = (now: number, previous: number) => (r: TechnicalReadings) => {
      r.williamsR = { now, previous };
    };
    expect(ruleVote(name, set(-85, -90))).toBe(1);
    expect(ruleVote(name, set(-85, -80))).toBe(0);
    expect(ruleVote(name, set(-80, -90))).toBe(0);
    expect(ruleVote(name, set(-15, -10))).toBe(-1);
    expect(ruleVote(name, set(-15, -20))).toBe(0);
    expect(ruleVote(name, set(-20, -10))).toBe(0);
  });

  it('Bull Bear Power: Buy in an uptrend with bear power below 0 and rising; Sell in a downtrend with bull power above 0 and falling', () => {
    const name = 'Bull Bear Power';
    const set = (trend: number, bull: [number, number], bear: [number, number]) => (r: TechnicalReadings) => {
      r.trend = trend;
      r.bullBearPower = {
        bull: { now: bull[0], previous: bull[1] },
        bear: { now: bear[0], previous: bear[1] },
      };
    };
    expect(ruleVote(name, set(95, [3, 3], [-2, -3]))).toBe(1); // close 100 > EMA50 95
    expect(ruleVote(name, set(95, [3, 3], [-2, -1]))).toBe(0);
    expect(ruleVote(name, set(95, [3, 3], [1, 0]))).toBe(0);
    expect(ruleVote(name, set(105, [2, 3], [-5, -5]))).toBe(-1); // close 100 < EMA50 105
    expect(ruleVote(name, set(105, [2, 1], [-5, -5]))).toBe(0);
    expect(ruleVote(name, set(105, [-1, 0], [-5, -5]))).toBe(0);
    // The value shown is bull + bear power.
    const readings = neutralReadings();
    readings.bullBearPower = { bull: { now: 3, previous: 3 }, bear: { now: -1, previous: -1 } };
    expect(voteOf(rateReadings(readings), name).value).toBe(2);
  });

  it('Ultimate Oscillator: Buy above 70, Sell below 30', () => {
    const name = 'Ultimate Oscillator (7, 14, 28)';
    expect(ruleVote(name, (r) => (r.ultimateOscillator = 75))).toBe(1);
    expect(ruleVote(name, (r) => (r.ultimateOscillator = 70))).toBe(0);
    expect(ruleVote(name, (r) => (r.ultimateOscillator = 25))).toBe(-1);
    expect(ruleVote(name, (r) => (r.ultimateOscillator = 30))).toBe(0);
    expect(ruleVote(name, (r) => (r.ultimateOscillator = u))).toBe('n/a');
  });
});

describe('group and overall ratings', () => {
  const withMaBuys = (buys: number, sell = false) => {
    const readings = neutralReadings();
    let left = buys;
    for (const period of MA_PERIODS) {
      for (const key of ['sma', 'ema'] as const) {
        if (left > 0) {
          readings[key][period] = sell ? 101 : 99;
          left--;
        }
      }
    }
    const price = sell ? 101 : 99;
    if (left > 0) {
      readings.hullMa9 = price;
      left--;
    }
    if (left > 0) {
      readings.vwma20 = price;
      left--;
    }
    if (left > 0) {
      readings.ichimoku = sell
        ? { conversion: 102, base: 105, spanA: 110, spanB: 115, spanBNow: 115 }
        : { conversion: 98, base: 95, spanA: 90, spanB: 85, spanBNow: 85 };
    }
    return readings;
  };

  it('averages the votes of each group and then the two groups', () => {
    // 3 of 15 MAs buy → 0.2; oscillators 0 → overall 0.1: exactly on the Neutral side of the bound.
    const three = rateReadings(withMaBuys(3));
    expect(three.movingAverages).toMatchObject({ buy: 3, neutral: 12, sell: 0, label: 'Buy' });
    expect(three.movingAverages.rating).toBeCloseTo(0.2, 12);
    expect(three.rating).toBeCloseTo(0.1, 12);
    expect(three.label).toBe('Neutral');
    // 4 of 15 → 4/15/2 = 0.1333 → Buy.
    expect(rateReadings(withMaBuys(4)).label).toBe('Buy');
    // 3 sells → −0.1 → Neutral; 4 sells → Sell.
    expect(rateReadings(withMaBuys(3, true)).label).toBe('Neutral');
    expect(rateReadings(withMaBuys(4, true)).label).toBe('Sell');
  });

  it('puts ±0.5 on the Buy / Sell side and just beyond on Strong', () => {
    // All 15 MAs buy, oscillators 0 → 0.5 → Buy.
    const all = rateReadings(withMaBuys(15));
    expect(all.movingAverages).toMatchObject({ rating: 1, buy: 15, label: 'Strong Buy' });
    expect(all).toMatchObject({ rating: 0.5, label: 'Buy' });
    // Plus one oscillator buy: (1 + 1/11)/2 = 0.545 → Strong Buy.
    const plusOne = withMaBuys(15);
    plusOne.ultimateOscillator = 80;
    expect(rateReadings(plusOne).rating).toBeCloseTo(6 / 11, 12);
    expect(rateReadings(plusOne).label).toBe('Strong Buy');
    expect(rateReadings(withMaBuys(15, true))).toMatchObject({ rating: -0.5, label: 'Sell' });
    const minusOne = withMaBuys(15, true);
    minusOne.ultimateOscillator = 20;
    expect(rateReadings(minusOne).label).toBe('Strong Sell');
  });

  it('divides by the number of available votes only', () => {
    const readings = neutralReadings();
    // Leave 4 MAs available: SMA 10 and EMA 10 buy, SMA 20 sells, EMA 20 neutral.
    readings.sma = { ...perPeriod(u), 10: 99, 20: 101 };
    readings.ema = { ...perPeriod(u), 10: 99, 20: 100 };
    readings.hullMa9 = u;
    readings.vwma20 = u;
    readings.ichimoku = { conversion: 100, base: 100, spanA: u, spanB: u, spanBNow: u };
    const rating = rateReadings(readings);
    expect(rating.movingAverages).toMatchObject({ buy: 2, neutral: 1, sell: 1, available: 4, rating: 0.25 });
    expect(rating.movingAverages.votes.filter((v) => !v.available).every((v) => v.vote === 0)).toBe(true);
    expect(rating.rating).toBeCloseTo(0.125, 12);
    expect(rating.totals).toEqual({ sell: 1, neutral: 12, buy: 2 });
  });

  it('uses the group that has votes when the other has none', () => {
    const readings = withMaBuys(15);
    Object.assign(readings, {
      trend: u,
      rsi: { now: u, previous: u },
      stochastic: { k: u, d: { now: u, previous: u } },
      cci: { now: u, previous: u },
      adx: { adx: { now: u, previous: u }, plusDi: u, minusDi: u },
      awesomeOscillator: { now: u, previous: u, twoBack: u },
      momentum: { now: u, previous: u },
      macd: { macd: u, signal: u },
      stochRsi: { k: u, d: u },
      williamsR: { now: u, previous: u },
      bullBearPower: { bull: { now: u, previous: u }, bear: { now: u, previous: u } },
      ultimateOscillator: u,
    });
    const rating = rateReadings(readings);
    expect(rating.oscillators).toMatchObject({ available: 0, rating: 0, label: 'Neutral' });
    expect(rating).toMatchObject({ rating: 1, label: 'Strong Buy' });
  });

  it('is 0 / Neutral with nothing available', () => {
    const rating = rateReadings(emptyReadings());
    expect(rating).toMatchObject({ rating: 0, label: 'Neutral', totals: { sell: 0, neutral: 0, buy: 0 } });
    expect(rating.movingAverages.available).toBe(0);
    expect(rating.oscillators.votes.every((v) => !v.available && v.vote === 0)).toBe(true);
  });
});

describe('technicalRating on bars', () => {
  it('rates a strong uptrend Buy or Strong Buy with every MA below the close', () => {
    const rating = technicalRating(walk(300, 0.01));
    expect(rating.movingAverages).toMatchObject({ rating: 1, buy: 15, available: 15 });
    expect(['Buy', 'Strong Buy']).toContain(rating.label);
    expect(rating.rating).toBeGreaterThan(0.1);
  });

  it('rates a strong downtrend Sell or Strong Sell', () => {
    const rating = technicalRating(walk(300, -0.01));
    expect(rating.movingAverages.sell).toBeGreaterThanOrEqual(14);
    expect(['Sell', 'Strong Sell']).toContain(rating.label);
    expect(rating.rating).toBeLessThan(-0.1);
  });

  it('rates perfectly flat prices Neutral, leaving out the ratios that divide by zero', () => {
    const flat: DailyBar[] = walk(250).map((b) => ({
      ...b,
      open: 100,
      high: 100,
      low: 100,
      close: 100,
      volume: 5,
    }));
    const rating = technicalRating(flat);
    expect(rating).toMatchObject({ rating: 0, label: 'Neutral' });
    expect(rating.movingAverages).toMatchObject({ neutral: 15, available: 15 });
    // Stochastic, CCI, Williams %R and UO have a zero range: not available. Stochastic RSI is undefined
    // too, but the library checks only EMA(50) for it: an available Neutral.
    expect(rating.oscillators.votes.filter((v) => !v.available).map((v) => v.name)).toEqual([
      'Stochastic %K (14, 3, 3)',
      'Commodity Channel Index (20)',
      'Williams Percent Range (14)',
      'Ultimate Oscillator (7, 14, 28)',
    ]);
    expect(voteOf(rating, 'Stochastic RSI Fast (3, 3, 14, 14)')).toMatchObject({ available: true, vote: 0 });
    expect(rating.oscillators).toMatchObject({ neutral: 7, available: 7 });
  });

  // Bars each vote needs (see the table in technical-rating.ts): unavailable with one bar fewer.
  const needs: [string, number][] = [
    ...MA_PERIODS.flatMap((p): [string, number][] => [
      [`Simple Moving Average (${p})`, p],
      [`Exponential Moving Average (${p})`, p],
    ]),
    ['Hull Moving Average (9)', 11],
    ['Volume Weighted Moving Average (20)', 20],
    ['Ichimoku Base Line (9, 26, 52, 26)', 52],
    ['Relative Strength Index (14)', 16],
    ['Stochastic %K (14, 3, 3)', 19],
    ['Commodity Channel Index (20)', 21],
    ['Average Directional Index (14)', 28],
    ['Awesome Oscillator', 35],
    ['Momentum (10)', 12],
    ['MACD Level (12, 26)', 34],
    ['Stochastic RSI Fast (3, 3, 14, 14)', 50],
    ['Williams Percent Range (14)', 15],
    ['Bull Bear Power', 50],
    ['Ultimate Oscillator (7, 14, 28)', 29],
  ];
  const history = walk(220);

  it.each(needs)('%s needs %i bars', (name, bars) => {
    expect(voteOf(technicalRating(history.slice(0, bars - 1)), name).available).toBe(false);
    expect(voteOf(technicalRating(history.slice(0, bars)), name).available).toBe(true);
  });

  it('counts Ichimoku from 52 bars but lets it vote only once the spans of 26 bars back exist (78 bars)', () => {
    const rising = walk(120, 0.01);
    const name = 'Ichimoku Base Line (9, 26, 52, 26)';
    expect(voteOf(technicalRating(rising.slice(0, 77)), name)).toMatchObject({ available: true, vote: 0 });
    expect(voteOf(technicalRating(rising.slice(0, 78)), name)).toMatchObject({ available: true, vote: 1 });
  });

  it('gives a Neutral 0 with no bars', () => {
    expect(technicalRating([])).toMatchObject({
      rating: 0,
      label: 'Neutral',
      totals: { sell: 0, neutral: 0, buy: 0 },
    });
  });

  it('counts 14 moving averages for an index without volume', () => {
    const rating = technicalRating(walk(300, 0.002).map(({ volume: _volume, ...b }) => b));
    expect(voteOf(rating, 'Volume Weighted Moving Average (20)').available).toBe(false);
    expect(rating.movingAverages.available).toBe(14);
    expect(rating.oscillators.available).toBe(11);
  });

  it('adds up the totals of both groups', () => {
    const rating = technicalRating(walk(400, 0.001, 3));
    const { movingAverages: m, oscillators: o, totals } = rating;
    expect(totals).toEqual({ sell: m.sell + o.sell, neutral: m.neutral + o.neutral, buy: m.buy + o.buy });
    expect(m.available + o.available).toBe(26);
    expect(rating.rating).toBeCloseTo((m.rating + o.rating) / 2, 12);
  });

  it('rejects invalid or unordered bars', () => {
    const bars = walk(30);
    expect(() => technicalRating([...bars.slice(0, 10), { ...bars[10]!, close: Number.NaN }])).toThrow(
      RangeError,
    );
    expect(() => technicalRating([bars[1]!, bars[0]!])).toThrow(/does not come after/);
    expect(() => technicalRating([{ ...bars[0]!, low: -5 }])).toThrow(RangeError);
  });
});

describe('technicalReadings', () => {
  it('equals the last values of the full-history indicator functions (the 200-bar window shortcut is exact)', () => {
    const bars = walk(1250, 0.0005, 5);
    const high = bars.map((b) => b.high);
    const low = bars.map((b) => b.low);
    const close = bars.map((b) => b.close);
    const volume = bars.map((b) => b.volume);
    const hlc = { high, low, close };
    const readings = technicalReadings(bars);
    const near = (actual: number | undefined, expected: number | undefined) => {
      expect(actual).toBeDefined();
      expect(actual).toBeCloseTo(expected!, 6);
    };
    const pair = (
      actual: { now: number | undefined; previous: number | undefined },
      series: (number | undefined)[],
    ) => {
      near(actual.now, lastValue(series));
      near(actual.previous, lastValue(series, 1));
    };
    expect(readings.close).toBe(close.at(-1));
    for (const period of MA_PERIODS) {
      near(readings.sma[period], lastValue(sma(close, period)));
      near(readings.ema[period], lastValue(ema(close, period)));
    }
    near(readings.trend, lastValue(ema(close, 50)));
    near(readings.hullMa9, lastValue(hma(close, 9)));
    near(readings.vwma20, lastValue(vwma(close, volume, 20)));
    const cloud = ichimoku(hlc);
    near(readings.ichimoku.conversion, lastValue(cloud.conversion));
    near(readings.ichimoku.base, lastValue(cloud.base));
    // The spans computed 26 bars before the last bar: one bar further back than the cloud drawn under it.
    near(readings.ichimoku.spanA, lastValue(cloud.spanA, 26));
    near(readings.ichimoku.spanB, lastValue(cloud.spanB, 26));
    near(readings.ichimoku.spanA, lastValue(cloud.cloudA, 1));
    near(readings.ichimoku.spanBNow, lastValue(cloud.spanB));
    pair(readings.rsi, rsi(close));
    const stoch = stochastic(hlc);
    near(readings.stochastic.k, lastValue(stoch.k));
    pair(readings.stochastic.d, stoch.d);
    // CCI of the close, as the library's `ta.cci(close, 20)`, not of the typical price.
    pair(readings.cci, cciOf(close));
    expect(Math.abs(readings.cci.now! - lastValue(cci(hlc))!)).toBeGreaterThan(1e-6);
    const dmi = adx(hlc);
    pair(readings.adx.adx, dmi.adx);
    near(readings.adx.plusDi, lastValue(dmi.plusDi));
    near(readings.adx.minusDi, lastValue(dmi.minusDi));
    const ao = awesomeOscillator(hlc);
    pair(readings.awesomeOscillator, ao);
    near(readings.awesomeOscillator.twoBack, lastValue(ao, 2));
    pair(readings.momentum, momentum(close));
    const m = macd(close);
    near(readings.macd.macd, lastValue(m.macd));
    near(readings.macd.signal, lastValue(m.signal));
    const sr = stochRsi(close);
    near(readings.stochRsi.k, lastValue(sr.k));
    near(readings.stochRsi.d, lastValue(sr.d));
    pair(readings.williamsR, williamsR(hlc));
    const power = bullBearPower(hlc);
    pair(readings.bullBearPower.bull, power.bull);
    pair(readings.bullBearPower.bear, power.bear);
    near(readings.ultimateOscillator, lastValue(ultimateOscillator(hlc)));
  });
});
