import fs from 'node:fs';
import path from 'node:path';
import { rsiValues } from '@hurryup/market/oscillators';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type FakeYahoo, sessionStart, startFakeYahoo } from '../../../test/fake-yahoo.ts';
import { writeEventsFolder, writeMarketFolder } from '../../../test/market-folders.ts';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';
import { createYahooChartSource, MarketSourceError } from '../../adapters/yahoo-chart.ts';
import { ManualClock } from '../../shared/clock.ts';

const marketFolder = writeMarketFolder();
const eventsFolder = writeEventsFolder();
afterAll(() => {
  fs.rmSync(marketFolder, { recursive: true });
  fs.rmSync(eventsFolder, { recursive: true });
});
const closes = (file: string) =>
  fs
    .readFileSync(path.join(marketFolder, file), 'utf8')
    .trim()
    .split('\n')
    .slice(1)
    .map((line) => Number(line.split(',')[4]));

// Friday 2025-06-27 is the last stored session; Monday 2025-06-30 the next.
const afterClose = '2025-06-27T18:00:00+05:30';
const deviceId = '0f8fad5b-d9cb-469f-a165-70867728950e';

describe('market calls with data', () => {
  let t: TestApp;
  const get = async (url: string) => t.app.inject({ method: 'GET', url });
  beforeAll(async () => {
    t = await createTestApp({
      MARKET_DATA_DIR: marketFolder,
      EVENTS_DATA_DIR: eventsFolder,
      MARKET_CLOCK: afterClose,
    });
  });
  afterAll(() => t.close());

  it('GET /api/financial-data answers the last close outside market hours', async () => {
    const res = await get('/api/financial-data');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      status: 'success',
      data: { 'Nifty Index': 23400, 'India VIX': 14.12 },
      live: false,
      marketOpen: false,
      asOf: '2025-06-27',
    });
  });

  it('GET /api/indicators answers NIFTY, its RSI(14) and VIX, without oiChange (no open interest)', async () => {
    const res = await get('/api/indicators');
    expect(res.statusCode).toBe(200);
    const rsi = Math.round(rsiValues(closes('nifty50.csv'), 14).at(-1)! * 100) / 100;
    expect(res.json()).toEqual({ nifty: 23400, rsi, vix: 14.12, asOf: '2025-06-27' });
    expect(rsi).toBeGreaterThan(50);
  });

  it('GET /api/tradingview answers the summary lists of 26 votes', async () => {
    const body = (await get('/api/tradingview')).json();
    expect(body.symbol).toBe('NIFTY 50');
    expect(body.asOf).toBe('2025-06-27');
    expect(
      body.summary.map((i: { name: string }) => i.name).filter((_: string, k: number) => k % 2 === 0),
    ).toEqual(['Sell', 'Neutral', 'Buy']);
    const count = (list: { name: string }[]) =>
      Number(list[1]!.name) + Number(list[3]!.name) + Number(list[5]!.name);
    // 15 MA votes less VWMA (an index has no volume); 11 oscillators.
    expect(count(body.movingAverages)).toBe(14);
    expect(count(body.oscillators)).toBe(11);
    expect(count(body.summary)).toBe(25);
    // A close far above every average: all 14 moving averages say Buy.
    expect(body.movingAverages[5].name).toBe('14');
    expect(['Buy', 'Strong Buy']).toContain(body.rating);
  });

  it('GET /api/daily-news writes the summary from the data and names the next event', async () => {
    const body = (await get('/api/daily-news')).json();
    expect(body.asOf).toBe('2025-06-27');
    expect(body.news).toMatch(/^On 2025-06-27 NIFTY 50 closed at 23,400\.00 \(\+/);
    expect(body.news).toContain('India VIX was 14.12');
    expect(body.news).toContain('Next event: RBI MPC: repo unchanged at 5.50% on 2025-08-06.');
  });

  it('GET /api/stocks lists the stored NIFTY 50 stocks with change and rating, and filters by symbol', async () => {
    const rows = (await get('/api/stocks')).json();
    expect(rows.map((r: { symbol: string }) => r.symbol)).toEqual(['M&M', 'TCS']);
    const tcs = rows.find((r: { symbol: string }) => r.symbol === 'TCS');
    const tcsCloses = closes('stocks/TCS.csv');
    expect(tcs).toMatchObject({
      price: tcsCloses.at(-1),
      change: Math.round(((tcsCloses.at(-1)! - tcsCloses.at(-2)!) / tcsCloses.at(-2)!) * 10000) / 100,
      asOf: '2025-06-27',
    });
    expect(['Strong Sell', 'Sell', 'Neutral', 'Buy', 'Strong Buy']).toContain(tcs.rating);
    const one = await get(`/api/stocks?symbols=${encodeURIComponent('M&M')}`);
    expect(one.json().map((r: { symbol: string }) => r.symbol)).toEqual(['M&M']);
  });

  it('GET /api/stocks refuses bad and unknown symbols and unknown query values', async () => {
    const bad = await get('/api/stocks?symbols=tcs;drop');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().fields.symbols).toContain('NSE symbols in capitals');
    const unknown = await get('/api/stocks?symbols=TCS,NOTASTOCK');
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toMatchObject({
      code: 'UNKNOWN_SYMBOL',
      error: 'Not a NIFTY 50 stock: NOTASTOCK.',
    });
    expect((await get('/api/stocks?sort=up')).statusCode).toBe(400);
  });

  it('GET /api/option_suggestions answers the documented rule for the stored values', async () => {
    const body = (await get('/api/option_suggestions')).json();
    const indicators = (await get('/api/indicators')).json();
    expect(body).toMatchObject({ nifty: 23400, rsi: indicators.rsi, vix: 14.12, asOf: '2025-06-27' });
    expect(body.suggestion.length).toBeGreaterThan(10);
    expect(body.rule).toMatch(/RSI|VIX/);
  });

  it('POST /api/alerts/breakout finds the 20-day-high breakout of the stored NIFTY bars', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/api/alerts/breakout', payload: { data: [] } });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      status: 'alert',
      type: 'breakout',
      volumeSpike: false,
      symbol: 'NIFTY 50',
      asOf: '2025-06-27',
    });
    expect(res.json().reason).toContain('no volume data to confirm it');
  });

  it('POST /api/alerts/breakout checks given bars: none, a volume-confirmed breakdown, and bad bars', async () => {
    const bars = Array.from({ length: 21 }, (_, i) => ({
      date: `2025-01-${String(i + 1).padStart(2, '0')}`,
      open: 100,
      high: 101,
      low: 99,
      close: 100,
      volume: 1000,
    }));
    const none = await t.app.inject({ method: 'POST', url: '/api/alerts/breakout', payload: { data: bars } });
    expect(none.json()).toMatchObject({ status: 'no_alert', asOf: '2025-01-21' });
    bars[20] = { date: '2025-01-21', open: 99, high: 99, low: 90, close: 91, volume: 5000 };
    const down = await t.app.inject({ method: 'POST', url: '/api/alerts/breakout', payload: { data: bars } });
    expect(down.json()).toMatchObject({ status: 'alert', type: 'breakdown', volumeSpike: true });
    bars[20] = { date: '2025-01-21', open: 99, high: 95, low: 90, close: 91, volume: 5000 };
    const bad = await t.app.inject({ method: 'POST', url: '/api/alerts/breakout', payload: { data: bars } });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().fields.data).toContain('Bars must be valid');
    const nonNumeric = await t.app.inject({
      method: 'POST',
      url: '/api/alerts/breakout',
      payload: { data: [{ ...bars[0], close: 'high' }] },
    });
    expect(nonNumeric.statusCode).toBe(400);
    const unknown = await t.app.inject({
      method: 'POST',
      url: '/api/alerts/breakout',
      payload: { symbol: 'NIFTY XYZ' },
    });
    expect(unknown.statusCode).toBe(404);
  });

  it('saves indicator values per device and answers the last saved', async () => {
    const none = await get(`/api/indicators/saved?device_id=${deviceId}`);
    expect(none.statusCode).toBe(404);
    for (const nifty of [25000, 25120]) {
      const saved = await t.app.inject({
        method: 'POST',
        url: '/api/indicators/save',
        payload: { device_id: deviceId, nifty, rsi: 70.34, vix: 14.86, oiChange: 1.4 },
      });
      expect(saved.statusCode).toBe(201);
    }
    const last = (await get(`/api/indicators/saved?device_id=${deviceId.toUpperCase()}`)).json();
    expect(last).toEqual({
      nifty: 25120,
      rsi: 70.34,
      vix: 14.86,
      oiChange: 1.4,
      savedAt: expect.any(String),
    });
    const other = await get('/api/indicators/saved?device_id=1b4e28ba-2fa1-11d2-883f-0016d3cca427');
    expect(other.statusCode).toBe(404);
  });

  it('refuses bad saves with per-field messages', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/indicators/save',
      payload: { device_id: 'demo', nifty: -1, rsi: 120, vix: 'high' },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().fields).toEqual({
      device_id: 'device_id must be the UUID kept in local storage.',
      nifty: 'nifty must be between 0 and 1000000.',
      rsi: 'rsi must be between 0 and 100.',
      vix: 'vix must be a number.',
    });
    expect((await get('/api/indicators/saved')).statusCode).toBe(400);
  });
});

describe('the daily news line months after the last stored session', () => {
  const events = fs.mkdtempSync(path.join(marketFolder, '..', 'hurryup-later-events-'));
  fs.writeFileSync(
    path.join(events, 'later.csv'),
    'date,event,kind,impact\n2025-08-06,RBI MPC: repo unchanged at 5.50%,rbi,medium\n' +
      '2025-12-10,FOMC rate decision (scheduled date; outcome not recorded here),usfed,high\n',
  );
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({
      MARKET_DATA_DIR: marketFolder,
      EVENTS_DATA_DIR: events,
      MARKET_CLOCK: '2025-11-03T18:00:00+05:30',
    });
  });
  afterAll(async () => {
    await t.close();
    fs.rmSync(events, { recursive: true });
  });

  it("names the next event after today, in visitors' words", async () => {
    const body = (await t.app.inject({ url: '/api/daily-news' })).json();
    expect(body.asOf).toBe('2025-06-27');
    // Not the RBI meeting of August, past by November.
    expect(body.news).toContain('Next event: FOMC rate decision on 2025-12-10.');
    expect(body.news).not.toContain('scheduled date');
  });
});

describe("the market reads the site's clock", () => {
  it('answers from the platform clock (context.clock) as it moves', async () => {
    // Monday 2025-06-30, 10:00 in India: the session is open.
    const clock = new ManualClock(Date.parse('2025-06-30T10:00:00+05:30'));
    const t = await createTestApp(
      { MARKET_DATA_DIR: marketFolder, EVENTS_DATA_DIR: eventsFolder },
      { platform: { clock } },
    );
    try {
      const financial = async () => (await t.app.inject({ url: '/api/financial-data' })).json();
      expect(await financial()).toMatchObject({ marketOpen: true, asOf: '2025-06-27' });
      // 16:00: closed, and the cached answer has aged out on the same clock.
      await clock.advanceAsync(6 * 3_600_000);
      expect(await financial()).toMatchObject({ marketOpen: false, asOf: '2025-06-27' });
    } finally {
      await t.close();
    }
  });
});

describe('market calls without data', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('answer 503 MARKET_DATA_NOT_LOADED with what the operator should do', async () => {
    for (const url of [
      '/api/financial-data',
      '/api/tradingview',
      '/api/daily-news',
      '/api/stocks',
      '/api/indicators',
      '/api/option_suggestions',
    ]) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(503);
      expect(res.json().code).toBe('MARKET_DATA_NOT_LOADED');
      // Plain words for visitors: the operator's instructions go to the log and docs/operations.md.
      expect(res.json().error).toMatch(/^Market data is not loaded yet: the site has no [\w &]+\.$/);
      expect(res.json().error).not.toMatch(/npm|MARKET_DATA_DIR|operator/);
    }
    const alert = await t.app.inject({ method: 'POST', url: '/api/alerts/breakout', payload: { data: [] } });
    expect(alert.statusCode).toBe(503);
  });
});

describe('market hours, decided on the server (India time, NSE holidays from the events table)', () => {
  let fake: FakeYahoo;
  beforeAll(async () => {
    fake = await startFakeYahoo();
    const bar = (date: string, close: number) => ({
      time: sessionStart(date),
      open: close - 10,
      high: close + 20,
      low: close - 30,
      close,
      volume: 0,
    });
    fake.symbols.set('^NSEI', { bars: [bar('2025-06-27', 23400)], price: 23555.55, previousClose: 23400 });
    fake.symbols.set('^INDIAVIX', { bars: [bar('2025-06-27', 14.12)], price: 13.5, previousClose: 14.12 });
  });
  afterAll(() => fake.close());

  const cases: [string, string, boolean][] = [
    ['08:59 on a Monday', '2025-06-30T08:59:59+05:30', false],
    ['09:00 on a Monday', '2025-06-30T09:00:00+05:30', true],
    ['15:30 on a Monday', '2025-06-30T15:30:59+05:30', true],
    ['15:31 on a Monday', '2025-06-30T15:31:00+05:30', false],
    ['a Saturday at 11:00', '2025-06-28T11:00:00+05:30', false],
    ['an NSE holiday (Independence Day) at 11:00', '2025-08-15T11:00:00+05:30', false],
  ];
  for (const [name, clock, open] of cases) {
    it(`${name}: ${open ? 'live quote' : 'last close'}`, async () => {
      const t = await createTestApp({
        MARKET_DATA_DIR: marketFolder,
        EVENTS_DATA_DIR: eventsFolder,
        MARKET_CLOCK: clock,
        MARKET_SYNC: 'on',
        MARKET_SOURCE_URL: fake.url,
      });
      try {
        const body = (await t.app.inject({ method: 'GET', url: '/api/financial-data' })).json();
        expect(body.marketOpen).toBe(open);
        expect(body.live).toBe(open);
        expect(body.data).toEqual(
          open
            ? { 'Nifty Index': 23555.55, 'India VIX': 13.5 }
            : { 'Nifty Index': 23400, 'India VIX': 14.12 },
        );
      } finally {
        await t.close();
      }
    });
  }
});

describe('the sync', () => {
  let fake: FakeYahoo;
  beforeAll(async () => {
    fake = await startFakeYahoo();
  });
  afterAll(() => fake.close());

  it('fetches the missing closed session after the close, and a garbage answer changes nothing', async () => {
    fake.symbols.set('^NSEI', {
      bars: [
        { time: sessionStart('2025-06-27'), open: 22700, high: 23500, low: 22690, close: 23400, volume: 0 },
        {
          time: sessionStart('2025-06-30'),
          open: 23410,
          high: 23600.123,
          low: 23300,
          close: 23555.555,
          volume: 0,
        },
        // Yahoo leaves a holiday's row empty.
        { time: sessionStart('2025-07-01'), open: null, high: null, low: null, close: null, volume: null },
      ],
    });
    fake.symbols.set('^INDIAVIX', 'garbage');
    const t = await createTestApp({
      MARKET_DATA_DIR: marketFolder,
      MARKET_CLOCK: '2025-06-30T16:00:00+05:30',
      MARKET_SYNC: 'on',
      MARKET_SOURCE_URL: fake.url,
    });
    try {
      const nifty = async () => (await t.app.inject({ method: 'GET', url: '/api/financial-data' })).json();
      // The sync runs as a scheduled job from the start: wait for it, not for time to pass.
      await t.app.platform.jobs.settled();
      expect(await nifty()).toMatchObject({
        asOf: '2025-06-30',
        data: { 'Nifty Index': 23555.56, 'India VIX': 14.12 },
      });
      expect(fake.requests.some((r) => r.startsWith('/v8/finance/chart/%5ENSEI?range=5d&interval=1d'))).toBe(
        true,
      );
      const stocks = await t.app.inject({ method: 'GET', url: '/api/stocks' });
      expect(stocks.json()).toHaveLength(2);
    } finally {
      await t.close();
    }
  });
});

describe('the Yahoo chart adapter', () => {
  let fake: FakeYahoo;
  beforeAll(async () => {
    fake = await startFakeYahoo();
    fake.symbols.set('TCS.NS', {
      bars: [
        {
          time: sessionStart('2024-06-03'),
          open: 3850,
          high: 3900.5,
          low: 3800,
          close: 3880.349999,
          volume: 100,
        },
        {
          time: sessionStart('2024-06-04'),
          open: 3700,
          high: 3745,
          low: 3591.5,
          close: 3715,
          volume: 3395997,
        },
        { time: sessionStart('2024-06-05'), open: 3700, high: 3600, low: 3591.5, close: 3715, volume: 1 },
      ],
      price: 3715,
      previousClose: 3880.35,
    });
    fake.symbols.set('HANG.NS', 'hang');
    fake.symbols.set('JUNK.NS', 'garbage');
  });
  afterAll(() => fake.close());

  it('reads daily bars in India dates (dropping impossible ones) and the live quote', async () => {
    const source = createYahooChartSource({ baseUrl: fake.url });
    const answer = await source.chart('TCS.NS', '5d');
    expect(answer.bars).toEqual([
      { date: '2024-06-03', open: 3850, high: 3900.5, low: 3800, close: 3880.35, volume: 100 },
      { date: '2024-06-04', open: 3700, high: 3745, low: 3591.5, close: 3715, volume: 3395997 },
    ]);
    expect(answer.quote).toMatchObject({ price: 3715, previousClose: 3880.35, dayHigh: 3600 });
  });

  it('fails clearly on an unknown symbol, garbage, a hang and an unreachable host', async () => {
    const source = createYahooChartSource({ baseUrl: fake.url, timeoutMs: 300 });
    await expect(source.chart('NOPE.NS', '5d')).rejects.toThrow('No data found, symbol may be delisted');
    await expect(source.chart('JUNK.NS', '5d')).rejects.toThrow(MarketSourceError);
    await expect(source.chart('HANG.NS', '5d')).rejects.toThrow('timed out');
    const offline = createYahooChartSource({ baseUrl: 'http://127.0.0.1:9', timeoutMs: 300 });
    await expect(offline.chart('TCS.NS', '5d')).rejects.toThrow('unreachable');
  });
});
