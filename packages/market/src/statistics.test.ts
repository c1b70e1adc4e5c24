import { describe, expect, it } from 'vitest';
import { median, percentile, tCritical95, tStatistic, wilsonInterval } from './statistics.ts';

describe('statistics', () => {
  it('takes percentiles by linear interpolation (type 7)', () => {
    expect(median([3, 1, 2])).toBe(2);
    expect(median([4, 1, 2, 3])).toBe(2.5);
    expect(percentile([10, 20, 30, 40, 50], 10)).toBe(14); // rank 0.4
    expect(percentile([10, 20, 30, 40, 50], 90)).toBe(46);
    expect(Number.isNaN(median([]))).toBe(true);
  });

  it('gives Wilson 95 % intervals matching the published values', () => {
    const [lo, hi] = wilsonInterval(5, 10);
    expect(lo).toBeCloseTo(0.2366, 4);
    expect(hi).toBeCloseTo(0.7634, 4);
    const [zeroLo, zeroHi] = wilsonInterval(0, 10);
    expect(zeroLo).toBe(0);
    expect(zeroHi).toBeCloseTo(0.2775, 4);
    // One session in one: 100 % hit rate, but the interval runs down to 20.7 %.
    expect(wilsonInterval(1, 1)[0]).toBeCloseTo(0.2065, 4);
    expect(wilsonInterval(0, 0)).toEqual([0, 0]);
  });

  it('computes t of a mean and its 5 % critical value', () => {
    // Values 1, 2, 3: mean 2, s = 1, t against 0 = 2 / (1 / √3) = 3.4641.
    expect(tStatistic([1, 2, 3], 0)).toBeCloseTo(3.4641016, 6);
    expect(tStatistic([5], 0)).toBe(0);
    expect(tCritical95(2)).toBe(4.303);
    expect(tCritical95(1000)).toBeCloseTo(1.962, 3);
  });
});
