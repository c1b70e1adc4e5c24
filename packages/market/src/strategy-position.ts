/**
 * A strategy's legs priced now, with their Greeks, its profit and loss across NIFTY levels (at expiry and
 * today) and its breakevens (docs/trading-methods.md "Strategy: legs, payoff, breakevens"). Black-Scholes
 * with India VIX as the volatility (option-pricing.ts); one lot of the contract; every order pays the cost
 * stack (trade-costs.ts).
 */
import { optionGreeks, optionPrice, volatilityFromVix } from './option-pricing.ts';
import { optionOrderCosts } from './trade-costs.ts';

export type PositionLeg = { kind: 'call' | 'put'; strike: number; quantity: number };

export type PricedLeg = PositionLeg & {
  type: 'CE' | 'PE';
  side: 'BUY' | 'SELL';
  expiry: string;
  premium: number;
  delta: number;
  gamma: number;
  theta: number;
  vega: number;
};

export type PayoffPoint = { spot: number; atExpiry: number; today: number };

export type Position = { legs: PricedLeg[]; payoff: PayoffPoint[]; breakevens: number[] };

/** Levels on each side of spot the payoff covers: 3 standard deviations to expiry, at least the wings. */
export const PAYOFF_POINTS = 41;

const round = (value: number, digits: number) => Math.round(value * 10 ** digits) / 10 ** digits || 0;

/**
 * Prices `legs` at `spot` and `vix` on `date` for the contract expiring `expiry` (`days` calendar days
 * ahead, at least 1), one lot of `lot` units. The payoff runs over PAYOFF_POINTS levels; `atExpiry` is the
 * profit if held to expiry (intrinsic value), `today` if closed now at that level (same VIX), both in rupees
 * per lot after the cost of opening and closing every leg. Breakevens are where the at-expiry profit crosses
 * 0, found on a one-point grid and interpolated.
 */
export function pricePosition(input: {
  legs: readonly PositionLeg[];
  spot: number;
  vix: number;
  date: string;
  expiry: string;
  days: number;
  lot: number;
}): Position {
  const { spot, lot, date } = input;
  // A strike at or below 0 (a NIFTY level far below the grid) is not a contract: such legs are left out.
  const listed = input.legs.filter((leg) => leg.strike > 0);
  const years = Math.max(1, input.days) / 365;
  const volatility = volatilityFromVix(input.vix);
  const legs: PricedLeg[] = listed.map((leg) => {
    const g = optionGreeks({ kind: leg.kind, spot, strike: leg.strike, years, volatility });
    return {
      ...leg,
      type: leg.kind === 'call' ? 'CE' : 'PE',
      side: leg.quantity > 0 ? 'BUY' : 'SELL',
      expiry: input.expiry,
      premium: round(g.price, 2),
      delta: round(g.delta, 4),
      gamma: round(g.gamma, 6),
      theta: round(g.thetaPerDay, 2),
      vega: round(g.vegaPerPoint, 2),
    };
  });
  const entries = listed.map((leg) =>
    optionPrice({ kind: leg.kind, spot, strike: leg.strike, years, volatility }),
  );
  const profitAt = (value: (leg: PositionLeg) => number) => {
    let total = 0;
    listed.forEach((leg, i) => {
      const entry = entries[i]!;
      const exit = value(leg);
      const units = Math.abs(leg.quantity) * lot;
      total += leg.quantity * (exit - entry) * lot;
      total -= optionOrderCosts({
        date,
        side: leg.quantity > 0 ? 'buy' : 'sell',
        premium: entry,
        quantity: units,
      }).total;
      total -= optionOrderCosts({
        date,
        side: leg.quantity > 0 ? 'sell' : 'buy',
        premium: exit,
        quantity: units,
      }).total;
    });
    return total;
  };
  const intrinsic = (level: number) => (leg: PositionLeg) =>
    leg.kind === 'call' ? Math.max(0, level - leg.strike) : Math.max(0, leg.strike - level);
  const now = (level: number) => (leg: PositionLeg) =>
    optionPrice({ kind: leg.kind, spot: level, strike: leg.strike, years, volatility });
  const strikes = listed.map((l) => l.strike);
  const sd = spot * volatility * Math.sqrt(Math.max(years, 7 / 365));
  const low = Math.max(1, Math.min(spot - 3 * sd, ...strikes.map((k) => k - sd)));
  const high = Math.max(spot + 3 * sd, ...strikes.map((k) => k + sd));
  const payoff: PayoffPoint[] = [];
  for (let i = 0; i < PAYOFF_POINTS; i++) {
    const level = round(low + ((high - low) * i) / (PAYOFF_POINTS - 1), 1);
    payoff.push({
      spot: level,
      atExpiry: round(profitAt(intrinsic(level)), 2),
      today: round(profitAt(now(level)), 2),
    });
  }
  const breakevens: number[] = [];
  if (listed.length > 0) {
    let previous = profitAt(intrinsic(Math.floor(low)));
    for (let level = Math.floor(low) + 1; level <= Math.ceil(high); level++) {
      const value = profitAt(intrinsic(level));
      if ((previous < 0 && value >= 0) || (previous > 0 && value <= 0))
        breakevens.push(round(level - 1 + previous / (previous - value), 1));
      previous = value;
    }
  }
  return { legs, payoff, breakevens };
}
