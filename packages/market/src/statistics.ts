/**
 * Small, exact statistics for the trading evidence (docs/trading-methods.md "Evidence"): median and
 * percentiles (linear interpolation between order statistics, Hyndman–Fan type 7, the spreadsheet default),
 * Wilson's score interval for a hit rate, and Student's t of a mean.
 */

/** The p-th percentile (0–100) of `values` (type 7); NaN for no values. */
export function percentile(values: readonly number[], p: number): number {
  if (values.length === 0) return Number.NaN;
  const sorted = [...values].sort((a, b) => a - b);
  const h = (sorted.length - 1) * (p / 100);
  const lo = Math.floor(h);
  const hi = Math.ceil(h);
  return (sorted[lo] as number) + (h - lo) * ((sorted[hi] as number) - (sorted[lo] as number));
}

export const median = (values: readonly number[]) => percentile(values, 50);

export const mean = (values: readonly number[]) =>
  values.length === 0 ? Number.NaN : values.reduce((a, b) => a + b, 0) / values.length;

/** The 0.975 quantile of the standard normal: a two-sided 95 % interval. */
export const Z95 = 1.959963984540054;

/**
 * Wilson's score interval for `hits` successes in `n` trials, as fractions [lo, hi]; [0, 0] for n = 0.
 * centre = (p + z²/2n) / (1 + z²/n), half-width = z·√(p(1−p)/n + z²/4n²) / (1 + z²/n).
 */
export function wilsonInterval(hits: number, n: number, z = Z95): [number, number] {
  if (n <= 0) return [0, 0];
  const p = hits / n;
  const z2 = z * z;
  const denominator = 1 + z2 / n;
  const centre = (p + z2 / (2 * n)) / denominator;
  const half = (z * Math.sqrt((p * (1 - p)) / n + z2 / (4 * n * n))) / denominator;
  return [Math.max(0, centre - half), Math.min(1, centre + half)];
}

/**
 * Student's t of the mean of `values` against `mu`: (mean − mu) / (s / √n), s the sample standard
 * deviation; 0 when n < 2 or s = 0.
 */
export function tStatistic(values: readonly number[], mu: number): number {
  const n = values.length;
  if (n < 2) return 0;
  const m = mean(values);
  const variance = values.reduce((sum, v) => sum + (v - m) ** 2, 0) / (n - 1);
  if (!(variance > 0)) return 0;
  return (m - mu) / Math.sqrt(variance / n);
}

/**
 * The two-sided 5 % critical value of Student's t with `df` degrees of freedom (exact table to 30, then
 * the normal approximation with Cornish-Fisher correction z + (z³ + z)/4df).
 */
export function tCritical95(df: number): number {
  const table = [
    12.706, 4.303, 3.182, 2.776, 2.571, 2.447, 2.365, 2.306, 2.262, 2.228, 2.201, 2.179, 2.16, 2.145, 2.131,
    2.12, 2.11, 2.101, 2.093, 2.086, 2.08, 2.074, 2.069, 2.064, 2.06, 2.056, 2.052, 2.048, 2.045, 2.042,
  ];
  if (df < 1) return Number.POSITIVE_INFINITY;
  if (df <= 30) return table[Math.floor(df) - 1] as number;
  return Z95 + (Z95 ** 3 + Z95) / (4 * df);
}
