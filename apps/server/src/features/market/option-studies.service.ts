import type {
  BacktestResponse,
  PatternResponse,
  SignalResponse,
  StrategyResponse,
} from '@hurryup/contracts/option-studies';
import {
  allSessions,
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
  percentOf,
  prepareStudyData,
  type SignalHistory,
  type StrategyName,
  type StudyData,
  signalAnswer,
  signalHistory,
  strategyLegs,
  strategyPaid,
  wingWidth,
} from '@hurryup/market/option-studies';
import { notLoaded } from './market.service.ts';
import { INDIA_VIX, NIFTY_50 } from './market-instruments.ts';
import type { OptionStudiesRepository } from './option-studies.repository.ts';

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
  revision: number;
  data: StudyData;
  signals: SignalHistory;
  patterns: PatternHistory;
  events: Map<string, EventMoveStats>;
  paid: Map<string, { paid: number; count: number }>;
  backtests: Map<number, BacktestResponse>;
};

export interface OptionStudiesOptions {
  repository: OptionStudiesRepository;
  /** The data revision of the market bars and events: the studies are computed again when it moves. */
  revision: () => Promise<number>;
}

/**
 * The options assistants (docs/trading-methods.md): signal, backtest, strategy and pattern answers from
 * the stored NIFTY 50 and India VIX bars and the event calendar, computed once per data revision.
 */
export function createOptionStudies({ repository, revision }: OptionStudiesOptions) {
  let cached: Studies | undefined;
  let loading: Promise<Studies> | undefined;

  async function build(rev: number): Promise<Studies> {
    const [nifty, vix, stored] = await Promise.all([
      repository.allBars(NIFTY_50),
      repository.allBars(INDIA_VIX),
      repository.eventsOf(['rbi', 'budget', 'usfed']),
    ]);
    if (nifty.length < minimumSessions)
      throw notLoaded(`NIFTY 50 prices for ${minimumSessions} sessions (the studies need them)`);
    if (vix.length === 0) throw notLoaded('India VIX prices');
    const data = prepareStudyData(nifty, vix);
    const events = new Map<string, EventMoveStats>();
    events.set('', eventMoveStats(data, allSessions(data)));
    for (const kind of ['rbi', 'budget', 'usfed'] as const)
      events.set(
        kind,
        eventMoveStats(
          data,
          eventReactionSessions(
            data,
            stored.filter((e) => e.kind === kind),
          ),
        ),
      );
    const seasons = earningsSeasonDates(data.dates[0]!, data.dates.at(-1)!).map((date) => ({
      date,
      kind: 'results',
    }));
    events.set('results', eventMoveStats(data, eventReactionSessions(data, seasons)));
    return {
      revision: rev,
      data,
      signals: signalHistory(data),
      patterns: patternHistory(data),
      events,
      paid: new Map(),
      backtests: new Map(),
    };
  }

  async function studies(): Promise<Studies> {
    const rev = await revision();
    if (cached?.revision === rev) return cached;
    // Concurrent callers share one computation.
    loading ??= build(rev).finally(() => {
      loading = undefined;
    });
    const built = await loading;
    if (built.revision === rev) cached = built;
    return built;
  }

  const kindOf = (event: StudyKind) => (event === 'fed' ? 'usfed' : event);

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
      return { ...signalAnswer(s.signals, input), asOf: s.data.dates.at(-1)! };
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
      const choice = chooseStrategy({
        rsi: input.rsi,
        vix: input.vix,
        averageMove: stats.averageMove,
        count: stats.count,
      });
      const key = `${kind}|${choice.strategy}`;
      let paid = s.paid.get(key);
      if (!paid) {
        paid = strategyPaid(s.data, stats.sessions, choice.strategy);
        s.paid.set(key, paid);
      }
      const confidence = percentOf(paid.paid, paid.count);
      const label = kindLabels[kind];
      const sample =
        stats.count > 0
          ? `${label}${kind === '' ? '' : ' events'} ${stats.first} to ${stats.last} (${stats.count}): ${choice.strategy} ${choice.strategy === 'No Trade' ? 'was right (the move stayed inside what VIX priced)' : 'would have paid over the reaction session'} ${confidence}% of the time`
          : `no past ${label} event in the stored data, so there is no record to count`;
      return {
        strategy: choice.strategy,
        confidence,
        reason: `${choice.strategy}: ${label} ${choice.rule}. ${sample}.`,
        legs: legsFor(choice.strategy, input.nifty, input.vix),
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
      });
      return { ...answer, asOf: s.data.dates.at(-1)! };
    },
  };
}
export type OptionStudies = ReturnType<typeof createOptionStudies>;

function legsFor(strategy: StrategyName, nifty: number, vix: number) {
  return strategyLegs(strategy, nifty, wingWidth(nifty, vix));
}
