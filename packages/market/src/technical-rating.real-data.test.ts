import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { DailyBar } from './bars.ts';
import { type IndicatorVote, ratingLabel, technicalRating } from './technical-rating.ts';

/**
 * The rating of real series (../shared/data, see its README) against a second implementation written
 * here, bar by bar, straight from TradingView's Pine library "TechnicalRating" v3 (`calcRatingAll`) and
 * the Pine definitions of the indicators it calls: every window is summed afresh (no rolling sums, no
 * shared kernels with the package), `na` is NaN and, as in Pine, a comparison with it is false.
 */

const dataDir = process.env.MARKET_DATA_DIR ?? path.resolve('../shared/data/market');

function readBars(file: string): DailyBar[] {
  const full = path.join(dataDir, file);
  if (!fs.existsSync(full))
    throw new Error(`${full} is missing: set MARKET_DATA_DIR to the shared market data folder.`);
  const [header, ...rows] = fs.readFileSync(full, 'utf8').trim().split('\n');
  const hasVolume = header!.split(',').includes('volume');
  return rows.map((row) => {
    const [date, open, high, low, close, volume] = row.split(',');
    const bar: DailyBar = { date: date!, open: +open!, high: +high!, low: +low!, close: +close! };
    return hasVolume ? { ...bar, volume: +volume! } : bar;
  });
}

// ---------------------------------------------------------------------------------------------------
// Pine's indicators, one plain loop each. A series is a number[] aligned with the bars, NaN for na.

type S = number[];
const NA = Number.NaN;
const at = (s: S, i: number) => (i >= 0 && i < s.length ? s[i]! : NA);
const map = (n: number, fn: (i: number) => number): S => Array.from({ length: n }, (_, i) => fn(i));

/** ta.sma: the mean of the last `n` values, na unless all are defined. */
function sma(s: S, n: number): S {
  return map(s.length, (i) => {
    if (i < n - 1) return NA;
    let sum = 0;
    for (let j = i - n + 1; j <= i; j++) sum += s[j]!;
    return sum / n;
  });
}

/** ta.ema / ta.rma: seeded with the SMA of the first `n` defined values, then the recursion. */
function smooth(s: S, n: number, alpha: number): S {
  const seed = sma(s, n);
  const out: S = [];
  for (let i = 0; i < s.length; i++) {
    const previous = at(out, i - 1);
    out.push(Number.isNaN(previous) ? seed[i]! : alpha * s[i]! + (1 - alpha) * previous);
  }
  return out;
}
const ema = (s: S, n: number) => smooth(s, n, 2 / (n + 1));
const rma = (s: S, n: number) => smooth(s, n, 1 / n);

function extreme(s: S, n: number, pick: (a: number, b: number) => number): S {
  return map(s.length, (i) => {
    if (i < n - 1) return NA;
    let value = s[i]!;
    for (let j = i - n + 1; j < i; j++) value = pick(value, s[j]!);
    return value;
  });
}
const highest = (s: S, n: number) => extreme(s, n, Math.max);
const lowest = (s: S, n: number) => extreme(s, n, Math.min);

function wma(s: S, n: number): S {
  return map(s.length, (i) => {
    if (i < n - 1) return NA;
    let sum = 0;
    for (let k = 0; k < n; k++) sum += s[i - k]! * (n - k);
    return sum / ((n * (n + 1)) / 2);
  });
}

/** ta.stoch(source, high, low, n); x / 0 is na in Pine. */
function stoch(source: S, high: S, low: S, n: number): S {
  const h = highest(high, n);
  const l = lowest(low, n);
  return map(source.length, (i) => (h[i] === l[i] ? NA : (100 * (source[i]! - l[i]!)) / (h[i]! - l[i]!)));
}

function rsi(close: S, n: number): S {
  const up = map(close.length, (i) => Math.max(close[i]! - at(close, i - 1), 0));
  const down = map(close.length, (i) => Math.max(at(close, i - 1) - close[i]!, 0));
  const u = rma(up, n);
  const d = rma(down, n);
  return map(close.length, (i) => (d[i] === 0 ? 100 : u[i] === 0 ? 0 : 100 - 100 / (1 + u[i]! / d[i]!)));
}

function cci(source: S, n: number): S {
  const mean = sma(source, n);
  return map(source.length, (i) => {
    if (Number.isNaN(mean[i]!)) return NA;
    let deviation = 0;
    for (let j = i - n + 1; j <= i; j++) deviation += Math.abs(source[j]! - mean[i]!);
    deviation /= n;
    return deviation === 0 ? NA : (source[i]! - mean[i]!) / (0.015 * deviation);
  });
}

/** Pine's `[plus, minus, adx] = ta.dmi(diLength, adxSmoothing)`. */
function dmi(high: S, low: S, close: S, n: number, smoothing: number): [S, S, S] {
  const count = close.length;
  const up = map(count, (i) => high[i]! - at(high, i - 1));
  const down = map(count, (i) => at(low, i - 1) - low[i]!);
  const plusDm = map(count, (i) =>
    Number.isNaN(up[i]!) ? NA : up[i]! > down[i]! && up[i]! > 0 ? up[i]! : 0,
  );
  const minusDm = map(count, (i) =>
    Number.isNaN(down[i]!) ? NA : down[i]! > up[i]! && down[i]! > 0 ? down[i]! : 0,
  );
  const trueRange = map(count, (i) =>
    i === 0
      ? NA
      : Math.max(high[i]! - low[i]!, Math.abs(high[i]! - close[i - 1]!), Math.abs(low[i]! - close[i - 1]!)),
  );
  const range = rma(trueRange, n);
  const plusSmooth = rma(plusDm, n);
  const minusSmooth = rma(minusDm, n);
  const plus = map(count, (i) => (100 * plusSmooth[i]!) / range[i]!);
  const minus = map(count, (i) => (100 * minusSmooth[i]!) / range[i]!);
  const dx = map(count, (i) => {
    const sum = plus[i]! + minus[i]!;
    return Math.abs(plus[i]! - minus[i]!) / (sum === 0 ? 1 : sum);
  });
  return [plus, minus, rma(dx, smoothing).map((v) => 100 * v)];
}

type Vote = { vote: number; available: boolean };

/** `calcRatingAll()` on the last bar: the 15 MA votes and the 11 oscillator votes, in the package's order. */
function referenceVotes(bars: DailyBar[]): { ma: Vote[]; oscillators: Vote[] } {
  const close = bars.map((b) => b.close);
  const high = bars.map((b) => b.high);
  const low = bars.map((b) => b.low);
  const volume = bars.map((b) => b.volume ?? NA);
  const i = bars.length - 1;
  const c = close[i]!;
  const v = (s: S, back = 0) => at(s, i - back);

  const midpoint = (n: number) => {
    const [h, l] = [highest(high, n), lowest(low, n)];
    return map(bars.length, (j) => (h[j]! + l[j]!) / 2);
  };
  const tenkan = midpoint(9);
  const kijun = midpoint(26);
  const lead1 = map(bars.length, (j) => (tenkan[j]! + kijun[j]!) / 2);
  const lead2 = midpoint(52);
  const [kStoch, dStoch] = ((k) => [k, sma(k, 3)])(sma(stoch(close, high, low, 14), 3));
  const rsi14 = rsi(close, 14);
  const [kStochRsi, dStochRsi] = ((k) => [k, sma(k, 3)])(sma(stoch(rsi14, rsi14, rsi14, 14), 3));
  const [diP, diN, adx] = dmi(high, low, close, 14, 14);
  const [ema12, ema26] = [ema(close, 12), ema(close, 26)];
  const macdLine = map(bars.length, (j) => ema12[j]! - ema26[j]!);
  const signal = ema(macdLine, 9);
  const ema13 = ema(close, 13);
  const bullPower = map(bars.length, (j) => high[j]! - ema13[j]!);
  const bearPower = map(bars.length, (j) => low[j]! - ema13[j]!);
  const cci20 = cci(close, 20);
  const mom = map(bars.length, (j) => close[j]! - at(close, j - 10));
  const priceAvg = v(ema(close, 50));
  const downTrend = c < priceAvg;
  const upTrend = c > priceAvg;
  const tMax = map(bars.length, (j) => Math.max(high[j]!, at(close, j - 1)));
  const tMin = map(bars.length, (j) => Math.min(low[j]!, at(close, j - 1)));
  const bp = map(bars.length, (j) => close[j]! - tMin[j]!);
  const tr = map(bars.length, (j) => tMax[j]! - tMin[j]!);
  const uoAverage = (n: number) => v(sma(bp, n)) / v(sma(tr, n));
  const uo = (100 * (4 * uoAverage(7) + 2 * uoAverage(14) + uoAverage(28))) / 7;
  const [high14, low14] = [highest(high, 14), lowest(low, 14)];
  const wr = map(bars.length, (j) =>
    high14[j] === low14[j] ? NA : (100 * (close[j]! - high14[j]!)) / (high14[j]! - low14[j]!),
  );
  const hl2 = map(bars.length, (j) => (high[j]! + low[j]!) / 2);
  const [fast, slow] = [sma(hl2, 5), sma(hl2, 34)];
  const ao = map(bars.length, (j) => fast[j]! - slow[j]!);
  const [wma4, wma9] = [wma(close, 4), wma(close, 9)];
  const hull = wma(
    map(bars.length, (j) => 2 * wma4[j]! - wma9[j]!),
    3,
  );
  const [priceVolume, volume20] = [
    sma(
      map(bars.length, (k) => close[k]! * volume[k]!),
      20,
    ),
    sma(volume, 20),
  ];
  const vwma = map(bars.length, (j) => priceVolume[j]! / volume20[j]!);

  const calcRating = (src: number, bull: boolean, bear: boolean): Vote =>
    Number.isNaN(src) ? { vote: 0, available: false } : { vote: bull ? 1 : bear ? -1 : 0, available: true };
  const calcRatingMa = (ma: number): Vote =>
    Number.isNaN(ma) ? { vote: 0, available: false } : { vote: Math.sign(c - ma), available: true };

  const ma: Vote[] = [];
  for (const n of [10, 20, 30, 50, 100, 200])
    ma.push(calcRatingMa(v(ema(close, n))), calcRatingMa(v(sma(close, n))));
  const [a, b, base, con] = [v(lead1, 26), v(lead2, 26), v(kijun), v(tenkan)];
  ma.push(
    calcRating(
      v(lead2),
      a > b && base > a && con > base && c > con,
      a < b && base < a && con < base && c < con,
    ),
  );
  ma.push(calcRatingMa(v(vwma)), calcRatingMa(v(hull)));

  const crossover = v(ao) > 0 && v(ao, 1) <= 0;
  const crossunder = v(ao) < 0 && v(ao, 1) >= 0;
  const oscillators: Vote[] = [
    calcRating(v(rsi14, 1), v(rsi14) < 30 && v(rsi14, 1) < v(rsi14), v(rsi14) > 70 && v(rsi14, 1) > v(rsi14)),
    calcRating(
      v(dStoch, 1),
      v(kStoch) < 20 && v(dStoch) < 20 && v(kStoch) > v(dStoch),
      v(kStoch) > 80 && v(dStoch) > 80 && v(kStoch) < v(dStoch),
    ),
    calcRating(
      v(cci20, 1),
      v(cci20) < -100 && v(cci20) > v(cci20, 1),
      v(cci20) > 100 && v(cci20) < v(cci20, 1),
    ),
    calcRating(
      v(adx),
      v(adx) > 20 && v(adx) > v(adx, 1) && v(diP) > v(diN),
      v(adx) > 20 && v(adx) > v(adx, 1) && v(diP) < v(diN),
    ),
    calcRating(
      v(ao, 1),
      crossover || (v(ao) > 0 && v(ao, 1) > 0 && v(ao) > v(ao, 1) && v(ao, 2) > v(ao, 1)),
      crossunder || (v(ao) < 0 && v(ao, 1) < 0 && v(ao) < v(ao, 1) && v(ao, 2) < v(ao, 1)),
    ),
    calcRating(v(mom, 1), v(mom) > v(mom, 1), v(mom) < v(mom, 1)),
    calcRating(v(signal), v(macdLine) > v(signal), v(macdLine) < v(signal)),
    calcRating(
      priceAvg,
      downTrend && v(kStochRsi) < 20 && v(dStochRsi) < 20 && v(kStochRsi) > v(dStochRsi),
      upTrend && v(kStochRsi) > 80 && v(dStochRsi) > 80 && v(kStochRsi) < v(dStochRsi),
    ),
    calcRating(v(wr, 1), v(wr) < -80 && v(wr) > v(wr, 1), v(wr) > -20 && v(wr) < v(wr, 1)),
    calcRating(
      priceAvg,
      upTrend && v(bearPower) < 0 && v(bearPower) > v(bearPower, 1),
      downTrend && v(bullPower) > 0 && v(bullPower) < v(bullPower, 1),
    ),
    calcRating(uo, uo > 70, uo < 30),
  ];
  return { ma, oscillators };
}

/** array.avg over the available votes; the total as the library combines the two groups. */
function referenceRating(bars: DailyBar[]) {
  const { ma, oscillators } = referenceVotes(bars);
  const average = (votes: Vote[]) => {
    const counted = votes.filter((x) => x.available);
    return counted.length === 0 ? NA : counted.reduce((sum, x) => sum + x.vote, 0) / counted.length;
  };
  const [ratingMa, ratingOther] = [average(ma), average(oscillators)];
  const defined = [ratingMa, ratingOther].filter((x) => !Number.isNaN(x));
  return {
    ma,
    oscillators,
    ratingMa,
    ratingOther,
    total: defined.reduce((s, x) => s + x, 0) / defined.length,
  };
}

const plain = (votes: IndicatorVote[]): Vote[] => votes.map(({ vote, available }) => ({ vote, available }));

// ---------------------------------------------------------------------------------------------------

const series: [name: string, file: string][] = [
  ['HCLTECH', 'stocks/HCLTECH.csv'],
  ['ICICIBANK', 'stocks/ICICIBANK.csv'],
  ['TCS', 'stocks/TCS.csv'],
  ['HINDUNILVR', 'stocks/HINDUNILVR.csv'],
  ['JIOFIN', 'stocks/JIOFIN.csv'],
  ['NIFTY 50', 'nifty50.csv'],
];

describe('the rating of real series equals an independent implementation of TradingView’s library', () => {
  it.each(series)('%s: every vote and rating on every 5th of its last 60 sessions', (_name, file) => {
    const bars = readBars(file);
    for (let end = bars.length - 60; end <= bars.length; end += 5) {
      const history = bars.slice(0, end);
      const expected = referenceRating(history);
      const actual = technicalRating(history);
      const where = `${file} on ${history.at(-1)!.date}`;
      expect(plain(actual.movingAverages.votes), where).toEqual(expected.ma);
      expect(plain(actual.oscillators.votes), where).toEqual(expected.oscillators);
      expect(actual.movingAverages.rating, where).toBeCloseTo(expected.ratingMa, 12);
      expect(actual.oscillators.rating, where).toBeCloseTo(expected.ratingOther, 12);
      expect(actual.rating, where).toBeCloseTo(expected.total, 12);
      expect(actual.label, where).toBe(ratingLabel(expected.total));
    }
  });
});

describe('the four stocks the issue found rated by other rules, on 2025-09-30 (whole history)', () => {
  /*
   * Figures of the reference above (the library's rules). The package's previous rules (ADX selling on a
   * falling ADX, CCI of the typical price, the spans 25 bars back, a float residue deciding Stoch RSI, a
   * 600-bar window) gave HCLTECH Sell −0.4788, ICICIBANK Sell −0.4333, TCS Sell −0.4909 and HINDUNILVR
   * Sell −0.1333. The votes that moved: ADX Neutral → Sell (ADX above 20 and rising, +DI below −DI) for
   * HCLTECH, ICICIBANK and TCS, Sell → Neutral for HINDUNILVR (its ADX is falling); Stoch RSI Buy → Neutral
   * for ICICIBANK (K and D both 0). With 26 votes, one vote moves the overall rating by 1/22 = 0.045.
   */
  const expected: [string, string, number, { sell: number; neutral: number; buy: number }][] = [
    ['HCLTECH', 'Strong Sell', -0.5242, { sell: 17, neutral: 7, buy: 2 }],
    ['ICICIBANK', 'Strong Sell', -0.5242, { sell: 18, neutral: 5, buy: 3 }],
    ['TCS', 'Strong Sell', -0.5364, { sell: 17, neutral: 7, buy: 2 }],
    ['HINDUNILVR', 'Neutral', -0.0879, { sell: 10, neutral: 9, buy: 7 }],
  ];
  it.each(expected)('%s is %s (%f)', (symbol, label, rating, totals) => {
    const bars = readBars(`stocks/${symbol}.csv`);
    expect(bars.at(-1)!.date).toBe('2025-09-30');
    const actual = technicalRating(bars);
    expect(actual.label).toBe(label);
    expect(actual.rating).toBeCloseTo(rating, 4);
    expect(actual.totals).toEqual(totals);
  });

  it('does not let a float residue decide Stoch RSI: K and D are both 0 for ICICIBANK and JIOFIN', () => {
    for (const symbol of ['ICICIBANK', 'JIOFIN']) {
      const rating = technicalRating(readBars(`stocks/${symbol}.csv`));
      const vote = rating.oscillators.votes.find((v) => v.name.startsWith('Stochastic RSI'))!;
      expect(vote.value, symbol).toBeCloseTo(0, 9);
      expect(vote, symbol).toMatchObject({ available: true, vote: 0 });
    }
  });
});
