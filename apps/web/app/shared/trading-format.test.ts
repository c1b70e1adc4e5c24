import { describe, expect, it } from 'vitest';
import {
  formatIndian,
  formatPercent,
  formatRupees,
  formatSignedNumber,
  formatSignedRupees,
} from './trading-format.ts';

describe('money and signed figures on the trading screens', () => {
  it('puts a typeset minus before the rupee symbol', () => {
    expect(formatRupees(-11353.7)).toBe('−₹11,353.70');
    expect(formatRupees(123456.7)).toBe('₹1,23,456.70');
    expect(formatRupees(-0.001)).toBe('₹0.00');
    expect(formatSignedRupees(903.03)).toBe('+₹903.03');
    expect(formatSignedRupees(-707.72)).toBe('−₹707.72');
  });

  it('writes percents and points with the same minus', () => {
    expect(formatPercent(-19.6)).toBe('−19.60%');
    expect(formatPercent(1132.894, 1)).toBe('1132.9%');
    expect(formatPercent(-0.001)).toBe('0.00%');
    expect(formatSignedNumber(-103)).toBe('−103.00');
    expect(formatSignedNumber(1234.5)).toBe('+1,234.50');
  });
});

describe('formatIndian', () => {
  it('groups the Indian way with the decimals asked, the same as toLocaleString', () => {
    expect(formatIndian(1234567.891, 2)).toBe('12,34,567.89');
    expect(formatIndian(24500, 0)).toBe('24,500');
    expect(formatIndian(0.5, 0, 2)).toBe('0.5');
    for (const value of [0, 1.005, 99999.999, 123456789.5])
      expect(formatIndian(value, 2)).toBe(
        value.toLocaleString('en-IN', { minimumFractionDigits: 2, maximumFractionDigits: 2 }),
      );
  });
});
