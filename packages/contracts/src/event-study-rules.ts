/* The event-study pages' constants and texts, free of zod (tools-and-trading.md sections 2, 8 and 9). */
import type { NumberFieldRule } from './number-field-rules.ts';

/** Event kinds the heatmap measures (holidays are closures, not events the market reacts to). */
export const eventStudyKinds = ['rbi', 'usfed', 'budget', 'election'] as const;
export type EventStudyKind = (typeof eventStudyKinds)[number];
export const eventStudyKindLabels: Record<EventStudyKind, string> = {
  rbi: 'RBI Policy',
  usfed: 'US Fed Decision',
  budget: 'Budget Day',
  election: 'Election Results',
};

export const straddleLimits = { minEntryDays: 1, maxEntryDays: 20, maxGap: 2000, gapStep: 50 } as const;
export const straddleDefaults = { startYear: 2015, endYear: 2024, entryDays: 3, gap: 200 } as const;

/** Days ahead in which a US Fed decision raises an alert. */
export const fedAlertWindowDays = 7;

export const eventStudyTexts = {
  heatmapFailed: 'Failed to load data. Please try again later.',
  simulationFailed: 'Simulation failed. Please try again.',
  noTrials: 'No data available for the selected range. Please try different years or entry days.',
  alertFailed: 'Failed to generate alert. Server error.',
} as const;

/** tools-and-trading.md section 9: border colours of the calendar by impact. */
export const impactColours: Record<string, string> = {
  Extreme: '#dc2626',
  'Very High': '#f97316',
  High: '#eab308',
};
export const otherImpactColour = '#60a5fa';

/** The calendar item's class for an impact (its border colour in event-studies.css, from impactColours). */
export function impactClass(impact: string): 'extreme' | 'very-high' | 'high' | 'other' {
  if (impact === 'Extreme') return 'extreme';
  if (impact === 'Very High') return 'very-high';
  if (impact === 'High') return 'high';
  return 'other';
}

/** Anchors of docs/trading-methods.md sections on /trading-methods. */
export const eventMethodAnchors = {
  heatmap: 'impact-heatmap',
  straddle: 'rbi-day-straddle',
  fedAlert: 'fed-day-alert',
  calendar: 'volatility-event-calendar',
} as const;

/**
 * The straddle simulator's fields (the server's ranges in event-studies.ts) as a message names them. The
 * years' range is the server's; the data decides which of them have trials.
 */
export const straddleFieldRules = {
  startYear: { name: 'From Year', example: '2015', min: 1900, max: 2200, whole: true },
  endYear: { name: 'To Year', example: '2024', min: 1900, max: 2200, whole: true },
  entryDays: {
    name: 'Entry Days Before Event',
    example: '3',
    min: straddleLimits.minEntryDays,
    max: straddleLimits.maxEntryDays,
    whole: true,
  },
  gap: {
    name: 'Strike Gap',
    example: '200',
    min: 0,
    max: straddleLimits.maxGap,
    whole: true,
    step: straddleLimits.gapStep,
  },
} as const satisfies Record<string, NumberFieldRule>;
export type StraddleField = keyof typeof straddleFieldRules;

/** When To Year is before From Year (checked after each field on its own). */
export const yearsOutOfOrder = 'To Year must not be before From Year';
