import { describe, expect, it } from 'vitest';
import {
  DAYS_PER_YEAR,
  INDIA_RISK_FREE_RATE,
  normalCdf,
  normalPdf,
  type OptionInput,
  optionGreeks,
  optionPrice,
  volatilityFromVix,
  yearsToExpiry,
} from './option-pricing.ts';

describe('normalCdf', () => {
  // Reference values: 0.5 × erfc(−x/√2) from the C library's erfc (Python's math.erfc), 16 digits.
  it.each([
    [-8, 6.220960574271819e-16],
    [-6, 9.865876450377012e-10],
    [-3, 0.0013498980316300957],
    [-1.96, 0.024997895148220435],
    [-1, 0.15865525393145707],
    [-0.5, 0.3085375387259869],
    [0, 0.5],
    [0.3, 0.6179114221889526],
    [1, 0.8413447460685429],
    [2, 0.9772498680518208],
    [3, 0.9986501019683699],
    [5, 0.9999997133484281],
    [7.5, 0.9999999999999681],
  ])('N(%f) = %f to 1e-12', (x, expected) => {
    expect(Math.abs(normalCdf(x) - expected)).toBeLessThan(1e-12);
  });

  it('keeps its relative accuracy in the far left tail, where option prices live deep out of the money', () => {
    expect(normalCdf(-8) / 6.220960574271819e-16).toBeCloseTo(1, 7);
    expect(normalCdf(-6) / 9.865876450377012e-10).toBeCloseTo(1, 7);
  });

  it('agrees with Simpson integration of the density to 1e-10 on a grid', () => {
    // ∫ from 0 to x of n(t) dt + ½, Simpson with 2000 panels: error far below 1e-10 for |x| ≤ 6.
    const integral = (x: number) => {
      const panels = 2000;
      const h = x / panels;
      let sum = normalPdf(0) + normalPdf(x);
      for (let i = 1; i < panels; i++) sum += (i % 2 === 1 ? 4 : 2) * normalPdf(i * h);
      return 0.5 + (sum * h) / 3;
    };
    for (let x = -6; x <= 6; x += 0.25) expect(Math.abs(normalCdf(x) - integral(x))).toBeLessThan(1e-10);
  });

  it('is symmetric, monotone, exactly 0 and 1 far out and at infinity, NaN for NaN', () => {
    for (let x = 0; x <= 10; x += 0.37) expect(normalCdf(x) + normalCdf(-x)).toBeCloseTo(1, 15);
    let previous = 0;
    for (let x = -40; x <= 40; x += 0.01) {
      const value = normalCdf(x);
      expect(value).toBeGreaterThanOrEqual(previous);
      previous = value;
    }
    expect(normalCdf(-38)).toBe(0);
    expect(normalCdf(38)).toBe(1);
    expect(normalCdf(Number.NEGATIVE_INFINITY)).toBe(0);
    expect(normalCdf(Number.POSITIVE_INFINITY)).toBe(1);
    expect(normalCdf(Number.NaN)).toBeNaN();
  });
});

describe('Black-Scholes prices', () => {
  const textbook: OptionInput = {
    kind: 'call',
    spot: 100,
    strike: 100,
    years: 1,
    rate: 0.05,
    volatility: 0.2,
  };

  it('gives the published values for S = K = 100, T = 1, r = 5 %, σ = 20 %: call 10.4506, put 5.5735', () => {
    expect(optionPrice(textbook).toFixed(4)).toBe('10.4506');
    expect(optionPrice({ ...textbook, kind: 'put' }).toFixed(4)).toBe('5.5735');
    // Hull, Options, Futures and Other Derivatives, example 15.6: S 42, K 40, r 10 %, σ 20 %, T 0.5.
    const hull = { spot: 42, strike: 40, rate: 0.1, volatility: 0.2, years: 0.5 };
    expect(optionPrice({ ...hull, kind: 'call' })).toBeCloseTo(4.76, 2);
    expect(optionPrice({ ...hull, kind: 'put' })).toBeCloseTo(0.81, 2);
  });

  it('prices a one-week NIFTY option from India VIX with the default rate', () => {
    const week = {
      spot: 25000,
      strike: 25200,
      years: yearsToExpiry('2025-09-23', '2025-09-30'),
      volatility: volatilityFromVix(13),
    };
    expect(INDIA_RISK_FREE_RATE).toBe(0.065);
    // Worked out independently with erfc in double precision: 108.26692676262792 and 276.8727997702026.
    expect(optionPrice({ ...week, kind: 'call' })).toBeCloseTo(108.266927, 5);
    expect(optionPrice({ ...week, kind: 'put' })).toBeCloseTo(276.8728, 4);
  });

  it('satisfies put-call parity C − P = S − K·e^(−rT) on a grid', () => {
    for (const spot of [50, 90, 100, 110, 250])
      for (const strike of [60, 100, 140])
        for (const years of [1 / 365, 0.1, 1, 5])
          for (const volatility of [0.05, 0.2, 0.8])
            for (const rate of [0, 0.065, -0.01]) {
              const input = { spot, strike, years, volatility, rate };
              const call = optionPrice({ ...input, kind: 'call' });
              const put = optionPrice({ ...input, kind: 'put' });
              const parity = spot - strike * Math.exp(-rate * years);
              expect(Math.abs(call - put - parity)).toBeLessThan(1e-9 * Math.max(spot, strike));
            }
  });
});

describe('Greeks', () => {
  // Central differences of the price; steps chosen so truncation and rounding errors stay far below the
  // tolerances.
  const cases: OptionInput[] = [];
  for (const kind of ['call', 'put'] as const)
    for (const [spot, strike] of [
      [100, 100],
      [100, 80],
      [100, 125],
      [25000, 25200],
    ] as const)
      for (const years of [7 / 365, 0.25, 2])
        cases.push({ kind, spot, strike, years, volatility: 0.22, rate: 0.065 });

  it.each(cases)('$kind S=$spot K=$strike T=$years: every Greek equals the finite difference', (input) => {
    const greeks = optionGreeks(input);
    const price = (change: Partial<OptionInput>) => optionPrice({ ...input, ...change });
    const hs = input.spot * 1e-4;
    const delta = (price({ spot: input.spot + hs }) - price({ spot: input.spot - hs })) / (2 * hs);
    const gamma =
      (price({ spot: input.spot + hs }) - 2 * greeks.price + price({ spot: input.spot - hs })) / (hs * hs);
    const hv = 1e-5;
    const vega = (price({ volatility: 0.22 + hv }) - price({ volatility: 0.22 - hv })) / (2 * hv) / 100;
    const hr = 1e-5;
    const rho = (price({ rate: 0.065 + hr }) - price({ rate: 0.065 - hr })) / (2 * hr) / 100;
    const ht = 1e-6;
    // Theta is the change as time passes: −∂V/∂T, per calendar day.
    const theta =
      -(price({ years: input.years + ht }) - price({ years: input.years - ht })) / (2 * ht) / DAYS_PER_YEAR;
    const scale = input.spot / 100;
    expect(greeks.delta).toBeCloseTo(delta, 6);
    expect(greeks.gamma * scale).toBeCloseTo(gamma * scale, 4);
    expect(greeks.vegaPerPoint / scale).toBeCloseTo(vega / scale, 6);
    expect(greeks.rhoPerPoint / scale).toBeCloseTo(rho / scale, 6);
    expect(greeks.thetaPerDay / scale).toBeCloseTo(theta / scale, 5);
  });

  it('has the textbook signs and ranges', () => {
    const call = optionGreeks({
      kind: 'call',
      spot: 100,
      strike: 100,
      years: 1,
      rate: 0.05,
      volatility: 0.2,
    });
    const put = optionGreeks({ kind: 'put', spot: 100, strike: 100, years: 1, rate: 0.05, volatility: 0.2 });
    expect(call.delta).toBeCloseTo(0.636831, 6);
    expect(put.delta).toBeCloseTo(call.delta - 1, 12);
    expect(call.gamma).toBeCloseTo(put.gamma, 15);
    expect(call.vegaPerPoint).toBeCloseTo(0.37524, 6);
    expect(call.thetaPerDay).toBeCloseTo(-6.414028 / 365, 8);
    expect(call.rhoPerPoint).toBeCloseTo(0.532325, 6);
    expect(put.rhoPerPoint).toBeLessThan(0);
  });
});

describe('edge cases: no NaN anywhere', () => {
  const finite = (g: ReturnType<typeof optionGreeks>) =>
    Object.values(g).every((value) => Number.isFinite(value));

  it('is worth its intrinsic value at expiry (T = 0)', () => {
    const base = { years: 0, volatility: 0.2, rate: 0.065 };
    expect(optionGreeks({ ...base, kind: 'call', spot: 110, strike: 100 })).toEqual({
      price: 10,
      delta: 1,
      gamma: 0,
      thetaPerDay: 0,
      vegaPerPoint: 0,
      rhoPerPoint: 0,
    });
    expect(optionGreeks({ ...base, kind: 'put', spot: 110, strike: 100 })).toMatchObject({
      price: 0,
      delta: 0,
    });
    expect(optionGreeks({ ...base, kind: 'put', spot: 90, strike: 100 })).toMatchObject({
      price: 10,
      delta: -1,
    });
    expect(optionGreeks({ ...base, kind: 'call', spot: 100, strike: 100 })).toMatchObject({
      price: 0,
      delta: 0.5,
    });
    expect(optionGreeks({ ...base, kind: 'put', spot: 100, strike: 100 })).toMatchObject({
      price: 0,
      delta: -0.5,
    });
  });

  it('tends to the discounted intrinsic value on the forward as σ → 0', () => {
    const base = { spot: 100, strike: 100, years: 1, rate: 0.05 };
    const forwardGap = 100 - 100 * Math.exp(-0.05);
    for (const volatility of [0, 1e-14, 1e-9, 1e-6]) {
      const call = optionGreeks({ ...base, kind: 'call', volatility });
      const put = optionGreeks({ ...base, kind: 'put', volatility });
      expect(finite(call) && finite(put)).toBe(true);
      expect(call.price).toBeCloseTo(forwardGap, 6);
      expect(put.price).toBeCloseTo(0, 6);
      expect(call.delta).toBeCloseTo(1, 6);
    }
    const zero = optionGreeks({ ...base, kind: 'call', volatility: 0 });
    expect(zero.thetaPerDay).toBeCloseTo((-0.05 * 100 * Math.exp(-0.05)) / 365, 12);
    // Out of the money on the forward with no volatility: worthless.
    expect(optionPrice({ ...base, strike: 120, kind: 'call', volatility: 0 })).toBe(0);
  });

  it('saturates deep in and out of the money', () => {
    const base = { years: 0.5, volatility: 0.2, rate: 0.065 };
    const deepIn = optionGreeks({ ...base, kind: 'call', spot: 1e6, strike: 1 });
    expect(finite(deepIn)).toBe(true);
    expect(deepIn.delta).toBe(1);
    expect(deepIn.price).toBeCloseTo(1e6 - Math.exp(-0.0325), 6);
    const deepOut = optionGreeks({ ...base, kind: 'call', spot: 1, strike: 1e6 });
    expect(finite(deepOut)).toBe(true);
    expect(deepOut).toMatchObject({ price: 0, delta: 0, gamma: 0 });
    const deepPut = optionGreeks({ ...base, kind: 'put', spot: 1, strike: 1e6 });
    expect(deepPut.delta).toBe(-1);
    expect(deepPut.price).toBeCloseTo(1e6 * Math.exp(-0.0325) - 1, 4);
    // Huge volatility and long expiries stay finite too.
    expect(finite(optionGreeks({ kind: 'put', spot: 100, strike: 100, years: 50, volatility: 5 }))).toBe(
      true,
    );
  });

  it('rejects inputs that are not numbers in range', () => {
    const good: OptionInput = { kind: 'call', spot: 100, strike: 100, years: 1, volatility: 0.2 };
    expect(() => optionPrice({ ...good, spot: 0 })).toThrow(RangeError);
    expect(() => optionPrice({ ...good, strike: Number.NaN })).toThrow(RangeError);
    expect(() => optionPrice({ ...good, years: -0.01 })).toThrow(RangeError);
    expect(() => optionPrice({ ...good, volatility: -0.2 })).toThrow(RangeError);
    expect(() => optionPrice({ ...good, volatility: Number.POSITIVE_INFINITY })).toThrow(RangeError);
    expect(() => optionPrice({ ...good, rate: Number.NaN })).toThrow(RangeError);
    expect(() => optionPrice({ ...good, kind: 'straddle' as 'call' })).toThrow(RangeError);
  });
});

describe('inputs from market data', () => {
  it('turns India VIX into a volatility fraction', () => {
    expect(volatilityFromVix(14.2)).toBeCloseTo(0.142, 15);
    expect(volatilityFromVix(0)).toBe(0);
    expect(() => volatilityFromVix(-1)).toThrow(RangeError);
    expect(() => volatilityFromVix(Number.NaN)).toThrow(RangeError);
  });

  it('counts calendar days / 365 to expiry', () => {
    expect(yearsToExpiry('2025-09-30', '2025-09-30')).toBe(0);
    expect(yearsToExpiry('2025-09-26', '2025-09-30')).toBe(4 / 365); // Friday to Tuesday: 4 calendar days
    expect(yearsToExpiry('2024-02-28', '2024-03-01')).toBe(2 / 365); // leap day counted
    expect(yearsToExpiry('2024-12-31', '2025-12-31')).toBe(1);
    expect(() => yearsToExpiry('2025-10-01', '2025-09-30')).toThrow(RangeError);
    expect(() => yearsToExpiry('2025-02-30', '2025-03-30')).toThrow(RangeError);
    expect(() => yearsToExpiry('30/09/2025', '2025-10-30')).toThrow(RangeError);
  });
});
