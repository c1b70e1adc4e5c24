import { describe, expect, it } from 'vitest';
import {
  assertValidBars,
  barProblem,
  cleanBars,
  type DailyBar,
  isIsoDate,
  isUsableVolume,
  toColumns,
} from './bars.ts';

const bar = (date: string, close: number, extra: Partial<DailyBar> = {}): DailyBar => ({
  date,
  open: close,
  high: close + 1,
  low: close - 1,
  close,
  ...extra,
});

describe('isIsoDate', () => {
  it.each(['2024-01-26', '2024-02-29', '2000-02-29', '2025-12-31', '0001-01-01'])('accepts %s', (date) => {
    expect(isIsoDate(date)).toBe(true);
  });

  it.each([
    '2025-02-29', // not a leap year
    '1900-02-29', // divisible by 100, not by 400
    '2025-04-31',
    '2025-13-01',
    '2025-00-10',
    '2025-01-00',
    '2025-1-01',
    '2025/01/01',
    '2025-01-01T00:00:00Z',
    '2025-0a-01',
    '',
  ])('rejects %s', (date) => {
    expect(isIsoDate(date)).toBe(false);
  });
});

describe('bar validation', () => {
  it('accepts a normal bar, with or without volume', () => {
    expect(barProblem(bar('2025-01-02', 100))).toBeUndefined();
    expect(barProblem(bar('2025-01-02', 100, { volume: 1000 }))).toBeUndefined();
    // A bad volume only counts as missing volume.
    expect(barProblem(bar('2025-01-02', 100, { volume: Number.NaN }))).toBeUndefined();
  });

  it.each([
    ['a bad date', bar('2025-02-30', 100), /date/],
    ['a NaN close', bar('2025-01-02', 100, { close: Number.NaN }), /close NaN/],
    ['a negative low', bar('2025-01-02', 100, { low: -1 }), /low -1/],
    ['a zero open', bar('2025-01-02', 100, { open: 0 }), /open 0/],
    ['an infinite high', bar('2025-01-02', 100, { high: Number.POSITIVE_INFINITY }), /high Infinity/],
    ['a low above the close', bar('2025-01-02', 100, { low: 100.5 }), /low 100.5 is above/],
    ['a high below the open', bar('2025-01-02', 100, { open: 101.5 }), /high 101 is below/],
  ])('rejects %s', (_name, candidate, message) => {
    expect(barProblem(candidate)).toMatch(message);
  });

  it('asserts order and validity', () => {
    expect(() => assertValidBars([])).not.toThrow();
    expect(() => assertValidBars([bar('2025-01-01', 10), bar('2025-01-02', 20)])).not.toThrow();
    expect(() => assertValidBars([bar('2025-01-02', 10), bar('2025-01-01', 20)])).toThrow(
      /Bar 1 \(2025-01-01\) does not come after/,
    );
    expect(() => assertValidBars([bar('2025-01-02', 10), bar('2025-01-02', 20)])).toThrow(RangeError);
    expect(() => assertValidBars([bar('2025-01-02', 10), bar('2025-01-03', -2)])).toThrow(
      /Bar 1 \(2025-01-03\)/,
    );
  });
});

describe('cleanBars', () => {
  it('drops bad bars, sorts and keeps the last bar given for a date', () => {
    const cleaned = cleanBars([
      bar('2025-01-03', 30),
      bar('2025-01-01', 10),
      bar('2025-01-02', Number.NaN),
      bar('2025-01-01', 15),
      bar('not a date', 90),
    ]);
    expect(cleaned.map((b) => [b.date, b.close])).toEqual([
      ['2025-01-01', 15],
      ['2025-01-03', 30],
    ]);
    expect(() => assertValidBars(cleaned)).not.toThrow();
  });
});

describe('toColumns', () => {
  it('splits bars into columns and blanks unusable volumes', () => {
    const columns = toColumns([
      { date: '2025-01-01', open: 1, high: 2, low: 0.5, close: 1.5, volume: 10 },
      { date: '2025-01-02', open: 2, high: 3, low: 1.5, close: 2.5 },
      { date: '2025-01-03', open: 3, high: 4, low: 2.5, close: 3.5, volume: -5 },
    ]);
    expect(columns).toEqual({
      open: [1, 2, 3],
      high: [2, 3, 4],
      low: [0.5, 1.5, 2.5],
      close: [1.5, 2.5, 3.5],
      volume: [10, undefined, undefined],
    });
  });

  it('knows usable volumes', () => {
    expect(isUsableVolume(0)).toBe(true);
    expect(isUsableVolume(undefined)).toBe(false);
    expect(isUsableVolume(Number.NaN)).toBe(false);
    expect(isUsableVolume(-1)).toBe(false);
  });
});
