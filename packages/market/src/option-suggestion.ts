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
 * Cheap volatility favours buying premium (debit spreads), rich volatility selling it, always with defined
 * risk. Bounds are strict: RSI exactly 70 or 30 is not overbought or oversold, and VIX exactly 15 or 20
 * falls in the middle band (no-edge). Strikes are on NIFTY's 50-point grid: ATM is the nearest strike,
 * calls above the money round up and puts below it round down.
 */

export type OptionSuggestionInput = {
  /** NIFTY 50 level (> 0). */
  nifty: number;
  /** RSI(14) of NIFTY, 0–100. */
  rsi: number;
  /** India VIX (≥ 0). */
  vix: number;
};

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
export const CHEAP_VIX = 15;
export const RICH_VIX = 20;
/** NIFTY option strikes are 50 points apart. */
export const STRIKE_STEP = 50;
/** Width of every spread and of the iron condor's wings, in points. */
export const SPREAD_WIDTH = 200;

/** Throws a RangeError unless nifty > 0, 0 ≤ rsi ≤ 100 and vix ≥ 0 (all finite). */
export function optionSuggestion({ nifty, rsi, vix }: OptionSuggestionInput): OptionSuggestion {
  if (!(Number.isFinite(nifty) && nifty > 0))
    throw new RangeError(`nifty must be a positive number, got ${nifty}.`);
  if (!(Number.isFinite(rsi) && rsi >= 0 && rsi <= 100))
    throw new RangeError(`rsi must be 0–100, got ${rsi}.`);
  if (!(Number.isFinite(vix) && vix >= 0)) throw new RangeError(`vix must be a number ≥ 0, got ${vix}.`);

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

  if (vix < CHEAP_VIX && overbought) {
    return make(
      'overbought-cheap-volatility',
      `Consider a bear put spread (debit): buy the ${atm} PE and sell the ${atm - SPREAD_WIDTH} PE. NIFTY looks overbought and options are cheap, so a defined-risk bet on a pullback costs little.`,
      `RSI ${r} > ${OVERBOUGHT_RSI} and India VIX ${v} < ${CHEAP_VIX}`,
    );
  }
  if (vix < CHEAP_VIX && oversold) {
    return make(
      'oversold-cheap-volatility',
      `Consider a bull call spread (debit): buy the ${atm} CE and sell the ${atm + SPREAD_WIDTH} CE. NIFTY looks oversold and options are cheap, so a defined-risk bet on a bounce costs little.`,
      `RSI ${r} < ${OVERSOLD_RSI} and India VIX ${v} < ${CHEAP_VIX}`,
    );
  }
  if (vix > RICH_VIX && overbought) {
    const short = callAbove(0.02);
    return make(
      'overbought-rich-volatility',
      `Consider a bear call spread (credit): sell the ${short} CE and buy the ${short + SPREAD_WIDTH} CE. NIFTY looks overbought and premiums are rich; the bought call caps the loss.`,
      `RSI ${r} > ${OVERBOUGHT_RSI} and India VIX ${v} > ${RICH_VIX}`,
    );
  }
  if (vix > RICH_VIX && oversold) {
    const short = putBelow(0.02);
    return make(
      'oversold-rich-volatility',
      `Consider a bull put spread (credit): sell the ${short} PE and buy the ${short - SPREAD_WIDTH} PE. NIFTY looks oversold and premiums are rich; the bought put caps the loss.`,
      `RSI ${r} < ${OVERSOLD_RSI} and India VIX ${v} > ${RICH_VIX}`,
    );
  }
  if (vix > RICH_VIX) {
    const call = callAbove(0.03);
    const put = putBelow(0.03);
    return make(
      'rich-volatility',
      `Volatility is high: if you sell premium, keep the risk defined and the size small, e.g. an iron condor selling the ${call} CE and ${put} PE and buying the ${call + SPREAD_WIDTH} CE and ${put - SPREAD_WIDTH} PE.`,
      `India VIX ${v} > ${RICH_VIX} with RSI ${r} between ${OVERSOLD_RSI} and ${OVERBOUGHT_RSI}`,
    );
  }
  return make(
    'no-edge',
    'No trade: neither momentum nor volatility gives an edge right now.',
    `RSI ${r} and India VIX ${v} match no rule: an idea needs VIX above ${RICH_VIX}, or RSI beyond ${OVERSOLD_RSI}–${OVERBOUGHT_RSI} with VIX below ${CHEAP_VIX}`,
  );
}
