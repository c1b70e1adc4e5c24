import { describe, expect, it } from 'vitest';
import { optionSuggestion, vixLevelsBefore } from './option-suggestion.ts';

// NIFTY 24,567.85 throughout. Strikes by hand (50-point grid):
//   ATM: 24567.85 / 50 = 491.36 → 491 × 50 = 24550
//   call 2% above: 24567.85 × 1.02 = 25059.21 → ⌈501.18⌉ = 502 → 25100
//   put 2% below:  24567.85 × 0.98 = 24076.49 → ⌊481.53⌋ = 481 → 24050
//   call 3% above: 24567.85 × 1.03 = 25304.89 → ⌈506.10⌉ = 507 → 25350
//   put 3% below:  24567.85 × 0.97 = 23830.81 → ⌊476.62⌋ = 476 → 23800
const nifty = 24_567.85;
// The rule tests use levels of 15 and 20; where levels come from is tested below.
const levels = { cheap: 15, rich: 20, basis: 'levels given by the test' };

describe('optionSuggestion', () => {
  it('overbought with cheap volatility: bear put spread (debit)', () => {
    const result = optionSuggestion({ levels, nifty, rsi: 74.2, vix: 12.5 });
    expect(result.id).toBe('overbought-cheap-volatility');
    expect(result.suggestion).toMatch(
      /^Consider a bear put spread \(debit\): buy the 24550 PE and sell the 24350 PE\./,
    );
    expect(result.rule).toBe('overbought-cheap-volatility: RSI 74.2 > 70 and India VIX 12.5 < 15');
  });

  it('oversold with cheap volatility: bull call spread (debit)', () => {
    const result = optionSuggestion({ levels, nifty, rsi: 25, vix: 11 });
    expect(result.id).toBe('oversold-cheap-volatility');
    expect(result.suggestion).toMatch(/bull call spread \(debit\): buy the 24550 CE and sell the 24750 CE\./);
    expect(result.rule).toBe('oversold-cheap-volatility: RSI 25.0 < 30 and India VIX 11.0 < 15');
  });

  it('overbought with rich volatility: bear call spread (credit)', () => {
    const result = optionSuggestion({ levels, nifty, rsi: 78, vix: 24 });
    expect(result.id).toBe('overbought-rich-volatility');
    expect(result.suggestion).toMatch(
      /bear call spread \(credit\): sell the 25100 CE and buy the 25300 CE\./,
    );
    expect(result.rule).toBe('overbought-rich-volatility: RSI 78.0 > 70 and India VIX 24.0 > 20');
  });

  it('oversold with rich volatility: bull put spread (credit)', () => {
    const result = optionSuggestion({ levels, nifty, rsi: 22.46, vix: 31.2 });
    expect(result.id).toBe('oversold-rich-volatility');
    expect(result.suggestion).toMatch(/bull put spread \(credit\): sell the 24050 PE and buy the 23850 PE\./);
    expect(result.rule).toBe('oversold-rich-volatility: RSI 22.5 < 30 and India VIX 31.2 > 20');
  });

  it('rich volatility without an extreme RSI: small, defined-risk iron condor', () => {
    const result = optionSuggestion({ levels, nifty, rsi: 50, vix: 22 });
    expect(result.id).toBe('rich-volatility');
    expect(result.suggestion).toContain(
      'iron condor selling the 25350 CE and 23800 PE and buying the 25550 CE and 23600 PE',
    );
    expect(result.rule).toBe('rich-volatility: India VIX 22.0 > 20 with RSI 50.0 between 30 and 70');
  });

  it('otherwise no trade, naming the values', () => {
    const result = optionSuggestion({ levels, nifty, rsi: 55, vix: 13 });
    expect(result).toEqual({
      id: 'no-edge',
      suggestion: 'No trade: neither momentum nor volatility gives an edge right now.',
      rule: 'no-edge: RSI 55.0 and India VIX 13.0 match no rule: an idea needs VIX above 20, or RSI beyond 30–70 with VIX below 15 (VIX levels: levels given by the test)',
    });
    // Overbought, but volatility in the middle band.
    expect(optionSuggestion({ levels, nifty, rsi: 80, vix: 17 }).id).toBe('no-edge');
  });

  it('keeps the bounds strict', () => {
    expect(optionSuggestion({ levels, nifty, rsi: 70, vix: 12 }).id).toBe('no-edge');
    expect(optionSuggestion({ levels, nifty, rsi: 70.01, vix: 12 }).id).toBe('overbought-cheap-volatility');
    expect(optionSuggestion({ levels, nifty, rsi: 30, vix: 12 }).id).toBe('no-edge');
    expect(optionSuggestion({ levels, nifty, rsi: 29.99, vix: 12 }).id).toBe('oversold-cheap-volatility');
    expect(optionSuggestion({ levels, nifty, rsi: 75, vix: 15 }).id).toBe('no-edge');
    expect(optionSuggestion({ levels, nifty, rsi: 75, vix: 14.99 }).id).toBe('overbought-cheap-volatility');
    expect(optionSuggestion({ levels, nifty, rsi: 50, vix: 20 }).id).toBe('no-edge');
    expect(optionSuggestion({ levels, nifty, rsi: 50, vix: 20.01 }).id).toBe('rich-volatility');
  });

  it('puts strikes on the 50-point grid whatever the level', () => {
    // 22,000 exactly: ATM 22000; 2% above = 22440 → ⌈448.8⌉ = 449 → 22450.
    expect(optionSuggestion({ levels, nifty: 22_000, rsi: 75, vix: 10 }).suggestion).toContain(
      'buy the 22000 PE and sell the 21800 PE',
    );
    expect(optionSuggestion({ levels, nifty: 22_000, rsi: 75, vix: 25 }).suggestion).toContain(
      'sell the 22450 CE and buy the 22650 CE',
    );
  });

  it('is deterministic', () => {
    expect(optionSuggestion({ levels, nifty, rsi: 74.2, vix: 12.5 })).toEqual(
      optionSuggestion({ levels, nifty, rsi: 74.2, vix: 12.5 }),
    );
  });

  it.each([
    { nifty: 0, rsi: 50, vix: 15 },
    { nifty: -1, rsi: 50, vix: 15 },
    { nifty: Number.NaN, rsi: 50, vix: 15 },
    { nifty, rsi: -0.1, vix: 15 },
    { nifty, rsi: 100.1, vix: 15 },
    { nifty, rsi: Number.NaN, vix: 15 },
    { nifty, rsi: 50, vix: -1 },
    { nifty, rsi: 50, vix: Number.POSITIVE_INFINITY },
  ])('rejects %o', (input) => {
    expect(() => optionSuggestion({ levels, ...input })).toThrow(RangeError);
  });
});

describe('vixLevelsBefore (walk-forward cheap and rich India VIX levels)', () => {
  // 30 sessions of closes 10, 11, …, 39 on consecutive days of January 2025, then a spike on the reading day.
  const day = (i: number) => `2025-01-${String(i + 1).padStart(2, '0')}`;
  const vix = Array.from({ length: 30 }, (_, i) => ({ date: day(i), close: 10 + i }));
  it('reads the 20th and 80th percentiles of the closes before the date only (type 7, by hand)', () => {
    // Before 2025-01-31: the 30 closes 10..39; rank (29 × 0.2) = 5.8 → 15.8, rank (29 × 0.8) = 23.2 → 33.2.
    const levels = vixLevelsBefore([...vix, { date: '2025-01-31', close: 90 }], '2025-01-31');
    expect(levels).toMatchObject({ cheap: 15.8, rich: 33.2 });
    expect(levels?.basis).toContain('30 India VIX closes from 2025-01-01 to 2025-01-30');
  });
  it('never looks past the date, and needs 20 earlier closes', () => {
    // Before 2025-01-21: closes 10..29 (20 of them): rank 3.8 → 13.8, rank 15.2 → 25.2.
    expect(vixLevelsBefore(vix, '2025-01-21')).toMatchObject({ cheap: 13.8, rich: 25.2 });
    expect(vixLevelsBefore(vix, '2025-01-20')).toBeUndefined();
  });
  it('moves the rule with the levels: VIX 14 is cheap against a calm year and not against a nervous one', () => {
    const calm = { cheap: 14.5, rich: 18, basis: 'calm' };
    const nervous = { cheap: 12, rich: 16, basis: 'nervous' };
    expect(optionSuggestion({ nifty, rsi: 75, vix: 14, levels: calm }).id).toBe(
      'overbought-cheap-volatility',
    );
    expect(optionSuggestion({ nifty, rsi: 75, vix: 14, levels: nervous }).id).toBe('no-edge');
    expect(optionSuggestion({ nifty, rsi: 50, vix: 17, levels: nervous }).id).toBe('rich-volatility');
  });
});
