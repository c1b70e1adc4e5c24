/** One trading day of a symbol. Prices in rupees (or index points); `date` is the India trading date. */
export type DailyBar = {
  /** YYYY-MM-DD. */
  date: string;
  open: number;
  high: number;
  low: number;
  close: number;
  /** Shares (or contracts) traded; missing for most indices. */
  volume?: number | undefined;
};

/** The bars as parallel arrays, the shape the indicator functions take. */
export type BarColumns = {
  open: number[];
  high: number[];
  low: number[];
  close: number[];
  /** `undefined` where the bar has no usable volume (missing, NaN or negative). */
  volume: (number | undefined)[];
};

/** True when `value` is a real calendar date written YYYY-MM-DD (no 2025-02-30). */
export function isIsoDate(value: string): boolean {
  // Character codes rather than a RegExp and a Date: this runs once per bar on every rating.
  if (value.length !== 10 || value.charCodeAt(4) !== 45 || value.charCodeAt(7) !== 45) return false;
  const year = digits(value, 0, 4);
  const month = digits(value, 5, 7);
  const day = digits(value, 8, 10);
  if (year < 0 || month < 1 || month > 12 || day < 1) return false;
  const leap = (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0;
  const days =
    month === 2 ? (leap ? 29 : 28) : month === 4 || month === 6 || month === 9 || month === 11 ? 30 : 31;
  return day <= days;
}

/** The decimal number in `text[start, end)`, or −1 if a character there is not a digit. */
function digits(text: string, start: number, end: number): number {
  let number = 0;
  for (let i = start; i < end; i++) {
    const code = text.charCodeAt(i) - 48;
    if (code < 0 || code > 9) return -1;
    number = number * 10 + code;
  }
  return number;
}

/** A usable volume: a finite number ≥ 0. */
export function isUsableVolume(volume: number | undefined): volume is number {
  return volume !== undefined && Number.isFinite(volume) && volume >= 0;
}

/**
 * Why a bar cannot be used, or `undefined` when it can: the date must be a real YYYY-MM-DD date, the four
 * prices finite and positive, and low ≤ open, close ≤ high. A bad volume does not disqualify a bar; it
 * only counts as missing volume.
 */
export function barProblem(bar: DailyBar): string | undefined {
  const { open, high, low, close } = bar;
  // Fast path first: this runs once per bar on every rating.
  if (
    isIsoDate(bar.date) &&
    Number.isFinite(open + high + low + close) &&
    low > 0 &&
    low <= Math.min(open, close) &&
    high >= Math.max(open, close)
  ) {
    return undefined;
  }
  if (!isIsoDate(bar.date)) return `date ${JSON.stringify(bar.date)} is not a YYYY-MM-DD date`;
  for (const key of ['open', 'high', 'low', 'close'] as const) {
    const price = bar[key];
    if (!Number.isFinite(price) || price <= 0) return `${key} ${price} is not a positive number`;
  }
  if (low > Math.min(open, close)) return `low ${low} is above the open or close`;
  if (high < Math.max(open, close)) return `high ${high} is below the open or close`;
  return undefined;
}

/**
 * Throws a RangeError naming the first unusable bar, or bars not in strictly increasing date order
 * (oldest first, one bar per date).
 */
export function assertValidBars(bars: readonly DailyBar[]): void {
  for (let i = 0; i < bars.length; i++) {
    const bar = bars[i]!;
    const problem = barProblem(bar);
    if (problem) throw new RangeError(`Bar ${i} (${bar.date}): ${problem}.`);
    const previous = bars[i - 1];
    if (previous && previous.date >= bar.date) {
      throw new RangeError(`Bar ${i} (${bar.date}) does not come after bar ${i - 1} (${previous.date}).`);
    }
  }
}

/**
 * Makes messy data usable: drops unusable bars (see `barProblem`), sorts by date and keeps the last bar
 * given for a date. Returns a new array; the bars themselves are not copied.
 */
export function cleanBars(bars: readonly DailyBar[]): DailyBar[] {
  const byDate = new Map<string, DailyBar>();
  for (const bar of bars) if (barProblem(bar) === undefined) byDate.set(bar.date, bar);
  return [...byDate.values()].sort((a, b) => (a.date < b.date ? -1 : a.date > b.date ? 1 : 0));
}

/** Splits bars into parallel arrays (one pass). Unusable volumes become `undefined`. */
export function toColumns(bars: readonly DailyBar[]): BarColumns {
  const columns: BarColumns = { open: [], high: [], low: [], close: [], volume: [] };
  for (const bar of bars) {
    columns.open.push(bar.open);
    columns.high.push(bar.high);
    columns.low.push(bar.low);
    columns.close.push(bar.close);
    columns.volume.push(isUsableVolume(bar.volume) ? bar.volume : undefined);
  }
  return columns;
}
