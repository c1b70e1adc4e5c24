/* The event-study pages' constants and texts, free of zod (tools-and-trading.md sections 2, 8 and 9). */

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
