import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { straddleTrials, summariseStraddles } from '@hurryup/market/event-studies';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type FakeWhatsApp, startFakeWhatsApp } from '../../../test/fake-whatsapp.ts';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';

// Weekdays 2024-01-01 … 2025-06-27. NIFTY 50 rises 10 points a session from 20000; NIFTY BANK falls 20
// from 45000; NIFTY IT rises 1 % a session only on RBI days; India VIX is 15 throughout.
const sessions: string[] = [];
for (let day = new Date('2024-01-01T00:00:00Z'); day <= new Date('2025-06-27T00:00:00Z'); ) {
  if (day.getUTCDay() !== 0 && day.getUTCDay() !== 6) sessions.push(day.toISOString().slice(0, 10));
  day.setUTCDate(day.getUTCDate() + 1);
}
const rbiDates = [
  '2024-02-08',
  '2024-04-05',
  '2024-06-07',
  '2024-08-08',
  '2024-10-09',
  '2024-12-06',
  '2025-02-07',
  '2025-04-09',
  '2025-06-06',
];
const fedDates = ['2024-01-31', '2024-03-20', '2024-05-01', '2024-06-12', '2025-06-18'];
const niftyClose = (i: number) => 20000 + 10 * i;
const itCloses: number[] = [];
for (const [i, date] of sessions.entries()) {
  const previous = i === 0 ? 1000 : (itCloses[i - 1] as number);
  itCloses.push(rbiDates.includes(date) ? previous * 1.01 : previous);
}

function writeFolders(extraRbi: string[] = []) {
  const market = fs.mkdtempSync(path.join(os.tmpdir(), 'hurryup-event-market-'));
  const events = fs.mkdtempSync(path.join(os.tmpdir(), 'hurryup-event-events-'));
  const file = (name: string, close: (i: number) => number) =>
    fs.writeFileSync(
      path.join(market, name),
      `date,open,high,low,close\n${sessions
        .map((d, i) => {
          const c = close(i).toFixed(2);
          return `${d},${c},${c},${c},${c}`;
        })
        .join('\n')}\n`,
    );
  file('nifty50.csv', niftyClose);
  file('banknifty.csv', (i) => 45000 - 20 * i);
  file('nifty_it.csv', (i) => itCloses[i] as number);
  file('indiavix.csv', () => 15);
  const csv = (name: string, rows: string[]) =>
    fs.writeFileSync(path.join(events, name), `date,event,kind,impact\n${rows.join('\n')}\n`);
  csv('rbi_mpc.csv', [
    ...rbiDates.map((d) => `${d},RBI MPC: repo unchanged at 6.50%,rbi,medium`),
    ...extraRbi,
    '2025-08-06,RBI MPC (scheduled date; outcome not recorded here),rbi,medium',
  ]);
  csv('fomc.csv', [
    ...fedDates.map((d) => `${d},FOMC rate decision: hold at 5.25-5.50%,usfed,medium`),
    '2025-07-30,FOMC rate decision (scheduled date; outcome not recorded here),usfed,medium',
  ]);
  csv('union_budget.csv', [
    '2024-07-23,Union Budget 2024-25,budget,high',
    '2026-02-01,Union Budget 2026-27,budget,high',
  ]);
  csv('nse_holidays.csv', ['2025-08-15,Independence Day,holiday,closed']);
  return { market, events };
}

const folders = writeFolders();
afterAll(() => {
  fs.rmSync(folders.market, { recursive: true });
  fs.rmSync(folders.events, { recursive: true });
});
const env = (clock: string, extra: Record<string, string> = {}) => ({
  MARKET_DATA_DIR: folders.market,
  EVENTS_DATA_DIR: folders.events,
  MARKET_CLOCK: clock,
  ...extra,
});
const round2 = (v: number) => Math.round(v * 100) / 100;

describe('event studies on a small market folder', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(env('2025-07-25T10:00:00+05:30'));
  });
  afterAll(() => t.close());
  const get = (url: string) => t.app.inject({ method: 'GET', url });
  const simulate = (payload: unknown) =>
    t.app.inject({ method: 'POST', url: '/api/simulate-straddle', payload: payload as object });

  it('GET /api/impact-heatmap?kind=rbi averages each index around RBI days from the close before', async () => {
    const res = await get('/api/impact-heatmap?kind=rbi');
    expect(res.statusCode).toBe(200);
    const rows = res.json();
    expect(rows.map((r: { sector: string }) => r.sector)).toEqual(['NIFTY 50', 'NIFTY BANK', 'NIFTY IT']);
    const indices = rbiDates.map((d) => sessions.indexOf(d));
    const mean = (f: (e: number) => number) => round2(indices.reduce((s, e) => s + f(e), 0) / indices.length);
    const nifty = rows[0];
    expect(nifty.events).toBe(9);
    expect(nifty['0d']).toBe(mean((e) => (niftyClose(e) / niftyClose(e - 1) - 1) * 100));
    expect(nifty['-3d']).toBe(mean((e) => (niftyClose(e - 1) / niftyClose(e - 4) - 1) * 100));
    // The last RBI day (2025-06-06) has only 15 sessions after it: +10d still exists for it.
    expect(nifty['+10d']).toBe(mean((e) => (niftyClose(e + 10) / niftyClose(e - 1) - 1) * 100));
    // NIFTY IT rose 1 % on each RBI day and stood still otherwise (the rises of later RBI days are after +10d).
    expect(rows[2]['0d']).toBe(1);
    expect(rows[2]['-3d']).toBe(0);
    expect(rows[2]['+10d']).toBe(1);
    expect(rows[1]['0d']).toBeLessThan(0);
    expect(nifty.reason).toContain('9 RBI policy decisions from 2024-02-08 to 2025-06-06');
  });

  it('measures US Fed decisions on the next India session, and all kinds without kind', async () => {
    const fed = (await get('/api/impact-heatmap?kind=usfed')).json();
    const indices = fedDates.map((d) => sessions.indexOf(d) + 1);
    expect(fed[0].events).toBe(5);
    expect(fed[0]['0d']).toBe(
      round2(indices.reduce((s, e) => s + (niftyClose(e) / niftyClose(e - 1) - 1) * 100, 0) / 5),
    );
    const all = (await get('/api/impact-heatmap')).json();
    expect(all[0].events).toBe(9 + 5 + 1); // rbi, usfed, the 2024 budget (no election in the folder)
  });

  it('refuses an unknown kind with 400 and fields', async () => {
    const res = await get('/api/impact-heatmap?kind=holiday');
    expect(res.statusCode).toBe(400);
    expect(res.json().fields.kind).toMatch(/kind must be one of rbi, usfed, budget, election/);
  });

  it('POST /api/simulate-straddle runs one trial per RBI date with enough sessions before it', async () => {
    const res = await simulate({ startYear: 2024, endYear: 2025, entryDays: 3, gap: 200 });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.trials).toBe(rbiDates.length);
    expect(body.details.map((d: { date: string }) => d.date)).toEqual(rbiDates);
    expect(body.distribution).toHaveLength(9);
    // The same trials computed directly from the folder's series.
    const nifty = new Map(sessions.map((d, i) => [d, Number(niftyClose(i).toFixed(2))]));
    const vix = new Map(sessions.map((d) => [d, 15]));
    const holidays = new Set<string>(['2025-08-15']);
    const { trials } = straddleTrials({
      sessions,
      nifty,
      vix,
      holidays,
      events: rbiDates.map((date) => ({ date, scheduled: true })),
      entryDays: 3,
      gap: 200,
    });
    const summary = summariseStraddles(trials);
    expect(body).toMatchObject({
      trials: summary.trials,
      averageReturn: summary.averageReturn,
      medianReturn: summary.medianReturn,
      percentiles: summary.percentiles,
      winRate: summary.winRate,
      winRateInterval: summary.winRateInterval,
      totalProfit: summary.totalProfit,
      maxProfit: summary.maxProfit,
      maxLoss: summary.maxLoss,
      distribution: summary.distribution,
      structure: 'strangle',
      skipped: {
        count: 1,
        trials: [{ date: '2025-08-06', reason: 'not a NIFTY 50 session in the stored data' }],
      },
    });
    expect(body.reason).toMatch(/a strangle, not a straddle/);
    expect(body.details[0]).toMatchObject({ entryDate: '2024-02-05', expiry: '2024-02-08', lotSize: 50 });
    // The 2024-12-06 trial bought the 2024-12-12 weekly, listed before 2024-11-20: lot 25, not 75.
    expect(body.details[5]).toMatchObject({ date: '2024-12-06', expiry: '2024-12-12', lotSize: 25 });
    expect(body.details[5].costs).toBeGreaterThan(80); // four orders of ₹20 brokerage, plus fees and taxes
    expect(body.costs).toBeCloseTo(trials.reduce((sum, trial) => sum + trial.costs, 0) / trials.length, 1);
    // The baseline: the same trade on ordinary sessions of 2024–2025.
    expect(body.baseline.trials).toBeGreaterThan(200);
    expect(body.baseline).toEqual({
      trials: expect.any(Number),
      averageReturn: expect.any(Number),
      medianReturn: expect.any(Number),
      winRate: expect.any(Number),
      totalProfit: expect.any(Number),
    });
    expect((await simulate({ startYear: 2024, endYear: 2025, entryDays: 3, gap: 0 })).json().structure).toBe(
      'straddle',
    );
    // 2025-08-06 is after the stored data: listed, not traded.
    expect(body.reason).toContain('9 of 10 RBI policy dates in 2024–2025 (1 skipped)');
    // Only 2025: three dates.
    expect((await simulate({ startYear: 2025, endYear: 2025, entryDays: 20, gap: 0 })).json().trials).toBe(3);
  });

  it('refuses bad simulation input with 400 and fields, never a 500', async () => {
    const bad = async (payload: unknown, field: string, message: RegExp) => {
      const res = await simulate(payload);
      expect(res.statusCode).toBe(400);
      expect(res.json().fields[field]).toMatch(message);
    };
    const ok = { startYear: 2024, endYear: 2025, entryDays: 3, gap: 200 };
    await bad({ ...ok, startYear: 2015 }, 'startYear', /between 2024 and 2025/);
    await bad({ ...ok, endYear: 2030 }, 'endYear', /between 2024 and 2025/);
    await bad({ ...ok, entryDays: 0 }, 'entryDays', /at least 1/);
    await bad({ ...ok, entryDays: 21 }, 'entryDays', /at most 20/);
    await bad({ ...ok, gap: 75 }, 'gap', /multiple of 50/);
    await bad({ ...ok, gap: 2050 }, 'gap', /at most 2000/);
    await bad({ ...ok, gap: '200' }, 'gap', /must be a number/);
    await bad({ ...ok, entryDays: 2.5 }, 'entryDays', /whole number/);
    await bad({ ...ok, startYear: 2025, endYear: 2024 }, 'endYear', /not be before/);
    const { gap: _, ...noGap } = ok;
    await bad(noGap, 'gap', /must be a number/);
    const nan = await t.app.inject({
      method: 'POST',
      url: '/api/simulate-straddle',
      headers: { 'content-type': 'application/json' },
      payload: '{"startYear":2024,"endYear":2025,"entryDays":3,"gap":1e999}',
    });
    expect(nan.statusCode).toBe(400);
  });

  it('GET /api/generate-alert raises an alert for the Fed decision within 7 days, without sending', async () => {
    const res = await get('/api/generate-alert?premium=true');
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({ status: 'alert', date: '2025-07-30', sent: false });
    expect(body.event).toBe('US Fed decision on 2025-07-30 (FOMC rate decision)');
    // NIFTY rose every session: every past reaction was up.
    expect(body.suggested_action).toMatch(/^Bullish/);
    expect(body.confidence).toBe(100);
    expect(body.reasoning).toContain('after 5 past scheduled US Fed decisions');
    expect(String(res.headers['cache-control'] ?? '')).not.toMatch(/public/);
    expect((await get('/api/generate-alert?premium=maybe')).statusCode).toBe(400);
  });

  it('GET /api/event-calendar lists the upcoming events with an impact from the kind’s past moves', async () => {
    const res = await get('/api/event-calendar');
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.map((e: { date: string; kind: string }) => `${e.date} ${e.kind}`)).toEqual([
      '2025-07-30 usfed',
      '2025-08-06 rbi',
      '2026-02-01 budget',
    ]);
    // NIFTY moves about 0.04 % every session here, events or not: a ratio near 1, Moderate for every kind.
    expect(body.map((e: { impact: string }) => e.impact)).toEqual(['Moderate', 'Moderate', 'Moderate']);
    for (const item of body) {
      expect(item.impactRatio).toBeGreaterThan(0.9);
      expect(item.impactRatio).toBeLessThan(1.2);
    }
    expect(body[1].event).toBe('RBI MPC');
    expect(body[1].reason).toMatch(/session of 9 past scheduled RBI policy decisions/);
  });
});

describe('an unscheduled RBI action', () => {
  const unscheduled = writeFolders([
    '2024-03-04,RBI unscheduled inter-meeting action: repo cut 25 bp to 6.25%,rbi,high',
  ]);
  afterAll(() => {
    fs.rmSync(unscheduled.market, { recursive: true });
    fs.rmSync(unscheduled.events, { recursive: true });
  });

  it('is never entered before it happened, and is left out of the heatmap’s −3d column', async () => {
    const t = await createTestApp({
      MARKET_DATA_DIR: unscheduled.market,
      EVENTS_DATA_DIR: unscheduled.events,
      MARKET_CLOCK: '2025-07-25T10:00:00+05:30',
    });
    try {
      const body = (
        await t.app.inject({
          method: 'POST',
          url: '/api/simulate-straddle',
          payload: { startYear: 2024, endYear: 2025, entryDays: 3, gap: 0 },
        })
      ).json();
      expect(body.trials).toBe(9);
      expect(body.details.map((d: { date: string }) => d.date)).not.toContain('2024-03-04');
      expect(body.skipped.trials).toContainEqual({
        date: '2024-03-04',
        reason: expect.stringMatching(/^unscheduled/),
      });
      expect(body.reason).toContain('Left out as unscheduled (no one could buy before them): 2024-03-04');
      const [nifty] = (await t.app.inject({ method: 'GET', url: '/api/impact-heatmap?kind=rbi' })).json();
      expect(nifty.events).toBe(10);
      expect(nifty.significance['-3d'].n).toBe(9);
      expect(nifty.significance['0d'].n).toBe(10);
      expect(nifty.reason).toContain('leaves out the 1 unscheduled action (2024-03-04)');
    } finally {
      await t.close();
    }
  });
});

describe('the Fed alert outside the 7-day window and with WhatsApp', () => {
  let fake: FakeWhatsApp;
  beforeAll(async () => {
    fake = await startFakeWhatsApp('secret-token');
  });
  afterAll(() => fake.close());
  const whatsapp = () => ({
    WHATSAPP_TOKEN: 'secret-token',
    WHATSAPP_PHONE_NUMBER_ID: '1234567890',
    WHATSAPP_RECIPIENT: '919812345678',
    WHATSAPP_API_URL: fake.url,
    WHATSAPP_API_VERSION: '21.0',
    FED_ALERT_SENDS_PER_DAY: '2',
  });

  it('names the next decision when none is within 7 days', async () => {
    const t = await createTestApp(env('2025-07-01T10:00:00+05:30'));
    try {
      const body = (await t.app.inject({ method: 'GET', url: '/api/generate-alert' })).json();
      expect(body).toEqual({
        status: 'no_alert',
        reason:
          'No US Fed decision in the next 7 days (2025-07-01 to 2025-07-08, India time); the next is on 2025-07-30.',
      });
    } finally {
      await t.close();
    }
  });

  it('sends once per decision, only with premium, and sent is true only when the API accepted it', async () => {
    const t = await createTestApp(env('2025-07-25T10:00:00+05:30', whatsapp()));
    try {
      const alert = (query: string) => t.app.inject({ method: 'GET', url: `/api/generate-alert${query}` });
      expect((await alert('?premium=false')).json().sent).toBe(false);
      expect(fake.requests).toHaveLength(0);
      // The API refuses: not sent, and the decision stays free for another try.
      fake.mode = 'error';
      expect((await alert('?premium=true')).json().sent).toBe(false);
      expect(fake.requests).toHaveLength(1);
      fake.mode = 'ok';
      expect((await alert('?premium=true')).json().sent).toBe(true);
      expect(fake.requests).toHaveLength(2);
      const sent = fake.requests[1]!;
      expect(sent.path).toBe('/v21.0/1234567890/messages');
      expect(sent.authorization).toBe('Bearer secret-token');
      expect(sent.body).toMatchObject({ messaging_product: 'whatsapp', to: '919812345678', type: 'text' });
      expect((sent.body as { text: { body: string } }).text.body).toMatch(
        /^Fed Day Alert: US Fed decision on 2025-07-30/,
      );
      // Already sent for this decision: no further message, however often it is asked.
      for (let i = 0; i < 3; i++) expect((await alert('?premium=true')).json().sent).toBe(false);
      expect(fake.requests).toHaveLength(2);
    } finally {
      await t.close();
    }
  });

  it('answers the alert from the cache for everyone, but never a premium request, which sends', async () => {
    fake.requests.length = 0;
    fake.mode = 'ok';
    const t = await createTestApp(env('2025-07-25T10:00:00+05:30', whatsapp()));
    try {
      // The start-up import moves the market revision when it ends: an answer computed before is stale.
      await t.app.site.readModel('marketData').current();
      const alert = (query: string) => t.app.inject({ method: 'GET', url: `/api/generate-alert${query}` });
      const first = await alert('');
      const again = await alert('');
      expect(first.headers['x-api-cache']).toBe('miss');
      expect(again.headers['x-api-cache']).toBe('hit');
      expect(again.headers['cache-control']).toMatch(/^public/);
      expect(again.json()).toEqual(first.json());
      for (let i = 0; i < 2; i++) {
        const premium = await alert('?premium=true');
        expect(premium.headers['x-api-cache']).toBeUndefined();
        expect(premium.headers['cache-control']).toBe('no-store');
        expect(premium.headers.etag).toBeUndefined();
        expect(premium.json().sent).toBe(i === 0);
      }
      expect(fake.requests).toHaveLength(1);
      // What a premium request did is never what the next visitor is answered.
      expect((await alert('')).json()).toMatchObject({ status: 'alert', sent: false });
      expect((await alert('?premium=false')).json().sent).toBe(false);
      expect((await alert('?premium=false')).headers['x-api-cache']).toBe('hit');
    } finally {
      await t.close();
    }
  });

  it('caps send attempts site-wide when the API keeps failing', async () => {
    fake.requests.length = 0;
    fake.mode = 'garbage';
    const t = await createTestApp(env('2025-07-25T10:00:00+05:30', whatsapp()));
    try {
      for (let i = 0; i < 5; i++) {
        const res = await t.app.inject({ method: 'GET', url: '/api/generate-alert?premium=true' });
        expect(res.statusCode).toBe(200);
        expect(res.json().sent).toBe(false);
      }
      expect(fake.requests).toHaveLength(2); // FED_ALERT_SENDS_PER_DAY
    } finally {
      fake.mode = 'ok';
      await t.close();
    }
  });

  it('refuses half a WhatsApp configuration at start', async () => {
    const start = createTestApp(env('2025-07-25T10:00:00+05:30', { WHATSAPP_TOKEN: 'very-secret' }));
    await expect(start).rejects.toThrow(
      /set WHATSAPP_TOKEN, WHATSAPP_PHONE_NUMBER_ID and WHATSAPP_RECIPIENT together/,
    );
    await expect(start).rejects.not.toThrow(/very-secret/);
  });
});

describe('event studies without market data', () => {
  it('answers 503 MARKET_DATA_NOT_LOADED', async () => {
    const t = await createTestApp();
    try {
      for (const url of ['/api/impact-heatmap', '/api/event-calendar', '/api/generate-alert']) {
        const res = await t.app.inject({ method: 'GET', url });
        expect(res.statusCode).toBe(503);
        expect(res.json().code).toBe('MARKET_DATA_NOT_LOADED');
      }
    } finally {
      await t.close();
    }
  });
});

const realMarket = process.env.MARKET_DATA_DIR;
const realEvents = process.env.EVENTS_DATA_DIR;
describe.runIf(realMarket && realEvents)('event studies on the real data', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({
      MARKET_DATA_DIR: realMarket as string,
      EVENTS_DATA_DIR: realEvents as string,
      MARKET_CLOCK: '2025-12-05T18:00:00+05:30',
    });
  }, 120_000);
  afterAll(() => t?.close());

  const csvDates = (file: string) =>
    fs
      .readFileSync(path.join(realEvents as string, file), 'utf8')
      .trim()
      .split('\n')
      .slice(1)
      .map((line) => line.split(',')[0] as string);

  it('runs one straddle trial per scheduled RBI policy date of 2015-2024 and skips the five unscheduled ones', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/simulate-straddle',
      payload: { startYear: 2015, endYear: 2024, entryDays: 3, gap: 200 },
    });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    const unscheduled = ['2015-01-15', '2015-03-04', '2020-03-27', '2020-05-22', '2022-05-04'];
    const expected = csvDates('rbi_mpc.csv').filter(
      (d) => d >= '2015-01-01' && d <= '2024-12-31' && !unscheduled.includes(d),
    );
    expect(body.trials).toBe(expected.length);
    expect(body.trials).toBe(58);
    expect(body.details.map((d: { date: string }) => d.date)).toEqual(expected);
    expect(body.skipped.trials.map((s: { date: string }) => s.date)).toEqual(unscheduled);
    expect(body.distribution.every(Number.isFinite)).toBe(true);
    // Issue 29: the 2019-02-07 trial buys the 2019-02-28 monthly (weeklies from 2019-02-11): +6.36 % and
    // ₹903.03 before costs; the 2024-12-06 trial is one lot of 25: −₹707.72 before costs.
    const trial = (date: string) => body.details.find((d: { date: string }) => d.date === date);
    expect(trial('2019-02-07')).toMatchObject({ expiry: '2019-02-28', lotSize: 75 });
    expect(trial('2019-02-07').profit + trial('2019-02-07').costs).toBeCloseTo(903.03, 1);
    expect(trial('2024-12-06')).toMatchObject({ expiry: '2024-12-12', lotSize: 25 });
    expect(trial('2024-12-06').profit + trial('2024-12-06').costs).toBeCloseTo(-707.72, 1);
    console.info('straddle 2015-2024, 3 days, gap 200:', JSON.stringify({ ...body, details: undefined }));
  });

  it('bases the Fed alert on scheduled decisions only: the 2020 emergency cuts are left out and named', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/generate-alert' });
    expect(res.statusCode).toBe(200);
    const alert = res.json();
    expect(alert).toMatchObject({ status: 'alert', date: '2025-12-10' });
    const scheduledBefore = csvDates('fomc.csv').filter(
      (d) => d < '2025-12-05' && d !== '2020-03-03' && d !== '2020-03-15',
    );
    expect(alert.reasoning).toContain(`after ${scheduledBefore.length} past scheduled US Fed decisions`);
    expect(alert.reasoning).toContain('Left out: the 2 unscheduled actions (2020-03-03, 2020-03-15).');
  });

  it('measures every index around the events in the heatmap', async () => {
    const rows = (await t.app.inject({ method: 'GET', url: '/api/impact-heatmap?kind=rbi' })).json();
    expect(rows).toHaveLength(14);
    const nifty = rows[0];
    const rbiInData = csvDates('rbi_mpc.csv').filter((d) => d <= '2025-12-05');
    expect(nifty.events).toBe(rbiInData.length);
    for (const row of rows)
      for (const key of ['-3d', '0d', '+3d', '+5d', '+10d'])
        expect(row[key] === null || Number.isFinite(row[key])).toBe(true);
    console.info('heatmap rbi, NIFTY 50 row:', JSON.stringify(nifty));
    const budget = (await t.app.inject({ method: 'GET', url: '/api/impact-heatmap?kind=budget' })).json();
    expect(budget[0].events).toBe(csvDates('union_budget.csv').filter((d) => d <= '2025-12-05').length);
  });
});
