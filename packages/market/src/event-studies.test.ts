import { describe, expect, it } from 'vitest';
import {
  addDays,
  closeSeriesOf,
  eventMoves,
  fedSuggestion,
  firstSessionOnOrAfter,
  heatmapRow,
  impactTier,
  medianAbsMove,
  ordinaryAbsMove,
  ordinarySessions,
  reactionSession,
  reactionStats,
  straddleTrials,
  summariseStraddles,
} from './event-studies.ts';
import { NIFTY_CONTRACT_RULES } from './nifty-contracts.ts';
import { optionPrice, volatilityFromVix } from './option-pricing.ts';

// Twelve sessions (weekdays of June 2025) with closes 100, 101, ... 111.
const sessions = [
  '2025-06-02',
  '2025-06-03',
  '2025-06-04',
  '2025-06-05',
  '2025-06-06',
  '2025-06-09',
  '2025-06-10',
  '2025-06-11',
  '2025-06-12',
  '2025-06-13',
  '2025-06-16',
  '2025-06-17',
  '2025-06-18',
  '2025-06-19',
  '2025-06-20',
];
const linear = new Map(sessions.map((d, i) => [d, 100 + i]));

describe('sessions around an event', () => {
  it('finds the first session on or after a date', () => {
    expect(firstSessionOnOrAfter(sessions, '2025-06-07')).toBe(5);
    expect(firstSessionOnOrAfter(sessions, '2025-06-02')).toBe(0);
    expect(firstSessionOnOrAfter(sessions, '2025-07-01')).toBe(-1);
    expect(addDays('2025-02-28', 1)).toBe('2025-03-01');
  });

  it('moves a US Fed decision to the next India session, and Indian events to their own day', () => {
    // Wednesday 2025-06-11 in Washington: NSE reacts on Thursday the 12th.
    expect(reactionSession(sessions, { date: '2025-06-11', kind: 'usfed' })).toBe(8);
    expect(reactionSession(sessions, { date: '2025-06-11', kind: 'rbi' })).toBe(7);
    // A Saturday event counts on Monday; one long after the data counts nowhere.
    expect(reactionSession(sessions, { date: '2025-06-07', kind: 'budget' })).toBe(5);
    expect(reactionSession(sessions, { date: '2025-07-01', kind: 'rbi' })).toBe(-1);
  });

  it('measures each column from the last close before the event', () => {
    // Event session index 5 (close 105), base index 4 (close 104).
    const moves = eventMoves(sessions, linear, 5);
    expect(moves['-3d']).toBeCloseTo((104 / 101 - 1) * 100, 10);
    expect(moves['0d']).toBeCloseTo((105 / 104 - 1) * 100, 10);
    expect(moves['+3d']).toBeCloseTo((108 / 104 - 1) * 100, 10);
    expect(moves['+5d']).toBeCloseTo((110 / 104 - 1) * 100, 10);
    expect(moves['+10d']).toBeUndefined(); // index 15 is past the data
  });

  it('averages a row over events and leaves empty columns null', () => {
    // Events at 5 and 6; the series lacks 2025-06-10 (index 6), so event 6 has no 0d value.
    const gappy = new Map(linear);
    gappy.delete('2025-06-10');
    const row = heatmapRow(sessions, gappy, [5, 6]);
    expect(row.events).toBe(2);
    expect(row['0d']).toBe(Math.round((105 / 104 - 1) * 10000) / 100); // event 5 only: 0.96
    expect(row['0d']).toBe(0.96);
    // +3d: (108/104 − 1) and (109/105 − 1) → 3.846 % and 3.810 % → 3.83.
    expect(row['+3d']).toBe(3.83);
    expect(row['+10d']).toBeNull();
    expect(heatmapRow(sessions, gappy, [])).toMatchObject({ events: 0, '0d': null });
  });

  it('tests each column against the unconditional mean of the same window', () => {
    // Daily moves +10 %, −10 %, +10 %, −10 %, +10 %: the unconditional 0d mean is +2 %. Events at 1, 2, 3
    // moved +10, −10, +10: mean 3.333, s = 11.547, t = (3.333 − 2) / (11.547 / √3) = 0.2.
    const six = sessions.slice(0, 6);
    const zigzag = new Map(six.map((d, i) => [d, 100 * (i % 2 ? 1.1 : 1) * 0.99 ** Math.floor(i / 2)]));
    const row = heatmapRow(six, zigzag, [1, 2, 3]);
    expect(row['0d']).toBe(3.33);
    expect(row.significance['0d']).toEqual({ n: 3, t: 0.2 });
    expect(row.significant['0d']).toBe(false); // |t| below 4.303 (2 degrees of freedom)
    // Against a benchmark that moved the same, the excess is 0 every day: t 0.
    expect(heatmapRow(six, zigzag, [1, 2, 3], { benchmark: zigzag }).significance['0d']).toEqual({
      n: 3,
      t: 0,
    });
  });

  it('leaves unscheduled events out of the −3d column', () => {
    const row = heatmapRow(sessions, linear, [5, 8], { unscheduled: new Set([5]) });
    expect(row['-3d']).toBe(Math.round((107 / 104 - 1) * 10000) / 100); // event 8 only
    expect(row.significance['-3d'].n).toBe(1);
    expect(row.significance['0d'].n).toBe(2);
  });
});

describe('the straddle', () => {
  const vix = new Map(sessions.map((d) => [d, 20]));
  const base = { sessions, nifty: linear, vix, holidays: new Set<string>(), entryDays: 3, gap: 0 };
  const scheduled = (...dates: string[]) => dates.map((date) => ({ date, scheduled: true }));

  it('buys at the close entryDays sessions before and sells at the event close, priced by Black-Scholes, after costs', () => {
    const nifty = new Map(sessions.map((d, i) => [d, 24000 + i * 100]));
    const { trials, skipped } = straddleTrials({
      ...base,
      nifty,
      events: scheduled('2025-06-11', '2025-06-14'),
    });
    expect(skipped).toEqual([{ date: '2025-06-14', reason: 'not a NIFTY 50 session in the stored data' }]);
    const [trial] = trials;
    expect(trial).toMatchObject({
      date: '2025-06-11',
      entryDate: '2025-06-06',
      expiry: '2025-06-12', // the weekly Thursday expiry, listed about 2025-05-08
      callStrike: 24400,
      putStrike: 24400,
      lotSize: 75,
    });
    const sigma = volatilityFromVix(20);
    const leg = (kind: 'call' | 'put', spot: number, days: number) =>
      optionPrice({ kind, spot, strike: 24400, years: days / 365, volatility: sigma });
    const [c0, p0, c1, p1] = [
      leg('call', 24400, 6),
      leg('put', 24400, 6),
      leg('call', 24700, 1),
      leg('put', 24700, 1),
    ];
    // Costs of June 2025, per order of 75 units: ₹20 brokerage, 0.03503 % exchange, 0.0001 % SEBI, 18 % GST
    // on those three; 0.003 % stamp on buys, 0.1 % STT on sells.
    const cost = (price: number, sell: boolean) => {
      const t = price * 75;
      return (
        20 +
        t * 0.0003503 +
        t * 0.000001 +
        (20 + t * 0.0003503 + t * 0.000001) * 0.18 +
        (sell ? t * 0.001 : t * 0.00003)
      );
    };
    const costs = cost(c0, false) + cost(p0, false) + cost(c1, true) + cost(p1, true);
    const profit = (c1 + p1 - c0 - p0) * 75 - costs;
    expect(trial!.premium).toBeCloseTo(c0 + p0, 2);
    expect(trial!.exitValue).toBeCloseTo(c1 + p1, 2);
    expect(trial!.costs).toBeCloseTo(costs, 2);
    expect(trial!.profit).toBeCloseTo(profit, 2);
    expect(trial!.returnPercent).toBeCloseTo((profit / ((c0 + p0) * 75)) * 100, 2);
  });

  it('spreads the strikes by the gap and skips events without enough sessions before', () => {
    const nifty = new Map(sessions.map((d) => [d, 24010]));
    const { trials, skipped } = straddleTrials({
      ...base,
      nifty,
      gap: 200,
      events: scheduled('2025-06-03', '2025-06-13'),
    });
    expect(trials.map((t) => t.date)).toEqual(['2025-06-13']);
    expect(skipped).toEqual([{ date: '2025-06-03', reason: 'fewer than 3 stored sessions before it' }]);
    expect(trials[0]).toMatchObject({ callStrike: 24200, putStrike: 23800 });
    // Nothing moved but time passed: the long options lost value.
    expect(trials[0]!.returnPercent).toBeLessThan(0);
  });

  it('never enters an unscheduled event before it happened', () => {
    const nifty = new Map(sessions.map((d) => [d, 24010]));
    const { trials, skipped } = straddleTrials({
      ...base,
      nifty,
      events: [{ date: '2025-06-13', scheduled: false }],
    });
    expect(trials).toEqual([]);
    expect(skipped[0]!.reason).toMatch(/^unscheduled/);
  });

  it('skips a trial entered before the lot-size table (2014) instead of failing', () => {
    const old = ['2013-12-27', '2013-12-30', '2013-12-31', '2014-01-01', '2014-01-02'];
    const flat = new Map(old.map((d) => [d, 6300]));
    const { trials, skipped } = straddleTrials({
      ...base,
      sessions: old,
      nifty: flat,
      vix: new Map(old.map((d) => [d, 15])),
      events: scheduled('2014-01-01', '2014-01-02'),
      entryDays: 1,
    });
    expect(skipped).toEqual([
      { date: '2014-01-01', reason: 'entered before 2014-01-01, where the lot-size table starts' },
    ]);
    expect(trials.map((t) => [t.date, t.lotSize])).toEqual([['2014-01-02', 50]]);
  });

  it('takes the lot from the contract rules given (a new lot row changes the trial)', () => {
    const rules = {
      ...NIFTY_CONTRACT_RULES,
      lotSizes: [
        ...NIFTY_CONTRACT_RULES.lotSizes,
        { from: '2025-06-01', basis: 'traded' as const, lotSize: 70, source: 'an imagined circular' },
      ],
    };
    const nifty = new Map(sessions.map((d) => [d, 24010]));
    const input = { ...base, nifty, events: scheduled('2025-06-13') };
    expect(straddleTrials(input).trials[0]!.lotSize).toBe(75);
    expect(straddleTrials({ ...input, rules }).trials[0]!.lotSize).toBe(70);
  });

  it('skips a trial with a leg below the ₹0.05 tick', () => {
    // Spot 24010, VIX 1: a put 2000 points out of the money with a week to go is worth far less than 0.05.
    const nifty = new Map(sessions.map((d) => [d, 24010]));
    const calm = new Map(sessions.map((d) => [d, 1]));
    const sigma = volatilityFromVix(1);
    expect(
      optionPrice({ kind: 'put', spot: 24010, strike: 22000, years: 6 / 365, volatility: sigma }),
    ).toBeLessThan(0.05);
    const { trials, skipped } = straddleTrials({
      ...base,
      nifty,
      vix: calm,
      gap: 2000,
      events: scheduled('2025-06-11'),
    });
    expect(trials).toEqual([]);
    expect(skipped[0]!.reason).toMatch(/below the ₹0.05 tick/);
  });

  it('summarises the trials: median, percentiles, total, Wilson interval', () => {
    const make = (returnPercent: number, profit: number) =>
      ({ returnPercent, profit }) as Parameters<typeof summariseStraddles>[0][number];
    expect(summariseStraddles([make(10, 500), make(-20, -1000), make(40, 2000)])).toEqual({
      trials: 3,
      averageReturn: 10,
      medianReturn: 10,
      // Type 7: p10 at rank 0.2 between −20 and 10 → −14; p25 at 0.5 → −5; p75 at 1.5 → 25; p90 at 1.8 → 34.
      percentiles: { p10: -14, p25: -5, p75: 25, p90: 34 },
      winRate: 66.7,
      // Wilson 2 of 3: centre (2/3 + 1.9208/3) / (1 + 3.8415/3) = 0.5731, half 0.3654 → 20.8 %, 93.9 %.
      winRateInterval: [20.8, 93.9],
      totalProfit: 1500,
      maxProfit: 2000,
      maxLoss: -1000,
      distribution: [10, -20, 40],
    });
    expect(summariseStraddles([])).toMatchObject({
      trials: 0,
      medianReturn: 0,
      totalProfit: 0,
      distribution: [],
    });
  });

  it('takes ordinary sessions with no event between entry and exit', () => {
    // Events on sessions 5 and 9; windows of 2 sessions before: a session i is ordinary when i−2…i holds none.
    // Indices 2, 3, 4, 8, 12, 13, 14; 5–7 and 9–11 have an event within their window.
    expect(ordinarySessions(sessions, [5, 9], 2, '2025-06-01', '2025-06-30')).toEqual([
      '2025-06-04',
      '2025-06-05',
      '2025-06-06',
      '2025-06-12',
      '2025-06-18',
      '2025-06-19',
      '2025-06-20',
    ]);
    expect(ordinarySessions(sessions, [5, 9], 2, '2025-06-10', '2025-06-18')).toEqual([
      '2025-06-12',
      '2025-06-18',
    ]);
  });
});

describe('reactions', () => {
  // Closes 100, 102, 99, 99, 101: moves +2 %, −2.94 %, 0 %, +2.02 %.
  const days = sessions.slice(0, 5);
  const nifty = new Map(days.map((d, i) => [d, [100, 102, 99, 99, 101][i]!]));
  const vix = new Map(days.map((d, i) => [d, [15, 14, 16, 16, 15][i]!]));

  it('takes the median absolute daily move', () => {
    // |moves| sorted: 0, 2, 2.0202, 2.9412 → (2 + 2.0202) / 2.
    expect(medianAbsMove(days, nifty)).toBeCloseTo((2 + (101 / 99 - 1) * 100) / 2, 10);
  });

  it('counts down days, the average absolute move and the VIX change after events', () => {
    const stats = reactionStats(days, nifty, vix, [1, 2], 2.01);
    expect(stats).toEqual({
      samples: 2,
      averageAbsMove: Math.round(((2 + (1 - 99 / 102) * 100) / 2) * 100) / 100,
      downShare: 50,
      averageVixChange: 0.5, // (−1 + 2) / 2
      biggerThanUsualShare: 50, // 2.94 > 2.01, 2 is not
    });
  });

  it('maps the impact ratio (the kind’s move ÷ an ordinary session’s) to a tier', () => {
    expect(impactTier(2.5)).toBe('Extreme');
    expect(impactTier(2)).toBe('Extreme');
    expect(impactTier(1.6)).toBe('Very High');
    expect(impactTier(1.2)).toBe('High');
    // RBI days moved 0.73–0.77 % against an ordinary 0.69 %: a ratio near 1.1 is Moderate, not High.
    expect(impactTier(0.75 / 0.69)).toBe('Moderate');
  });

  it('measures an ordinary session without the event sessions', () => {
    // Moves +2 %, −2.94 %, 0 %, +2.02 %; session 2 (−2.94 %) is an event: (2 + 0 + 2.0202) / 3.
    expect(ordinaryAbsMove(days, nifty, new Set([2]))).toBeCloseTo((2 + 0 + (101 / 99 - 1) * 100) / 3, 10);
  });

  it('suggests a direction, a straddle or no edge by the documented thresholds', () => {
    const stats = { samples: 10, averageAbsMove: 1, averageVixChange: 0 };
    expect(fedSuggestion({ ...stats, downShare: 70, biggerThanUsualShare: 20 })).toMatchObject({
      confidence: 70,
    });
    expect(fedSuggestion({ ...stats, downShare: 30, biggerThanUsualShare: 20 }).action).toMatch(/^Bullish/);
    expect(fedSuggestion({ ...stats, downShare: 50, biggerThanUsualShare: 60 })).toMatchObject({
      action: expect.stringMatching(/^Long straddle/),
      confidence: 60,
    });
    expect(fedSuggestion({ ...stats, downShare: 50, biggerThanUsualShare: 40 })).toMatchObject({
      action: expect.stringMatching(/^No edge/),
      confidence: 60,
    });
  });
});

describe('closeSeriesOf', () => {
  it('keeps each symbol its closes over one index of every date, with no close where it has none', () => {
    const series = closeSeriesOf(
      new Map([
        [
          'NIFTY 50',
          [
            { date: '2025-01-01', close: 100 },
            { date: '2025-01-02', close: 101.5 },
            { date: '2025-01-03', close: 99.25 },
          ],
        ],
        ['NIFTY IT', [{ date: '2025-01-02', close: 40 }]],
      ]),
    );
    const nifty = series.get('NIFTY 50')!;
    const it = series.get('NIFTY IT')!;
    expect([nifty.get('2025-01-01'), nifty.get('2025-01-02'), nifty.get('2025-01-03')]).toEqual([
      100, 101.5, 99.25,
    ]);
    expect(nifty.size).toBe(3);
    expect([...nifty.keys()]).toEqual(['2025-01-01', '2025-01-02', '2025-01-03']);
    // A date another symbol traded, and a date nobody did: no close.
    expect(it.get('2025-01-01')).toBeUndefined();
    expect(it.get('2024-12-31')).toBeUndefined();
    expect(it.get('2025-01-02')).toBe(40);
    expect(it.size).toBe(1);
    expect([...it.keys()]).toEqual(['2025-01-02']);
  });
});
