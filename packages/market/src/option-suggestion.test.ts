import { describe, expect, it } from 'vitest';
import { optionSuggestion } from './option-suggestion.ts';

// NIFTY 24,567.85 throughout. Strikes by hand (50-point grid):
//   ATM: 24567.85 / 50 = 491.36 → 491 × 50 = 24550
//   call 2% above: 24567.85 × 1.02 = 25059.21 → ⌈501.18⌉ = 502 → 25100
//   put 2% below:  24567.85 × 0.98 = 24076.49 → ⌊481.53⌋ = 481 → 24050
//   call 3% above: 24567.85 × 1.03 = 25304.89 → ⌈506.10⌉ = 507 → 25350
//   put 3% below:  24567.85 × 0.97 = 23830.81 → ⌊476.62⌋ = 476 → 23800
const nifty = 24_567.85;

describe('optionSuggestion', () => {
  it('overbought with cheap volatility: bear put spread (debit)', () => {
    const result = optionSuggestion({ nifty, rsi: 74.2, vix: 12.5 });
    expect(result.id).toBe('overbought-cheap-volatility');
    expect(result.suggestion).toMatch(
      /^Consider a bear put spread \(debit\): buy the 24550 PE and sell the 24350 PE\./,
    );
    expect(result.rule).toBe('overbought-cheap-volatility: RSI 74.2 > 70 and India VIX 12.5 < 15');
  });

  it('oversold with cheap volatility: bull call spread (debit)', () => {
    const result = optionSuggestion({ nifty, rsi: 25, vix: 11 });
    expect(result.id).toBe('oversold-cheap-volatility');
    expect(result.suggestion).toMatch(/bull call spread \(debit\): buy the 24550 CE and sell the 24750 CE\./);
    expect(result.rule).toBe('oversold-cheap-volatility: RSI 25.0 < 30 and India VIX 11.0 < 15');
  });

  it('overbought with rich volatility: bear call spread (credit)', () => {
    const result = optionSuggestion({ nifty, rsi: 78, vix: 24 });
    expect(result.id).toBe('overbought-rich-volatility');
    expect(result.suggestion).toMatch(
      /bear call spread \(credit\): sell the 25100 CE and buy the 25300 CE\./,
    );
    expect(result.rule).toBe('overbought-rich-volatility: RSI 78.0 > 70 and India VIX 24.0 > 20');
  });

  it('oversold with rich volatility: bull put spread (credit)', () => {
    const result = optionSuggestion({ nifty, rsi: 22.46, vix: 31.2 });
    expect(result.id).toBe('oversold-rich-volatility');
    expect(result.suggestion).toMatch(/bull put spread \(credit\): sell the 24050 PE and buy the 23850 PE\./);
    expect(result.rule).toBe('oversold-rich-volatility: RSI 22.5 < 30 and India VIX 31.2 > 20');
  });

  it('rich volatility without an extreme RSI: small, defined-risk iron condor', () => {
    const result = optionSuggestion({ nifty, rsi: 50, vix: 22 });
    expect(result.id).toBe('rich-volatility');
    expect(result.suggestion).toContain(
      'iron condor selling the 25350 CE and 23800 PE and buying the 25550 CE and 23600 PE',
    );
    expect(result.rule).toBe('rich-volatility: India VIX 22.0 > 20 with RSI 50.0 between 30 and 70');
  });

  it('otherwise no trade, naming the values', () => {
    const result = optionSuggestion({ nifty, rsi: 55, vix: 13 });
    expect(result).toEqual({
      id: 'no-edge',
      suggestion: 'No trade: neither momentum nor volatility gives an edge right now.',
      rule: 'no-edge: RSI 55.0 and India VIX 13.0 match no rule: an idea needs VIX above 20, or RSI beyond 30–70 with VIX below 15',
    });
    // Overbought, but volatility in the middle band.
    expect(optionSuggestion({ nifty, rsi: 80, vix: 17 }).id).toBe('no-edge');
  });

  it('keeps the bounds strict', () => {
    expect(optionSuggestion({ nifty, rsi: 70, vix: 12 }).id).toBe('no-edge');
    expect(optionSuggestion({ nifty, rsi: 70.01, vix: 12 }).id).toBe('overbought-cheap-volatility');
    expect(optionSuggestion({ nifty, rsi: 30, vix: 12 }).id).toBe('no-edge');
    expect(optionSuggestion({ nifty, rsi: 29.99, vix: 12 }).id).toBe('oversold-cheap-volatility');
    expect(optionSuggestion({ nifty, rsi: 75, vix: 15 }).id).toBe('no-edge');
    expect(optionSuggestion({ nifty, rsi: 75, vix: 14.99 }).id).toBe('overbought-cheap-volatility');
    expect(optionSuggestion({ nifty, rsi: 50, vix: 20 }).id).toBe('no-edge');
    expect(optionSuggestion({ nifty, rsi: 50, vix: 20.01 }).id).toBe('rich-volatility');
  });

  it('puts strikes on the 50-point grid whatever the level', () => {
    // 22,000 exactly: ATM 22000; 2% above = 22440 → ⌈448.8⌉ = 449 → 22450.
    expect(optionSuggestion({ nifty: 22_000, rsi: 75, vix: 10 }).suggestion).toContain(
      'buy the 22000 PE and sell the 21800 PE',
    );
    expect(optionSuggestion({ nifty: 22_000, rsi: 75, vix: 25 }).suggestion).toContain(
      'sell the 22450 CE and buy the 22650 CE',
    );
  });

  it('is deterministic', () => {
    expect(optionSuggestion({ nifty, rsi: 74.2, vix: 12.5 })).toEqual(
      optionSuggestion({ nifty, rsi: 74.2, vix: 12.5 }),
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
    expect(() => optionSuggestion(input)).toThrow(RangeError);
  });
});
