import { describe, expect, it } from 'vitest';
import { evidenceOf, MIN_EVIDENCE_CASES, refusalOf } from './trade-evidence.ts';

const cases = (hits: number, misses: number, win: number, loss: number) => [
  ...Array.from({ length: hits }, () => ({ hit: true, profit: win })),
  ...Array.from({ length: misses }, () => ({ hit: false, profit: loss })),
];

describe('evidence and refusals', () => {
  it('counts, intervals and profits by hand', () => {
    // 30 of 40 with +10 and −20: hit rate 75 %, mean (300 − 200) / 40 = 2.5, worst −20.
    // Wilson 30/40: centre (0.75 + 0.048) / 1.096 = 0.7282, half 0.1327 → 59.8 %, 85.8 %.
    const evidence = evidenceOf(cases(30, 10, 10, -20), 50);
    expect(evidence).toEqual({
      n: 40,
      hitRate: 75,
      interval: [59.8, 85.8],
      baseRate: 50,
      meanProfit: 2.5,
      worst: -20,
    });
    expect(refusalOf(evidence, 'points')).toBeUndefined();
  });

  it('refuses fewer than 30 cases, even at a 100 % hit rate (one session)', () => {
    expect(MIN_EVIDENCE_CASES).toBe(30);
    const one = evidenceOf(cases(1, 0, 50, 0), 50);
    expect(one).toMatchObject({ n: 1, hitRate: 100, interval: [20.7, 100] });
    expect(refusalOf(one, 'points')).toMatch(/only 1 past case \(at least 30 needed\)/);
  });

  it('refuses when the interval does not clear the base rate, or the mean profit is not positive', () => {
    // 22 of 40 = 55 % against a 56.8 % base rate.
    expect(refusalOf(evidenceOf(cases(22, 18, 10, -5), 56.8), 'points')).toMatch(
      /does not clear the base rate of 56.8%/,
    );
    // 30 of 40 hits but each miss loses 40: mean (300 − 400) / 40 = −2.5.
    expect(refusalOf(evidenceOf(cases(30, 10, 10, -40), 50), '₹ per lot')).toBe(
      'its mean profit after costs is -2.5 ₹ per lot',
    );
  });
});
