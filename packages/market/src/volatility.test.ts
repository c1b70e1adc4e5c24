import { describe, expect, it } from 'vitest';
import { atr, trueRange } from './volatility.ts';

const u = undefined;

// i:     0     1     2     3     4    5
// high: 10    11    10.5  12    11   9
// low:   8     9     8.5   9     7   7.5
// close: 9    10.5   9    11.5   7.5 8.5
const bars = {
  high: [10, 11, 10.5, 12, 11, 9],
  low: [8, 9, 8.5, 9, 7, 7.5],
  close: [9, 10.5, 9, 11.5, 7.5, 8.5],
};

describe('true range', () => {
  it('takes the largest of the three ranges, from bar 1', () => {
    // 1: max(11−9, |11−9|, |9−9|) = 2        2: max(2, |10.5−10.5|, |8.5−10.5|) = 2
    // 3: max(3, |12−9|, |9−9|) = 3            4: max(4, |11−11.5|, |7−11.5|) = 4.5 (gap down)
    // 5: max(1.5, |9−7.5|, |7.5−7.5|) = 1.5
    expect(trueRange(bars)).toEqual([u, 2, 2, 3, 4.5, 1.5]);
  });

  it('is empty for no bars and has a gap where a price is missing', () => {
    expect(trueRange({ high: [], low: [], close: [] })).toEqual([]);
    expect(trueRange({ high: [10, 11, 12], low: [8, u, 10], close: [9, 10, 11] })).toEqual([u, u, 2]);
  });
});

describe('ATR', () => {
  it("is Wilder's smoothing of the true range", () => {
    // period 2 over TR [−, 2, 2, 3, 4.5, 1.5]: seed (2+2)/2 = 2; (2+3)/2 = 2.5; (2.5+4.5)/2 = 3.5; (3.5+1.5)/2 = 2.5.
    expect(atr(bars, 2)).toEqual([u, u, 2, 2.5, 3.5, 2.5]);
  });

  it('starts at index 14 for the default period', () => {
    const n = 20;
    const flat = { high: Array(n).fill(101), low: Array(n).fill(99), close: Array(n).fill(100) };
    const result = atr(flat);
    expect(result.slice(0, 14)).toEqual(Array(14).fill(u));
    expect(result.slice(14)).toEqual(Array(6).fill(2));
  });
});
