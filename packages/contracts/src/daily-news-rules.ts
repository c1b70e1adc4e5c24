/**
 * The daily news home's rules, shared by the server (what `/api/news-items` answers, the page data) and the
 * page (the holiday and rain boxes): zod-free, so the home page carries none of zod.
 */

/** The kinds of content the home page shows, as the writes that change them name them. */
export const dailyNewsKinds = {
  newsItems: 'news-items',
  holidays: 'holidays',
  rains: 'rains',
} as const;

/** India has one offset all year (UTC+05:30, no summer time). */
const indiaOffsetMs = (5 * 60 + 30) * 60_000;
const dayMs = 86_400_000;

/** Today's date in India (YYYY-MM-DD) at the instant `now`. */
export function indiaDate(now: Date | number): string {
  return new Date(new Date(now).getTime() + indiaOffsetMs).toISOString().slice(0, 10);
}

/**
 * Whole seconds from `now` until the next midnight in India (at least 1): how long a page or answer that
 * depends on "today" may be kept.
 */
export function secondsUntilIndiaMidnight(now: Date | number): number {
  const ms = new Date(now).getTime() + indiaOffsetMs;
  const untilMidnight = dayMs - (((ms % dayMs) + dayMs) % dayMs);
  return Math.max(1, Math.ceil(untilMidnight / 1000));
}

const daysInMonth = (year: number, month: number) => new Date(Date.UTC(year, month, 0)).getUTCDate();

/**
 * Why a validity date (YYYY-MM-DD) is not a real date, in words the operator can act on; undefined when it
 * is one. The specification's data held days such as 30 February and day 95: they are refused, not stored.
 */
export function calendarDateProblem(value: string): string | undefined {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  if (!match) return `"${value}" is not a date written as YYYY-MM-DD, e.g. 2026-11-24.`;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  if (year < 1990 || year > 2100) return `${value} is not a real date: the year must be from 1990 to 2100.`;
  if (month < 1 || month > 12) return `${value} is not a real date: there is no month ${month}.`;
  const last = daysInMonth(year, month);
  if (day < 1 || day > last) {
    const name = new Date(Date.UTC(year, month - 1, 1)).toLocaleString('en', {
      month: 'long',
      timeZone: 'UTC',
    });
    return `${value} is not a real date: ${name} ${year} has days 1 to ${last}, not day ${day}.`;
  }
  return undefined;
}

/** A news item as the home shows it (the specification's fields). */
export interface NewsItemFields {
  id: number;
  text: string;
  validity: string;
  flink?: string | undefined;
  alink?: string | undefined;
  link?: string | undefined;
}

/**
 * The items shown on `today` (India date, YYYY-MM-DD): those valid today or later (compared as text, as the
 * specification says), by id descending; items with the same id keep the order they were given in (the
 * order they were stored), since the sort is stable.
 */
export function currentNewsItems<T extends Pick<NewsItemFields, 'id' | 'validity'>>(
  items: readonly T[],
  today: string,
): T[] {
  return items.filter((item) => item.validity >= today).sort((a, b) => b.id - a.id);
}

/** The first record (by date) dated today or later: what the 'Holiday Today' and 'Rain Today' boxes show. */
export function nextDated<T extends { date: string }>(records: readonly T[], today: string): T | undefined {
  return records
    .filter((record) => record.date >= today)
    .sort((a, b) => (a.date < b.date ? -1 : a.date > b.date ? 1 : 0))[0];
}

/** What a news card does: open the ad link then the target 2 s later, link to the target, or nothing. */
export type NewsCardAction =
  | { kind: 'ad-then-target'; alink: string; flink: string }
  | { kind: 'target'; flink: string }
  | { kind: 'text' };

export function newsCardAction(item: Pick<NewsItemFields, 'flink' | 'alink'>): NewsCardAction {
  if (item.flink && item.alink) return { kind: 'ad-then-target', alink: item.alink, flink: item.flink };
  if (item.flink) return { kind: 'target', flink: item.flink };
  return { kind: 'text' };
}

/** Delay between a news card's two opened links (tools-and-trading.md section 9). */
export const newsCardSecondLinkDelayMs = 2000;
