import { isIsoDate } from './bars.ts';

/**
 * NSE market hours in India time (IST, UTC+05:30 all year: India has no daylight saving time), computed
 * with plain arithmetic on the instant, so the result does not depend on the server's time zone.
 *
 * "Open" here means 09:00 to 15:30 India time on a weekday that is not a holiday, the whole of both
 * minutes included: from 09:00:00.000 up to and including 15:30:59.999; 08:59:59 and 15:31:00 are closed.
 * (NSE's pre-open session is 09:00–09:15 and continuous trading 09:15–15:30; both count as open.)
 * Holidays are India dates written YYYY-MM-DD, e.g. 2024-01-26 (Republic Day).
 */

const INDIA_OFFSET_MS = (5 * 60 + 30) * 60_000;
const DAY_MS = 86_400_000;

/** 09:00 as minutes after midnight, India time. */
export const MARKET_OPEN_MINUTE = 9 * 60;
/** 15:30 as minutes after midnight, India time; the whole minute counts as open. */
export const MARKET_CLOSE_MINUTE = 15 * 60 + 30;

export type IndiaTime = {
  /** YYYY-MM-DD in India. */
  date: string;
  /** 0 Sunday … 6 Saturday, in India. */
  weekday: number;
  /** Minutes after midnight in India (0–1439). */
  minuteOfDay: number;
};

/** The India date, weekday and minute of `now`. Throws a RangeError for an invalid Date. */
export function indiaTime(now: Date): IndiaTime {
  const time = now.getTime();
  if (Number.isNaN(time)) throw new RangeError('Invalid Date.');
  const shifted = new Date(time + INDIA_OFFSET_MS);
  return {
    date: formatUtcDate(shifted),
    weekday: shifted.getUTCDay(),
    minuteOfDay: shifted.getUTCHours() * 60 + shifted.getUTCMinutes(),
  };
}

/** The date in India (YYYY-MM-DD) at the instant `now`. */
export function indiaDate(now: Date): string {
  return indiaTime(now).date;
}

/** True when `date` (YYYY-MM-DD) is Monday–Friday and not in `holidays`. Throws on a malformed date. */
export function isTradingDay(date: string, holidays: ReadonlySet<string>): boolean {
  const weekday = parseDate(date).getUTCDay();
  return weekday !== 0 && weekday !== 6 && !holidays.has(date);
}

/** True from 09:00:00 to 15:30:59.999 India time on a trading day (see the top of this file). */
export function isMarketOpen(now: Date, holidays: ReadonlySet<string>): boolean {
  const { date, minuteOfDay } = indiaTime(now);
  return (
    minuteOfDay >= MARKET_OPEN_MINUTE && minuteOfDay <= MARKET_CLOSE_MINUTE && isTradingDay(date, holidays)
  );
}

/** The trading day before `date` (YYYY-MM-DD), skipping weekends and holidays. */
export function previousTradingDay(date: string, holidays: ReadonlySet<string>): string {
  let day = parseDate(date);
  // Every weekday in a run of closed days is a holiday, so a run is at most 3 × holidays + 4 days long.
  for (let step = 0; step < 3 * holidays.size + 7; step++) {
    day = new Date(day.getTime() - DAY_MS);
    const candidate = formatUtcDate(day);
    if (isTradingDay(candidate, holidays)) return candidate;
  }
  throw new RangeError(`No trading day found before ${date}.`);
}

/**
 * The latest trading day whose session has started at `now`: today (India date) if it is a trading day
 * and it is 09:00 or later in India, otherwise the trading day before. This is the date of the newest
 * daily bar there can be (still forming while the market is open).
 */
export function lastTradingDay(now: Date, holidays: ReadonlySet<string>): string {
  const { date, minuteOfDay } = indiaTime(now);
  if (minuteOfDay >= MARKET_OPEN_MINUTE && isTradingDay(date, holidays)) return date;
  return previousTradingDay(date, holidays);
}

/** The session state at an instant: whether the market is open, and the newest closed session. */
export interface MarketMoment {
  now: Date;
  /** India 09:00–15:30 inclusive on a trading day. */
  open: boolean;
  /** The newest trading day whose session has closed: the date the newest stored bar should have. */
  lastClosedSession: string;
}

/** The session state at `now` (the platform clock's instant), with NSE holidays. */
export function marketMoment(now: Date, holidays: ReadonlySet<string>): MarketMoment {
  const today = indiaDate(now);
  const closedToday = isTradingDay(today, holidays) && indiaTime(now).minuteOfDay > MARKET_CLOSE_MINUTE;
  return {
    now,
    open: isMarketOpen(now, holidays),
    lastClosedSession: closedToday ? today : previousTradingDay(today, holidays),
  };
}

const MINUTE_MS = 60_000;

/**
 * When what a market page shows next changes with time alone (epoch ms): in market hours the start of the
 * next minute (its figures move by the minute); outside them the next session's open (09:00 India time on
 * the next trading day), when the market-hours state changes. A page kept until then is never stale by time.
 */
export function nextMarketMinute(now: Date, holidays: ReadonlySet<string>): number {
  const at = now.getTime();
  if (isMarketOpen(now, holidays)) return Math.floor(at / MINUTE_MS) * MINUTE_MS + MINUTE_MS;
  const { date, minuteOfDay } = indiaTime(now);
  let day = date;
  if (minuteOfDay >= MARKET_OPEN_MINUTE || !isTradingDay(day, holidays)) {
    let next = parseDate(day);
    // Every weekday in a run of closed days is a holiday, so a run is at most 3 × holidays + 4 days long.
    for (let step = 0; step < 3 * holidays.size + 7; step++) {
      next = new Date(next.getTime() + DAY_MS);
      if (isTradingDay(formatUtcDate(next), holidays)) break;
    }
    day = formatUtcDate(next);
  }
  return parseDate(day).getTime() + MARKET_OPEN_MINUTE * MINUTE_MS - INDIA_OFFSET_MS;
}

/** The next midnight in India (epoch ms): when "today" (an India date) changes. */
export function nextIndiaMidnight(now: Date): number {
  return parseDate(indiaDate(now)).getTime() + DAY_MS - INDIA_OFFSET_MS;
}

/** Midnight UTC of a YYYY-MM-DD date. setUTCFullYear, not Date.UTC: the latter maps years 0–99 to 19xx. */
function parseDate(date: string): Date {
  if (!isIsoDate(date)) throw new RangeError(`${JSON.stringify(date)} is not a YYYY-MM-DD date.`);
  const day = new Date(0);
  day.setUTCFullYear(Number(date.slice(0, 4)), Number(date.slice(5, 7)) - 1, Number(date.slice(8, 10)));
  return day;
}

function formatUtcDate(day: Date): string {
  const year = String(day.getUTCFullYear()).padStart(4, '0');
  const month = String(day.getUTCMonth() + 1).padStart(2, '0');
  const date = String(day.getUTCDate()).padStart(2, '0');
  return `${year}-${month}-${date}`;
}

/**
 * The trading sessions strictly between `lastBar` and `today` (both YYYY-MM-DD): the bars a daily sync should
 * have stored by now and has not. 0 when the last bar is the previous session's (today's comes after its
 * close).
 */
export function sessionsMissedSince(lastBar: string, today: string, holidays: ReadonlySet<string>): number {
  let missed = 0;
  const day = parseDate(lastBar);
  for (;;) {
    day.setUTCDate(day.getUTCDate() + 1);
    const date = day.toISOString().slice(0, 10);
    if (date >= today) return missed;
    if (isTradingDay(date, holidays)) missed += 1;
  }
}
