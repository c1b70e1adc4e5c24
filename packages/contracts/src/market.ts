import { z } from 'zod';
import { defineAdminCrudCalls } from './admin-crud.ts';
import { defineCall } from './api-call.ts';
import { requiredText } from './text.ts';

const isoDay = z.string().describe('YYYY-MM-DD, India date');
const asOfField = isoDay.describe('The trading date the values belong to (YYYY-MM-DD, India date)');

/** A YYYY-MM-DD India date that exists, its problems in words beside the field named `label`. */
const indiaDateField = (label: string) =>
  z
    .string({ error: `${label} is required.` })
    .trim()
    .regex(/^\d{4}-\d{2}-\d{2}$/, `${label} must be written YYYY-MM-DD.`)
    .refine((value) => {
      const date = new Date(`${value}T00:00:00Z`);
      return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === value;
    }, 'This date does not exist.');

// ---------- Event calendar (seed content, CSV imports) ----------

export const marketEventKinds = ['rbi', 'usfed', 'budget', 'holiday', 'election', 'results'] as const;
export type MarketEventKind = (typeof marketEventKinds)[number];

/**
 * Words by which the event files mark an action that was not on the published calendar (RBI inter-meeting
 * and off-cycle decisions, the Fed's emergency cuts): such an event could not be traded "before" it.
 */
export const unscheduledEventPattern = /\b(unscheduled|off-cycle|emergency)\b/i;

/** Whether an event was on the published calendar: `scheduled` when given, else read from its text. */
export function isScheduledEvent(event: { event: string; scheduled?: boolean | undefined }): boolean {
  return event.scheduled ?? !unscheduledEventPattern.test(event.event);
}

/** One dated event of the calendar, as files (seed content and `date,event,kind,impact` CSVs) write it. */
export const marketEventInputSchema = z
  .object({
    date: indiaDateField('Date'),
    event: requiredText('Event is required.', {
      length: 300,
      message: 'Event must be at most 300 characters.',
    }),
    kind: z.enum(marketEventKinds, { error: `Kind must be one of ${marketEventKinds.join(', ')}.` }),
    impact: requiredText('Impact is required.', {
      length: 30,
      message: 'Impact must be at most 30 characters.',
    }),
    scheduled: z
      .boolean({ error: 'Scheduled must be true or false.' })
      .optional()
      .describe(
        'False for an action not on the published calendar (an unscheduled or off-cycle decision); when absent, false if the event text says "unscheduled", "off-cycle" or "emergency"',
      ),
  })
  .strict();
export type MarketEventInput = z.output<typeof marketEventInputSchema>;

/** A stored event of the calendar, as the operator's calls answer it; `id` is what they address. */
export const marketEventSchema = z
  .object({
    id: z.number().int(),
    date: z.string(),
    event: z.string(),
    kind: z.enum(marketEventKinds),
    impact: z.string(),
    scheduled: z.boolean().describe('False for an unscheduled or off-cycle action'),
    source: z.string().describe("Where the row came from: 'content', a CSV file name, or 'admin'"),
    updatedAt: z.string(),
  })
  .meta({ id: 'MarketEvent' });
export type MarketEvent = z.infer<typeof marketEventSchema>;

/**
 * The operator's calls on the event calendar (holidays, RBI, US Fed, Budget, election and results dates):
 * create, replace and delete one event, with its `scheduled` field. One event per date and kind (409 for a
 * second). Every write moves the 'market' revision: the studies, the market-hours state and the cached
 * trading pages follow.
 */
export const marketEventAdminCalls = defineAdminCrudCalls({
  plural: 'market-events',
  noun: 'market event',
  input: marketEventInputSchema,
  output: marketEventSchema,
});

// ---------- NIFTY contract rules (lot sizes, expiry weekdays) ----------

const circularField = requiredText('Circular is required: name the NSE circular the row comes from.', {
  length: 1000,
  message: 'Circular must be at most 1000 characters.',
}).describe(
  'The NSE circular the row comes from, with its number and date, e.g. "NSE/FAOP/47856 (31 March 2021)"',
);

const untilField = indiaDateField('Until')
  .optional()
  .describe(
    'The last expiry the circular is known to cover (YYYY-MM-DD); empty: until a later row. Readiness warns 3 months before it.',
  );

/** An `until` before `from` says nothing: refused beside the field. */
const untilNotBeforeFrom = (row: { from: string; until?: string | undefined }) =>
  row.until === undefined || row.until >= row.from;
const untilProblem = { message: 'Until must be on or after the from date.', path: ['until'] };

/** What every stored contract-rule row carries besides its rule. */
const storedRuleFields = {
  circular: z.string(),
  until: z
    .string()
    .nullable()
    .describe('The last expiry the circular is known to cover; null: until a later row'),
  createdAt: z.string(),
  updatedAt: z.string(),
};

/** How a lot-size revision reached the contracts (the market package's LotBasis). */
export const niftyLotBases = ['traded', 'expiring', 'listed'] as const;

/** One lot-size row as the operator writes it: from when, for which contracts, the lot, its circular. */
export const niftyLotSizeInputSchema = z
  .object({
    from: indiaDateField('From date').describe('India date the row starts from, read as `basis` says'),
    basis: z
      .enum(niftyLotBases, { error: 'Basis must be traded, expiring or listed.' })
      .describe(
        'traded: every contract traded from the date; expiring: contracts expiring on or after it; listed: contracts listed on or after it (older ones keep their lot)',
      ),
    lotSize: z
      .number({ error: 'Lot size must be a number.' })
      .int('Lot size must be a whole number.')
      .min(1, 'Lot size must be at least 1.')
      .max(100_000, 'Lot size must be at most 100000.'),
    circular: circularField,
    until: untilField,
  })
  .strict()
  .refine(untilNotBeforeFrom, untilProblem);
export type NiftyLotSizeInput = z.output<typeof niftyLotSizeInputSchema>;

export const niftyLotSizeSchema = z
  .object({
    id: z.number().int(),
    from: z.string(),
    basis: z.enum(niftyLotBases),
    lotSize: z.number().int(),
    ...storedRuleFields,
  })
  .meta({ id: 'NiftyLotSize' });
export type NiftyLotSize = z.infer<typeof niftyLotSizeSchema>;

/** The weekdays an expiry may fall on, Monday (1) to Friday (5) in this order. */
export const niftyExpiryWeekdayNames = ['monday', 'tuesday', 'wednesday', 'thursday', 'friday'] as const;
export type NiftyExpiryWeekdayName = (typeof niftyExpiryWeekdayNames)[number];

/** One expiry-weekday row: from the week of `from` on, expiries fall on `weekday` (before holidays). */
export const niftyExpiryWeekdayInputSchema = z
  .object({
    from: indiaDateField('From date').describe(
      'A day of the first week (Monday to Sunday) the weekday applies to; the monthly expiry follows the week of the month’s last day',
    ),
    weekday: z.enum(niftyExpiryWeekdayNames, { error: 'Weekday must be Monday to Friday.' }),
    circular: circularField,
    until: untilField,
  })
  .strict()
  .refine(untilNotBeforeFrom, untilProblem);
export type NiftyExpiryWeekdayInput = z.output<typeof niftyExpiryWeekdayInputSchema>;

export const niftyExpiryWeekdaySchema = z
  .object({
    id: z.number().int(),
    from: z.string(),
    weekday: z.enum(niftyExpiryWeekdayNames),
    ...storedRuleFields,
  })
  .meta({ id: 'NiftyExpiryWeekday' });
export type NiftyExpiryWeekday = z.infer<typeof niftyExpiryWeekdaySchema>;

/**
 * The operator's calls on NIFTY's lot sizes (docs/trading-methods.md "Contracts as they traded"): a row per
 * NSE circular. A write whose table would not hold together (two rows on one date, a bad lot) is refused 400
 * with the problem in words. Every write moves the 'market' revision: the studies and cached answers follow.
 */
export const niftyLotSizeAdminCalls = defineAdminCrudCalls({
  plural: 'nifty-lot-sizes',
  noun: 'NIFTY lot size',
  input: niftyLotSizeInputSchema,
  output: niftyLotSizeSchema,
});

/** The operator's calls on NIFTY's expiry weekdays, as for the lot sizes (two rows in one week: 400). */
export const niftyExpiryWeekdayAdminCalls = defineAdminCrudCalls({
  plural: 'nifty-expiry-weekdays',
  noun: 'NIFTY expiry weekday',
  input: niftyExpiryWeekdayInputSchema,
  output: niftyExpiryWeekdaySchema,
});

// ---------- Financial data ----------

export const financialDataSchema = z
  .object({
    status: z.literal('success'),
    data: z.object({
      'Nifty Index': z.number().describe('NIFTY 50 level'),
      'India VIX': z.number().describe('India VIX level'),
    }),
    live: z.boolean().describe('True for a live quote during market hours, false for the last close'),
    marketOpen: z
      .boolean()
      .describe('Whether the NSE session is open now (India 09:00-15:30 on a trading day)'),
    asOf: z.string().describe('The date of the close (YYYY-MM-DD), or the time of the live quote (ISO)'),
  })
  .meta({ id: 'FinancialData' });
export type FinancialData = z.infer<typeof financialDataSchema>;

export const getFinancialData = defineCall({
  method: 'GET',
  path: '/api/financial-data',
  operationId: 'getFinancialData',
  summary:
    'NIFTY 50 and India VIX: live during market hours (India 09:00-15:30 on trading days), else the last close',
  tag: 'market',
  access: 'public',
  status: 200,
  response: financialDataSchema,
  errors: [503],
});

// ---------- Technical summary (TradingView-style) ----------

const labelItem = z.object({ name: z.string().describe('Sell, Neutral or Buy, or a count written as text') });
const summaryList = z
  .array(labelItem)
  .describe('Alternating label items (Sell, Neutral, Buy) and count items');

export const tradingViewDataSchema = z
  .object({
    summary: summaryList.describe('All 26 votes: Sell, count, Neutral, count, Buy, count'),
    oscillators: summaryList,
    movingAverages: summaryList,
    symbol: z.string(),
    rating: z.string().describe('Strong Sell, Sell, Neutral, Buy or Strong Buy'),
    asOf: asOfField,
  })
  .meta({ id: 'TradingViewData' });
export type TradingViewData = z.infer<typeof tradingViewDataSchema>;

export const getTradingViewData = defineCall({
  method: 'GET',
  path: '/api/tradingview',
  operationId: 'getTradingViewData',
  summary:
    'The technical summary of NIFTY 50 (TradingView-style Technical Ratings) from the stored daily bars',
  tag: 'market',
  access: 'public',
  status: 200,
  response: tradingViewDataSchema,
  errors: [503],
});

// ---------- Daily news line ----------

export const dailyNewsSchema = z
  .object({ news: z.string().describe('A one-paragraph market summary'), asOf: asOfField })
  .meta({ id: 'DailyNews' });
export type DailyNews = z.infer<typeof dailyNewsSchema>;

export const getDailyNews = defineCall({
  method: 'GET',
  path: '/api/daily-news',
  operationId: 'getDailyNews',
  summary:
    'A one-paragraph market summary written from the latest data: index levels and changes, VIX, the next event',
  tag: 'market',
  access: 'public',
  status: 200,
  response: dailyNewsSchema,
  errors: [503],
});

// ---------- Stock table ----------

export const stockRowSchema = z
  .object({
    symbol: z.string(),
    price: z.number().describe('Last price (the live quote in market hours, else the last close)'),
    high: z.number().describe('Day high'),
    low: z.number().describe('Day low'),
    change: z.number().describe('Change from the previous close, percent'),
    rating: z.string().describe('Technical rating: Strong Sell, Sell, Neutral, Buy or Strong Buy'),
    asOf: asOfField,
  })
  .meta({ id: 'StockRow' });
export type StockRow = z.infer<typeof stockRowSchema>;

export const stockSymbolsQuerySchema = z
  .object({
    symbols: z
      .string()
      .regex(
        /^[A-Z0-9][A-Z0-9&-]{0,19}(,[A-Z0-9][A-Z0-9&-]{0,19}){0,49}$/,
        'Symbols must be NSE symbols in capitals separated by commas, e.g. TCS,INFY,M&M.',
      )
      .optional()
      .describe('Only these NIFTY 50 stocks (comma-separated); every one when absent'),
  })
  .strict();

export const listStocks = defineCall({
  method: 'GET',
  path: '/api/stocks',
  operationId: 'listStocks',
  summary: 'The NIFTY 50 stocks: price, day high and low, change % and technical rating',
  tag: 'market',
  access: 'public',
  query: stockSymbolsQuerySchema,
  status: 200,
  response: z.array(stockRowSchema).meta({ id: 'StockRows' }),
  errors: [400, 404, 503],
});

// ---------- Indicators ----------

export const indicatorsSchema = z
  .object({
    nifty: z.number().describe('NIFTY 50 close'),
    rsi: z.number().describe("Wilder's RSI(14) of NIFTY 50, 2 decimals"),
    vix: z.number().describe('India VIX close'),
    oiChange: z.number().optional().describe('Open-interest change %, only where open-interest data exists'),
    asOf: asOfField,
  })
  .meta({ id: 'Indicators' });
export type Indicators = z.infer<typeof indicatorsSchema>;

export const getIndicators = defineCall({
  method: 'GET',
  path: '/api/indicators',
  operationId: 'getIndicators',
  summary:
    "NIFTY 50, its Wilder's RSI(14) and India VIX from the last close (oiChange where open interest exists)",
  tag: 'market',
  access: 'public',
  status: 200,
  response: indicatorsSchema,
  errors: [503],
});

const deviceIdSchema = z
  .string({ error: 'device_id is required.' })
  .regex(
    /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i,
    'device_id must be the UUID kept in local storage.',
  )
  .transform((value) => value.toLowerCase());

const finite = (field: string) =>
  z.number({ error: `${field} must be a number.` }).refine(Number.isFinite, `${field} must be a number.`);

export const saveIndicatorsBodySchema = z
  .object({
    device_id: deviceIdSchema,
    nifty: finite('nifty').refine((v) => v > 0 && v < 1_000_000, 'nifty must be between 0 and 1000000.'),
    rsi: finite('rsi').refine((v) => v >= 0 && v <= 100, 'rsi must be between 0 and 100.'),
    vix: finite('vix').refine((v) => v >= 0 && v <= 200, 'vix must be between 0 and 200.'),
    oiChange: finite('oiChange')
      .refine((v) => v >= -1000 && v <= 1000, 'oiChange must be between -1000 and 1000.')
      .optional(),
  })
  .strict();

export const savedIndicatorsSchema = z
  .object({
    nifty: z.number(),
    rsi: z.number(),
    vix: z.number(),
    oiChange: z.number().optional(),
    savedAt: z.string().describe('ISO timestamp'),
  })
  .meta({ id: 'SavedIndicators' });

export const saveIndicators = defineCall({
  method: 'POST',
  path: '/api/indicators/save',
  operationId: 'saveIndicators',
  summary: "Saves this device's indicator values (the signal view's save mode)",
  tag: 'market',
  access: 'public',
  body: saveIndicatorsBodySchema,
  status: 201,
  response: savedIndicatorsSchema,
  errors: [400],
});

export const getSavedIndicators = defineCall({
  method: 'GET',
  path: '/api/indicators/saved',
  operationId: 'getSavedIndicators',
  summary: 'The indicator values this device saved last',
  tag: 'market',
  access: 'public',
  query: z.object({ device_id: deviceIdSchema }).strict(),
  status: 200,
  response: savedIndicatorsSchema,
  errors: [400, 404],
});

// ---------- Options assistant, simple view ----------

export const optionSuggestionSchema = z
  .object({
    nifty: z.number(),
    rsi: z.number(),
    vix: z.number(),
    suggestion: z.string().describe('What the documented rules suggest, with strikes'),
    rule: z.string().describe('Which rule matched and the values that matched it'),
    asOf: asOfField,
  })
  .meta({ id: 'OptionSuggestion' });
export type OptionSuggestion = z.infer<typeof optionSuggestionSchema>;

export const getOptionSuggestions = defineCall({
  method: 'GET',
  path: '/api/option_suggestions',
  operationId: 'getOptionSuggestions',
  summary: 'NIFTY 50, RSI(14), India VIX and an options suggestion from documented rules',
  tag: 'market',
  access: 'public',
  status: 200,
  response: optionSuggestionSchema,
  errors: [503],
});

// ---------- Breakout / breakdown alert ----------

const barInputSchema = z
  .object({
    date: z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'date must be written YYYY-MM-DD.'),
    open: finite('open'),
    high: finite('high'),
    low: finite('low'),
    close: finite('close'),
    volume: finite('volume').optional(),
  })
  .strict();

export const breakoutRequestSchema = z
  .object({
    data: z
      .array(barInputSchema)
      .max(1000, 'data may hold at most 1000 bars.')
      .default([])
      .describe('Daily bars to test, oldest first; empty means the stored bars of `symbol`'),
    symbol: z
      .string()
      .regex(/^[A-Z0-9][A-Z0-9 &-]{0,39}$/, 'symbol must be an index or NSE symbol in capitals.')
      .optional()
      .describe('NIFTY 50 when absent'),
  })
  .strict();

export const breakoutAlertSchema = z
  .discriminatedUnion('status', [
    z.object({
      status: z.literal('alert'),
      type: z.enum(['breakout', 'breakdown']),
      confidence: z.number().describe('Percent'),
      volumeSpike: z.boolean(),
      pattern: z.string(),
      reason: z.string(),
      symbol: z.string(),
      asOf: asOfField,
    }),
    z.object({
      status: z.literal('no_alert'),
      reason: z.string(),
      symbol: z.string(),
      asOf: asOfField,
    }),
  ])
  .meta({ id: 'BreakoutAlert' });
export type BreakoutAlert = z.infer<typeof breakoutAlertSchema>;

export const checkBreakout = defineCall({
  method: 'POST',
  path: '/api/alerts/breakout',
  operationId: 'checkBreakout',
  summary:
    'A breakout or breakdown: a close beyond the 20-day high or low, confirmed by volume where it exists',
  tag: 'market',
  access: 'public',
  body: breakoutRequestSchema,
  status: 200,
  response: breakoutAlertSchema,
  errors: [400, 404, 503],
});
