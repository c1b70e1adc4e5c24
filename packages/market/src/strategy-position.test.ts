import { describe, expect, it } from 'vitest';
import { optionGreeks, volatilityFromVix } from './option-pricing.ts';
import { PAYOFF_POINTS, pricePosition } from './strategy-position.ts';
import { optionOrderCosts } from './trade-costs.ts';

describe('a priced position', () => {
  const straddle = [
    { kind: 'call' as const, strike: 26150, quantity: 1 },
    { kind: 'put' as const, strike: 26150, quantity: 1 },
  ];
  const base = { spot: 26129.6, vix: 9.48, date: '2025-12-31', expiry: '2026-01-06', days: 6, lot: 65 };

  it('gives each leg its type, side and Black-Scholes Greeks', () => {
    const { legs } = pricePosition({ ...base, legs: straddle });
    const g = optionGreeks({
      kind: 'call',
      spot: 26129.6,
      strike: 26150,
      years: 6 / 365,
      volatility: volatilityFromVix(9.48),
    });
    expect(legs[0]).toMatchObject({
      type: 'CE',
      side: 'BUY',
      strike: 26150,
      expiry: '2026-01-06',
      quantity: 1,
    });
    expect(legs[0]!.premium).toBeCloseTo(g.price, 2);
    expect(legs[0]!.delta).toBeCloseTo(g.delta, 4);
    expect(legs[0]!.theta).toBeCloseTo(g.thetaPerDay, 2);
    expect(legs[0]!.vega).toBeCloseTo(g.vegaPerPoint, 2);
    expect(legs[1]).toMatchObject({ type: 'PE', side: 'BUY' });
    const sold = pricePosition({ ...base, legs: [{ kind: 'put', strike: 25800, quantity: -1 }] }).legs[0]!;
    expect(sold.side).toBe('SELL');
  });

  it('draws at least 20 points; at-expiry profit is intrinsic less premium and costs, zero at each breakeven', () => {
    const { legs, payoff, breakevens } = pricePosition({ ...base, legs: straddle });
    expect(payoff.length).toBe(PAYOFF_POINTS);
    expect(PAYOFF_POINTS).toBeGreaterThanOrEqual(20);
    const [call, put] = [legs[0]!.premium, legs[1]!.premium];
    // By hand: (|S − 26150| − call − put) × 65 less the two buys at entry and the two sells at expiry.
    const atExpiry = (level: number) => {
      const c = Math.max(0, level - 26150);
      const p = Math.max(0, 26150 - level);
      const cost = (side: 'buy' | 'sell', premium: number) =>
        optionOrderCosts({ date: base.date, side, premium, quantity: 65 }).total;
      return (
        (c + p - call - put) * 65 - cost('buy', call) - cost('buy', put) - cost('sell', c) - cost('sell', p)
      );
    };
    for (const point of [payoff[0]!, payoff[20]!, payoff[40]!])
      expect(point.atExpiry).toBeCloseTo(atExpiry(point.spot), 0);
    expect(breakevens).toHaveLength(2);
    expect(breakevens[0]!).toBeLessThan(26150 - call - put); // costs widen them
    expect(breakevens[1]!).toBeGreaterThan(26150 + call + put);
    for (const level of breakevens) expect(Math.abs(atExpiry(level))).toBeLessThan(10); // within ₹10 of 0 (0.1-point rounding)
    // Near the strike, closing today keeps the time value that expiry loses.
    expect(payoff[20]!.today).toBeGreaterThan(payoff[20]!.atExpiry);
  });

  it('leaves out legs whose strike would be 0 or below instead of failing', () => {
    const tiny = pricePosition({ ...base, spot: 1, legs: [{ kind: 'call', strike: 0, quantity: 1 }] });
    expect(tiny.legs).toEqual([]);
    expect(tiny.breakevens).toEqual([]);
    expect(tiny.payoff.every((point) => point.atExpiry === 0 && point.today === 0)).toBe(true);
  });
});
