import { z } from 'zod';
import { defineCall } from './api-call.ts';
import { patternEventValues, strategyEventValues } from './option-study-rules.ts';

// Numbers as the pages send them: finite, in the ranges a NIFTY reading can have.
const finite = (field: string) =>
  z
    .number({ error: `${field} must be a number.` })
    .refine(Number.isFinite, `${field} must be a finite number.`);
const niftyField = finite('nifty').refine(
  (v) => v > 0 && v < 1_000_000,
  'nifty must be above 0 and below 1000000.',
);
const rsiField = finite('rsi').refine((v) => v >= 0 && v <= 100, 'rsi must be between 0 and 100.');
const vixField = finite('vix').refine((v) => v >= 0 && v <= 200, 'vix must be between 0 and 200.');
const oiChangeField = finite('oiChange').refine(
  (v) => v >= -1000 && v <= 1000,
  'oiChange must be between -1000 and 1000.',
);

const confidence = z
  .number()
  .describe(
    'Percent (0-100, one decimal): the out-of-sample (walk-forward) hit rate of the rule, evidence.hitRate',
  );
const reason = z
  .string()
  .describe('The rule that fired, the data behind the confidence, and why a trade was refused when it was');

export const evidenceSchema = z
  .object({
    n: z.number().int().describe('Past cases counted, each judged only on data before it (walk-forward)'),
    hitRate: z.number().describe('Percent of those cases the rule was right'),
    interval: z.tuple([z.number(), z.number()]).describe('95 % Wilson interval of hitRate, percent [lo, hi]'),
    baseRate: z
      .number()
      .describe(
        'Percent: how often the same outcome happened anyway (every session, or the same trade on ordinary sessions)',
      ),
    meanProfit: z
      .number()
      .describe(
        'Mean profit per case after costs: NIFTY points per unit (signal, pattern), rupees per lot (strategy)',
      ),
    worst: z.number().describe('The worst case, same unit as meanProfit (negative for a loss)'),
  })
  .describe(
    'A trade is given only when n ≥ 30, interval[0] is above baseRate and meanProfit is above 0; otherwise HOLD / No Trade',
  )
  .meta({ id: 'Evidence' });
export type Evidence = z.infer<typeof evidenceSchema>;

const vixPercentile = z
  .number()
  .nullable()
  .describe(
    'Percent of the last 252 stored India VIX closes at or below the latest one; null without VIX data',
  );

// ---------- Signal ----------

export const signalRequestSchema = z
  .object({ nifty: niftyField, rsi: rsiField, vix: vixField, oiChange: oiChangeField })
  .strict();

export const signalResponseSchema = z
  .object({
    signal: z.enum(['BUY CALL', 'BUY PUT', 'HOLD']),
    confidence,
    reason,
    evidence: evidenceSchema,
    vixPercentile,
    asOf: z.string().describe('The last NIFTY 50 session the hit rates count (YYYY-MM-DD)'),
  })
  .meta({ id: 'SignalAnswer' });
export type SignalResponse = z.infer<typeof signalResponseSchema>;

export const getSignal = defineCall({
  method: 'POST',
  path: '/api/signal',
  operationId: 'getSignal',
  summary:
    'A BUY CALL, BUY PUT or HOLD signal from RSI zones, the India VIX regime and open-interest change, with the hit rate of its bucket on NIFTY 50 history',
  tag: 'options',
  access: 'public',
  body: signalRequestSchema,
  status: 200,
  response: signalResponseSchema,
  errors: [400, 503],
});

// ---------- Backtest ----------

export const backtestRequestSchema = z
  .object({
    days: z
      .number({ error: 'days must be a whole number.' })
      .int('days must be a whole number.')
      .min(0, 'days must be 0 (all history) or more.')
      .max(100_000, 'days must be at most 100000.')
      .describe('How many of the last trading sessions to replay; 0 replays all stored history up to today'),
  })
  .strict();

export const backtestTradeSchema = z.object({
  date: z.string().describe('The session the signal was given on (YYYY-MM-DD)'),
  signal: z.enum(['BUY CALL', 'BUY PUT']),
  nifty: z.number().describe('NIFTY 50 close that session'),
  rsi: z.number(),
  vix: z.number(),
  simulated_return: z
    .number()
    .describe("The next session's NIFTY move in the signal's direction, less costs, %"),
});

export const backtestResponseSchema = z
  .object({
    win_rate: z.number().describe('Percent of trades with a positive return'),
    avg_return: z.number().describe('Mean trade return, %'),
    total_return: z.number().describe('Compounded return of all trades, %'),
    max_drawdown: z.number().describe('Largest fall of the compounded equity from its peak, %'),
    trade_count: z.number().int(),
    days: z.number().int().describe('Sessions replayed'),
    cost: z.number().describe('Cost taken from each trade, % of NIFTY'),
    from: z.string().nullable(),
    to: z.string().nullable(),
    trades: z.array(backtestTradeSchema),
  })
  .meta({ id: 'BacktestResult' });
export type BacktestResponse = z.infer<typeof backtestResponseSchema>;

export const runBacktest = defineCall({
  method: 'POST',
  path: '/api/backtest',
  operationId: 'runBacktest',
  summary:
    "Replays the signal rule over the last `days` NIFTY 50 sessions (0: all) against the next session's move",
  tag: 'options',
  access: 'public',
  body: backtestRequestSchema,
  status: 200,
  response: backtestResponseSchema,
  errors: [400, 503],
});

// ---------- Strategy ----------

const eventKindError = (values: readonly string[]) =>
  `event must be one of ${values.map((v) => (v === '' ? '"" (none)' : v)).join(', ')}.`;

export const strategyRequestSchema = z
  .object({
    nifty: niftyField,
    rsi: rsiField,
    vix: vixField,
    event: z.enum(strategyEventValues as [string, ...string[]], {
      error: eventKindError(strategyEventValues),
    }),
  })
  .strict();

export const strategyResponseSchema = z
  .object({
    strategy: z
      .string()
      .describe('Long Straddle, Short Strangle, Iron Condor, Bull Call Spread, Bear Put Spread or No Trade'),
    confidence,
    reason,
    evidence: evidenceSchema,
    vixPercentile,
    payoffStrategy: z
      .string()
      .describe(
        'The strategy the legs, payoff and evidence belong to (the rejected candidate when strategy is No Trade)',
      ),
    payoffStatus: z
      .enum(['recommended', 'rejected'])
      .describe('recommended: the answer; rejected: the best candidate considered and refused'),
    legs: z
      .array(
        z.object({
          kind: z.enum(['call', 'put']),
          type: z.enum(['CE', 'PE']),
          side: z.enum(['BUY', 'SELL']),
          strike: z.number(),
          quantity: z.number().int().describe('+1 bought, −1 sold (lots)'),
          expiry: z.string().describe('YYYY-MM-DD: the weekly expiry priced'),
          premium: z.number().describe('Black-Scholes price per unit at the given NIFTY and VIX, points'),
          delta: z
            .number()
            .describe('Per unit, for a bought leg (the side is applied in the payoff, not here)'),
          gamma: z.number(),
          theta: z.number().describe('Points per calendar day'),
          vega: z.number().describe('Points per 1 point of volatility'),
        }),
      )
      .describe('The option legs around the given NIFTY level'),
    payoff: z
      .array(
        z.object({
          spot: z.number(),
          atExpiry: z.number().describe('Rupees per lot at expiry, after costs'),
          today: z.number().describe('Rupees per lot now (Black-Scholes at today’s VIX), after costs'),
        }),
      )
      .describe('Profit and loss across NIFTY levels (at least 20 points)'),
    breakevens: z.array(z.number()).describe('NIFTY levels where the at-expiry profit crosses 0'),
  })
  .meta({ id: 'StrategyAnswer' });
export type StrategyResponse = z.infer<typeof strategyResponseSchema>;

export const getStrategy = defineCall({
  method: 'POST',
  path: '/api/strategy',
  operationId: 'getStrategy',
  summary:
    "An option strategy from the event kind's historical NIFTY move against the move India VIX prices, and the RSI trend",
  tag: 'options',
  access: 'public',
  body: strategyRequestSchema,
  status: 200,
  response: strategyResponseSchema,
  errors: [400, 503],
});

// ---------- Pattern ----------

export const patternRequestSchema = z
  .object({
    event: z.enum(patternEventValues as [string, ...string[]], { error: eventKindError(patternEventValues) }),
    nifty: niftyField,
    rsi: rsiField,
    vix: vixField,
    oiChange: oiChangeField.optional().describe('1.4 when absent'),
  })
  .strict();

export const patternResponseSchema = z
  .object({
    pattern: z.string(),
    signal: z.enum(['BUY CALL', 'BUY PUT', 'BUY STRADDLE', 'HOLD']),
    confidence,
    reason,
    evidence: evidenceSchema,
    asOf: z.string().describe('The NIFTY 50 session the pattern was found on'),
  })
  .meta({ id: 'PatternAnswer' });
export type PatternResponse = z.infer<typeof patternResponseSchema>;

export const detectPattern = defineCall({
  method: 'POST',
  path: '/api/pattern-detect',
  operationId: 'detectPattern',
  summary:
    'Candlestick and chart patterns on the latest NIFTY 50 sessions, combined with the inputs and the event, with their follow-through rate on history',
  tag: 'options',
  access: 'public',
  body: patternRequestSchema,
  status: 200,
  response: patternResponseSchema,
  errors: [400, 503],
});
