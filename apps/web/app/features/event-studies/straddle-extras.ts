import type { StraddleResult } from '@hurryup/contracts/event-studies';

/*
 * What the straddle answer adds (issue 29): the median, percentiles, the total after costs, the win rate's
 * interval, the skipped trials and the baseline. Optional here: each is shown when the answer has it.
 */

export type StraddleBaseline = {
  trials: number;
  averageReturn: number;
  medianReturn: number;
  winRate: number;
  totalProfit: number;
};

export type StraddleExtras = {
  medianReturn?: number;
  percentiles?: { p10: number; p25: number; p75: number; p90: number };
  /** Rupees, one lot per trial, after costs. */
  totalProfit?: number;
  /** The win rate's 95 % Wilson interval, %. */
  winRateInterval?: readonly [number, number];
  skipped?: { count: number; trials: readonly { date: string; reason: string }[] };
  /** The same trade entered on ordinary sessions (no event in the window); null when there were none. */
  baseline?: StraddleBaseline | null;
  structure?: 'straddle' | 'strangle';
};

export type StraddleDetailExtras = { expiry?: string; costs?: number };

export type StraddleAnswer = StraddleResult & StraddleExtras;
