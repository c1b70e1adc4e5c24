import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { DailyBar } from '@hurryup/market/bars';
import { NIFTY_CONTRACT_RULES } from '@hurryup/market/nifty-contracts';
import {
  backtestSignals,
  patternHistory,
  patternsAt,
  prepareStudyData,
  signalAnswer,
  signalHistory,
  vixPercentileNow,
} from '@hurryup/market/option-studies';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';
import { revisionKeyed } from '../../shared/revision-keyed.ts';
import { createOptionStudies } from './option-studies.service.ts';

/**
 * 400 weekdays to 2025-06-27: NIFTY swings along a sine (about 94 sessions a cycle) with a daily wobble, so
 * RSI visits every zone; VIX moves between 10 and 24 on a slower cycle; the last session breaks out.
 */
function writeStudyFolder(): string {
  const folder = fs.mkdtempSync(path.join(os.tmpdir(), 'hurryup-options-'));
  const dates: string[] = [];
  const day = new Date('2025-06-27T00:00:00Z');
  while (dates.length < 400) {
    if (day.getUTCDay() !== 0 && day.getUTCDay() !== 6) dates.unshift(day.toISOString().slice(0, 10));
    day.setUTCDate(day.getUTCDate() - 1);
  }
  const nifty = dates.map((date, i) => {
    const close = 22000 * (1 + 0.12 * Math.sin(i / 15)) + (i % 3 === 0 ? 90 : i % 3 === 1 ? -60 : 0);
    const open = close - 40 * Math.cos(i / 2);
    return [date, open, Math.max(open, close) + 35, Math.min(open, close) - 35, close];
  });
  const last = nifty.at(-1)!;
  nifty[nifty.length - 1] = [last[0]!, 24800, 25600, 24790, 25500];
  const vix = dates.map((date, i) => {
    const close = 17 + 7 * Math.sin(i / 40);
    return [date, close, close + 0.5, close - 0.5, close];
  });
  const csv = (rows: (string | number)[][]) =>
    `date,open,high,low,close\n${rows.map((r) => r.map((v) => (typeof v === 'number' ? v.toFixed(2) : v)).join(',')).join('\n')}\n`;
  fs.writeFileSync(path.join(folder, 'nifty50.csv'), csv(nifty));
  fs.writeFileSync(path.join(folder, 'indiavix.csv'), csv(vix));
  return folder;
}
const marketFolder = writeStudyFolder();
// Events inside the test folder's range (2024-07 to 2025-06-27): two RBI days, a Fed day and a Budget.
const eventsFolder = fs.mkdtempSync(path.join(os.tmpdir(), 'hurryup-events-'));
fs.writeFileSync(
  path.join(eventsFolder, 'rbi_mpc.csv'),
  'date,event,kind,impact\n2025-02-07,RBI MPC,rbi,high\n2025-04-09,RBI MPC,rbi,high\n2027-02-05,RBI MPC (scheduled),rbi,high\n',
);
fs.writeFileSync(
  path.join(eventsFolder, 'fomc.csv'),
  'date,event,kind,impact\n2025-03-19,FOMC,usfed,medium\n',
);
fs.writeFileSync(
  path.join(eventsFolder, 'union_budget.csv'),
  'date,event,kind,impact\n2025-02-01,Union Budget,budget,high\n',
);
afterAll(() => {
  fs.rmSync(marketFolder, { recursive: true });
  fs.rmSync(eventsFolder, { recursive: true });
});

const barsOf = (file: string): DailyBar[] =>
  fs
    .readFileSync(path.join(marketFolder, file), 'utf8')
    .trim()
    .split('\n')
    .slice(1)
    .map((line) => {
      const [date, open, high, low, close] = line.split(',');
      return { date: date!, open: Number(open), high: Number(high), low: Number(low), close: Number(close) };
    });
const study = prepareStudyData(barsOf('nifty50.csv'), barsOf('indiavix.csv'));
const lastDate = study.dates.at(-1)!;
const latestVixPercentile = vixPercentileNow(study, study.vix.at(-1)!);
const signalOf = (input: { nifty: number; rsi: number; vix: number; oiChange: number }) =>
  signalAnswer(signalHistory(study), { ...input, vixPercentile: vixPercentileNow(study, input.vix) });

describe('options assistants with data', () => {
  let t: TestApp;
  const post = (url: string, payload: unknown) =>
    t.app.inject({ method: 'POST', url, payload: payload as object });
  beforeAll(async () => {
    t = await createTestApp({
      MARKET_DATA_DIR: marketFolder,
      EVENTS_DATA_DIR: eventsFolder,
      MARKET_CLOCK: '2025-06-27T18:00:00+05:30',
    });
  });
  afterAll(() => t.close());

  it('POST /api/signal answers the rule and the hit rate of its bucket in the stored history', async () => {
    const input = { nifty: 25120, rsi: 70.34, vix: 14.86, oiChange: 1.4 };
    const res = await post('/api/signal', input);
    expect(res.statusCode).toBe(200);
    const expected = signalOf(input);
    expect(res.json()).toEqual({ ...expected, vixPercentile: latestVixPercentile, asOf: lastDate });
    expect(res.json().evidence.n).toBeGreaterThan(0);
    expect(res.json().confidence).toBe(res.json().evidence.hitRate);
    expect(res.json().reason).toMatch(
      /RSI 70\.34 above 70 .*VIX 14\.86 \(percentile [\d.]+ of the past year, \w+ regime\)/,
    );
    expect(res.json().reason).toMatch(/were followed by a down day [\d.]+% of \d+ times \(95% interval/);
    // A BUY PUT is given only when its evidence clears the refusal rules.
    if (res.json().signal === 'HOLD') expect(res.json().reason).toMatch(/Refused: the rule says BUY PUT/);
  });

  it('POST /api/signal: a counted bucket gives a confidence from the data, and unwinding OI gives HOLD', async () => {
    const bullish = (await post('/api/signal', { nifty: 23000, rsi: 60, vix: 14, oiChange: 2 })).json();
    const expected = signalOf({ nifty: 23000, rsi: 60, vix: 14, oiChange: 2 });
    expect(bullish.signal).toBe(expected.signal);
    expect(bullish.confidence).toBe(expected.confidence);
    expect(bullish.confidence).toBeGreaterThan(0);
    expect(bullish.reason).toMatch(/followed by an up day [\d.]+% of \d+ times/);
    const unwinding = (await post('/api/signal', { nifty: 23000, rsi: 60, vix: 14, oiChange: -8 })).json();
    expect(unwinding.signal).toBe('HOLD');
    expect(unwinding.reason).toMatch(/unwinding/);
  });

  it('POST /api/backtest replays the rule over the last days and over all history (days 0)', async () => {
    const all = await post('/api/backtest', { days: 0 });
    expect(all.statusCode).toBe(200);
    const expected = backtestSignals(study, 0);
    const body = all.json();
    expect(body.trades).toEqual(expected.trades);
    expect(body).toMatchObject({
      win_rate: expected.win_rate,
      avg_return: expected.avg_return,
      total_return: expected.total_return,
      max_drawdown: expected.max_drawdown,
      trade_count: expected.trades.length,
      days: study.dates.length - 1,
      cost: 0.05,
      to: study.dates.at(-2),
    });
    expect(body.trade_count).toBeGreaterThan(100);
    for (const trade of body.trades)
      expect(Object.keys(trade).sort()).toEqual([
        'date',
        'nifty',
        'rsi',
        'signal',
        'simulated_return',
        'vix',
      ]);
    const recent = (await post('/api/backtest', { days: 20 })).json();
    expect(recent.days).toBe(20);
    expect(recent.from).toBe(study.dates.at(-21));
    expect(recent.trades.every((trade: { date: string }) => trade.date >= recent.from)).toBe(true);
  });

  it('POST /api/strategy compares the event kind with the VIX-implied move and counts past events', async () => {
    const res = await post('/api/strategy', { nifty: 23000, rsi: 60, vix: 14, event: 'rbi' });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect([
      'Long Straddle',
      'Short Strangle',
      'Iron Condor',
      'Bull Call Spread',
      'Bear Put Spread',
      'No Trade',
    ]).toContain(body.strategy);
    // Two RBI days in the data (the 2027 one is in the future): far fewer than 30 cases, so No Trade, and
    // the legs, payoff and evidence are those of the candidate the rule weighed and rejected.
    expect(body.strategy).toBe('No Trade');
    expect(body.payoffStatus).toBe('rejected');
    expect(body.evidence.n).toBeLessThanOrEqual(2);
    expect(body.confidence).toBe(body.evidence.hitRate);
    expect(body.reason).toMatch(/RBI policy average move [\d.]+% against [\d.]+% priced by VIX 14\.00/);
    expect(body.reason).toMatch(/2025-02-07 to 2025-04-09/);
    expect(body.legs.length).toBeGreaterThan(0);
    for (const leg of body.legs) {
      expect(leg.type).toBe(leg.kind === 'call' ? 'CE' : 'PE');
      expect(leg.side).toBe(leg.quantity > 0 ? 'BUY' : 'SELL');
      expect(leg.expiry).toBe('2025-07-03'); // the first weekly after 2025-06-27
      expect(leg.premium).toBeGreaterThan(0);
      for (const greek of ['delta', 'gamma', 'theta', 'vega']) expect(Number.isFinite(leg[greek])).toBe(true);
    }
    expect(body.payoff.length).toBeGreaterThanOrEqual(20);
    expect(Array.isArray(body.breakevens)).toBe(true);
    expect(body.vixPercentile).toBe(latestVixPercentile);
    for (const event of ['', 'budget', 'usfed', 'results']) {
      const other = await post('/api/strategy', { nifty: 23000, rsi: 50, vix: 14, event });
      expect(other.statusCode, event).toBe(200);
      expect(Number.isFinite(other.json().confidence)).toBe(true);
    }
  });

  it('POST /api/pattern-detect reports the last session pattern and its follow-through rate', async () => {
    const res = await post('/api/pattern-detect', { event: 'fed', nifty: 23000, rsi: 60, vix: 14 });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    // The test series ends with a close far above the 20-day high.
    const found = patternsAt(study, study.dates.length - 1);
    expect(found).toContain('20-day Breakout');
    expect(body.pattern).toBe(found[0]);
    const stats = patternHistory(study).stats.get(found[0]!)!;
    expect(body.confidence).toBe(stats.seen > 0 ? Math.round((stats.followed / stats.seen) * 1000) / 10 : 0);
    expect(body.evidence.n).toBe(stats.seen);
    // A breakout says BUY CALL; with fewer than 30 earlier breakouts the answer is HOLD, with the reason.
    if (stats.seen < 30) {
      expect(body.signal).toBe('HOLD');
      expect(body.reason).toMatch(/refused: the rule says BUY CALL, but only \d+ past cases/);
    } else expect(['BUY CALL', 'HOLD']).toContain(body.signal);
    expect(body.reason).toMatch(/open interest change 1\.40%/);
    expect(body.reason).toMatch(/US Fed decision sessions moved NIFTY/);
    expect(body.asOf).toBe(lastDate);
  });

  it('answers 400 with fields for bad input, never 500 or NaN', async () => {
    const cases: [string, unknown, string][] = [
      ['/api/signal', { nifty: 25000, rsi: 50, vix: 14 }, 'oiChange'],
      ['/api/signal', { nifty: '25000', rsi: 50, vix: 14, oiChange: 1 }, 'nifty'],
      ['/api/signal', { nifty: 25000, rsi: 150, vix: 14, oiChange: 1 }, 'rsi'],
      ['/api/signal', { nifty: 25000, rsi: 50, vix: -1, oiChange: 1 }, 'vix'],
      ['/api/signal', { nifty: 25000, rsi: 50, vix: 14, oiChange: 1, extra: 1 }, ''],
      ['/api/backtest', { days: -1 }, 'days'],
      ['/api/backtest', { days: 1.5 }, 'days'],
      ['/api/backtest', {}, 'days'],
      ['/api/strategy', { nifty: 25000, rsi: 50, vix: 14, event: 'diwali' }, 'event'],
      ['/api/strategy', { nifty: 25000, rsi: 50, vix: 14 }, 'event'],
      ['/api/pattern-detect', { event: 'usfed', nifty: 25000, rsi: 50, vix: 14 }, 'event'],
      ['/api/pattern-detect', { event: 'rbi', nifty: 0, rsi: 50, vix: 14 }, 'nifty'],
    ];
    for (const [url, payload, field] of cases) {
      const res = await post(url, payload);
      expect(res.statusCode, `${url} ${JSON.stringify(payload)}`).toBe(400);
      expect(res.json().code).toBe('VALIDATION_ERROR');
      if (field) expect(Object.keys(res.json().fields ?? {}), JSON.stringify(res.json())).toContain(field);
    }
    // Extreme but valid values are answered, never a 500: a NIFTY of 1 has no strike on the grid.
    for (const [nifty, vix] of [
      [1, 0],
      [999_999, 200],
      [23000, 0],
    ]) {
      for (const event of ['', 'rbi']) {
        const res = await post('/api/strategy', { nifty, rsi: 50, vix, event });
        expect(res.statusCode, `${nifty} ${vix} ${event}`).toBe(200);
        expect(res.json().payoff.length).toBeGreaterThanOrEqual(20);
      }
      expect((await post('/api/signal', { nifty, rsi: 50, vix, oiChange: 0 })).statusCode).toBe(200);
      expect((await post('/api/pattern-detect', { event: 'rbi', nifty, rsi: 50, vix })).statusCode).toBe(200);
    }
    for (const raw of ['{"nifty":1e999,"rsi":50,"vix":14,"oiChange":1}', '{"nifty":NaN}', 'not json']) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/signal',
        payload: raw,
        headers: { 'content-type': 'application/json' },
      });
      expect(res.statusCode, raw).toBe(400);
    }
  });
});

describe('options assistants without data', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('answer 503 MARKET_DATA_NOT_LOADED', async () => {
    for (const [url, payload] of [
      ['/api/signal', { nifty: 25000, rsi: 50, vix: 14, oiChange: 1 }],
      ['/api/backtest', { days: 0 }],
      ['/api/strategy', { nifty: 25000, rsi: 50, vix: 14, event: 'rbi' }],
      ['/api/pattern-detect', { event: 'rbi', nifty: 25000, rsi: 50, vix: 14 }],
    ] as const) {
      const res = await t.app.inject({ method: 'POST', url, payload });
      expect(res.statusCode, url).toBe(503);
      expect(res.json().code).toBe('MARKET_DATA_NOT_LOADED');
    }
  });
});

describe('the studies cache', () => {
  it('computes once per data revision and again when the revision moves', async () => {
    const nifty = barsOf('nifty50.csv');
    const vix = barsOf('indiavix.csv');
    let reads = 0;
    let revision = 1;
    const model = revisionKeyed({ revision: async () => revision, load: async (rev) => rev });
    const studies = createOptionStudies({
      data: {
        async current() {
          const snapshot = await model.current();
          const bars = async (symbol: string) => {
            reads += 1;
            return symbol === 'NIFTY 50' ? nifty.slice(0, reads > 2 ? 100 : undefined) : vix;
          };
          return {
            revision: snapshot.revision,
            bars,
            barsOnce: bars,
            events: async () => [],
            holidays: async () => new Set<string>(),
            contractRules: async () => NIFTY_CONTRACT_RULES,
            derive: (key, compute) => snapshot.derive(key, compute),
            notLoaded: (what) => new Error(what),
          };
        },
      },
    });
    const first = await studies.backtest(0);
    await studies.signal({ nifty: 1, rsi: 50, vix: 14, oiChange: 0 });
    expect(reads).toBe(2);
    revision = 2;
    const second = await studies.backtest(0);
    expect(reads).toBe(4);
    expect(second.days).toBe(99);
    expect(first.days).toBe(nifty.length - 1);
  });
});

const realMarket = process.env.MARKET_DATA_DIR;
const realEvents = process.env.EVENTS_DATA_DIR;
describe.runIf(realMarket && realEvents)('options assistants on the real data', () => {
  let t: TestApp;
  // Only the two series the studies read (the 50 stock files would make the start slow on PostgreSQL).
  const folder = fs.mkdtempSync(path.join(os.tmpdir(), 'hurryup-options-real-'));
  afterAll(() => fs.rmSync(folder, { recursive: true }));
  beforeAll(async () => {
    for (const file of ['nifty50.csv', 'indiavix.csv'])
      fs.copyFileSync(path.join(realMarket!, file), path.join(folder, file));
    t = await createTestApp({
      MARKET_DATA_DIR: folder,
      EVENTS_DATA_DIR: realEvents!,
      MARKET_CLOCK: '2026-01-05T18:00:00+05:30',
    });
  }, 120_000);
  afterAll(() => t.close());
  const post = (url: string, payload: object) => t.app.inject({ method: 'POST', url, payload });

  it('counts NIFTY 50 history since 2014 and answers every call', async () => {
    const signal = (
      await post('/api/signal', { nifty: 25120, rsi: 70.34, vix: 14.86, oiChange: 1.4 })
    ).json();
    // The overbought reversal rule was right on fewer down days than NIFTY has anyway: refused.
    expect(signal.signal).toBe('HOLD');
    expect(signal.reason).toMatch(
      /\(20\d\d-\d\d-\d\d to 2025-12-30\) were followed by a down day [\d.]+% of \d{2,3} times/,
    );
    expect(signal.reason).toMatch(/Refused: the rule says BUY PUT/);
    const backtest = (await post('/api/backtest', { days: 0 })).json();
    expect(backtest.from).toBe('2014-01-01');
    expect(backtest.to).toBe('2025-12-30');
    expect(backtest.trade_count).toBeGreaterThan(1000);
    const strategy = (
      await post('/api/strategy', { nifty: 25120, rsi: 60, vix: 14.86, event: 'rbi' })
    ).json();
    expect(strategy.reason).toMatch(/RBI policy events \(2015-\d\d-\d\d to 2025-\d\d-\d\d/);
    expect(strategy.evidence.n).toBeGreaterThanOrEqual(0);
    const pattern = (
      await post('/api/pattern-detect', { event: 'budget', nifty: 25120, rsi: 60, vix: 14.86 })
    ).json();
    expect(pattern.asOf).toBe('2025-12-31');
    expect(pattern.reason).toMatch(/Union Budget sessions moved NIFTY [\d.]+% on average \(\d+ events\)/);
  }, 60_000); // the first strategy call prices every session's trades of the five strategies
});
