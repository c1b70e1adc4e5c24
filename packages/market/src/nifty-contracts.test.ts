import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  checkContractRules,
  monthlyListedOn,
  NIFTY_CONTRACT_RULES,
  NIFTY_EXPIRY_WEEKDAYS,
  NIFTY_FIRST_WEEKLY_EXPIRY,
  NIFTY_LAST_THURSDAY_EXPIRY,
  NIFTY_LOT_SIZES,
  NIFTY_MUHURAT_SESSIONS,
  NIFTY_STRIKE_STEP,
  NIFTY_WEEKLY_LISTING,
  type NiftyContractRules,
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

describe('contract rules as data (NiftyContractRules)', () => {
  // An imagined circular: lot 70 for every contract traded from 2027-01-01, Monday expiries from the week
  // of 2027-03-01.
  const custom: NiftyContractRules = {
    lotSizes: [
      ...NIFTY_CONTRACT_RULES.lotSizes,
      { from: '2027-01-01', basis: 'traded', lotSize: 70, source: 'NSE/FAOP/99999 (1 December 2026)' },
    ],
    expiryWeekdays: [
      ...NIFTY_CONTRACT_RULES.expiryWeekdays,
      { from: '2027-03-01', weekday: 1, source: 'NSE/FAOP/99998 (1 December 2026)' },
    ],
  };

  it('the seed is today’s constants and reproduces the Thursday-to-Tuesday change', () => {
    expect(NIFTY_CONTRACT_RULES.lotSizes).toBe(NIFTY_LOT_SIZES);
    expect(NIFTY_CONTRACT_RULES.expiryWeekdays).toBe(NIFTY_EXPIRY_WEEKDAYS);
    expect(checkContractRules(NIFTY_CONTRACT_RULES)).toEqual([]);
    // The row's week decides: Sunday 2025-08-31 is still a Thursday week, Monday 2025-09-01 a Tuesday one.
    expect(niftyExpiryWeekday('2025-08-31', NIFTY_CONTRACT_RULES)).toBe(4);
    expect(niftyExpiryWeekday('2025-09-01', NIFTY_CONTRACT_RULES)).toBe(2);
    expect(niftyExpiryWeekday('1999-01-07')).toBe(4); // before the first row: the first row's weekday
    expect(niftyExpiryWeekday(NIFTY_LAST_THURSDAY_EXPIRY)).toBe(4);
  });

  it('a new lot row changes the lot of contracts traded from its date, and nothing before', () => {
    const weekly = { expiry: '2027-01-12', kind: 'weekly' as const, listedOn: '2026-12-08' };
    expect(niftyContractLot(weekly, '2026-12-31', custom)).toBe(65);
    expect(niftyContractLot(weekly, '2027-01-01', custom)).toBe(70);
    expect(niftyContractLot(weekly, '2027-01-01')).toBe(65);
    expect(niftyLotSize('2027-01-04', none, custom)).toBe(70);
    expect(niftyLotSize('2027-01-04', none)).toBe(65);
    expect(niftyLotSize('2026-12-31', none, custom)).toBe(65);
    expect(
      niftyContractLot(niftyContractFor('2027-02-01', '2027-02-02', none, custom), '2027-02-01', custom),
    ).toBe(70);
    // A table starting later refuses earlier trades.
    const late = { ...custom, lotSizes: custom.lotSizes.slice(-1) };
    expect(() => niftyLotSize('2026-06-01', none, late)).toThrow(/recorded from 2027-01-01/);
  });

  it('a new weekday row moves weekly and monthly expiries from its week on', () => {
    expect(niftyExpiryWeekday('2027-02-26', custom)).toBe(2);
    expect(niftyExpiryWeekday('2027-03-01', custom)).toBe(1);
    expect(niftyExpiryWeekday('2027-03-07', custom)).toBe(1); // Sunday of the same week
    expect(niftyExpiryWeekday('2027-03-03')).toBe(2);
    // Tuesday 2027-02-23 still; then Monday 2027-03-01.
    expect(niftyExpiryOnOrAfter('2027-02-17', none, 'weekly', custom)).toBe('2027-02-23');
    expect(niftyExpiryOnOrAfter('2027-02-24', none, 'weekly', custom)).toBe('2027-03-01');
    expect(niftyExpiryOnOrAfter('2027-02-24', none, 'weekly')).toBe('2027-03-02');
    // March 2027 ends on a Wednesday: its last Monday is the 29th (Tuesday the 30th with the seed).
    expect(niftyMonthlyExpiry(2027, 3, none, custom)).toBe('2027-03-29');
    expect(niftyMonthlyExpiry(2027, 3, none)).toBe('2027-03-30');
    expect(niftyExpiryOnOrAfter('2027-03-02', none, 'monthly', custom)).toBe('2027-03-29');
    expect(monthlyListedOn('2027-06-28', none, custom)).toBe('2027-03-30');
    expect(niftyContractFor('2027-03-02', '2027-03-03', none, custom).expiry).toBe('2027-03-08');
    // A Friday row: the expiry is that week's Friday, moved back over a holiday.
    const friday: NiftyContractRules = {
      ...custom,
      expiryWeekdays: [{ from: '2020-01-01', weekday: 5, source: 'test' }],
    };
    expect(niftyExpiryOnOrAfter('2027-03-01', new Set(['2027-03-05']), 'weekly', friday)).toBe('2027-03-04');
  });

  it('checkContractRules says in words what is wrong with a table', () => {
    const lot = (from: string, lotSize = 50, source = 'circular') =>
      ({ from, basis: 'traded', lotSize, source }) as const;
    const day = (from: string, weekday: number, source = 'circular') =>
      ({ from, weekday, source }) as NiftyContractRules['expiryWeekdays'][number];
    const problems = checkContractRules({
      lotSizes: [
        lot('2024-01-01'),
        lot('2023-01-01'),
        lot('2023-01-01'),
        lot('2025-01-01', 0),
        lot('2026-01-01', 25, ' '),
      ],
      expiryWeekdays: [
        day('2024-01-01', 4),
        day('2024-01-03', 2),
        day('2025-01-06', 6),
        day('2025-13-01', 2),
      ],
    });
    expect(problems).toEqual([
      'The lot-size row from 2023-01-01 comes after the row from 2024-01-01: rows must be in date order.',
      'Two lot-size rows start on 2023-01-01: keep one.',
      'The lot-size row from 2025-01-01 has the lot 0: a lot must be a whole number above 0.',
      'The lot-size row from 2026-01-01 has no source: name the circular it comes from.',
      'The expiry-weekday row from 2024-01-03 is in the same week as the row from 2024-01-01: a weekday applies to whole weeks, keep one.',
      'The expiry-weekday row from 2025-01-06 has the weekday 6: it must be Monday to Friday (1 to 5).',
      'The expiry-weekday row 4 has the date "2025-13-01": write it YYYY-MM-DD.',
    ]);
    expect(checkContractRules({ lotSizes: [], expiryWeekdays: [] })).toEqual([
      'The lot-size table has no row: it needs at least one.',
      'The expiry-weekday table has no row: it needs at least one.',
    ]);
    expect(checkContractRules(custom)).toEqual([]);
  });
});
