/** A month of the home's calendar; `month` runs 1 to 12. */
export interface CalendarMonth {
  year: number;
  month: number;
}

const monthNames = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
] as const;

/** The month a date (YYYY-MM-DD) falls in. */
export function monthOf(date: string): CalendarMonth {
  return { year: Number(date.slice(0, 4)), month: Number(date.slice(5, 7)) };
}

/** The month `delta` months after (or before, when negative) `from`, across years. */
export function shiftMonth(from: CalendarMonth, delta: number): CalendarMonth {
  const index = from.year * 12 + (from.month - 1) + delta;
  return { year: Math.floor(index / 12), month: (((index % 12) + 12) % 12) + 1 };
}

export function daysIn({ year, month }: CalendarMonth): number {
  return new Date(Date.UTC(year, month, 0)).getUTCDate();
}

/** 'November 2026'; English names written out, so the server and the browser agree. */
export function monthTitle({ year, month }: CalendarMonth): string {
  return `${monthNames[month - 1]} ${year}`;
}

const pad = (n: number) => String(n).padStart(2, '0');

/**
 * The month's weeks, Sunday first: each day as its date (YYYY-MM-DD), `null` for the cells before the first
 * day and after the last.
 */
export function monthWeeks(at: CalendarMonth): (string | null)[][] {
  const firstWeekday = new Date(Date.UTC(at.year, at.month - 1, 1)).getUTCDay();
  const cells: (string | null)[] = Array.from({ length: firstWeekday }, () => null);
  for (let day = 1; day <= daysIn(at); day += 1) cells.push(`${at.year}-${pad(at.month)}-${pad(day)}`);
  while (cells.length % 7 !== 0) cells.push(null);
  const weeks: (string | null)[][] = [];
  for (let i = 0; i < cells.length; i += 7) weeks.push(cells.slice(i, i + 7));
  return weeks;
}

const weekdayNames = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'] as const;

/** 'Tuesday, 24 November 2026' for 2026-11-24, the same on the server and in every browser. */
export function longDate(date: string): string {
  const { year, month } = monthOf(date);
  const day = Number(date.slice(8, 10));
  const weekday = weekdayNames[new Date(Date.UTC(year, month - 1, day)).getUTCDay()];
  return `${weekday}, ${day} ${monthNames[month - 1]} ${year}`;
}
