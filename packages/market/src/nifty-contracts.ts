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

export type LotSizePeriod = {
  /** First India date (inclusive) on which the lot size applies to the contracts traded. */
  from: string;
  lotSize: number;
  /** Where the date and size come from. */
  source: string;
};

/**
 * NIFTY's market lot, by trading date: the lot of the near-month contract traded that day. Where NSE
 * changed the lot for new contracts while old ones ran to their expiry, the date is the first session in
 * which the near-month contract carries the new lot.
 */
export const NIFTY_LOT_SIZES: readonly LotSizePeriod[] = [
  {
    from: '2014-01-01',
    lotSize: 50,
    source:
      'The lot before NSE’s revision of October 2014 ("present market lot" 50); the table starts with the data',
  },
  {
    from: '2014-10-31',
    lotSize: 25,
    source: 'NSE revision of market lots, minimum contract value Rs 2 lakh, with effect from 31 October 2014',
  },
  {
    from: '2015-10-30',
    lotSize: 75,
    source:
      'SEBI CIR/MRD/DP/14/2015 (13 July 2015, minimum contract value Rs 5 lakh); NSE revised the lot after the October 2015 expiry (29 October 2015)',
  },
  {
    from: '2021-06-25',
    lotSize: 50,
    source:
      'NSE/FAOP/47856 (31 March 2021): July 2021 expiry contracts and later at 50, May and June 2021 kept 75; from the session after the June expiry (24 June 2021) the July contract is the near month. Weekly contracts expiring in July 2021 kept 75',
  },
  {
    from: '2024-04-26',
    lotSize: 25,
    source:
      'NSE circular of April 2024: contracts available from 26 April 2024 at 25 (first expiries 2 May and 30 May 2024)',
  },
  {
    from: '2024-11-20',
    lotSize: 75,
    source:
      'NSE circular of October 2024 (SEBI minimum contract value Rs 15 lakh): new contracts from 20 November 2024 at 75 (a market holiday; first session 21 November)',
  },
  {
    from: '2025-12-31',
    lotSize: 65,
    source:
      'NSE circular of October 2025: 75 until the 30 December 2025 expiry, every contract after it at 65',
  },
];

/** NIFTY's lot size on `date` (see NIFTY_LOT_SIZES); a RangeError before 2014-01-01 or for a bad date. */
export function niftyLotSize(date: string): number {
  assertDate(date);
  let lot: number | undefined;
  for (const period of NIFTY_LOT_SIZES) if (period.from <= date) lot = period.lotSize;
  if (lot === undefined)
    throw new RangeError(`NIFTY lot sizes are recorded from ${NIFTY_LOT_SIZES[0]!.from}.`);
  return lot;
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
 * expiry. Special sessions on a weekend are never expiries.
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

function tradingDayOnOrBefore(date: string, holidays: ReadonlySet<string>): string {
  return isTradingDay(date, holidays) ? date : previousTradingDay(date, holidays);
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
