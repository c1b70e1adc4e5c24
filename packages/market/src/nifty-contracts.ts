import { isIsoDate } from './bars.ts';
import { isTradingDay, previousTradingDay } from './market-hours.ts';

/**
 * Contract facts of NSE's NIFTY 50 index options: the lot size of each period, the 50-point strike grid
 * and the expiry calendar (weekday of each period, holidays moving an expiry to the trading day before).
 * Dates are India dates, YYYY-MM-DD. The lot sizes and expiry weekdays are data (NiftyContractRules): every
 * function reading them takes the rules as its last parameter, NIFTY_CONTRACT_RULES (the seed) by default;
 * the server passes the rows the operator keeps (docs/decisions/0046-contract-rules-as-data.md).
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
 * The lot of `contract` when traded on `tradeDate` (see NIFTY_LOT_SIZES; `rules.lotSizes`, date order); a
 * RangeError before the table's first row or for a bad date.
 */
export function niftyContractLot(
  contract: NiftyContract,
  tradeDate: string,
  rules: NiftyContractRules = NIFTY_CONTRACT_RULES,
): number {
  const rule = niftyContractLotRule(contract, tradeDate, rules);
  if (rule === undefined) throw new RangeError(`NIFTY lot sizes are recorded from ${firstLotDate(rules)}.`);
  return rule.lotSize;
}

/**
 * The row of `rules.lotSizes` that decides the lot of `contract` traded on `tradeDate` (the last that
 * applies); undefined before the table's first date. A RangeError for a bad date.
 */
export function niftyContractLotRule(
  contract: NiftyContract,
  tradeDate: string,
  rules: NiftyContractRules = NIFTY_CONTRACT_RULES,
): LotSizeRule | undefined {
  assertDate(tradeDate);
  assertDate(contract.expiry);
  const first = firstLotDate(rules);
  if (tradeDate < first) return undefined;
  let decides: LotSizeRule | undefined;
  for (const rule of rules.lotSizes) {
    const applies =
      rule.basis === 'traded'
        ? tradeDate >= rule.from
        : rule.basis === 'expiring'
          ? contract.expiry >= rule.from
          : contract.listedOn >= rule.from;
    if (applies) decides = rule;
  }
  return decides;
}

/** The first date of the lot-size table: earlier trades have no lot (RangeError in niftyContractLot). */
export function firstLotDate(rules: NiftyContractRules = NIFTY_CONTRACT_RULES): string {
  const first = rules.lotSizes[0];
  if (!first) throw new RangeError('The NIFTY lot-size table has no row.');
  return first.from;
}

/**
 * NIFTY's lot on `date` for the near-month monthly contract (the contract most traded that day); prefer
 * niftyContractLot for a given contract.
 */
export function niftyLotSize(
  date: string,
  holidays: ReadonlySet<string> = new Set(),
  rules: NiftyContractRules = NIFTY_CONTRACT_RULES,
): number {
  assertDate(date);
  const first = firstLotDate(rules);
  if (date < first) throw new RangeError(`NIFTY lot sizes are recorded from ${first}.`);
  const expiry = monthlyOnOrAfter(date, holidays, rules);
  return niftyContractLot(
    { expiry, kind: 'monthly', listedOn: monthlyListedOn(expiry, holidays, rules) },
    date,
    rules,
  );
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
export function monthlyListedOn(
  expiry: string,
  holidays: ReadonlySet<string>,
  rules: NiftyContractRules = NIFTY_CONTRACT_RULES,
): string {
  assertDate(expiry);
  let year = Number(expiry.slice(0, 4));
  let month = Number(expiry.slice(5, 7)) - 3;
  if (month < 1) {
    month += 12;
    year--;
  }
  return dayOf(dayNumber(niftyMonthlyExpiry(year, month, holidays, rules)) + 1);
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
  rules: NiftyContractRules = NIFTY_CONTRACT_RULES,
): NiftyContract {
  assertDate(entryDate);
  const monthly = monthlyOnOrAfter(onOrAfter, holidays, rules);
  const weekly = niftyExpiryOnOrAfter(onOrAfter, holidays, 'weekly', rules);
  if (weekly !== monthly) {
    const listedOn = weeklyListedOn(weekly);
    if (listedOn <= entryDate) return { expiry: weekly, kind: 'weekly', listedOn };
  }
  return { expiry: monthly, kind: 'monthly', listedOn: monthlyListedOn(monthly, holidays, rules) };
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
 * The seed's expiry-weekday rows (NIFTY_EXPIRY_WEEKDAYS) say the same.
 */
export const NIFTY_LAST_THURSDAY_EXPIRY = '2025-08-28';

/** The first weekly expiry: NSE listed NIFTY weekly options from 11 February 2019; before, monthly only. */
export const NIFTY_FIRST_WEEKLY_EXPIRY = '2019-02-14';

/** An expiry weekday: 1 Monday … 5 Friday (as Date.getUTCDay counts them). */
export type ExpiryWeekday = 1 | 2 | 3 | 4 | 5;

/**
 * One period of NIFTY's expiry weekday. The row applies from the week (Monday to Sunday) containing `from`
 * (any day of that week names it) until the week of the next row: every expiry scheduled in such a week —
 * the weekly, and the monthly of a month whose last day falls in it — is on `weekday` before any holiday
 * adjustment. The first row also covers every earlier week.
 */
export type ExpiryWeekdayRule = {
  /** India date (YYYY-MM-DD): a day of the first week the weekday applies to. */
  from: string;
  weekday: ExpiryWeekday;
  /** The circular (or record) the row comes from. */
  source: string;
};

/** NIFTY's expiry weekday by period, in date order (see ExpiryWeekdayRule). */
export const NIFTY_EXPIRY_WEEKDAYS: readonly ExpiryWeekdayRule[] = [
  {
    from: '2001-06-04',
    weekday: 4,
    source:
      'NSE introduced NIFTY index options on 4 June 2001, expiring on the last Thursday of the month; weekly options (from February 2019) also expired on Thursdays',
  },
  {
    from: '2025-09-01',
    weekday: 2,
    source:
      'NSE circular of 23 June 2025 (expiry day of equity derivatives): NIFTY expiries on Tuesday from 1 September 2025; the August 2025 monthly (28 August) was the last on a Thursday, 2 September the first Tuesday',
  },
];

/**
 * The contract rules the functions here read: lot sizes and expiry weekdays, each table in date order
 * (checkContractRules says what is wrong with one). The server keeps them as data the operator edits
 * (docs/decisions/0046-contract-rules-as-data.md); this is the seed and the default of every function.
 */
export type NiftyContractRules = {
  lotSizes: readonly LotSizeRule[];
  expiryWeekdays: readonly ExpiryWeekdayRule[];
};

/** The rules as of the last release: the seed of the server's tables and every function's default. */
export const NIFTY_CONTRACT_RULES: NiftyContractRules = {
  lotSizes: NIFTY_LOT_SIZES,
  expiryWeekdays: NIFTY_EXPIRY_WEEKDAYS,
};

/**
 * The weekday (1 Monday … 5 Friday) on which an expiry scheduled in the week of `date` (Monday to Sunday)
 * falls before any holiday adjustment: that of the last row of `rules.expiryWeekdays` whose week is that
 * week or an earlier one (the first row's before it). With the seed: 4 (Thursday) up to the week of
 * 2025-08-28, 2 (Tuesday) after.
 */
export function niftyExpiryWeekday(
  date: string,
  rules: NiftyContractRules = NIFTY_CONTRACT_RULES,
): ExpiryWeekday {
  const rule = niftyExpiryWeekdayRule(date, rules);
  if (rule === undefined) throw new RangeError('The NIFTY expiry-weekday table has no row.');
  return rule.weekday;
}

/**
 * The row of `rules.expiryWeekdays` that decides the expiry weekday of the week of `date` (see
 * niftyExpiryWeekday); undefined only for an empty table.
 */
export function niftyExpiryWeekdayRule(
  date: string,
  rules: NiftyContractRules = NIFTY_CONTRACT_RULES,
): ExpiryWeekdayRule | undefined {
  const monday = weekMonday(dayNumber(date));
  const rows = rules.expiryWeekdays;
  let decides = rows[0];
  for (const row of rows) if (weekMonday(dayNumber(row.from)) <= monday) decides = row;
  return decides;
}

const WEEKDAY_NAMES = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'];

/** The name of an expiry weekday (1 Monday … 5 Friday). */
export const expiryWeekdayName = (weekday: number): string => WEEKDAY_NAMES[weekday] ?? `day ${weekday}`;

const LOT_BASES: readonly string[] = ['traded', 'expiring', 'listed'];

/**
 * What is wrong with a set of contract rules, in words (empty when nothing is): an empty table, a row with
 * a date that is not YYYY-MM-DD, rows out of date order, two rows on one date (or two weekday rows in one
 * week), a lot that is not a whole number above 0, an unknown basis, a weekday outside Monday to Friday, a
 * row without its source.
 */
export function checkContractRules(rules: NiftyContractRules): string[] {
  const problems: string[] = [];
  const table = <Row extends { from: string; source: string }>(
    name: string,
    rows: readonly Row[],
    row: (rule: Row, at: string) => void,
    sameWeekToo: boolean,
  ) => {
    if (rows.length === 0) problems.push(`The ${name} table has no row: it needs at least one.`);
    let previous: string | undefined;
    const weeks = new Map<number, string>();
    rows.forEach((rule, i) => {
      const at = isIsoDate(rule.from) ? `The ${name} row from ${rule.from}` : `The ${name} row ${i + 1}`;
      if (!isIsoDate(rule.from)) {
        problems.push(`${at} has the date ${JSON.stringify(rule.from)}: write it YYYY-MM-DD.`);
      } else {
        if (previous !== undefined && rule.from === previous)
          problems.push(`Two ${name} rows start on ${rule.from}: keep one.`);
        else if (previous !== undefined && rule.from < previous)
          problems.push(`${at} comes after the row from ${previous}: rows must be in date order.`);
        else if (sameWeekToo) {
          const week = weekMonday(dayNumber(rule.from));
          const other = weeks.get(week);
          if (other !== undefined)
            problems.push(
              `${at} is in the same week as the row from ${other}: a weekday applies to whole weeks, keep one.`,
            );
          weeks.set(week, rule.from);
        }
        previous = rule.from;
      }
      if (typeof rule.source !== 'string' || rule.source.trim() === '')
        problems.push(`${at} has no source: name the circular it comes from.`);
      row(rule, at);
    });
  };
  table(
    'lot-size',
    rules.lotSizes,
    (rule: LotSizeRule, at) => {
      if (!LOT_BASES.includes(rule.basis))
        problems.push(
          `${at} has the basis ${JSON.stringify(rule.basis)}: it must be traded, expiring or listed.`,
        );
      if (!(Number.isInteger(rule.lotSize) && rule.lotSize > 0))
        problems.push(`${at} has the lot ${rule.lotSize}: a lot must be a whole number above 0.`);
    },
    false,
  );
  table(
    'expiry-weekday',
    rules.expiryWeekdays,
    (rule: ExpiryWeekdayRule, at) => {
      if (!(Number.isInteger(rule.weekday) && rule.weekday >= 1 && rule.weekday <= 5))
        problems.push(`${at} has the weekday ${rule.weekday}: it must be Monday to Friday (1 to 5).`);
    },
    true,
  );
  return problems;
}

export type ExpiryKind = 'weekly' | 'monthly';

/**
 * The first NIFTY expiry on or after `date`: the scheduled day (the rules' weekday of its week, see
 * niftyExpiryWeekday: Thursday, then Tuesday with the seed; for monthly contracts the last one of the
 * month), moved to the trading day before when it is not a trading day (a weekday in `holidays`). Pass
 * every NSE holiday of the period (../shared/data/events/nse_holidays.csv lists 2024–2026; for earlier years
 * the weekdays without a NIFTY bar). Weekly expiries exist from NIFTY_FIRST_WEEKLY_EXPIRY; before it the
 * answer is the monthly expiry. Special sessions on a weekend and Diwali Muhurat sessions
 * (NIFTY_MUHURAT_SESSIONS) are never expiries. Which contract a trade could buy is niftyContractFor (listing dates).
 */
export function niftyExpiryOnOrAfter(
  date: string,
  holidays: ReadonlySet<string>,
  kind: ExpiryKind = 'weekly',
  rules: NiftyContractRules = NIFTY_CONTRACT_RULES,
): string {
  assertDate(date);
  const monthly = monthlyOnOrAfter(date, holidays, rules);
  if (kind === 'monthly') return monthly;
  // A holiday can move an expiry back into the week before, so start one week early.
  let monday = weekMonday(dayNumber(date)) - 7;
  for (;;) {
    const scheduled = dayOf(monday + niftyExpiryWeekday(dayOf(monday), rules) - 1);
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
export function niftyMonthlyExpiry(
  year: number,
  month: number,
  holidays: ReadonlySet<string>,
  rules: NiftyContractRules = NIFTY_CONTRACT_RULES,
): string {
  if (!Number.isInteger(year) || !Number.isInteger(month) || month < 1 || month > 12)
    throw new RangeError(`Not a month: ${year}-${month}.`);
  const last = Date.UTC(year, month, 0) / DAY_MS; // day 0 of the next month
  // The weekday of the month's last week decides: August 2025 still ended on a Thursday (the 28th).
  const weekday = niftyExpiryWeekday(dayOf(last), rules);
  let day = last;
  while (new Date(day * DAY_MS).getUTCDay() !== weekday) day--;
  return tradingDayOnOrBefore(dayOf(day), holidays);
}

function monthlyOnOrAfter(date: string, holidays: ReadonlySet<string>, rules: NiftyContractRules): string {
  let year = Number(date.slice(0, 4));
  let month = Number(date.slice(5, 7));
  for (;;) {
    const expiry = niftyMonthlyExpiry(year, month, holidays, rules);
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
