/**
 * Series and the rolling-window primitives the indicators are built from.
 *
 * Public indicator functions return a `Series`: an array aligned to the bars (index i belongs to bar i)
 * with `undefined` wherever a value cannot be computed (warm-up, a missing input, a zero denominator).
 *
 * Internally every indicator has a `…Values` kernel working on a `Float64Array` in which NaN marks a gap:
 * unboxed doubles are several times faster than arrays mixing numbers and `undefined`, which matters when a
 * screen rates many symbols. `toValues` and `toSeries` convert between the two.
 *
 * Every rolling primitive is O(n) whatever the window, and treats a missing or non-finite input as a gap: a
 * window that contains a gap gives a gap, and the window fills again after it.
 */
export type Series = (number | undefined)[];

/** Input series: plain numbers or numbers with gaps; NaN and ±Infinity count as gaps. */
export type SeriesInput = readonly (number | undefined)[];

/** Kernel input: numbers where NaN (or ±Infinity) marks a gap, e.g. a `Float64Array` or a `number[]`. */
export type Numbers = ArrayLike<number>;

/** A kernel's output: one double per bar, NaN where there is no value. */
export type Values = Float64Array;

/** Copies a series into a `Float64Array`, gaps (undefined, NaN, ±Infinity) as NaN. */
export function toValues(series: SeriesInput): Values {
  const out = new Float64Array(series.length);
  for (let i = 0; i < series.length; i++) {
    const value = series[i];
    out[i] = value !== undefined && Number.isFinite(value) ? value : Number.NaN;
  }
  return out;
}

/** Copies kernel output into a `Series`, NaN and ±Infinity as `undefined`. */
export function toSeries(values: Numbers): Series {
  const out: Series = [];
  for (let i = 0; i < values.length; i++) {
    const value = values[i]!;
    out.push(Number.isFinite(value) ? value : undefined);
  }
  return out;
}

/** The value at `index` if it is a finite number, otherwise `undefined` (also outside the array). */
export function valueAt(series: SeriesInput | Numbers, index: number): number | undefined {
  if (index < 0 || index >= series.length) return undefined;
  const value = series[index];
  return value !== undefined && Number.isFinite(value) ? value : undefined;
}

/** The last value of a series (`offset` 1 = the one before it, …), `undefined` when missing. */
export function lastValue(series: SeriesInput | Numbers, offset = 0): number | undefined {
  return valueAt(series, series.length - 1 - offset);
}

/** Throws a RangeError unless `period` is a whole number ≥ `minimum`. */
export function assertPeriod(period: number, name = 'period', minimum = 1): void {
  if (!Number.isInteger(period) || period < minimum) {
    throw new RangeError(`${name} must be a whole number of at least ${minimum}, got ${period}.`);
  }
}

/** `fn(values[i])` for every value; a gap stays a gap and a non-finite result becomes one. */
export function mapValues(values: Numbers, fn: (value: number) => number): Values {
  const out = new Float64Array(values.length);
  for (let i = 0; i < values.length; i++) {
    const value = values[i]!;
    out[i] = Number.isFinite(value) ? finiteOrNaN(fn(value)) : Number.NaN;
  }
  return out;
}

/**
 * `fn(a[i], b[i])` for every index of `a`; a gap in either (or `b` being shorter) gives a gap, and so
 * does a non-finite result (e.g. a division by zero).
 */
export function zipValues(a: Numbers, b: Numbers, fn: (a: number, b: number) => number): Values {
  const out = new Float64Array(a.length);
  for (let i = 0; i < a.length; i++) {
    const x = a[i]!;
    const y = i < b.length ? b[i]! : Number.NaN;
    out[i] = Number.isFinite(x) && Number.isFinite(y) ? finiteOrNaN(fn(x, y)) : Number.NaN;
  }
  return out;
}

/** `a[i] − b[i]` (a hot path of many indicators, so not written with `zipValues`' callback). */
export function differenceValues(a: Numbers, b: Numbers): Values {
  const out = new Float64Array(a.length);
  for (let i = 0; i < a.length; i++) {
    const value = a[i]! - (i < b.length ? b[i]! : Number.NaN);
    out[i] = Number.isFinite(value) ? value : Number.NaN;
  }
  return out;
}

/** `(a[i] + b[i]) / 2`. */
export function midpointValues(a: Numbers, b: Numbers): Values {
  const out = new Float64Array(a.length);
  for (let i = 0; i < a.length; i++) {
    const value = (a[i]! + (i < b.length ? b[i]! : Number.NaN)) / 2;
    out[i] = Number.isFinite(value) ? value : Number.NaN;
  }
  return out;
}

/** `values[i] − values[i − length]` (Pine's `ta.change`); the first `length` values are gaps. */
export function changeValues(values: Numbers, length = 1): Values {
  assertPeriod(length, 'length');
  const out = new Float64Array(values.length).fill(Number.NaN);
  for (let i = length; i < values.length; i++) out[i] = values[i]! - values[i - length]!;
  return sanitize(out);
}

/** Moves a series `length` bars later: `out[i] = values[i − length]`, gaps at the start. */
export function shiftValues(values: Numbers, length: number): Values {
  assertPeriod(length, 'length', 0);
  const out = new Float64Array(values.length).fill(Number.NaN);
  for (let i = length; i < values.length; i++) out[i] = values[i - length]!;
  return sanitize(out);
}

/** Sum of the last `period` values: a running sum, defined once `period` values without a gap exist. */
export function rollingSumValues(values: Numbers, period: number): Values {
  assertPeriod(period);
  const out = new Float64Array(values.length);
  let run = 0;
  let sum = 0;
  for (let i = 0; i < values.length; i++) {
    const value = values[i]!;
    if (!Number.isFinite(value)) {
      run = 0;
      sum = 0;
      out[i] = Number.NaN;
      continue;
    }
    run++;
    sum += value;
    // run > period: the value leaving the window belongs to this gap-free run, so it is finite.
    if (run > period) sum -= values[i - period]!;
    out[i] = run >= period ? sum : Number.NaN;
  }
  return out;
}

/** Highest of the last `period` values (Pine's `ta.highest`). */
export function highestValues(values: Numbers, period: number): Values {
  return rollingExtreme(values, period, 1);
}

/** Lowest of the last `period` values (Pine's `ta.lowest`). */
export function lowestValues(values: Numbers, period: number): Values {
  return rollingExtreme(values, period, -1);
}

/**
 * Sliding-window extreme with a monotonic queue of indices: each index enters and leaves the queue once,
 * so the pass is O(n). `sign` 1 keeps the maximum, −1 the minimum.
 */
function rollingExtreme(values: Numbers, period: number, sign: 1 | -1): Values {
  assertPeriod(period);
  const out = new Float64Array(values.length);
  const queue = new Int32Array(values.length);
  let head = 0;
  let tail = 0;
  let run = 0;
  for (let i = 0; i < values.length; i++) {
    const value = values[i]!;
    if (!Number.isFinite(value)) {
      head = tail = run = 0;
      out[i] = Number.NaN;
      continue;
    }
    run++;
    // Drop older values that can no longer be the extreme (ties: the newer one stays longer).
    while (tail > head && sign * values[queue[tail - 1]!]! <= sign * value) tail--;
    queue[tail++] = i;
    if (queue[head]! <= i - period) head++;
    out[i] = run >= period ? values[queue[head]!]! : Number.NaN;
  }
  return out;
}

/** Replaces ±Infinity by NaN in place (a gap in any of the inputs of a subtraction can be ±Infinity). */
function sanitize(values: Values): Values {
  for (let i = 0; i < values.length; i++) if (!Number.isFinite(values[i]!)) values[i] = Number.NaN;
  return values;
}

function finiteOrNaN(value: number): number {
  return Number.isFinite(value) ? value : Number.NaN;
}
