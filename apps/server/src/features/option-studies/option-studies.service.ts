import type {
  BacktestResponse,
  PatternResponse,
  SignalResponse,
  StrategyResponse,
} from '@hurryup/contracts/option-studies';
import { addDays } from '@hurryup/market/event-studies';
import { INDIA_VIX, type MarketData, type MarketDataReadModel, NIFTY_50 } from '@hurryup/market/market-data';
import {
  firstLotDate,
  type NiftyContractRules,
  niftyContractFor,
  niftyContractLot,
  niftyExpiryOnOrAfter,
} from '@hurryup/market/nifty-contracts';
import {
  allSessions,
  allStrategyTrades,
  BACKTEST_COST_PERCENT,
  backtestSignals,
  chooseStrategy,
  type EventMoveStats,
  earningsSeasonDates,
  eventMoveStats,
  eventReactionSessions,
  type PatternHistory,
  patternAnswer,
  patternHistory,
  prepareStudyData,
  SHORT_PREMIUM,
  type SignalHistory,
  type StrategyName,
  type StrategyStudy,
  type StrategyTrades,
  type StudyData,
  signalAnswer,
  signalHistory,
  strategyBaseRates,
  strategyLegs,
  strategyStudy,
  TRADED_STRATEGIES,
  vixPercentileNow,
  vixRegime,
  wingWidth,
} from '@hurryup/market/option-studies';
import { pricePosition } from '@hurryup/market/strategy-position';
import { type Evidence, evidenceOf, refusalOf } from '@hurryup/market/trade-evidence';

/** Sessions a study needs at least: RSI(14) and the 20-day patterns need 21, the follow-through 3 more. */
const minimumSessions = 25;

/** The event kinds of the studies: '' is "no event" (every session), fed is the pattern page's usfed. */
export type StudyKind = '' | 'rbi' | 'budget' | 'usfed' | 'results' | 'fed';

const kindLabels: Record<Exclude<StudyKind, 'fed'>, string> = {
  '': 'NIFTY 50 sessions (no event)',
  rbi: 'RBI policy',
  budget: 'Union Budget',
  usfed: 'US Fed decision',
  results: 'Earnings season',
};

type Studies = {
  data: StudyData;
  /** The stored contract rules (lot sizes, expiry weekdays) of the revision. */
  rules: NiftyContractRules;
  signals: SignalHistory;
  patterns: PatternHistory;
  events: Map<string, EventMoveStats>;
  /** Walk-forward strategy records per event kind, computed on first use. */
  strategies: Map<string, StrategyStudy>;
  /** Each strategy's paid share on ordinary sessions (no event): the base rate. */
  baseRates: Map<StrategyName, number> | undefined;
  /** Sessions that react to no event. */
  ordinary: number[];
  /** Every session's trade of each strategy, computed on first use. */
  trades: StrategyTrades | undefined;
  backtests: Map<number, BacktestResponse>;
};

export interface OptionStudiesOptions {
  /** The market data read model: the studies are computed once per revision of its data, and kept with it. */
  data: MarketDataReadModel;
}

/**
 * The options assistants (docs/trading-methods.md): signal, backtest, strategy and pattern answers from
 * the stored NIFTY 50 and India VIX bars and the event calendar, computed once per data revision.
 */
const studiedKinds = new Set(['rbi', 'budget', 'usfed', 'election']);

export function createOptionStudies({ data: marketData }: OptionStudiesOptions) {
  async function build(market: MarketData): Promise<Studies> {
    const [nifty, vix, calendar, rules] = await Promise.all([
      market.bars(NIFTY_50),
      market.bars(INDIA_VIX),
      market.events(),
      market.contractRules(),
    ]);
    const stored = calendar.filter((e) => studiedKinds.has(e.kind));
    if (nifty.length < minimumSessions)
      throw market.notLoaded(`NIFTY 50 prices for ${minimumSessions} sessions (the studies need them)`);
    if (vix.length === 0) throw market.notLoaded('India VIX prices');
    const data = prepareStudyData(nifty, vix);
    const events = new Map<string, EventMoveStats>();
    events.set('', eventMoveStats(data, allSessions(data)));
    // Unscheduled actions could not be positioned for: they are left out of every event sample.
    const scheduled = stored.filter((e) => e.scheduled);
    for (const kind of ['rbi', 'budget', 'usfed'] as const)
      events.set(
        kind,
        eventMoveStats(
          data,
          eventReactionSessions(
            data,
            scheduled.filter((e) => e.kind === kind),
          ),
        ),
      );
    const seasons = earningsSeasonDates(data.dates[0]!, data.dates.at(-1)!).map((date) => ({
      date,
      kind: 'results',
    }));
    events.set('results', eventMoveStats(data, eventReactionSessions(data, seasons)));
    const eventful = new Set(eventReactionSessions(data, [...stored, ...seasons]));
    return {
      data,
      rules,
      signals: signalHistory(data),
      patterns: patternHistory(data),
      events,
      strategies: new Map(),
      baseRates: undefined,
      ordinary: allSessions(data).filter((r) => !eventful.has(r)),
      trades: undefined,
      backtests: new Map(),
    };
  }

  /** The studies of the current data revision: built once (concurrent callers share it), kept with it. */
  async function studies(): Promise<Studies> {
    const market = await marketData.current();
    return market.derive('option-studies', () => build(market));
  }

  const kindOf = (event: StudyKind) => (event === 'fed' ? 'usfed' : event);

  function strategyRecord(s: Studies, kind: Exclude<StudyKind, 'fed'>): StrategyStudy {
    let study = s.strategies.get(kind);
    if (!study) {
      s.trades ??= allStrategyTrades(s.data, s.rules);
      study = strategyStudy(s.data, s.events.get(kind)!.sessions, s.trades);
      s.strategies.set(kind, study);
    }
    return study;
  }

  function baseRates(s: Studies): Map<StrategyName, number> {
    s.trades ??= allStrategyTrades(s.data, s.rules);
    s.baseRates ??= strategyBaseRates(s.data, s.ordinary, s.trades);
    return s.baseRates;
  }

  /** The long straddle's record on a kind in NIFTY points per unit (the pattern page's BUY STRADDLE). */
  function straddleEvidence(s: Studies, kind: Exclude<StudyKind, 'fed'>): Evidence {
    return evidenceOf(
      strategyRecord(s, kind).allPoints.get('Long Straddle')!,
      baseRates(s).get('Long Straddle')!,
    );
  }

  function vixPercentileOf(s: Studies): number | null {
    const latest = s.data.vix.findLast((v) => Number.isFinite(v));
    if (latest === undefined) return null;
    const value = vixPercentileNow(s.data, latest);
    return Number.isFinite(value) ? value : null;
  }

  return {
    /** Computes the studies of the current data ahead of the first call (and for the benchmark). */
    warm: () => studies().then(() => undefined),

    async signal(input: {
      nifty: number;
      rsi: number;
      vix: number;
      oiChange: number;
    }): Promise<SignalResponse> {
      const s = await studies();
      const vixPercentile = vixPercentileNow(s.data, input.vix);
      return {
        ...signalAnswer(s.signals, { ...input, vixPercentile }),
        vixPercentile: vixPercentileOf(s),
        asOf: s.data.dates.at(-1)!,
      };
    },

    async backtest(days: number): Promise<BacktestResponse> {
      const s = await studies();
      const found = s.backtests.get(days);
      if (found) return found;
      const result = backtestSignals(s.data, days);
      const answer: BacktestResponse = {
        ...result,
        cost: BACKTEST_COST_PERCENT,
        from: result.from ?? null,
        to: result.to ?? null,
      };
      // A handful of horizons are asked for; keep the last few.
      if (s.backtests.size >= 32) s.backtests.delete(s.backtests.keys().next().value!);
      s.backtests.set(days, answer);
      return answer;
    },

    async strategy(input: {
      nifty: number;
      rsi: number;
      vix: number;
      event: StudyKind;
    }): Promise<StrategyResponse> {
      const s = await studies();
      const kind = kindOf(input.event);
      const stats = s.events.get(kind)!;
      const percentile = vixPercentileNow(s.data, input.vix);
      const choice = chooseStrategy({
        rsi: input.rsi,
        vix: input.vix,
        regime: vixRegime(percentile),
        averageMove: stats.averageMove,
        count: stats.count,
      });
      const record = strategyRecord(s, kind);
      const rates = baseRates(s);
      const label = kindLabels[kind];
      const where = kind === '' ? 'sessions' : `${label} events`;
      const evidenceFor = (name: StrategyName, chosenOnly: boolean) =>
        evidenceOf((chosenOnly ? record.chosen : record.all).get(name)!, rates.get(name)!);
      let strategy: StrategyName = choice.strategy;
      let payoffStrategy: StrategyName;
      let evidence: Evidence;
      let verdict: string;
      if (choice.strategy !== 'No Trade') {
        payoffStrategy = choice.strategy;
        evidence = evidenceFor(choice.strategy, true);
        const why = refusalOf(evidence, 'rupees per lot');
        verdict =
          `When this rule chose ${choice.strategy} before past ${where} (${stats.first ?? 'none'} to ${stats.last ?? 'none'}, each judged with only the data before it), it paid after costs ${evidence.hitRate}% of ${evidence.n} times ` +
          `(95% interval ${evidence.interval[0]}–${evidence.interval[1]}%; ${evidence.baseRate}% on ordinary sessions), mean ₹${evidence.meanProfit} a lot, worst ₹${evidence.worst}.`;
        if (why) {
          strategy = 'No Trade';
          verdict += ` Refused: ${why}. No Trade; the legs and payoff shown are those of the rejected ${choice.strategy}.`;
        }
      } else {
        // The rule itself found no edge: show the candidate with the best record on this sample, rejected.
        const best = [...TRADED_STRATEGIES].sort(
          (a, b) => evidenceFor(b, false).meanProfit - evidenceFor(a, false).meanProfit,
        )[0]!;
        payoffStrategy = best;
        evidence = evidenceFor(best, false);
        verdict = `The best candidate on past ${where}, ${best}, paid after costs ${evidence.hitRate}% of ${evidence.n} times (${evidence.baseRate}% on ordinary sessions), mean ₹${evidence.meanProfit} a lot, worst ₹${evidence.worst}: not recommended.`;
      }
      if (SHORT_PREMIUM.has(payoffStrategy) && !verdict.includes('worst'))
        verdict += ` Worst loss ₹${evidence.worst} a lot.`;
      const position = positionFor(s, payoffStrategy, input.nifty, input.vix);
      return {
        strategy,
        confidence: evidence.hitRate,
        reason: `${strategy}: ${label} ${choice.rule}. ${verdict}`,
        evidence,
        vixPercentile: vixPercentileOf(s),
        payoffStrategy,
        payoffStatus: strategy === 'No Trade' ? 'rejected' : 'recommended',
        ...position,
      };
    },

    async pattern(input: {
      event: StudyKind;
      nifty: number;
      rsi: number;
      vix: number;
      oiChange: number;
    }): Promise<PatternResponse> {
      const s = await studies();
      const kind = kindOf(input.event);
      const answer = patternAnswer(s.data, s.patterns, {
        rsi: input.rsi,
        vix: input.vix,
        oiChange: input.oiChange,
        eventLabel: kindLabels[kind],
        eventStats: s.events.get(kind)!,
        straddleEvidence: straddleEvidence(s, kind),
      });
      return { ...answer, asOf: s.data.dates.at(-1)! };
    },
  };
}
export type OptionStudies = ReturnType<typeof createOptionStudies>;

/**
 * The legs of `strategy` around the given NIFTY level, priced for the first weekly contract after the last
 * stored session (one lot of that contract), with the payoff and breakevens.
 */
function positionFor(s: Studies, strategy: StrategyName, nifty: number, vix: number) {
  const asOf = s.data.dates.at(-1)!;
  const holidays = new Set<string>();
  const expiry = niftyExpiryOnOrAfter(addDays(asOf, 1), holidays, 'weekly', s.rules);
  // Data ending before the lot table (2014) is priced at the table's first lot.
  const lot =
    asOf < firstLotDate(s.rules)
      ? s.rules.lotSizes[0]!.lotSize
      : niftyContractLot(niftyContractFor(asOf, addDays(asOf, 1), holidays, s.rules), asOf, s.rules);
  const days = Math.round((Date.parse(expiry) - Date.parse(asOf)) / 86_400_000);
  return pricePosition({
    legs: strategyLegs(strategy, nifty, wingWidth(nifty, vix)),
    spot: nifty,
    vix,
    date: asOf,
    expiry,
    days,
    lot,
  });
}
