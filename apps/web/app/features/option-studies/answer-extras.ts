/*
 * Fields the signal, strategy and pattern answers add (issue 29, decisions.md section 9: answers may carry
 * more than the specification lists). Each is optional here: a screen shows a panel only when its field is
 * in the answer.
 */

/** Out-of-sample evidence behind an answer: rates and the interval in percent. */
export type Evidence = {
  /** Cases counted. */
  n: number;
  /** How often the answer's rule was right, %. */
  hitRate: number;
  /** The hit rate's 95 % Wilson interval, %. */
  interval: readonly [number, number];
  /** How often the same outcome came with no rule at all, %. */
  baseRate: number;
  /** Mean profit after costs: points per unit (signal, pattern) or rupees per lot (strategy). */
  meanProfit: number;
  /** The worst case, same unit. */
  worst: number;
};

export type EvidenceExtras = {
  evidence?: Evidence;
  /** India VIX's percentile over the last year (signal and strategy); null when there is too little data. */
  vixPercentile?: number | null;
};

export type StrategyLeg = {
  kind?: 'call' | 'put';
  strike: number;
  quantity?: number;
  type?: 'CE' | 'PE';
  side?: 'BUY' | 'SELL';
  expiry?: string;
  premium?: number;
  delta?: number;
  gamma?: number;
  theta?: number;
  vega?: number;
};

/** P&L of one lot at a NIFTY level: at expiry and today (rupees). */
export type PayoffPoint = { spot: number; atExpiry: number; today: number };

export type StrategyExtras = EvidenceExtras & {
  legs?: StrategyLeg[];
  payoff?: PayoffPoint[];
  breakevens?: number[];
  /** The strategy the payoff, legs and evidence describe (the recommended one, or the best rejected). */
  payoffStrategy?: string;
  payoffStatus?: 'recommended' | 'rejected';
};
