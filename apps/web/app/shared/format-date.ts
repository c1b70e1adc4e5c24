// India time and fixed month names, so the server and the browser print the same text (no hydration
// mismatch). Plain arithmetic rather than Intl.DateTimeFormat: building one loads the locale and time-zone
// data, which cost a visitor's phone a long task during hydration. India keeps one offset all year.
const indiaOffsetMs = (5 * 60 + 30) * 60_000;
// The names Intl gives for en-IN ('short'), September included.
const months = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sept', 'Oct', 'Nov', 'Dec'];

const inIndia = (date: Date) => new Date(date.getTime() + indiaOffsetMs);

/** '5 Sept 2026': the day in India of an ISO date-time, or '' when it is not one. */
export function formatDate(iso: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return '';
  const india = inIndia(date);
  return `${india.getUTCDate()} ${months[india.getUTCMonth()]} ${india.getUTCFullYear()}`;
}

/** The year it is in India at `now`. */
export function yearInIndia(now: Date): number {
  return inIndia(now).getUTCFullYear();
}
