/**
 * Black-Scholes prices and Greeks of European options on NIFTY (NIFTY index options are European and
 * cash-settled), with India VIX as the implied volatility.
 *
 * Model: spot S, strike K, time to expiry T in years, continuously compounded risk-free rate r, volatility
 * σ, no dividends: d1 = (ln(S/K) + (r + σ²/2)T) / (σ√T), d2 = d1 − σ√T;
 *   call = S·N(d1) − K·e^(−rT)·N(d2),   put = K·e^(−rT)·N(−d2) − S·N(−d1).
 * Greeks: delta N(d1) (call) and N(d1) − 1 (put); gamma n(d1) / (S·σ·√T); vega S·n(d1)·√T per unit of σ,
 * returned per 1 percentage point of volatility (÷ 100); theta −S·n(d1)·σ / (2√T) ∓ r·K·e^(−rT)·N(±d2) per
 * year, returned per calendar day (÷ 365); rho ±K·T·e^(−rT)·N(±d2) per unit of r, returned per 1 percentage
 * point (÷ 100).
 *
 * Limits, stated where the pages use the numbers: NIFTY's dividend yield (about 1–1.5 %) is ignored, so
 * calls come out slightly dear and puts slightly cheap; India VIX is a 30-day volatility of the whole
 * smile, used for every strike and every expiry (no skew, no term structure).
 *
 * Edge cases, none of which gives NaN: at T = 0 the price is the intrinsic value (delta 1, 0 or ½ at the
 * money; the other Greeks 0); with σ = 0 (or σ√T too small to matter) the option is worth its discounted
 * intrinsic value on the forward, max(S − K·e^(−rT), 0) for a call; deep in or out of the money N(d)
 * saturates at exactly 0 or 1.
 */

/**
 * The risk-free rate used when a caller gives none: 6.5 % a year, continuously compounded. It is close to
 * the RBI's 91-day Treasury-bill cut-off yield for most of 2015–2025 (about 6–7.5 % in 2015–2019 and
 * 2023–2024, 3.2–4 % in 2020–2021, 5.5–6 % in 2025; RBI auction results, Database on Indian Economy),
 * the usual proxy for India's short rate. For options a few weeks from expiry a 1-point error in r moves a
 * NIFTY at-the-money premium by well under 1 %.
 */
export const INDIA_RISK_FREE_RATE = 0.065;

/** Calendar days in the year used to turn days to expiry into years (and theta per day). */
export const DAYS_PER_YEAR = 365;

export type OptionKind = 'call' | 'put';

export type OptionInput = {
  kind: OptionKind;
  /** Underlying level (> 0). */
  spot: number;
  /** Strike (> 0). */
  strike: number;
  /** Time to expiry in years (≥ 0); see `yearsToExpiry`. */
  years: number;
  /** Annual volatility as a fraction (0.2 for 20 %; ≥ 0); see `volatilityFromVix`. */
  volatility: number;
  /** Continuously compounded annual rate as a fraction; INDIA_RISK_FREE_RATE when absent. */
  rate?: number;
};

export type OptionGreeks = {
  price: number;
  /** ∂price/∂spot. */
  delta: number;
  /** ∂²price/∂spot². */
  gamma: number;
  /** Change in price over one calendar day, all else equal (negative for a long option, usually). */
  thetaPerDay: number;
  /** Change in price for +1 percentage point of volatility. */
  vegaPerPoint: number;
  /** Change in price for +1 percentage point of the rate. */
  rhoPerPoint: number;
};

/**
 * The standard normal CDF N(x) by Hart's double-precision algorithm 5666 (J. F. Hart et al., Computer
 * Approximations, 1968), in the form G. West gives ("Better approximations to cumulative normal
 * functions", Wilmott Magazine, 2005): a rational function times e^(−x²/2) up to |x| = 7.07, a continued
 * fraction beyond, exactly 0 or 1 past |x| = 37. Absolute error below 1e-14 (checked in the tests against
 * erfc to 1e-7 and against Simpson integration of the density).
 */
export function normalCdf(x: number): number {
  if (Number.isNaN(x)) return Number.NaN;
  const z = Math.abs(x);
  let tail: number;
  if (z > 37) tail = 0;
  else {
    const exponential = Math.exp(-(z * z) / 2);
    if (z < 7.07106781186547) {
      let top = 3.52624965998911e-2 * z + 0.700383064443688;
      top = top * z + 6.37396220353165;
      top = top * z + 33.912866078383;
      top = top * z + 112.079291497871;
      top = top * z + 221.213596169931;
      top = top * z + 220.206867912376;
      let bottom = 8.83883476483184e-2 * z + 1.75566716318264;
      bottom = bottom * z + 16.064177579207;
      bottom = bottom * z + 86.7807322029461;
      bottom = bottom * z + 296.564248779674;
      bottom = bottom * z + 637.333633378831;
      bottom = bottom * z + 793.826512519948;
      bottom = bottom * z + 440.413735824752;
      tail = (exponential * top) / bottom;
    } else {
      let fraction = z + 0.65;
      fraction = z + 4 / fraction;
      fraction = z + 3 / fraction;
      fraction = z + 2 / fraction;
      fraction = z + 1 / fraction;
      tail = exponential / fraction / 2.506628274631;
    }
  }
  return x > 0 ? 1 - tail : tail;
}

/** The standard normal density n(x). */
export function normalPdf(x: number): number {
  return Math.exp(-0.5 * x * x) / Math.sqrt(2 * Math.PI);
}

/** India VIX (a percentage, e.g. 14.2) as the volatility fraction Black-Scholes takes (0.142). */
export function volatilityFromVix(vix: number): number {
  if (!Number.isFinite(vix) || vix < 0) throw new RangeError(`India VIX must be a number ≥ 0, got ${vix}.`);
  return vix / 100;
}

/**
 * Years from `date` to `expiry` (YYYY-MM-DD, both at the close): calendar days / 365. Calendar days, not
 * trading days, because India VIX is annualised over calendar time (NSE computes it with minutes to expiry
 * over a 365-day year). 0 on the expiry day; a RangeError when `date` is after `expiry`.
 */
export function yearsToExpiry(date: string, expiry: string): number {
  const days = dayNumber(expiry) - dayNumber(date);
  if (days < 0) throw new RangeError(`${date} is after the expiry ${expiry}.`);
  return days / DAYS_PER_YEAR;
}

/** The Black-Scholes price of a European call or put (see the top of this file). */
export function optionPrice(input: OptionInput): number {
  return optionGreeks(input).price;
}

/** The Black-Scholes price and Greeks of a European call or put (see the top of this file). */
export function optionGreeks(input: OptionInput): OptionGreeks {
  const { kind, spot: s, strike: k, years: t, volatility: sigma } = input;
  const r = input.rate ?? INDIA_RISK_FREE_RATE;
  if (kind !== 'call' && kind !== 'put') throw new RangeError(`kind must be "call" or "put", got ${kind}.`);
  for (const [name, value] of [
    ['spot', s],
    ['strike', k],
  ] as const)
    if (!(Number.isFinite(value) && value > 0))
      throw new RangeError(`${name} must be a number > 0, got ${value}.`);
  if (!(Number.isFinite(t) && t >= 0)) throw new RangeError(`years must be a number ≥ 0, got ${t}.`);
  if (!(Number.isFinite(sigma) && sigma >= 0))
    throw new RangeError(`volatility must be a number ≥ 0, got ${sigma}.`);
  if (!Number.isFinite(r)) throw new RangeError(`rate must be a finite number, got ${r}.`);
  const call = kind === 'call';

  if (t === 0) {
    const intrinsic = call ? Math.max(s - k, 0) : Math.max(k - s, 0);
    const delta = s === k ? (call ? 0.5 : -0.5) : call ? (s > k ? 1 : 0) : s < k ? -1 : 0;
    return { price: intrinsic, delta, gamma: 0, thetaPerDay: 0, vegaPerPoint: 0, rhoPerPoint: 0 };
  }

  const discount = Math.exp(-r * t);
  const root = Math.sqrt(t);
  const spread = sigma * root;
  if (!(spread > 1e-12)) {
    // No uncertainty left: the option pays its intrinsic value on the forward, for sure.
    const forwardGap = s - k * discount; // call's payoff today if it ends in the money
    const inMoney = call ? forwardGap > 0 : forwardGap < 0;
    const atMoney = forwardGap === 0;
    const weight = inMoney ? 1 : atMoney ? 0.5 : 0;
    const price = call ? Math.max(forwardGap, 0) : Math.max(-forwardGap, 0);
    const delta = call ? weight : -weight;
    const carry = r * k * discount * weight; // the strike's discount accruing
    return {
      price,
      delta,
      gamma: 0,
      thetaPerDay: (call ? -carry : carry) / DAYS_PER_YEAR,
      vegaPerPoint: 0,
      rhoPerPoint: ((call ? 1 : -1) * k * t * discount * weight) / 100,
    };
  }

  const d1 = (Math.log(s / k) + (r + (sigma * sigma) / 2) * t) / spread;
  const d2 = d1 - spread;
  const density = normalPdf(d1);
  const decay = (-s * density * sigma) / (2 * root);
  if (call) {
    const nd1 = normalCdf(d1);
    const nd2 = normalCdf(d2);
    return {
      price: Math.max(s * nd1 - k * discount * nd2, 0),
      delta: nd1,
      gamma: density / (s * spread),
      thetaPerDay: (decay - r * k * discount * nd2) / DAYS_PER_YEAR,
      vegaPerPoint: (s * density * root) / 100,
      rhoPerPoint: (k * t * discount * nd2) / 100,
    };
  }
  const nMinusD1 = normalCdf(-d1);
  const nMinusD2 = normalCdf(-d2);
  return {
    price: Math.max(k * discount * nMinusD2 - s * nMinusD1, 0),
    delta: -nMinusD1,
    gamma: density / (s * spread),
    thetaPerDay: (decay + r * k * discount * nMinusD2) / DAYS_PER_YEAR,
    vegaPerPoint: (s * density * root) / 100,
    rhoPerPoint: (-k * t * discount * nMinusD2) / 100,
  };
}

// ---------------------------------------------------------------------------------------------------

/** Days since 1970-01-01 of a YYYY-MM-DD date; a RangeError for anything else. */
function dayNumber(date: string): number {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(date);
  const time = match ? Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3])) : Number.NaN;
  if (!match || new Date(time).toISOString().slice(0, 10) !== date)
    throw new RangeError(`${JSON.stringify(date)} is not a YYYY-MM-DD date.`);
  return time / 86_400_000;
}
