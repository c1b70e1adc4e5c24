import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  NIFTY_FIRST_WEEKLY_EXPIRY,
  NIFTY_LAST_THURSDAY_EXPIRY,
  NIFTY_LOT_SIZES,
  NIFTY_STRIKE_STEP,
  nearestStrike,
  niftyExpiryOnOrAfter,
  niftyExpiryWeekday,
  niftyLotSize,
  niftyMonthlyExpiry,
  strikesAround,
} from './nifty-contracts.ts';

const none = new Set<string>();

describe('strikes', () => {
  it('rounds to the nearest 50-point strike, halves up', () => {
    expect(NIFTY_STRIKE_STEP).toBe(50);
    expect(nearestStrike(24987.3)).toBe(25000);
    expect(nearestStrike(25024.99)).toBe(25000);
    expect(nearestStrike(25025)).toBe(25050);
    expect(nearestStrike(25074.9)).toBe(25050);
    expect(nearestStrike(7610.25)).toBe(7600);
    expect(nearestStrike(240, 100)).toBe(200);
  });

  it('lists strikes on each side of the money', () => {
    expect(strikesAround(25012, 2)).toEqual([24900, 24950, 25000, 25050, 25100]);
    expect(strikesAround(25012, 0)).toEqual([25000]);
    expect(strikesAround(60, 2)).toEqual([50, 100, 150]);
  });

  it('rejects levels, steps and counts out of range', () => {
    expect(() => nearestStrike(0)).toThrow(RangeError);
    expect(() => nearestStrike(Number.NaN)).toThrow(RangeError);
    expect(() => nearestStrike(100, -50)).toThrow(RangeError);
    expect(() => strikesAround(25000, 1.5)).toThrow(RangeError);
    expect(() => strikesAround(25000, -1)).toThrow(RangeError);
  });
});

describe('lot size by date, tested the day before and the day of each change', () => {
  it.each([
    ['2014-10-30', 50, '2014-10-31', 25],
    ['2015-10-29', 25, '2015-10-30', 75], // after the October 2015 expiry (29 October)
    ['2021-06-24', 75, '2021-06-25', 50], // the July 2021 monthly contract becomes the near month
    ['2024-04-25', 50, '2024-04-26', 25],
    ['2024-11-19', 25, '2024-11-20', 75],
    ['2025-12-30', 75, '2025-12-31', 65], // after the 30 December 2025 expiry
  ])('%s: %i, %s: %i', (before, oldLot, from, newLot) => {
    expect(niftyLotSize(before)).toBe(oldLot);
    expect(niftyLotSize(from)).toBe(newLot);
  });

  it('holds between the changes and after the last one, and names a source for each period', () => {
    expect(niftyLotSize('2014-01-01')).toBe(50);
    expect(niftyLotSize('2020-03-23')).toBe(75);
    expect(niftyLotSize('2023-06-15')).toBe(50);
    expect(niftyLotSize('2026-06-01')).toBe(65);
    const dates = NIFTY_LOT_SIZES.map((p) => p.from);
    expect(dates).toEqual([...dates].sort());
    expect(NIFTY_LOT_SIZES.every((p) => p.source.length > 20)).toBe(true);
  });

  it('refuses dates before the table and malformed dates', () => {
    expect(() => niftyLotSize('2013-12-31')).toThrow(RangeError);
    expect(() => niftyLotSize('2024-02-30')).toThrow(RangeError);
    expect(() => niftyLotSize('24-04-2026')).toThrow(RangeError);
  });
});

describe('expiry weekday', () => {
  it('is Thursday up to the week of 28 August 2025 and Tuesday from the next week', () => {
    expect(NIFTY_LAST_THURSDAY_EXPIRY).toBe('2025-08-28');
    expect(niftyExpiryWeekday('2015-06-10')).toBe(4);
    expect(niftyExpiryWeekday('2025-08-28')).toBe(4);
    expect(niftyExpiryWeekday('2025-08-31')).toBe(4); // Sunday of the same week
    expect(niftyExpiryWeekday('2025-09-01')).toBe(2);
    expect(niftyExpiryWeekday('2026-03-03')).toBe(2);
  });
});

describe('the next expiry on or after a date', () => {
  it('moves from Thursday to Tuesday at the switch', () => {
    expect(niftyExpiryOnOrAfter('2025-08-28', none)).toBe('2025-08-28'); // last Thursday expiry
    expect(niftyExpiryOnOrAfter('2025-08-29', none)).toBe('2025-09-02'); // first Tuesday expiry
    expect(niftyExpiryOnOrAfter('2025-08-22', none)).toBe('2025-08-28');
    expect(niftyExpiryOnOrAfter('2025-09-03', none)).toBe('2025-09-09');
  });

  it('gives the last Thursday (to August 2025) or the last Tuesday (from September 2025) for monthly contracts', () => {
    expect(niftyMonthlyExpiry(2015, 10, none)).toBe('2015-10-29');
    expect(niftyMonthlyExpiry(2021, 6, none)).toBe('2021-06-24');
    expect(niftyMonthlyExpiry(2025, 8, none)).toBe('2025-08-28');
    expect(niftyMonthlyExpiry(2025, 9, none)).toBe('2025-09-30');
    expect(niftyMonthlyExpiry(2025, 12, none)).toBe('2025-12-30');
    expect(niftyExpiryOnOrAfter('2025-12-01', none, 'monthly')).toBe('2025-12-30');
    expect(niftyExpiryOnOrAfter('2025-12-31', none, 'monthly')).toBe('2026-01-27');
    expect(() => niftyMonthlyExpiry(2025, 13, none)).toThrow(RangeError);
  });

  it('moves an expiry on a holiday to the trading day before', () => {
    const holidays = new Set(['2024-04-11', '2024-08-15', '2025-10-21', '2026-03-03', '2026-03-31']);
    expect(niftyExpiryOnOrAfter('2024-04-08', holidays)).toBe('2024-04-10'); // Thursday Eid → Wednesday
    expect(niftyExpiryOnOrAfter('2024-08-12', holidays)).toBe('2024-08-14');
    expect(niftyExpiryOnOrAfter('2025-10-16', holidays)).toBe('2025-10-20'); // Tuesday Diwali → Monday
    expect(niftyExpiryOnOrAfter('2026-03-02', holidays)).toBe('2026-03-02'); // Tuesday Holi → Monday
    expect(niftyMonthlyExpiry(2026, 3, holidays)).toBe('2026-03-30');
    // On the holiday itself the week's expiry has passed: the next one.
    expect(niftyExpiryOnOrAfter('2024-04-11', holidays)).toBe('2024-04-18');
    // Two closed days in a row move it back two days.
    expect(niftyExpiryOnOrAfter('2024-04-08', new Set(['2024-04-10', '2024-04-11']))).toBe('2024-04-09');
  });

  it('has monthly expiries only before the first weekly one (14 February 2019)', () => {
    expect(NIFTY_FIRST_WEEKLY_EXPIRY).toBe('2019-02-14');
    expect(niftyExpiryOnOrAfter('2019-01-03', none)).toBe('2019-01-31');
    expect(niftyExpiryOnOrAfter('2019-02-01', none)).toBe('2019-02-14');
    expect(niftyExpiryOnOrAfter('2019-02-15', none)).toBe('2019-02-21');
    expect(niftyExpiryOnOrAfter('2016-05-27', none)).toBe('2016-06-30');
  });

  it('lands on a NIFTY session for every expiry of 2024–2025 with the shared holiday list', () => {
    const shared = process.env.MARKET_DATA_DIR ?? path.resolve('../shared/data/market');
    const read = (file: string) => {
      if (!fs.existsSync(file))
        throw new Error(`${file} is missing: set MARKET_DATA_DIR to the shared data.`);
      return fs.readFileSync(file, 'utf8').trim().split('\n').slice(1);
    };
    const sessions = new Set(read(path.join(shared, 'nifty50.csv')).map((row) => row.slice(0, 10)));
    const holidays = new Set(
      read(path.join(shared, '..', 'events', 'nse_holidays.csv')).map((row) => row.slice(0, 10)),
    );
    let date = '2024-01-01';
    const expiries: string[] = [];
    while (date <= '2025-12-31') {
      const expiry = niftyExpiryOnOrAfter(date, holidays);
      expiries.push(expiry);
      date = new Date(Date.parse(`${expiry}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10);
    }
    expect(expiries.length).toBeGreaterThanOrEqual(103);
    for (const expiry of expiries.filter((e) => e <= '2025-12-31'))
      expect(sessions.has(expiry), expiry).toBe(true);
    expect(expiries).toContain('2024-04-10');
    expect(expiries).toContain('2025-10-20');
  });
});
