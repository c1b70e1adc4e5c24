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

const heatmapOffsets = ['-3d', '0d', '+3d', '+5d', '+10d'] as const;
const significanceSchema = z.object({
  n: z.number().int().describe('Events with a value in this column'),
  t: z.number().describe("Student's t of the mean abnormal return, 2 decimals (0 when n < 2)"),
});
type SignificanceShape = Record<(typeof heatmapOffsets)[number], typeof significanceSchema>;
type SignificantShape = Record<(typeof heatmapOffsets)[number], z.ZodBoolean>;

export const impactHeatmapRowSchema = z
  .object({
    sector: z.string().describe('NIFTY 50, NIFTY BANK or a sector index'),
    '-3d': cell.describe('The three sessions before the event: close(e−1) / close(e−4) − 1'),
    '0d': cell.describe('The event session: close(e) / close(e−1) − 1'),
    '+3d': cell.describe('Three sessions after: close(e+3) / close(e−1) − 1'),
    '+5d': cell.describe('Five sessions after: close(e+5) / close(e−1) − 1'),
    '+10d': cell.describe('Ten sessions after: close(e+10) / close(e−1) − 1'),
    events: z.number().int().describe('Events with at least one value in this row'),
    significance: z
      .object(Object.fromEntries(heatmapOffsets.map((o) => [o, significanceSchema])) as SignificanceShape)
      .describe(
        "Per column: events counted and Student's t of their abnormal return, the move less the unconditional mean of the same window over every session (NIFTY 50 row: its own move; every other row: its move less NIFTY 50's over the same window)",
      ),
    significant: z
      .object(Object.fromEntries(heatmapOffsets.map((o) => [o, z.boolean()])) as SignificantShape)
      .describe('Per column: |t| beyond the two-sided 5 % critical value of t with n − 1 degrees of freedom'),
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
    .describe(
      'YYYY-MM-DD expiry of the contract bought: the first one on or after the event that was listed on the entry date (weeklies from 2019-02-11)',
    ),
  callStrike: z.number(),
  putStrike: z.number(),
  premium: z.number().describe('Call + put paid at the entry close, points'),
  exitValue: z.number().describe('Call + put at the event close, points'),
  returnPercent: z.number().describe('Percent return on the premium paid, after costs'),
  lotSize: z.number().int().describe('The lot of the contract bought (lot sizes by contract)'),
  costs: z
    .number()
    .describe('Rupees: the four orders’ brokerage, STT, exchange and SEBI fees, GST, stamp duty'),
  profit: z.number().describe('Rupees for one lot, after costs'),
});

const straddleSummaryFields = {
  trials: z.number().int(),
  averageReturn: z.number().describe('Mean % return on the premium paid, after costs'),
  medianReturn: z.number().describe('Median % return (of `distribution`)'),
  winRate: z.number().describe('Percent of trials with a positive return'),
  totalProfit: z.number().describe('Rupees: every trial’s profit, one lot each, after costs'),
};

export const straddleResultSchema = z
  .object({
    ...straddleSummaryFields,
    percentiles: z
      .object({ p10: z.number(), p25: z.number(), p75: z.number(), p90: z.number() })
      .describe('Percentiles of `distribution`, % (linear interpolation)'),
    winRateInterval: z
      .tuple([z.number(), z.number()])
      .describe('95 % Wilson interval of the win rate, percent [lo, hi]'),
    maxProfit: z.number().describe('Largest profit of one lot, rupees'),
    maxLoss: z.number().describe('Largest loss of one lot, rupees (negative; 0 when no trial lost)'),
    costs: z.number().describe('Rupees: mean cost of one trial (one lot, four orders)'),
    structure: z
      .enum(['straddle', 'strangle'])
      .describe('straddle: one strike (gap 0); strangle: a call above and a put below spot'),
    distribution: z.array(z.number()).describe('Each trial’s % return, in date order'),
    details: z.array(straddleTrialSchema),
    skipped: z
      .object({
        count: z.number().int(),
        trials: z.array(z.object({ date: z.string(), reason: z.string() })),
      })
      .describe('Policy dates in the range that were not traded, and why'),
    baseline: z
      .object(straddleSummaryFields)
      .nullable()
      .describe(
        'The same trade entered on ordinary sessions of the same years (no RBI, Fed, Budget or election session between entry and exit); null when there are none',
      ),
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
    impact: z.string().describe('Extreme (ratio 2 or more), Very High (1.5), High (1.2) or Moderate'),
    impactRatio: z
      .number()
      .nullable()
      .describe(
        "The kind's mean absolute NIFTY 50 move on its past scheduled reaction sessions ÷ an ordinary session's (no event), 2 decimals; null without past events",
      ),
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
