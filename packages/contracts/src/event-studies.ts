import { z } from 'zod';
import { defineCall } from './api-call.ts';
import { eventStudyKinds, straddleLimits } from './event-study-rules.ts';

// tools-and-trading.md "Impact Heatmap", "Straddle Simulator", "Fed Day Alert", "Volatility Event Calendar";
// the methods: docs/trading-methods.md.

const cell = z.number().nullable().describe('Average % return, 2 decimals; null when no event has a value');

export const impactHeatmapQuerySchema = z
  .object({
    kind: z
      .enum(eventStudyKinds, { error: `kind must be one of ${eventStudyKinds.join(', ')}.` })
      .optional()
      .describe('Only events of this kind; all of rbi, usfed, budget and election when absent'),
  })
  .strict();

export const impactHeatmapRowSchema = z
  .object({
    sector: z.string().describe('NIFTY 50, NIFTY BANK or a sector index'),
    '-3d': cell.describe('The three sessions before the event: close(e−1) / close(e−4) − 1'),
    '0d': cell.describe('The event session: close(e) / close(e−1) − 1'),
    '+3d': cell.describe('Three sessions after: close(e+3) / close(e−1) − 1'),
    '+5d': cell.describe('Five sessions after: close(e+5) / close(e−1) − 1'),
    '+10d': cell.describe('Ten sessions after: close(e+10) / close(e−1) − 1'),
    events: z.number().int().describe('Events with at least one value in this row'),
    reason: z.string().describe('The rule and the data behind the row'),
  })
  .meta({ id: 'ImpactHeatmapRow' });
export type ImpactHeatmapRow = z.infer<typeof impactHeatmapRowSchema>;

export const getImpactHeatmap = defineCall({
  method: 'GET',
  path: '/api/impact-heatmap',
  operationId: 'getImpactHeatmap',
  summary:
    'Average % return of NIFTY 50, NIFTY BANK and each sector index around past events, from the last close before each',
  tag: 'event-studies',
  access: 'public',
  query: impactHeatmapQuerySchema,
  status: 200,
  response: z.array(impactHeatmapRowSchema).meta({ id: 'ImpactHeatmap' }),
  errors: [400, 503],
});

const whole = (field: string, min: number, max: number) =>
  z
    .number({ error: `${field} must be a number.` })
    .int(`${field} must be a whole number.`)
    .min(min, `${field} must be at least ${min}.`)
    .max(max, `${field} must be at most ${max}.`);

export const straddleRequestSchema = z
  .object({
    startYear: whole('startYear', 1900, 2200).describe('First year of RBI policy dates (within the data)'),
    endYear: whole('endYear', 1900, 2200).describe('Last year of RBI policy dates (within the data)'),
    entryDays: whole('entryDays', straddleLimits.minEntryDays, straddleLimits.maxEntryDays).describe(
      'Sessions before the event at whose close both legs are bought',
    ),
    gap: whole('gap', 0, straddleLimits.maxGap)
      .refine((v) => v % straddleLimits.gapStep === 0, `gap must be a multiple of ${straddleLimits.gapStep}.`)
      .describe('Points from spot to each strike: call at spot + gap, put at spot − gap (0: straddle)'),
  })
  .strict()
  .refine((body) => body.startYear <= body.endYear, {
    message: 'endYear must not be before startYear.',
    path: ['endYear'],
  });

const straddleTrialSchema = z.object({
  date: z.string().describe('The RBI policy date (exit at its close)'),
  entryDate: z.string(),
  expiry: z
    .string()
    .describe('The contract: first weekly (monthly before 2019-02-14) expiry on or after the event'),
  callStrike: z.number(),
  putStrike: z.number(),
  premium: z.number().describe('Call + put paid at the entry close, points'),
  exitValue: z.number().describe('Call + put at the event close, points'),
  returnPercent: z.number(),
  lotSize: z.number().int(),
  profit: z.number().describe('Rupees for one lot'),
});

export const straddleResultSchema = z
  .object({
    trials: z.number().int(),
    averageReturn: z.number().describe('Mean % return on the premium paid'),
    winRate: z.number().describe('Percent of trials with a positive return'),
    maxProfit: z.number().describe('Largest profit of one lot, rupees'),
    maxLoss: z.number().describe('Largest loss of one lot, rupees (negative; 0 when no trial lost)'),
    distribution: z.array(z.number()).describe('Each trial’s % return, in date order'),
    details: z.array(straddleTrialSchema),
    reason: z.string(),
  })
  .meta({ id: 'StraddleResult' });
export type StraddleResult = z.infer<typeof straddleResultSchema>;

export const simulateStraddle = defineCall({
  method: 'POST',
  path: '/api/simulate-straddle',
  operationId: 'simulateStraddle',
  summary:
    'Long call + put around each RBI policy date, priced with Black-Scholes from NIFTY and India VIX; returns on premium',
  tag: 'event-studies',
  access: 'public',
  body: straddleRequestSchema,
  status: 200,
  response: straddleResultSchema,
  errors: [400, 503],
});

export const fedAlertQuerySchema = z
  .object({
    premium: z
      .enum(['true', 'false'], { error: 'premium must be true or false.' })
      .optional()
      .describe('true: also send the alert by WhatsApp (once per decision, when configured)'),
  })
  .strict();

export const fedAlertSchema = z
  .discriminatedUnion('status', [
    z.object({
      status: z.literal('alert'),
      event: z.string(),
      date: z.string().describe('The decision date (US Eastern) of the event'),
      confidence: z.number().describe('Percent'),
      suggested_action: z.string(),
      reasoning: z.string(),
      sent: z.boolean().describe('True only when the WhatsApp send succeeded in this request'),
    }),
    z.object({ status: z.literal('no_alert'), reason: z.string() }),
  ])
  .meta({ id: 'FedAlert' });
export type FedAlert = z.infer<typeof fedAlertSchema>;

export const generateFedAlert = defineCall({
  method: 'GET',
  path: '/api/generate-alert',
  operationId: 'generateFedAlert',
  summary: 'An alert when a US Fed decision falls within the next 7 days, from NIFTY’s past reactions',
  tag: 'event-studies',
  access: 'public',
  cacheable: false,
  query: fedAlertQuerySchema,
  status: 200,
  response: fedAlertSchema,
  errors: [400, 429, 503],
});

export const calendarEventSchema = z
  .object({
    date: z.string(),
    event: z.string(),
    kind: z.string(),
    impact: z.string().describe('Extreme, Very High, High or Moderate'),
    reason: z.string(),
  })
  .meta({ id: 'CalendarEvent' });
export type CalendarEvent = z.infer<typeof calendarEventSchema>;

export const getEventCalendar = defineCall({
  method: 'GET',
  path: '/api/event-calendar',
  operationId: 'getEventCalendar',
  summary: 'Upcoming market events with an impact tier from the kind’s past NIFTY moves',
  tag: 'event-studies',
  access: 'public',
  status: 200,
  response: z.array(calendarEventSchema).meta({ id: 'EventCalendar' }),
  errors: [503],
});
