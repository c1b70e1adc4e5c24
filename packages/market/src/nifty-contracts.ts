import { isIsoDate } from './bars.ts';
import { isTradingDay, previousTradingDay } from './market-hours.ts';

/**
 * Contract facts of NSE's NIFTY 50 index options: the lot size of each period, the 50-point strike grid
 * and the expiry calendar (weekday of each period, holidays moving an expiry to the trading day before).
 * Dates are India dates, YYYY-MM-DD.
 */

/** NIFTY option strikes are listed every 50 points around the money (wider far from it). */
export const NIFTY_STRIKE_STEP = 50;

/** The strike on the grid nearest `level`; a level exactly between two strikes goes to the higher one. */
export function nearestStrike(level: number, step = NIFTY_STRIKE_STEP): number {
  assertPositive(level, 'level');
  assertPositive(step, 'step');
  return Math.floor(level / step + 0.5) * step;
}

/**
 * `count` strikes on each side of the strike nearest `level`, lowest first: 2 × count + 1 strikes (those
 * that would be ≤ 0 are left out).
 */
export function strikesAround(level: number, count: number, step = NIFTY_STRIKE_STEP): number[] {
  if (!Number.isInteger(count) || count < 0)
    throw new RangeError(`count must be a whole number ≥ 0, got ${count}.`);
  const middle = nearestStrike(level, step);
  const strikes: number[] = [];
  for (let i = -count; i <= count; i++) if (middle + i * step > 0) strikes.push(middle + i * step);
  return strikes;
}

/**
 * How a lot-size revision reached the contracts:
 * - `traded`: every contract traded from `from` (inclusive) carries the lot (NSE revised open contracts too);
 * - `expiring`: contracts expiring on or after `from` carry it, whenever they trade;
 * - `listed`: contracts listed (introduced) on or after `from` carry it; older ones keep theirs to expiry.
 */
export type LotBasis = 'traded' | 'expiring' | 'listed';

export type LotSizeRule = {
  /** India date (YYYY-MM-DD) the rule starts from, read as `basis` says. */
  from: string;
  basis: LotBasis;
  lotSize: number;
  /** The circular (or record) the row comes from. */
  source: string;
};

/**
 * NIFTY's market lot by contract, in the order NSE made the changes: a contract's lot is that of the last
 * row that applies to it (docs/trading-methods.md "Contracts as they traded"). Kept as data: a new NSE
 * revision is one more row.
 */
export const NIFTY_LOT_SIZES: readonly LotSizeRule[] = [
  {
    from: '2014-01-01',
    basis: 'traded',
    lotSize: 50,
    source:
      'The lot before NSE’s revision of October 2014 ("present market lot" 50); the table starts with the data',
  },
  {
    from: '2014-10-31',
    basis: 'traded',
    lotSize: 25,
    source:
      'NSE circular of October 2014 on the revision of market lots (minimum contract value Rs 2 lakh): every contract from 31 October 2014, after the October 2014 expiry',
  },
  {
    from: '2015-10-30',
    basis: 'traded',
    lotSize: 75,
    source:
      'SEBI CIR/MRD/DP/14/2015 (13 July 2015, minimum contract value Rs 5 lakh); NSE’s circular of October 2015 revised every contract from 30 October 2015, after the October 2015 expiry',
  },
  {
    from: '2021-07-29',
    basis: 'expiring',
    lotSize: 50,
    source:
      'NSE/FAOP/47856 (31 March 2021): 50 for the July 2021 monthly (29 July 2021) and every later contract, the August 2021 weeklies first among the weeklies; July 2021 weeklies and earlier months kept 75',
  },
  {
    from: '2024-04-26',
    basis: 'traded',
    lotSize: 25,
    source:
      'NSE circular of March 2024 on the periodic revision of lot sizes: every NIFTY contract at 25 from 26 April 2024, the day after the April 2024 expiry',
  },
  {
    from: '2024-11-20',
    basis: 'listed',
    lotSize: 75,
    source:
      'NSE circular of 18 October 2024 (SEBI/HO/MRD/TPD-1/P/CIR/2024/132 of 1 October 2024, minimum contract value Rs 15 lakh): 75 for contracts introduced from 20 November 2024; contracts listed before keep 25 to their expiry (the December 2024 weeklies, the January 2025 monthly)',
  },
  {
    from: '2026-01-01',
    basis: 'expiring',
    lotSize: 65,
    source:
      'NSE circular of October 2025 on the revision of lot sizes: 65 from the January 2026 expiry contracts; contracts expiring up to 30 December 2025 keep 75',
  },
];

/** A NIFTY option contract: its expiry, whether it is a weekly or a monthly, and when NSE listed it. */
export type NiftyContract = { expiry: string; kind: ExpiryKind; listedOn: string };

/**
 * The lot of `contract` when traded on `tradeDate` (see NIFTY_LOT_SIZES); a RangeError before 2014-01-01
 * or for a bad date.
 */
export function niftyContractLot(contract: NiftyContract, tradeDate: string): number {
  assertDate(tradeDate);
  assertDate(contract.expiry);
  let lot: number | undefined;
  for (const rule of NIFTY_LOT_SIZES) {
    const applies =
      rule.basis === 'traded'
        ? tradeDate >= rule.from
        : rule.basis === 'expiring'
          ? contract.expiry >= rule.from && tradeDate >= NIFTY_LOT_SIZES[0]!.from
          : contract.listedOn >= rule.from;
    if (applies) lot = rule.lotSize;
  }
  if (lot === undefined || tradeDate < NIFTY_LOT_SIZES[0]!.from)
    throw new RangeError(`NIFTY lot sizes are recorded from ${NIFTY_LOT_SIZES[0]!.from}.`);
  return lot;
}

/**
 * NIFTY's lot on `date` for the near-month monthly contract (the contract most traded that day); prefer
 * niftyContractLot for a given contract.
 */
export function niftyLotSize(date: string, holidays: ReadonlySet<string> = new Set()): number {
  assertDate(date);
  if (date < NIFTY_LOT_SIZES[0]!.from)
    throw new RangeError(`NIFTY lot sizes are recorded from ${NIFTY_LOT_SIZES[0]!.from}.`);
  const expiry = monthlyOnOrAfter(date, holidays);
  return niftyContractLot({ expiry, kind: 'monthly', listedOn: monthlyListedOn(expiry, holidays) }, date);
}

/**
 * Diwali Muhurat sessions: a short evening session on Laxmi Pujan, the regular session closed. NSE does not
 * settle expiries on them: an expiry falling on one moves to the session before (2021-11-04 → 2021-11-03,
 * 2025-10-21 → 2025-10-20). Dates from NSE's Muhurat trading circulars of each year.
 */
export const NIFTY_MUHURAT_SESSIONS: readonly string[] = [
  '2014-10-23',
  '2015-11-11',
  '2016-10-30',
  '2017-10-19',
  '2018-11-07',
  '2019-10-27',
  '2020-11-14',
  '2021-11-04',
  '2022-10-24',
  '2023-11-12',
  '2024-11-01',
  '2025-10-21',
];
const muhuratSessions = new Set(NIFTY_MUHURAT_SESSIONS);

/** The first session with NIFTY weekly options: NSE’s circular of January 2019 listed them from 11 February 2019. */
export const NIFTY_WEEKLY_LISTING = '2019-02-11';

/**
 * How long before its expiry a weekly contract is listed: NSE keeps four serial weekly contracts (besides
 * the monthly) open, so a weekly is introduced about five weeks before it expires (never before
 * NIFTY_WEEKLY_LISTING).
 */
export const NIFTY_WEEKLY_LISTED_DAYS = 35;

/** The day NSE listed the monthly contract expiring on `expiry`: after the expiry three months before. */
export function monthlyListedOn(expiry: string, holidays: ReadonlySet<string>): string {
  assertDate(expiry);
  let year = Number(expiry.slice(0, 4));
  let month = Number(expiry.slice(5, 7)) - 3;
  if (month < 1) {
    month += 12;
    year--;
  }
  return dayOf(dayNumber(niftyMonthlyExpiry(year, month, holidays)) + 1);
}

/**
 * The contract a trade entered on `entryDate` buys to be open on `onOrAfter`: the first weekly expiring on
 * or after it that was already listed on `entryDate` (weeklies from NIFTY_WEEKLY_LISTING, about five weeks
 * ahead), else that month's (or the next) monthly contract (listed three months ahead).
 */
export function niftyContractFor(
  entryDate: string,
  onOrAfter: string,
  holidays: ReadonlySet<string>,
): NiftyContract {
  assertDate(entryDate);
  const monthly = monthlyOnOrAfter(onOrAfter, holidays);
  const weekly = niftyExpiryOnOrAfter(onOrAfter, holidays, 'weekly');
  if (weekly !== monthly) {
    const listedOn = weeklyListedOn(weekly);
    if (listedOn <= entryDate) return { expiry: weekly, kind: 'weekly', listedOn };
  }
  return { expiry: monthly, kind: 'monthly', listedOn: monthlyListedOn(monthly, holidays) };
}

function weeklyListedOn(expiry: string): string {
  const listed = dayOf(dayNumber(expiry) - NIFTY_WEEKLY_LISTED_DAYS);
  return listed < NIFTY_WEEKLY_LISTING ? NIFTY_WEEKLY_LISTING : listed;
}

/**
 * The last expiry on the old weekday: NSE's circular of 23 June 2025 moved NIFTY's weekly, monthly,
 * quarterly and half-yearly expiries from Thursday to Tuesday for every contract from the end of
 * 28 August 2025 (the August monthly expiry, the last on a Thursday); the first Tuesday expiry was
 * 2 September 2025. Earlier, NIFTY options always expired on Thursdays (monthly: the last Thursday).
 */
export const NIFTY_LAST_THURSDAY_EXPIRY = '2025-08-28';

/** The first weekly expiry: NSE listed NIFTY weekly options from 11 February 2019; before, monthly only. */
export const NIFTY_FIRST_WEEKLY_EXPIRY = '2019-02-14';

const THURSDAY = 4;
const TUESDAY = 2;

/**
 * The weekday (0 Sunday … 6 Saturday) on which an expiry scheduled in the week of `date` (Monday to
 * Sunday) falls before any holiday adjustment: 4 (Thursday) up to the week of 2025-08-28, 2 (Tuesday) after.
 */
export function niftyExpiryWeekday(date: string): 2 | 4 {
  const thursday = dayOf(weekMonday(dayNumber(date)) + 3);
  return thursday <= NIFTY_LAST_THURSDAY_EXPIRY ? THURSDAY : TUESDAY;
}

export type ExpiryKind = 'weekly' | 'monthly';

/**
 * The first NIFTY expiry on or after `date`: the scheduled day (Thursday or Tuesday, see
 * niftyExpiryWeekday; for monthly contracts the last one of the month), moved to the trading day before
 * when it is not a trading day (a weekday in `holidays`). Pass every NSE holiday of the period
 * (../shared/data/events/nse_holidays.csv lists 2024–2026; for earlier years the weekdays without a NIFTY
 * bar). Weekly expiries exist from NIFTY_FIRST_WEEKLY_EXPIRY; before it the answer is the monthly
 * expiry. Special sessions on a weekend and Diwali Muhurat sessions (NIFTY_MUHURAT_SESSIONS) are never
 * expiries. Which contract a trade could buy is niftyContractFor (listing dates).
 */
export function niftyExpiryOnOrAfter(
  date: string,
  holidays: ReadonlySet<string>,
  kind: ExpiryKind = 'weekly',
): string {
  assertDate(date);
  const monthly = monthlyOnOrAfter(date, holidays);
  if (kind === 'monthly') return monthly;
  // A holiday can move an expiry back into the week before, so start one week early.
  let monday = weekMonday(dayNumber(date)) - 7;
  for (;;) {
    const scheduled = dayOf(monday + (niftyExpiryWeekday(dayOf(monday)) === THURSDAY ? 3 : 1));
    if (scheduled >= NIFTY_FIRST_WEEKLY_EXPIRY) {
      const expiry = tradingDayOnOrBefore(scheduled, holidays);
      // ISO dates compare as strings: the earlier of the week's expiry and the month's.
      if (expiry >= date) return expiry.localeCompare(monthly) < 0 ? expiry : monthly;
    }
    if (scheduled > monthly) return monthly;
    monday += 7;
  }
}

/** The monthly expiry of `year`-`month` (1–12): its last scheduled weekday, moved back over holidays. */
export function niftyMonthlyExpiry(year: number, month: number, holidays: ReadonlySet<string>): string {
  if (!Number.isInteger(year) || !Number.isInteger(month) || month < 1 || month > 12)
    throw new RangeError(`Not a month: ${year}-${month}.`);
  const last = Date.UTC(year, month, 0) / DAY_MS; // day 0 of the next month
  // The weekday of the month's last week decides: August 2025 still ended on a Thursday (the 28th).
  const weekday = niftyExpiryWeekday(dayOf(last));
  let day = last;
  while (new Date(day * DAY_MS).getUTCDay() !== weekday) day--;
  return tradingDayOnOrBefore(dayOf(day), holidays);
}

function monthlyOnOrAfter(date: string, holidays: ReadonlySet<string>): string {
  let year = Number(date.slice(0, 4));
  let month = Number(date.slice(5, 7));
  for (;;) {
    const expiry = niftyMonthlyExpiry(year, month, holidays);
    if (expiry >= date) return expiry;
    month++;
    if (month > 12) {
      month = 1;
      year++;
    }
  }
}

/** The expiry day for a scheduled `date`: moved back over holidays and Muhurat sessions. */
function tradingDayOnOrBefore(date: string, holidays: ReadonlySet<string>): string {
  let day = date;
  while (!isTradingDay(day, holidays) || muhuratSessions.has(day)) day = previousTradingDay(day, holidays);
  return day;
}

// ---------------------------------------------------------------------------------------------------

const DAY_MS = 86_400_000;

function assertDate(date: string): void {
  if (!isIsoDate(date)) throw new RangeError(`${JSON.stringify(date)} is not a YYYY-MM-DD date.`);
}

function assertPositive(value: number, name: string): void {
  if (!(Number.isFinite(value) && value > 0))
    throw new RangeError(`${name} must be a number > 0, got ${value}.`);
}

/** Days since 1970-01-01 (UTC) of a YYYY-MM-DD date. */
function dayNumber(date: string): number {
  assertDate(date);
  return Date.UTC(Number(date.slice(0, 4)), Number(date.slice(5, 7)) - 1, Number(date.slice(8, 10))) / DAY_MS;
}

function dayOf(day: number): string {
  return new Date(day * DAY_MS).toISOString().slice(0, 10);
}

/** The Monday of the week (Monday to Sunday) of a day number. */
function weekMonday(day: number): number {
  const weekday = new Date(day * DAY_MS).getUTCDay();
  return day - ((weekday + 6) % 7);
}
