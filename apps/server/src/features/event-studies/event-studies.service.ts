import type { FedAlert, ImpactHeatmapRow, StraddleResult } from '@hurryup/contracts/event-studies';
import {
  type EventStudyKind,
  eventStudyKinds,
  fedAlertWindowDays,
} from '@hurryup/contracts/event-study-rules';
import {
  addDays,
  type CloseSeries,
  closeSeriesOf,
  fedSuggestion,
  heatmapRow,
  IMPACT_TIERS,
  impactTier,
  LOWEST_IMPACT,
  medianAbsMove,
  ordinaryAbsMove,
  ordinarySessions,
  type ReactionStats,
  reactionSession,
  reactionStats,
  straddleTrials,
  summariseStraddles,
} from '@hurryup/market/event-studies';
import {
  INDIA_VIX,
  type MarketData,
  type MarketDataReadModel,
  type MarketEvent,
  NIFTY_50,
  type StoredBar,
} from '@hurryup/market/market-data';
import { indiaDate } from '@hurryup/market/market-hours';
import type { NiftyContractRules } from '@hurryup/market/nifty-contracts';
import type { FastifyBaseLogger } from 'fastify';
import type { WhatsAppSender } from '../../adapters/whatsapp-cloud.ts';
import { HttpError } from '../../shared/http-error.ts';
import type { Limit } from '../../shared/limits.ts';
import type { EventStudiesRepository } from './event-studies.repository.ts';

/** The heatmap's rows, in this order: the two benchmarks, then the sector indices. */
export const heatmapSymbols = [
  NIFTY_50,
  'NIFTY BANK',
  'NIFTY IT',
  'NIFTY PHARMA',
  'NIFTY AUTO',
  'NIFTY FMCG',
  'NIFTY METAL',
  'NIFTY REALTY',
  'NIFTY PSU BANK',
  'NIFTY ENERGY',
  'NIFTY FIN SERVICE',
  'NIFTY MEDIA',
  'NIFTY INFRA',
  'NIFTY MNC',
] as const;
const symbols = [...heatmapSymbols, INDIA_VIX];
const eventKinds = [...eventStudyKinds, 'holiday'];

/** Days ahead the volatility calendar lists. */
export const calendarDays = 365;
/** Computed answers kept per data revision (straddle requests differ by their four numbers). */
const maxCachedAnswers = 500;

/**
 * An event's title as visitors read it: the calendar's notes for its keepers ("(scheduled date; outcome not
 * recorded here)") are left out.
 */
export function publicEventTitle(title: string): string {
  return title.replace(/\s*\(scheduled date;[^)]*\)/gi, '').trim();
}

interface StudyData {
  sessions: string[];
  closes: ReadonlyMap<string, CloseSeries>;
  nifty: CloseSeries;
  vix: CloseSeries;
  holidays: Set<string>;
  /** The stored contract rules (lot sizes, expiry weekdays) of the revision. */
  rules: NiftyContractRules;
  events: MarketEvent[];
  usualAbsMove: number;
  /** Mean |move| of NIFTY 50 on sessions that react to no event (the calendar's impact ratio). */
  ordinaryMove: number;
  /** Reaction-session indices of every stored event. */
  eventSessions: number[];
  answers: Map<string, unknown>;
  notLoaded(what: string): Error;
}

export interface WhatsAppDelivery {
  sender: WhatsAppSender;
  recipient: string;
  /** Site-wide cap on send attempts (a failed send frees its event for another try). */
  limit: Limit;
}

export interface EventStudiesOptions {
  /** The market data read model (the market feature's bars and events): studied once per revision. */
  data: MarketDataReadModel;
  /** The WhatsApp send claims (the feature's own table). */
  repository: EventStudiesRepository;
  now: () => Date;
  whatsapp?: WhatsAppDelivery | undefined;
  log: FastifyBaseLogger;
}

const kindWords: Record<string, string> = {
  rbi: 'RBI policy decisions',
  usfed: 'US Fed decisions',
  budget: 'Union Budget days',
  election: 'election results',
};

/** Weekdays between the first and last session that have no session: NSE holidays of the stored period. */
function missingWeekdays(sessions: readonly string[]): Set<string> {
  const result = new Set<string>();
  if (sessions.length === 0) return result;
  const have = new Set(sessions);
  const last = sessions.at(-1) as string;
  for (let day = sessions[0] as string; day <= last; day = addDays(day, 1)) {
    const weekday = new Date(`${day}T00:00:00Z`).getUTCDay();
    if (weekday !== 0 && weekday !== 6 && !have.has(day)) result.add(day);
  }
  return result;
}

export function createEventStudiesService({
  data: marketData,
  repository,
  now,
  whatsapp,
  log,
}: EventStudiesOptions) {
  async function load(market: MarketData): Promise<StudyData> {
    // Read for these series only: the sector indices' bars (of no other use) are not kept with the revision.
    const bySymbol = new Map<string, readonly StoredBar[]>();
    for (const symbol of symbols) {
      const bars = await market.barsOnce(symbol);
      if (bars.length > 0) bySymbol.set(symbol, bars);
    }
    const closes = closeSeriesOf(bySymbol);
    const nifty = closes.get(NIFTY_50);
    if (!nifty || nifty.size === 0) throw market.notLoaded('NIFTY 50 daily bars');
    const sessions = [...nifty.keys()];
    const events = (await market.events()).filter((e) => eventKinds.includes(e.kind));
    const holidays = missingWeekdays(sessions);
    for (const event of events)
      if (event.kind === 'holiday' && event.impact === 'closed') holidays.add(event.date);
    for (const event of events)
      if (event.kind === 'holiday' && event.impact === 'muhurat') holidays.add(event.date);
    const studied = events.filter((e) => e.kind !== 'holiday');
    const eventSessions = studied.map((e) => reactionSession(sessions, e)).filter((e) => e > 0);
    return {
      sessions,
      closes,
      nifty,
      vix: closes.get(INDIA_VIX) ?? new Map<string, number>(),
      holidays,
      rules: await market.contractRules(),
      events: studied,
      usualAbsMove: medianAbsMove(sessions, nifty),
      ordinaryMove: ordinaryAbsMove(sessions, nifty, new Set(eventSessions)),
      eventSessions,
      answers: new Map(),
      notLoaded: (what) => market.notLoaded(what),
    };
  }

  /** The stored series of the current data revision: read once, kept with the revision (market-data.ts). */
  async function data(): Promise<StudyData> {
    const market = await marketData.current();
    return market.derive('event-studies', () => load(market));
  }

  function remember<T>(study: StudyData, key: string, compute: () => T): T {
    if (study.answers.has(key)) return study.answers.get(key) as T;
    const value = compute();
    if (study.answers.size >= maxCachedAnswers) study.answers.clear();
    study.answers.set(key, value);
    return value;
  }

  /** Past events of a kind (before `today`) and their reaction-session indices. */
  function reactions(study: StudyData, kind: string, before?: string, scheduledOnly = false) {
    const indices: number[] = [];
    for (const event of study.events) {
      if (event.kind !== kind || (before && event.date >= before)) continue;
      if (scheduledOnly && !event.scheduled) continue;
      const e = reactionSession(study.sessions, event);
      if (e > 0) indices.push(e);
    }
    return indices;
  }

  function statsOf(study: StudyData, kind: string, before: string, scheduledOnly = false): ReactionStats {
    return remember(study, `stats ${kind} ${before} ${scheduledOnly}`, () =>
      reactionStats(
        study.sessions,
        study.nifty,
        study.vix,
        reactions(study, kind, before, scheduledOnly),
        study.usualAbsMove,
      ),
    );
  }

  function heatmap(study: StudyData, kind: EventStudyKind | undefined): ImpactHeatmapRow[] {
    const kinds: readonly string[] = kind ? [kind] : eventStudyKinds;
    const measured = study.events
      .filter((event) => kinds.includes(event.kind))
      .map((event) => ({ event, e: reactionSession(study.sessions, event) }))
      .filter(({ e }) => e > 0);
    const indices = measured.map(({ e }) => e);
    const unscheduled = new Set(measured.filter(({ event }) => !event.scheduled).map(({ e }) => e));
    const unscheduledDates = measured.filter(({ event }) => !event.scheduled).map(({ event }) => event.date);
    const what = kind ? kindWords[kind] : 'RBI, US Fed, Budget and election events';
    const first = measured[0]?.event.date;
    const last = measured.at(-1)?.event.date;
    const rows: ImpactHeatmapRow[] = [];
    for (const symbol of heatmapSymbols) {
      const closes = study.closes.get(symbol);
      if (!closes || closes.size === 0) continue;
      const benchmark = symbol === NIFTY_50 ? undefined : study.nifty;
      const row = heatmapRow(study.sessions, closes, indices, {
        unscheduled,
        ...(benchmark ? { benchmark } : {}),
      });
      const against =
        symbol === NIFTY_50
          ? `NIFTY 50's unconditional mean move over the same window (every stored session)`
          : `NIFTY 50: the row's move less NIFTY 50's over the same window, against that excess's unconditional mean`;
      const left =
        unscheduledDates.length > 0
          ? ` The -3d column leaves out the ${unscheduledDates.length} unscheduled action${unscheduledDates.length === 1 ? '' : 's'} (${unscheduledDates.join(', ')}): no one knew they were coming.`
          : '';
      rows.push({
        sector: symbol,
        ...row,
        reason:
          row.events === 0
            ? `No ${what} fall within the stored ${symbol} closes.`
            : `Average % change of ${symbol} over ${row.events} ${what} from ${first} to ${last}: -3d is the three sessions before the event, 0d the event session (the next India session for US Fed decisions), +3d/+5d/+10d the sessions after, each from the last close before the event.${left} Significance: Student's t of the abnormal return against ${against}; a cell is significant when |t| passes the two-sided 5 % level.`,
      });
    }
    return rows;
  }

  return {
    async heatmap(kind?: EventStudyKind): Promise<ImpactHeatmapRow[]> {
      const study = await data();
      return remember(study, `heatmap ${kind ?? 'all'}`, () => heatmap(study, kind));
    },

    async straddle(request: {
      startYear: number;
      endYear: number;
      entryDays: number;
      gap: number;
    }): Promise<StraddleResult> {
      const study = await data();
      const firstYear = Number(study.sessions[0]?.slice(0, 4));
      const lastYear = Number(study.sessions.at(-1)?.slice(0, 4));
      const fields: Record<string, string> = {};
      const range = `between ${firstYear} and ${lastYear} (the years of the stored NIFTY 50 data)`;
      if (request.startYear < firstYear || request.startYear > lastYear)
        fields.startYear = `startYear must be ${range}.`;
      if (request.endYear < firstYear || request.endYear > lastYear)
        fields.endYear = `endYear must be ${range}.`;
      if (Object.keys(fields).length > 0)
        throw new HttpError(400, 'VALIDATION_FAILED', Object.values(fields)[0] as string, fields);
      const { startYear, endYear, entryDays, gap } = request;
      return remember(study, `straddle ${startYear} ${endYear} ${entryDays} ${gap}`, () => {
        const inYears = (date: string) =>
          Number(date.slice(0, 4)) >= startYear && Number(date.slice(0, 4)) <= endYear;
        const events = study.events
          .filter((e) => e.kind === 'rbi' && inYears(e.date))
          .map((e) => ({ date: e.date, scheduled: e.scheduled }));
        const market = {
          sessions: study.sessions,
          nifty: study.nifty,
          vix: study.vix,
          holidays: study.holidays,
          rules: study.rules,
        };
        const { trials: details, skipped } = straddleTrials({ ...market, events, entryDays, gap });
        const summary = summariseStraddles(details);
        const ordinary = ordinarySessions(
          study.sessions,
          study.eventSessions,
          entryDays,
          `${startYear}-01-01`,
          `${endYear}-12-31`,
        ).map((date) => ({ date, scheduled: true }));
        const baselineTrials = straddleTrials({ ...market, events: ordinary, entryDays, gap }).trials;
        const base = summariseStraddles(baselineTrials);
        const structure = gap === 0 ? ('straddle' as const) : ('strangle' as const);
        const legs =
          gap === 0
            ? 'a straddle: an at-the-money call and put at one strike'
            : `a strangle, not a straddle: a call ${gap} points above and a put ${gap} points below spot`;
        const unscheduled = skipped.filter((t) => t.reason.startsWith('unscheduled')).map((t) => t.date);
        const costs = details.length > 0 ? details.reduce((sum, t) => sum + t.costs, 0) / details.length : 0;
        return {
          ...summary,
          costs: Math.round(costs * 100) / 100,
          structure,
          details,
          skipped: { count: skipped.length, trials: skipped },
          baseline:
            base.trials === 0
              ? null
              : {
                  trials: base.trials,
                  averageReturn: base.averageReturn,
                  medianReturn: base.medianReturn,
                  winRate: base.winRate,
                  totalProfit: base.totalProfit,
                },
          reason:
            `${summary.trials} of ${events.length} RBI policy dates in ${startYear}–${endYear} (${skipped.length} skipped): bought ${legs} ` +
            `(nearest 50-point strikes of the first contract expiring on or after the event that was listed on the entry day; weeklies from 2019-02-11) ` +
            `at the close ${entryDays} session${entryDays === 1 ? '' : 's'} before, sold both at the event day's close; Black-Scholes with India VIX as the volatility and 6.5% a year as the rate, ` +
            `one lot of that contract, after brokerage, STT, exchange and SEBI fees, GST and stamp duty. ` +
            (unscheduled.length > 0
              ? `Left out as unscheduled (no one could buy before them): ${unscheduled.join(', ')}. `
              : '') +
            `A trial with a leg below the ₹0.05 tick is skipped. Baseline: the same trade on ${base.trials} ordinary sessions of those years with no RBI, Fed, Budget or election session between entry and exit.`,
        };
      });
    },

    async fedAlert(premium: boolean): Promise<FedAlert> {
      const study = await data();
      const today = indiaDate(now());
      const horizon = addDays(today, fedAlertWindowDays);
      const next = study.events.find((e) => e.kind === 'usfed' && e.date >= today);
      if (!next)
        return {
          status: 'no_alert',
          reason: `No US Fed decision is in the stored calendar on or after ${today} (India date); the operator adds future dates.`,
        };
      if (next.date > horizon)
        return {
          status: 'no_alert',
          reason: `No US Fed decision in the next ${fedAlertWindowDays} days (${today} to ${horizon}, India time); the next is on ${next.date}.`,
        };
      // Scheduled decisions only: an emergency cut (2020-03-03, 2020-03-15) is not what an alert before a
      // scheduled meeting can expect, and no one could be positioned for it.
      const stats = statsOf(study, 'usfed', today, true);
      if (stats.samples === 0) throw study.notLoaded('NIFTY 50 closes around past US Fed decisions');
      const suggestion = fedSuggestion(stats);
      const event = `US Fed decision on ${next.date} (${publicEventTitle(next.title)})`;
      const left = study.events.filter((e) => e.kind === 'usfed' && !e.scheduled && e.date < today);
      const leftOut =
        left.length > 0
          ? ` Left out: the ${left.length} unscheduled action${left.length === 1 ? '' : 's'} (${left.map((e) => e.date).join(', ')}).`
          : '';
      const reasoning =
        `In the India session after ${stats.samples} past scheduled US Fed decisions, NIFTY 50 moved ${stats.averageAbsMove}% on average either way ` +
        `(a usual day: ${Math.round(study.usualAbsMove * 100) / 100}%), closed down ${stats.downShare}% of the time, ` +
        `beat the usual move ${stats.biggerThanUsualShare}% of the time, and India VIX changed ${stats.averageVixChange >= 0 ? '+' : ''}${stats.averageVixChange} points on average.${leftOut} Rule: ${suggestion.rule}.`;
      const alert = {
        status: 'alert' as const,
        event,
        date: next.date,
        confidence: suggestion.confidence,
        suggested_action: suggestion.action,
        reasoning,
        sent: false,
      };
      if (premium && whatsapp) alert.sent = await send(whatsapp, `usfed ${next.date}`, alert);
      return alert;
    },

    async calendar() {
      const study = await data();
      const today = indiaDate(now());
      const until = addDays(today, calendarDays);
      return study.events
        .filter((e) => e.date >= today && e.date <= until && e.kind !== 'holiday')
        .map((event) => {
          const stats = statsOf(study, event.kind, today, true);
          const ordinary = study.ordinaryMove;
          const ratio =
            stats.samples > 0 && ordinary > 0
              ? Math.round((stats.averageAbsMove / ordinary) * 100) / 100
              : null;
          const impact = ratio === null ? LOWEST_IMPACT : impactTier(ratio);
          const words = kindWords[event.kind] ?? `${event.kind} events`;
          const tiers = IMPACT_TIERS.map((t) => `${t.impact} from ${t.minRatio}`).join(', ');
          return {
            date: event.date,
            event: publicEventTitle(event.title),
            kind: event.kind,
            impact,
            impactRatio: ratio,
            reason:
              ratio === null
                ? `No past scheduled ${words} with NIFTY 50 closes: ${LOWEST_IMPACT}.`
                : `NIFTY 50 moved ${stats.averageAbsMove}% on average either way in the session of ${stats.samples} past scheduled ${words}, against ${Math.round(ordinary * 100) / 100}% on an ordinary session (no event): ${ratio} times (${tiers}, else ${LOWEST_IMPACT}).`,
          };
        });
    },
  };

  /** The alert's one WhatsApp message per event: claimed in the database, capped site-wide. */
  async function send(
    delivery: WhatsAppDelivery,
    eventKey: string,
    alert: { event: string; confidence: number; suggested_action: string; reasoning: string },
  ): Promise<boolean> {
    const at = now().toISOString();
    if (!(await repository.claimSend(eventKey, at))) return false;
    const attempt = await delivery.limit.take('site');
    if (!attempt.allowed) {
      await repository.releaseSend(eventKey);
      log.warn({ eventKey }, 'Fed alert: WhatsApp send attempts are at their limit; not sent');
      return false;
    }
    try {
      const id = await delivery.sender.sendText(
        delivery.recipient,
        `Fed Day Alert: ${alert.event}\nAction: ${alert.suggested_action}\nConfidence: ${alert.confidence}%\n${alert.reasoning}\nNot investment advice.`,
      );
      await repository.markSent(eventKey, id, now().toISOString());
      return true;
    } catch (error) {
      await repository.releaseSend(eventKey);
      log.warn({ eventKey, error: (error as Error).message }, 'Fed alert: the WhatsApp send failed');
      return false;
    }
  }
}

export type EventStudiesService = ReturnType<typeof createEventStudiesService>;
