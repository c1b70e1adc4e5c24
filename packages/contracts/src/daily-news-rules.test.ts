import { describe, expect, it } from 'vitest';
import {
  calendarDateProblem,
  currentNewsItems,
  indiaDate,
  newsCardAction,
  nextDated,
  secondsUntilIndiaMidnight,
} from './daily-news-rules.ts';

// Midnight 25 November 2026 in India is 18:30 UTC on the 24th.
const indiaMidnight = Date.UTC(2026, 10, 24, 18, 30);

describe('India date and midnight', () => {
  it('turns over at 18:30 UTC, not at midnight UTC', () => {
    expect(indiaDate(indiaMidnight - 1)).toBe('2026-11-24');
    expect(indiaDate(indiaMidnight)).toBe('2026-11-25');
    expect(indiaDate(Date.UTC(2026, 10, 24, 23, 59))).toBe('2026-11-25');
    expect(indiaDate(Date.UTC(2026, 11, 31, 18, 30))).toBe('2027-01-01');
  });

  it('counts the seconds to the next India midnight, never zero', () => {
    expect(secondsUntilIndiaMidnight(indiaMidnight - 1000)).toBe(1);
    expect(secondsUntilIndiaMidnight(indiaMidnight - 1)).toBe(1);
    expect(secondsUntilIndiaMidnight(indiaMidnight)).toBe(86_400);
    expect(secondsUntilIndiaMidnight(indiaMidnight - 3_600_000)).toBe(3600);
  });
});

describe('news filter and order', () => {
  const items = [
    { id: 2, validity: '2026-11-24', text: 'a' },
    { id: 9, validity: '2026-11-23', text: 'expired' },
    { id: 7, validity: '2027-01-01', text: 'b' },
    { id: 2, validity: '2026-12-01', text: 'c' },
    { id: 11, validity: '2026-11-25', text: 'd' },
  ];

  it('keeps items valid today or later, highest id first, equal ids in their given order', () => {
    expect(currentNewsItems(items, '2026-11-24').map((i) => i.text)).toEqual(['d', 'b', 'a', 'c']);
    expect(currentNewsItems(items, '2026-11-25').map((i) => i.text)).toEqual(['d', 'b', 'c']);
    expect(currentNewsItems(items, '2027-01-02')).toEqual([]);
  });

  it('follows the India date at the midnight boundary', () => {
    expect(currentNewsItems(items, indiaDate(indiaMidnight - 1)).map((i) => i.text)).toContain('a');
    expect(currentNewsItems(items, indiaDate(indiaMidnight)).map((i) => i.text)).not.toContain('a');
  });

  it('picks the earliest record dated today or later for the boxes', () => {
    const records = [{ date: '2026-12-25' }, { date: '2026-11-23' }, { date: '2026-11-24' }];
    expect(nextDated(records, '2026-11-24')).toEqual({ date: '2026-11-24' });
    expect(nextDated(records, '2026-11-25')).toEqual({ date: '2026-12-25' });
    expect(nextDated(records, '2026-12-26')).toBeUndefined();
  });

  it('decides what a card does from flink and alink', () => {
    expect(newsCardAction({ flink: '/a', alink: '/ad' })).toEqual({
      kind: 'ad-then-target',
      alink: '/ad',
      flink: '/a',
    });
    expect(newsCardAction({ flink: '/a' })).toEqual({ kind: 'target', flink: '/a' });
    expect(newsCardAction({ alink: '/ad' })).toEqual({ kind: 'text' });
    expect(newsCardAction({})).toEqual({ kind: 'text' });
  });
});

describe('validity dates', () => {
  it('accepts real dates, leap days included', () => {
    for (const date of ['2026-11-24', '2024-02-29', '2000-02-29', '2026-12-31'])
      expect(calendarDateProblem(date), date).toBeUndefined();
  });

  it('says why an impossible date is refused', () => {
    expect(calendarDateProblem('2026-02-30')).toBe(
      '2026-02-30 is not a real date: February 2026 has days 1 to 28, not day 30.',
    );
    expect(calendarDateProblem('2026-01-95')).toBe(
      '2026-01-95 is not a real date: January 2026 has days 1 to 31, not day 95.',
    );
    expect(calendarDateProblem('2100-02-29')).toMatch(/February 2100 has days 1 to 28/);
    expect(calendarDateProblem('2026-00-10')).toBe('2026-00-10 is not a real date: there is no month 0.');
    expect(calendarDateProblem('2026-11-00')).toMatch(/not day 0/);
    expect(calendarDateProblem('2026-1-5')).toMatch(/not a date written as YYYY-MM-DD/);
    expect(calendarDateProblem('1899-01-01')).toMatch(/year must be from 1990 to 2100/);
  });
});
