import { percentile } from './statistics.ts';

/**
 * A small, deterministic NIFTY options idea from three numbers: the NIFTY level, its RSI(14) and India VIX.
 * Education, not advice. The first matching rule wins:
 *
 * | id                          | when                        | idea                                              |
 * | --------------------------- | --------------------------- | ------------------------------------------------- |
 * | overbought-cheap-volatility | RSI > 70 and VIX < 15       | bear put spread (debit): buy ATM PE, sell ATM − 200 PE |
 * | oversold-cheap-volatility   | RSI < 30 and VIX < 15       | bull call spread (debit): buy ATM CE, sell ATM + 200 CE |
 * | overbought-rich-volatility  | RSI > 70 and VIX > 20       | bear call spread (credit): sell the call ~2% above, buy 200 higher |
 * | oversold-rich-volatility    | RSI < 30 and VIX > 20       | bull put spread (credit): sell the put ~2% below, buy 200 lower |
 * | rich-volatility             | VIX > 20 (RSI 30–70)        | iron condor: sell ~3% out of the money both sides, 200-point wings, smaller size |
 * | no-edge                     | anything else               | no trade                                          |
 *
 * "Cheap" and "rich" India VIX are not fixed numbers: they are the 20th and 80th percentiles of the India
 * VIX closes of the year (252 sessions) before the reading (`vixLevelsBefore`), the walk-forward convention
 * the options studies use for their VIX regimes (docs/trading-methods.md); the table above writes them 15 and
 * 20 for short. Cheap volatility favours buying premium (debit spreads), rich volatility selling it, always
 * with defined risk. Bounds are strict: RSI exactly 70 or 30 is not overbought or oversold, and VIX exactly
 * at the cheap or rich level falls in the middle band (no-edge). Strikes are on NIFTY's 50-point grid: ATM is the nearest strike,
 * calls above the money round up and puts below it round down.
 */

export type OptionSuggestionInput = {
  /** NIFTY 50 level (> 0). */
  nifty: number;
  /** RSI(14) of NIFTY, 0–100. */
  rsi: number;
  /** India VIX (≥ 0). */
  vix: number;
  /** What counts as cheap and rich volatility (`vixLevelsBefore`). */
  levels: VixLevels;
};

/** India VIX below `cheap` is cheap, above `rich` rich; `basis` says where the levels come from. */
export type VixLevels = { cheap: number; rich: number; basis: string };

export type OptionSuggestionRule =
  | 'overbought-cheap-volatility'
  | 'oversold-cheap-volatility'
  | 'overbought-rich-volatility'
  | 'oversold-rich-volatility'
  | 'rich-volatility'
  | 'no-edge';

export type OptionSuggestion = {
  /** The idea, with strikes. */
  suggestion: string;
  /** Why: the rule's id and the values that matched it. */
  rule: string;
  id: OptionSuggestionRule;
};

export const OVERBOUGHT_RSI = 70;
export const OVERSOLD_RSI = 30;
/** Cheap below this percentile of the year of India VIX closes before the reading, rich above this one. */
export const CHEAP_VIX_PERCENTILE = 20;
export const RICH_VIX_PERCENTILE = 80;
/** The year of closes the levels are read from, and the fewest closes they need. */
export const VIX_LEVEL_WINDOW = 252;
export const VIX_LEVEL_MIN_CLOSES = 20;

/**
 * The cheap and rich India VIX levels for a reading on `date`: the 20th and 80th percentiles (type 7, as
 * statistics.ts) of the last 252 closes dated before `date`, never the reading itself
 * nor anything after it. Undefined with fewer than 20 such closes.
 */
export function vixLevelsBefore(
  vix: readonly { date: string; close: number }[],
  date: string,
): VixLevels | undefined {
  let end = vix.length;
  while (end > 0 && vix[end - 1]!.date >= date) end--;
  const window = vix
    .slice(Math.max(0, end - VIX_LEVEL_WINDOW), end)
    .map((bar) => bar.close)
    .filter(Number.isFinite);
  if (window.length < VIX_LEVEL_MIN_CLOSES) return undefined;
  const round2 = (value: number) => Math.round(value * 100) / 100;
  return {
    cheap: round2(percentile(window, CHEAP_VIX_PERCENTILE)),
    rich: round2(percentile(window, RICH_VIX_PERCENTILE)),
    basis: `the ${CHEAP_VIX_PERCENTILE}th and ${RICH_VIX_PERCENTILE}th percentiles of the ${window.length} India VIX closes from ${vix[end - window.length]!.date} to ${vix[end - 1]!.date}`,
  };
}
/** NIFTY option strikes are 50 points apart. */
export const STRIKE_STEP = 50;
/** Width of every spread and of the iron condor's wings, in points. */
export const SPREAD_WIDTH = 200;

/** Throws a RangeError unless nifty > 0, 0 ≤ rsi ≤ 100 and vix ≥ 0 (all finite). */
export function optionSuggestion({ nifty, rsi, vix, levels }: OptionSuggestionInput): OptionSuggestion {
  if (!(Number.isFinite(nifty) && nifty > 0))
    throw new RangeError(`nifty must be a positive number, got ${nifty}.`);
  if (!(Number.isFinite(rsi) && rsi >= 0 && rsi <= 100))
    throw new RangeError(`rsi must be 0–100, got ${rsi}.`);
  if (!(Number.isFinite(vix) && vix >= 0)) throw new RangeError(`vix must be a number ≥ 0, got ${vix}.`);
  if (!(Number.isFinite(levels.cheap) && Number.isFinite(levels.rich) && levels.cheap <= levels.rich))
    throw new RangeError(
      `VIX levels must be numbers with cheap ≤ rich, got ${levels.cheap} and ${levels.rich}.`,
    );

  const r = rsi.toFixed(1);
  const v = vix.toFixed(1);
  const overbought = rsi > OVERBOUGHT_RSI;
  const oversold = rsi < OVERSOLD_RSI;
  const atm = Math.round(nifty / STRIKE_STEP) * STRIKE_STEP;
  const callAbove = (fraction: number) => Math.ceil((nifty * (1 + fraction)) / STRIKE_STEP) * STRIKE_STEP;
  const putBelow = (fraction: number) => Math.floor((nifty * (1 - fraction)) / STRIKE_STEP) * STRIKE_STEP;
  const make = (id: OptionSuggestionRule, suggestion: string, why: string): OptionSuggestion => ({
    id,
    suggestion,
    rule: `${id}: ${why}`,
  });

  if (vix < levels.cheap && overbought) {
    return make(
      'overbought-cheap-volatility',
      `Consider a bear put spread (debit): buy the ${atm} PE and sell the ${atm - SPREAD_WIDTH} PE. NIFTY looks overbought and options are cheap, so a defined-risk bet on a pullback costs little.`,
      `RSI ${r} > ${OVERBOUGHT_RSI} and India VIX ${v} < ${levels.cheap}`,
    );
  }
  if (vix < levels.cheap && oversold) {
    return make(
      'oversold-cheap-volatility',
      `Consider a bull call spread (debit): buy the ${atm} CE and sell the ${atm + SPREAD_WIDTH} CE. NIFTY looks oversold and options are cheap, so a defined-risk bet on a bounce costs little.`,
      `RSI ${r} < ${OVERSOLD_RSI} and India VIX ${v} < ${levels.cheap}`,
    );
  }
  if (vix > levels.rich && overbought) {
    const short = callAbove(0.02);
    return make(
      'overbought-rich-volatility',
      `Consider a bear call spread (credit): sell the ${short} CE and buy the ${short + SPREAD_WIDTH} CE. NIFTY looks overbought and premiums are rich; the bought call caps the loss.`,
      `RSI ${r} > ${OVERBOUGHT_RSI} and India VIX ${v} > ${levels.rich}`,
    );
  }
  if (vix > levels.rich && oversold) {
    const short = putBelow(0.02);
    return make(
      'oversold-rich-volatility',
      `Consider a bull put spread (credit): sell the ${short} PE and buy the ${short - SPREAD_WIDTH} PE. NIFTY looks oversold and premiums are rich; the bought put caps the loss.`,
      `RSI ${r} < ${OVERSOLD_RSI} and India VIX ${v} > ${levels.rich}`,
    );
  }
  if (vix > levels.rich) {
    const call = callAbove(0.03);
    const put = putBelow(0.03);
    return make(
      'rich-volatility',
      `Volatility is high: if you sell premium, keep the risk defined and the size small, e.g. an iron condor selling the ${call} CE and ${put} PE and buying the ${call + SPREAD_WIDTH} CE and ${put - SPREAD_WIDTH} PE.`,
      `India VIX ${v} > ${levels.rich} with RSI ${r} between ${OVERSOLD_RSI} and ${OVERBOUGHT_RSI}`,
    );
  }
  return make(
    'no-edge',
    'No trade: neither momentum nor volatility gives an edge right now.',
    `RSI ${r} and India VIX ${v} match no rule: an idea needs VIX above ${levels.rich}, or RSI beyond ${OVERSOLD_RSI}–${OVERBOUGHT_RSI} with VIX below ${levels.cheap} (VIX levels: ${levels.basis})`,
  );
}
