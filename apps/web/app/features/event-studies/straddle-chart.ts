/**
 * The Profit Distribution chart's vertical scale. The specification draws 5 px per unit (percent); one
 * trial of +1,132.89 % would then make the chart over 6,000 px tall and its window would open on empty space.
 * So: 5 px per unit when every bar fits in `plotHeight`; otherwise the scale shrinks to fit the bulk of the
 * trials (Tukey's far fences, 3 × the interquartile range past the quartiles, and never less than the zero
 * line), and bars beyond are cut at the edge with a marker. The zero line is always inside the chart.
 */
export const specPixelsPerUnit = 5;
export const plotHeight = 300;

export type ChartScale = {
  pixelsPerUnit: number;
  /** Highest and lowest values drawn in full (the top and bottom of the plot). */
  top: number;
  bottom: number;
  /** Whether a value is cut at the top or bottom edge. */
  clipped(value: number): 'top' | 'bottom' | undefined;
};

function quantile(sorted: readonly number[], q: number): number {
  if (sorted.length === 0) return 0;
  const at = (sorted.length - 1) * q;
  const lo = Math.floor(at);
  const hi = Math.ceil(at);
  return (sorted[lo] as number) + ((sorted[hi] as number) - (sorted[lo] as number)) * (at - lo);
}

export function chartScale(values: readonly number[], height = plotHeight): ChartScale {
  const max = Math.max(0, ...values);
  const min = Math.min(0, ...values);
  if ((max - min) * specPixelsPerUnit <= height) {
    return { pixelsPerUnit: specPixelsPerUnit, top: max, bottom: min, clipped: () => undefined };
  }
  const sorted = [...values].sort((a, b) => a - b);
  const q1 = quantile(sorted, 0.25);
  const q3 = quantile(sorted, 0.75);
  const spread = q3 - q1;
  let top = Math.min(max, Math.max(0, q3 + 3 * spread));
  let bottom = Math.max(min, Math.min(0, q1 - 3 * spread));
  if (top - bottom <= 0) {
    top = max;
    bottom = min;
  }
  const pixelsPerUnit = Math.min(specPixelsPerUnit, height / (top - bottom));
  return {
    pixelsPerUnit,
    top,
    bottom,
    clipped: (value) => (value > top ? 'top' : value < bottom ? 'bottom' : undefined),
  };
}
