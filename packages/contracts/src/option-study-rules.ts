/* What the options assistants' pages need at first render, free of zod (decision 0019). */
import type { NumberFieldRule } from './number-field-rules.ts';

/** tools-and-trading.md section 9: the signal view's values when the indicators call fails. */
export const signalDefaults = { nifty: 25120, rsi: 70.34, vix: 14.86, oiChange: 1.4 } as const;

/** tools-and-trading.md section 3: the pattern screen's OI change when the indicators give none. */
export const patternDefaultOiChange = 1.4;

/** The Strategy Recommender's Event select: (None) = empty, then the event kinds; default rbi. */
export const strategyEventOptions = [
  { value: '', label: '(None)' },
  { value: 'rbi', label: 'RBI Policy' },
  { value: 'budget', label: 'Budget Day' },
  { value: 'usfed', label: 'US Fed Decision' },
  { value: 'results', label: 'Earnings Season' },
] as const;
export type StrategyEvent = (typeof strategyEventOptions)[number]['value'];
export const strategyEventValues = strategyEventOptions.map((o) => o.value) as StrategyEvent[];

/** The Pattern Detector's Event select: rbi, budget, fed (US Fed) and results (Earnings); default rbi. */
export const patternEventOptions = [
  { value: 'rbi', label: 'RBI Policy' },
  { value: 'budget', label: 'Budget' },
  { value: 'fed', label: 'US Fed' },
  { value: 'results', label: 'Earnings' },
] as const;
export type PatternEvent = (typeof patternEventOptions)[number]['value'];
export const patternEventValues = patternEventOptions.map((o) => o.value) as PatternEvent[];

export const defaultStudyEvent = 'rbi';

/** The backtest page's horizon (section 9: "backtest horizon 0 days"): 0 replays all history to today. */
export const backtestDefaultDays = 0;

/** What the Strategy Recommender shows when its request fails (section 4). */
export const strategyFailure = {
  strategy: 'Error',
  confidence: 0,
  reason: 'Failed to fetch strategy',
} as const;

/** The page that explains every method, and the anchors of this team's sections on it. */
export const tradingMethodsPath = '/trading-methods';
export const methodAnchors = {
  signal: 'signal',
  backtest: 'backtest',
  strategy: 'strategy',
  patterns: 'patterns',
} as const;

/**
 * The options assistants' number fields (the server's ranges in packages/contracts/src/option-studies.ts):
 * how a message names each, an example, and its range. A field the visitor cleared or filled with letters is
 * never sent; the screen says which one, in these words.
 */
export const studyFieldRules = {
  nifty: { name: 'NIFTY', example: '24500', min: 0, max: 1_000_000, exclusive: true },
  rsi: { name: 'RSI', example: '56.1', min: 0, max: 100 },
  vix: { name: 'India VIX', example: '14.5', min: 0, max: 200 },
  oiChange: { name: 'OI change %', example: '1.4', min: -1000, max: 1000 },
} as const satisfies Record<string, NumberFieldRule>;
export type StudyField = keyof typeof studyFieldRules;

/** Words for a refused field that is not a number field. */
export const studyOtherFieldMessages: Record<string, string> = {
  event: 'Choose an event from the list.',
  days: 'The backtest horizon could not be used.',
};
