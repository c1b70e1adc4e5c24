import { describe, expect, it } from 'vitest';
import { daysIn, longDate, monthOf, monthTitle, monthWeeks, shiftMonth } from './calendar-month.ts';

describe('calendar month arithmetic', () => {
  it('moves across year ends both ways and by many months', () => {
    expect(shiftMonth({ year: 2026, month: 12 }, 1)).toEqual({ year: 2027, month: 1 });
    expect(shiftMonth({ year: 2026, month: 1 }, -1)).toEqual({ year: 2025, month: 12 });
    expect(shiftMonth({ year: 2026, month: 11 }, -13)).toEqual({ year: 2025, month: 10 });
    expect(shiftMonth({ year: 2025, month: 10 }, 14)).toEqual({ year: 2026, month: 12 });
    expect(shiftMonth({ year: 2026, month: 5 }, 0)).toEqual({ year: 2026, month: 5 });
  });

  it('knows the length of each month, leap Februaries included', () => {
    expect(daysIn({ year: 2024, month: 2 })).toBe(29);
    expect(daysIn({ year: 2026, month: 2 })).toBe(28);
    expect(daysIn({ year: 2000, month: 2 })).toBe(29);
    expect(daysIn({ year: 2100, month: 2 })).toBe(28);
    expect(daysIn({ year: 2025, month: 10 })).toBe(31);
    expect(daysIn({ year: 2026, month: 11 })).toBe(30);
  });

  it('lays a month out in Sunday-first weeks', () => {
    // 1 October 2025 was a Wednesday.
    const october = monthWeeks({ year: 2025, month: 10 });
    expect(october[0]).toEqual([null, null, null, '2025-10-01', '2025-10-02', '2025-10-03', '2025-10-04']);
    expect(october.at(-1)).toEqual([
      '2025-10-26',
      '2025-10-27',
      '2025-10-28',
      '2025-10-29',
      '2025-10-30',
      '2025-10-31',
      null,
    ]);
    expect(october.flat().filter(Boolean)).toHaveLength(31);
    // February 2026 starts on a Sunday and fills exactly four weeks.
    const february = monthWeeks({ year: 2026, month: 2 });
    expect(february).toHaveLength(4);
    expect(february[0]![0]).toBe('2026-02-01');
    expect(february.every((week) => week.length === 7)).toBe(true);
  });

  it('names months and reads them from dates', () => {
    expect(monthOf('2026-11-24')).toEqual({ year: 2026, month: 11 });
    expect(monthTitle({ year: 2025, month: 10 })).toBe('October 2025');
    expect(monthTitle(shiftMonth(monthOf('2026-01-15'), -1))).toBe('December 2025');
  });
});

describe('long dates', () => {
  it('writes the weekday, day, month and year', () => {
    expect(longDate('2026-11-24')).toBe('Tuesday, 24 November 2026');
    expect(longDate('2025-10-02')).toBe('Thursday, 2 October 2025');
  });
});
