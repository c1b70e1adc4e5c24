import { scaleDiverging } from 'd3-scale';
import { interpolateRdYlBu } from 'd3-scale-chromatic';

/** Grey for a cell no event has a value in (tools-and-trading.md section 9). */
export const emptyCellColour = '#d1d5db';

/**
 * The heatmap's colours, loaded with the first rows (d3-scale and d3-scale-chromatic, a few KB, never in the
 * page's first load): red through yellow to blue, 0 % at the interpolator's midpoint 0.5, symmetric around
 * it so equal gains and losses get equally strong colours.
 */
export function heatmapColours(values: readonly number[]) {
  const extent = Math.max(0.01, ...values.map(Math.abs));
  const scale = scaleDiverging(interpolateRdYlBu).domain([-extent, 0, extent]).clamp(true);
  return {
    extent,
    colour: (value: number | null) => (value === null ? emptyCellColour : scale(value)),
    /** Black or white text, whichever reads better on the cell (WCAG relative luminance). */
    textColour: (value: number | null) => (value === null ? '#111827' : readableOn(scale(value))),
    /** The gradient's stops for the legend, from −extent to +extent. */
    stops: [0, 0.25, 0.5, 0.75, 1].map((t) => ({ offset: t, colour: interpolateRdYlBu(t) })),
  };
}

function readableOn(colour: string): string {
  const match = /rgb\((\d+), (\d+), (\d+)\)/.exec(colour);
  if (!match) return '#111827';
  const channel = (c: number) => {
    const v = c / 255;
    return v <= 0.03928 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4;
  };
  const [r, g, b] = [match[1], match[2], match[3]].map((c) => channel(Number(c))) as [number, number, number];
  const luminance = 0.2126 * r + 0.7152 * g + 0.0722 * b;
  // Contrast with black (L + 0.05) / 0.05 against white 1.05 / (L + 0.05).
  return (luminance + 0.05) / 0.05 >= 1.05 / (luminance + 0.05) ? '#111827' : '#ffffff';
}

export type HeatmapColours = ReturnType<typeof heatmapColours>;
