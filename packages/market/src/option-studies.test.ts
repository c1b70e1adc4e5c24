import { describe, expect, it } from 'vitest';
import { NIFTY_CONTRACT_RULES } from './nifty-contracts.ts';
import {
  allStrategyTrades,
  backtestSignals,
  chooseStrategy,
  earningsSeasonDates,
  eventMoveStats,
  eventReactionSessions,
  followedThrough,
  impliedSessionMove,
  patternAnswer,
  patternHistory,
  patternsAt,
  prepareStudyData,
  rsiZone,
  type StudyData,
  signalAnswer,
  signalHistory,
  signalRule,
  strategyLegs,
  strategyPaid,
  strategyProfit,
  vixPercentileNow,
  vixRegime,
  wingWidth,
} from './option-studies.ts';
import { evidenceOf } from './trade-evidence.ts';

/** A study from rows of [date, open, high, low, close, vix, rsi] (RSI given, not computed). */
function study(rows: [string, number, number, number, number, number, number][]): StudyData {
  return {
    dates: rows.map((r) => r[0]),
    open: Float64Array.from(rows.map((r) => r[1])),
    high: Float64Array.from(rows.map((r) => r[2])),
    low: Float64Array.from(rows.map((r) => r[3])),
    close: Float64Array.from(rows.map((r) => r[4])),
    vix: Float64Array.from(rows.map((r) => r[5])),
    // A normal-regime percentile on every session unless a test sets it.
    vixPct: Float64Array.from(rows.map(() => 50)),
    rsi: Float64Array.from(rows.map((r) => r[6])),
  };
}
/** Flat-bodied bars from closes (open = close, high/low ±1), with VIX and RSI per session. */
const fromCloses = (closes: number[], vix: number[], rsi: number[]) =>
  study(
    closes.map((c, i) => [
      `2024-01-${String(i + 1).padStart(2, '0')}`,
      c,
      c + 1,
      c - 1,
      c,
      vix[i] ?? 14,
      rsi[i] ?? Number.NaN,
    ]),
  );

describe('signal rule', () => {
  it('puts RSI and VIX into zones and regimes at the documented edges', () => {
    expect([29.99, 30, 44.99, 45, 55, 55.01, 70, 70.01].map(rsiZone)).toEqual([
      'oversold',
      'bearish',
      'bearish',
      'neutral',
      'neutral',
      'bullish',
      'bullish',
      'overbought',
    ]);
    // Regimes on the VIX percentile of the year before: below 20 low, from 80 high.
    expect([19.9, 20, 79.9, 80, Number.NaN].map(vixRegime)).toEqual([
      'low',
      'normal',
      'normal',
      'high',
      'normal',
    ]);
  });

  it('reads each session’s VIX percentile from the sessions before it only (walk-forward)', () => {
    // 20 sessions at VIX 10, then 12, then 9: 12 is above all 20 before it (100th); 9 is below all 21 (0th).
    const vix = [...Array.from({ length: 20 }, () => 10), 12, 9];
    const bars = vix.map((_, i) => ({
      date: `2024-05-${String(i + 1).padStart(2, '0')}`,
      open: 100,
      high: 101,
      low: 99,
      close: 100,
    }));
    const data = prepareStudyData(
      bars,
      bars.map((b, i) => ({ date: b.date, open: vix[i]!, high: vix[i]!, low: vix[i]!, close: vix[i]! })),
    );
    expect(Number.isNaN(data.vixPct[19]!)).toBe(true); // fewer than 20 closes before it
    expect(data.vixPct[20]).toBe(100);
    expect(data.vixPct[21]).toBe(0);
    expect(vixRegime(data.vixPct[21]!)).toBe('low');
    // A later close does not move an earlier percentile.
    const changed = prepareStudyData(
      bars,
      bars.map((b, i) => ({ date: b.date, open: 1, high: 1, low: 1, close: i === 21 ? 50 : vix[i]! })),
    );
    expect(changed.vixPct[20]).toBe(100);
    // Today's reading against the last 252 stored closes (here all 22): 10 is at or above 21 of 22.
    expect(vixPercentileNow(data, 10)).toBe(95.5);
  });

  it('fires the rules of the methods document', () => {
    const at = (rsi: number, vixPercentile: number, oiChange?: number) =>
      signalRule({ rsi, vix: 15, vixPercentile, oiChange });
    expect(at(25, 90).signal).toBe('BUY CALL');
    expect(at(75, 10).signal).toBe('BUY PUT');
    expect(at(60, 50).signal).toBe('BUY CALL');
    expect(at(40, 50).signal).toBe('BUY PUT');
    expect(at(60, 85).signal).toBe('HOLD');
    expect(at(50, 50).signal).toBe('HOLD');
    expect(at(60, 50, -5.01)).toMatchObject({ signal: 'HOLD', bucketSignal: 'BUY CALL' });
    expect(at(60, 50, -5).signal).toBe('BUY CALL');
  });

  it('counts each bucket and its hits on the next session', () => {
    // Sessions 0, 1, 2 are bullish|normal; the next moves are +1 %, −0.2 %, +2 %; session 3 has no RSI.
    const data = fromCloses([100, 101, 100.798, 102.81396, 103], [14, 14, 14, 14], [60, 60, 60]);
    const history = signalHistory(data);
    expect(history.buckets.get('bullish|normal')).toMatchObject({
      days: 3,
      hits: { 'BUY CALL': 2, 'BUY PUT': 1, HOLD: 1 },
    });
    expect(history.from).toBe('2024-01-01');
    expect(history.to).toBe('2024-01-03');
    const answer = signalAnswer(history, { nifty: 100, rsi: 65, vix: 15, vixPercentile: 50, oiChange: 0 });
    // 2 up days of 3: 66.7 %, but 3 cases are not evidence: HOLD, with the measured rate as confidence.
    // Profits, points per unit after 0.05 %: +1 − 0.05, −0.202 − 0.0505, +2.01596 − 0.050399.
    expect(answer).toMatchObject({ signal: 'HOLD', confidence: 66.7 });
    expect(answer.evidence).toEqual({
      n: 3,
      hitRate: 66.7,
      interval: [20.8, 93.9],
      baseRate: 66.7,
      meanProfit: Math.round(((0.95 - 0.2525 + 1.965561) / 3) * 100) / 100,
      worst: -0.25,
    });
    expect(answer.reason).toContain('followed by an up day 66.7% of 3 times');
    expect(answer.reason).toContain(
      'Refused: the rule says BUY CALL, but only 3 past cases (at least 30 needed)',
    );
    const none = signalAnswer(history, { nifty: 100, rsi: 80, vix: 25, vixPercentile: 90, oiChange: 0 });
    expect(none.confidence).toBe(0);
    expect(none.reason).toContain('has no session with RSI overbought and VIX high');
  });

  it('gives the trade when 30 or more cases beat the base rate with a positive mean', () => {
    // 62 sessions alternate RSI 60 (bullish) and 50 (neutral); after each bullish one NIFTY rises 1 %,
    // after each neutral one it falls 0.5 %: 31 BUY CALL cases, all right.
    const closes: number[] = [100];
    const rsi: number[] = [];
    for (let i = 0; i < 62; i++) {
      rsi.push(i % 2 === 0 ? 60 : 50);
      closes.push(closes[i]! * (i % 2 === 0 ? 1.01 : 0.995));
    }
    const data = fromCloses(closes, [], rsi);
    const history = signalHistory(data);
    const answer = signalAnswer(history, { nifty: 100, rsi: 60, vix: 14, vixPercentile: 50, oiChange: 0 });
    // 31 of 31 up days against 31 of 62 for every session (50 %): interval [89, 100] clears it.
    expect(answer.evidence).toMatchObject({ n: 31, hitRate: 100, baseRate: 50 });
    expect(answer.evidence.interval[0]).toBe(89);
    expect(answer.signal).toBe('BUY CALL');
    expect(answer.confidence).toBe(100);
  });
});

describe('backtest', () => {
  // 0: BUY CALL, +1 % → 0.95; 1: BUY PUT (RSI 75), 101 → 100 is −0.990099 % → 0.940099; 2: HOLD;
  // 3: BUY CALL, 102 → 99 is −2.941176 % → −2.991176; 4 has no next session.
  const data = fromCloses([100, 101, 100, 102, 99], [14, 14, 14, 14, 14], [60, 75, 50, 60, 60]);

  it('trades each signal day against the next close, less the cost, and compounds', () => {
    const result = backtestSignals(data, 0);
    expect(result.trades.map((t) => [t.date, t.signal, t.simulated_return])).toEqual([
      ['2024-01-01', 'BUY CALL', 0.95],
      ['2024-01-02', 'BUY PUT', 0.94],
      ['2024-01-04', 'BUY CALL', -2.99],
    ]);
    expect(result.win_rate).toBe(66.7);
    expect(result.avg_return).toBe(Math.round(((0.95 + 0.940099 - 2.991176) / 3) * 1000) / 1000);
    const equity = 1.0095 * 1.00940099 * (1 - 0.02991176);
    expect(result.total_return).toBeCloseTo((equity - 1) * 100, 2);
    expect(result.max_drawdown).toBe(2.99);
    expect(result).toMatchObject({ trade_count: 3, days: 4, from: '2024-01-01', to: '2024-01-04' });
  });

  it('replays only the last `days` sessions that have a next one', () => {
    const result = backtestSignals(data, 2);
    expect(result).toMatchObject({ days: 2, from: '2024-01-03', to: '2024-01-04', trade_count: 1 });
    expect(backtestSignals(fromCloses([100], [14], [60]), 0)).toMatchObject({
      trade_count: 0,
      win_rate: 0,
      avg_return: 0,
      total_return: 0,
      from: undefined,
    });
  });
});

describe('events', () => {
  it('dates earnings seasons on the 10th of January, April, July and October', () => {
    expect(earningsSeasonDates('2024-03-01', '2024-12-31')).toEqual([
      '2024-04-10',
      '2024-07-10',
      '2024-10-10',
    ]);
  });

  it('takes the first session on or after an event, and after it for the US Fed', () => {
    const data = fromCloses([100, 102, 101, 103], [14, 15, 16, 17], []);
    const sessions = eventReactionSessions(data, [
      { date: '2024-01-02', kind: 'rbi' },
      { date: '2024-01-02', kind: 'usfed' },
      { date: '2024-01-09', kind: 'budget' },
      { date: '2023-12-01', kind: 'rbi' },
    ]);
    expect(sessions).toEqual([1, 2]);
    const stats = eventMoveStats(data, sessions);
    expect(stats.averageMove).toBeCloseTo((2 + (1 / 102) * 100) / 2, 10);
    expect(stats).toMatchObject({ count: 2, first: '2024-01-02', last: '2024-01-03' });
  });
});

describe('strategy', () => {
  it('prices the implied one-session move and the wings', () => {
    expect(impliedSessionMove(Math.sqrt(252))).toBeCloseTo(Math.sqrt(2 / Math.PI), 12);
    // 25000 × 0.14 × √(7/365) = 484.7 points: 500 in strike steps of 50.
    expect(wingWidth(25000, 14)).toBe(500);
    expect(wingWidth(100, 1)).toBe(50);
    expect(strategyLegs('Iron Condor', 25010, 500).map((l) => `${l.quantity}${l.kind}${l.strike}`)).toEqual([
      '-1call25500',
      '-1put24500',
      '1call26000',
      '1put24000',
    ]);
  });

  it('chooses by the ratio of the event move to the priced move, then by the RSI trend', () => {
    const implied = impliedSessionMove(15);
    const at = (ratio: number, rsi = 50, vix = 15) =>
      chooseStrategy({
        rsi,
        vix,
        regime: vix >= 20 ? 'high' : 'normal',
        averageMove: ratio * impliedSessionMove(vix),
        count: 5,
      }).strategy;
    expect(at(1.3)).toBe('Long Straddle');
    expect(at(0.7)).toBe('Short Strangle');
    expect(at(0.7, 50, 22)).toBe('Iron Condor');
    expect(at(1, 60)).toBe('Bull Call Spread');
    expect(at(1, 40)).toBe('Bear Put Spread');
    expect(at(1, 50)).toBe('No Trade');
    expect(chooseStrategy({ rsi: 50, vix: 15, regime: 'normal', averageMove: 0, count: 0 }).strategy).toBe(
      'No Trade',
    );
    expect(implied).toBeGreaterThan(0);
  });

  it('prices no trade on sessions before the lot-size table (2014) instead of failing', () => {
    const data = study([
      ['2013-12-31', 6300, 6301, 6299, 6300, 15, 50],
      ['2014-01-01', 6300, 6301, 6299, 6300, 15, 50],
      ['2014-01-02', 6300, 6361, 6299, 6360, 15, 50],
    ]);
    const trades = allStrategyTrades(data).get('Long Straddle')!;
    expect(Number.isNaN(trades.rupees[1]!)).toBe(true); // opened 2013-12-31
    expect(Number.isFinite(trades.rupees[2]!)).toBe(true); // opened 2014-01-01, lot 50
    // With a table starting in 2014-01-02 (the operator's rules), the 2014-01-01 trade has no lot either.
    const later = {
      ...NIFTY_CONTRACT_RULES,
      lotSizes: [
        { from: '2014-01-02', basis: 'traded' as const, lotSize: 100, source: 'an imagined circular' },
      ],
    };
    expect(Number.isNaN(allStrategyTrades(data, later).get('Long Straddle')!.rupees[2]!)).toBe(true);
    // Twice the lot: more rupees won or lost (the flat brokerage stays one per order).
    const doubled = {
      ...NIFTY_CONTRACT_RULES,
      lotSizes: [
        { from: '2014-01-01', basis: 'traded' as const, lotSize: 100, source: 'an imagined circular' },
      ],
    };
    const twice = allStrategyTrades(data, doubled).get('Long Straddle')!;
    expect(Math.abs(twice.rupees[2]!)).toBeGreaterThan(1.5 * Math.abs(trades.rupees[2]!));
  });

  it('values a straddle over one session: it loses time value when NIFTY stands still, gains on a big move', () => {
    const still = fromCloses([25000, 25000], [14, 14], []);
    const jump = fromCloses([25000, 25750], [14, 14], []);
    expect(strategyProfit(still, 1, 'Long Straddle')).toBeLessThan(0);
    expect(strategyProfit(still, 1, 'Short Strangle')).toBeGreaterThan(0);
    expect(strategyProfit(jump, 1, 'Long Straddle')).toBeGreaterThan(0);
    expect(strategyProfit(jump, 1, 'Bull Call Spread')).toBeGreaterThan(0);
    expect(strategyProfit(jump, 1, 'Bear Put Spread')).toBeLessThan(0);
    expect(strategyPaid(jump, [1], 'Long Straddle')).toEqual({ paid: 1, count: 1 });
    // 3 % moved against about 0.7 % priced by VIX 14: No Trade was wrong.
    expect(strategyPaid(jump, [1], 'No Trade')).toEqual({ paid: 0, count: 1 });
    expect(strategyPaid(still, [1], 'No Trade')).toEqual({ paid: 1, count: 1 });
  });
});

describe('patterns', () => {
  /** 20 quiet sessions at 100 (range 99-101), then the given bars. */
  const withBase = (bars: [number, number, number, number][]) =>
    study([
      ...Array.from(
        { length: 20 },
        (_, i) => [`2024-02-${String(i + 1).padStart(2, '0')}`, 100, 101, 99, 100, 14, 50] as const,
      ).map((r) => [...r] as [string, number, number, number, number, number, number]),
      ...bars.map(
        ([o, h, l, c], i) =>
          [`2024-03-${String(i + 1).padStart(2, '0')}`, o, h, l, c, 14, 50] as [
            string,
            number,
            number,
            number,
            number,
            number,
            number,
          ],
      ),
    ]);

  it('finds engulfing bars, dojis, inside bars and 20-day breakouts', () => {
    const engulfing = withBase([
      [100.5, 100.8, 99.6, 99.8],
      [99.7, 100.9, 99.5, 100.7],
    ]);
    expect(patternsAt(engulfing, 21)).toEqual(['Bullish Engulfing']);
    const doji = withBase([[100, 100.6, 99.4, 100.05]]);
    expect(patternsAt(doji, 20)).toEqual(['Doji', 'Inside Bar']);
    const breakout = withBase([[100, 103, 99.9, 102.5]]);
    expect(patternsAt(breakout, 20)).toEqual(['20-day Breakout']);
    const breakdown = withBase([[100, 100.1, 97, 97.5]]);
    expect(patternsAt(breakdown, 20)).toEqual(['20-day Breakdown']);
    expect(patternsAt(breakout, 19)).toEqual([]);
  });

  it('judges follow-through three sessions later and counts it over history', () => {
    const data = withBase([
      [100, 103, 99.9, 102.5],
      [102.5, 103.5, 102, 103],
      [103, 104, 102.5, 103.5],
      [103.5, 104.5, 103, 103.8],
    ]);
    expect(followedThrough(data, 20, 'bullish')).toBe(true);
    expect(followedThrough(data, 20, 'bearish')).toBe(false);
    expect(followedThrough(data, 20, 'neutral')).toBe(true);
    const history = patternHistory(data);
    expect(history.stats.get('20-day Breakout')).toMatchObject({ seen: 1, followed: 1 });
    const answer = patternAnswer(data, history, {
      rsi: 50,
      vix: 14,
      oiChange: -6,
      eventLabel: 'RBI policy',
      eventStats: eventMoveStats(data, []),
      straddleEvidence: evidenceOf([], 0),
    });
    // The last session makes a higher high and a higher low for the second session running; that pattern
    // has no earlier session with three after it, so no record.
    expect(answer.pattern).toBe('Higher Highs and Higher Lows');
    expect(answer.confidence).toBe(0);
    expect(answer.evidence.n).toBe(0);
    expect(answer.reason).toContain('no earlier occurrence');
    expect(answer.signal).toBe('HOLD');
    expect(answer.reason).toContain('unwinding');
    expect(answer.reason).toContain('no past RBI policy event in the data');
  });

  it('joins NIFTY and VIX bars on date and computes RSI(14)', () => {
    const bars = Array.from({ length: 16 }, (_, i) => ({
      date: `2024-04-${String(i + 1).padStart(2, '0')}`,
      open: 100 + i,
      high: 101 + i,
      low: 99 + i,
      close: 100 + i,
    }));
    const data = prepareStudyData(bars, [{ date: '2024-04-02', open: 1, high: 1, low: 1, close: 15 }]);
    expect(data.vix[1]).toBe(15);
    expect(Number.isNaN(data.vix[0]!)).toBe(true);
    expect(Number.isNaN(data.rsi[13]!)).toBe(true);
    expect(data.rsi[14]).toBe(100);
  });
});
