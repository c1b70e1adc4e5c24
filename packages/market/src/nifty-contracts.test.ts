import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  monthlyListedOn,
  NIFTY_FIRST_WEEKLY_EXPIRY,
  NIFTY_LAST_THURSDAY_EXPIRY,
  NIFTY_LOT_SIZES,
  NIFTY_MUHURAT_SESSIONS,
  NIFTY_STRIKE_STEP,
  NIFTY_WEEKLY_LISTING,
  nearestStrike,
  niftyContractFor,
  niftyContractLot,
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

describe('lot size by contract (NIFTY_LOT_SIZES)', () => {
  const monthly = (expiry: string) => ({
    expiry,
    kind: 'monthly' as const,
    listedOn: monthlyListedOn(expiry, none),
  });
  const weekly = (expiry: string, listedOn: string) => ({ expiry, kind: 'weekly' as const, listedOn });

  it('revised every open contract in 2014, 2015 and April 2024 (basis "traded")', () => {
    expect(niftyContractLot(monthly('2014-11-27'), '2014-10-30')).toBe(50);
    expect(niftyContractLot(monthly('2014-11-27'), '2014-10-31')).toBe(25);
    expect(niftyContractLot(monthly('2015-11-26'), '2015-10-29')).toBe(25);
    expect(niftyContractLot(monthly('2015-11-26'), '2015-10-30')).toBe(75);
    expect(niftyContractLot(monthly('2024-05-30'), '2024-04-25')).toBe(50);
    expect(niftyContractLot(monthly('2024-05-30'), '2024-04-26')).toBe(25);
  });

  it('gave 50 from the July 2021 monthly: July 2021 weeklies kept 75, the August weeklies had 50', () => {
    expect(niftyContractLot(weekly('2021-07-22', '2021-06-17'), '2021-07-20')).toBe(75);
    expect(niftyContractLot(monthly('2021-07-29'), '2021-06-01')).toBe(50); // listed in April at 50
    expect(niftyContractLot(monthly('2021-06-24'), '2021-06-01')).toBe(75);
    expect(niftyContractLot(weekly('2021-08-05', '2021-07-01'), '2021-07-20')).toBe(50);
  });

  it('kept 25 for contracts listed before 20 November 2024 and gave 75 to those listed after', () => {
    // The 2024-12-06 trial: entered 2024-12-03 in the 2024-12-12 weekly, listed about 2024-11-07.
    const trial = niftyContractFor('2024-12-03', '2024-12-06', none);
    expect(trial).toEqual({ expiry: '2024-12-12', kind: 'weekly', listedOn: '2024-11-07' });
    expect(niftyContractLot(trial, '2024-12-03')).toBe(25);
    // The January 2025 monthly was listed after the October 2024 expiry (31 October): 25 to its end.
    expect(monthlyListedOn('2025-01-30', none)).toBe('2024-11-01');
    expect(niftyContractLot(monthly('2025-01-30'), '2025-01-27')).toBe(25);
    // The February 2025 monthly (listed 2024-11-29) and the 2025-01-02 weekly (listed 2024-11-28): 75.
    expect(niftyContractLot(monthly('2025-02-27'), '2025-01-27')).toBe(75);
    expect(niftyContractLot(weekly('2025-01-02', '2024-11-28'), '2024-12-30')).toBe(75);
  });

  it('gives 65 from the January 2026 expiry, 75 to the December 2025 contracts', () => {
    expect(niftyContractLot(monthly('2025-12-30'), '2025-12-29')).toBe(75);
    expect(niftyContractLot(weekly('2026-01-06', '2025-12-02'), '2025-12-29')).toBe(65);
  });

  it('near-month lot by date (niftyLotSize) follows the contracts, and each row names its source', () => {
    expect(niftyLotSize('2014-01-01')).toBe(50);
    expect(niftyLotSize('2020-03-23')).toBe(75);
    expect(niftyLotSize('2021-06-24')).toBe(75);
    expect(niftyLotSize('2021-06-25')).toBe(50);
    expect(niftyLotSize('2024-11-20')).toBe(25);
    expect(niftyLotSize('2025-01-30')).toBe(25);
    expect(niftyLotSize('2025-01-31')).toBe(75);
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

describe('contracts as they were listed', () => {
  it('buys the 2019-02-28 monthly for the 2019-02-07 event entered on 2019-02-04 (weeklies from 2019-02-11)', () => {
    expect(NIFTY_WEEKLY_LISTING).toBe('2019-02-11');
    expect(niftyContractFor('2019-02-04', '2019-02-07', none)).toEqual({
      expiry: '2019-02-28',
      kind: 'monthly',
      listedOn: '2018-11-30', // after the November 2018 expiry (29 November)
    });
    // From the listing day on, the first weekly (2019-02-14) can be bought.
    expect(niftyContractFor('2019-02-11', '2019-02-12', none).expiry).toBe('2019-02-14');
  });

  it('falls back to the monthly when the weekly after the event was not listed yet at entry', () => {
    // The 2024-03-07 weekly was listed five weeks ahead (2024-02-01): bought by an entry on 2024-02-20.
    expect(niftyContractFor('2024-02-20', '2024-03-05', none)).toEqual({
      expiry: '2024-03-07',
      kind: 'weekly',
      listedOn: '2024-02-01',
    });
    // The 2024-04-04 weekly was listed on 2024-02-29, after an entry on 2024-02-20: the April monthly.
    expect(niftyContractFor('2024-02-20', '2024-04-01', none)).toEqual({
      expiry: '2024-04-25',
      kind: 'monthly',
      listedOn: '2024-01-26',
    });
  });
});

describe('Diwali Muhurat sessions are not expiry days', () => {
  it('moves the 2021-11-04 and 2025-10-21 expiries to the session before', () => {
    expect(NIFTY_MUHURAT_SESSIONS).toContain('2021-11-04');
    expect(niftyExpiryOnOrAfter('2021-11-01', none)).toBe('2021-11-03');
    expect(niftyExpiryOnOrAfter('2025-10-15', none)).toBe('2025-10-20');
    expect(niftyExpiryOnOrAfter('2021-11-04', none)).toBe('2021-11-11');
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
