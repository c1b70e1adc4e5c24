/**
 * The evidence behind a trading answer (docs/trading-methods.md "Evidence and refusals"): how many past
 * cases the rule met, how often it was right, the 95 % Wilson interval of that rate, how often the same
 * outcome happened anyway (the base rate), and the mean and worst profit after costs. A trade is given only
 * when the evidence clears the refusal rules; otherwise the answer is HOLD / No Trade with the reason.
 */
import { wilsonInterval } from './statistics.ts';

export type Evidence = {
  n: number;
  /** Percent, 1 decimal. */
  hitRate: number;
  /** 95 % Wilson interval, percent, 1 decimal. */
  interval: [number, number];
  /** Percent, 1 decimal. */
  baseRate: number;
  /** Mean profit per case after costs (the caller's unit), 2 decimals. */
  meanProfit: number;
  /** Worst case, same unit, 2 decimals (0 with no case). */
  worst: number;
};

/** Fewer past cases than this and no trade is given. */
export const MIN_EVIDENCE_CASES = 30;

export type Case = { hit: boolean; profit: number };

const round = (value: number, digits: number) => Math.round(value * 10 ** digits) / 10 ** digits || 0;

/** The evidence of `cases` against a base rate given in percent. */
export function evidenceOf(cases: readonly Case[], baseRatePercent: number): Evidence {
  const n = cases.length;
  const hits = cases.filter((c) => c.hit).length;
  const [lo, hi] = wilsonInterval(hits, n);
  const profits = cases.map((c) => c.profit);
  return {
    n,
    hitRate: n > 0 ? round((hits / n) * 100, 1) : 0,
    interval: [round(lo * 100, 1), round(hi * 100, 1)],
    baseRate: round(baseRatePercent, 1),
    meanProfit: n > 0 ? round(profits.reduce((a, b) => a + b, 0) / n, 2) : 0,
    worst: n > 0 ? round(Math.min(...profits), 2) : 0,
  };
}

/**
 * Why the evidence does not support a trade, or undefined when it does: fewer than 30 cases, an interval
 * whose lower bound does not clear the base rate, or a mean profit after costs that is not positive.
 */
export function refusalOf(evidence: Evidence, unit: string): string | undefined {
  const reasons: string[] = [];
  if (evidence.n < MIN_EVIDENCE_CASES)
    reasons.push(
      `only ${evidence.n} past case${evidence.n === 1 ? '' : 's'} (at least ${MIN_EVIDENCE_CASES} needed)`,
    );
  if (!(evidence.interval[0] > evidence.baseRate))
    reasons.push(
      `the 95% interval of its hit rate (${evidence.interval[0]}–${evidence.interval[1]}%) does not clear the base rate of ${evidence.baseRate}%`,
    );
  if (!(evidence.meanProfit > 0))
    reasons.push(`its mean profit after costs is ${evidence.meanProfit} ${unit}`);
  return reasons.length > 0 ? reasons.join('; ') : undefined;
}
