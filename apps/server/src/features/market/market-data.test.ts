import fs from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminHeaders, adminToken } from '../../../test/admin.ts';
import { writeMarketFolder } from '../../../test/market-folders.ts';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';
import { tablesOf } from '../../db/tables-of.ts';
import { ManualClock } from '../../shared/clock.ts';
import { createMarketRepository } from './market.repository.ts';
import { createMarketService } from './market.service.ts';
import type { MarketTables } from './market.tables.ts';
import { importMarketFolder } from './market-import.ts';

const first = writeMarketFolder({ days: 260, end: '2025-06-27' });
const later = writeMarketFolder({ days: 261, end: '2025-06-30' });
afterAll(() => {
  fs.rmSync(first, { recursive: true });
  fs.rmSync(later, { recursive: true });
});

describe('the market data read model (one read per revision)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({
      MARKET_DATA_DIR: first,
      MARKET_CLOCK: '2025-06-30T18:00:00+05:30',
      ADMIN_TOKEN: adminToken,
    });
  });
  afterAll(() => t.close());

  it('reads each symbol once per revision, shares it between readers, and keeps derived values with it', async () => {
    const model = t.app.site.readModel('marketData');
    const [a, b] = await Promise.all([model.current(), model.current()]);
    expect(a.revision).toBe(b.revision);
    const [barsA, barsB] = await Promise.all([a.bars('NIFTY 50'), b.bars('NIFTY 50')]);
    // The same array: one read for both.
    expect(barsA).toBe(barsB);
    expect(barsA.at(-1)?.date).toBe('2025-06-27');
    let computed = 0;
    const derive = () => {
      computed += 1;
      return barsA.length;
    };
    expect(a.derive('count', derive)).toBe(260);
    expect((await model.current()).derive('count', derive)).toBe(260);
    expect(computed).toBe(1);
  });

  it('gives a value derived once the bars a reader keeps, else reads them for it alone, keeping nothing', async () => {
    // A new revision, which nobody has read yet.
    await t.app.site.contentChanged(['market'], { pictures: false });
    const snapshot = await t.app.site.readModel('marketData').current();
    // Nobody keeps INDIA VIX's bars yet: each caller gets a read of its own, and none is kept.
    const [first, second] = [await snapshot.barsOnce('INDIA VIX'), await snapshot.barsOnce('INDIA VIX')];
    expect(first).toHaveLength(260);
    expect(first).not.toBe(second);
    expect(first).toEqual(second);
    const kept = await snapshot.bars('INDIA VIX');
    expect(kept).not.toBe(first);
    // Once a reader keeps them, they are shared.
    expect(await snapshot.barsOnce('INDIA VIX')).toBe(kept);
    const nifty = await snapshot.bars('NIFTY 50');
    expect(await snapshot.barsOnce('NIFTY 50')).toBe(nifty);
  });

  it('keeps of each stock only what the stock table shows, not its bars', async () => {
    const stocks = await t.app.inject({ url: '/api/stocks?symbols=TCS' });
    expect(stocks.statusCode).toBe(200);
    expect(stocks.json()[0]).toMatchObject({ symbol: 'TCS', rating: expect.any(String) });
    // Its bars were read for the table and let go: each later caller gets a read of its own.
    const snapshot = await t.app.site.readModel('marketData').current();
    const [first, second] = [await snapshot.barsOnce('TCS'), await snapshot.barsOnce('TCS')];
    expect(first.length).toBeGreaterThan(2);
    expect(first).not.toBe(second);
  });

  it('sees a new import at its next read: the import moves the revision, and what was derived goes', async () => {
    const model = t.app.site.readModel('marketData');
    const before = await model.current();
    await importMarketFolder(tablesOf<MarketTables>(t.app.database.db), later);
    // What the start-up import, `npm run market:import` and the sync do after writing bars.
    await t.app.site.contentChanged(['market'], { pictures: false });
    const after = await model.current();
    expect(after.revision).toBeGreaterThan(before.revision);
    expect((await after.bars('NIFTY 50')).at(-1)?.date).toBe('2025-06-30');
    expect(after.derive('count', () => -1)).toBe(-1);
    // The API reads the same model: the indicators are those of the new last session.
    const res = await t.app.inject({ method: 'GET', url: '/api/indicators' });
    expect(res.json().asOf).toBe('2025-06-30');
  });

  it('drops the snapshot when the calendar changes (holidays are read from it)', async () => {
    const model = t.app.site.readModel('marketData');
    const before = await model.current();
    expect((await before.holidays()).has('2025-07-01')).toBe(false);
    await t.app.inject({
      method: 'POST',
      url: '/api/admin/market-events',
      headers: adminHeaders,
      payload: { date: '2025-07-01', kind: 'holiday', event: 'A test holiday', impact: 'closed' },
    });
    const after = await model.current();
    expect(after.revision).toBeGreaterThan(before.revision);
    expect((await after.holidays()).has('2025-07-01')).toBe(true);
  });

  it("tells readiness the last bar's date, the holiday calendar's last day and whether it covers the next expiries", async () => {
    const db = tablesOf<MarketTables>(t.app.database.db);
    const market = createMarketService({
      repository: createMarketRepository(db),
      clock: new ManualClock(new Date('2025-06-30T18:00:00+05:30')),
      data: t.app.site.readModel('marketData'),
    });
    const horizon = await market.dataHorizon();
    expect(horizon.lastBarDate).toBe('2025-06-30');
    // The calendar here ends with the test holiday of 2025-07-01: it does not reach 2025-09-30.
    expect(horizon.holidayCalendarEnd).toBe('2025-07-01');
    expect(horizon.expiriesAhead).toMatchObject({ until: '2025-09-30', covered: false });
    // Thursday expiries to 2025-08-28, Tuesday after (2025-09-02 on); 75 a lot (contracts expiring in 2025).
    expect(horizon.expiriesAhead.expiries[0]).toEqual({ expiry: '2025-07-03', lotSize: 75 });
    expect(horizon.expiriesAhead.expiries.map((e) => e.expiry)).toContain('2025-09-02');
    await t.app.inject({
      method: 'POST',
      url: '/api/admin/market-events',
      headers: adminHeaders,
      payload: { date: '2025-10-02', kind: 'holiday', event: 'Gandhi Jayanti', impact: 'closed' },
    });
    expect((await market.dataHorizon()).expiriesAhead.covered).toBe(true);
  });
});

describe('readiness of the market data (issue 31, item 4)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({
      MARKET_DATA_DIR: first,
      MARKET_CLOCK: '2025-06-30T18:00:00+05:30',
      ADMIN_TOKEN: adminToken,
    });
    await t.app.site.readModel('marketData').current();
  });
  afterAll(() => t.close());

  it('warns that the holiday calendar and the expiry calendar run out, and names the last bar', async () => {
    const empty = (await t.app.inject({ url: '/api/health/ready' })).json();
    expect(empty.checks['holiday-calendar']).toMatchObject({ state: 'warning', required: false });
    expect(empty.checks['holiday-calendar'].message).toBe('The holiday calendar: no entries.');
    // The operator enters one holiday, the day after this clock's date: the calendar ends then.
    const added = await t.app.inject({
      method: 'POST',
      url: '/api/admin/market-events',
      headers: adminHeaders,
      payload: { date: '2025-07-01', kind: 'holiday', event: 'A test holiday', impact: 'closed' },
    });
    expect(added.statusCode).toBe(201);
    const res = await t.app.inject({ url: '/api/health/ready' });
    expect(res.statusCode).toBe(200);
    const { status, checks } = res.json();
    expect(status).toBe('degraded');
    expect(checks['holiday-calendar']).toMatchObject({ state: 'warning', required: false });
    expect(checks['holiday-calendar'].message).toBe('The holiday calendar ends on 2025-07-01: 1 day left.');
    expect(checks['expiry-calendar']).toMatchObject({ state: 'warning', required: false });
    expect(checks['expiry-calendar'].message).toMatch(
      /^The NIFTY expiry calendar \(holidays move expiries\) ends on 2025-07-01/,
    );
    // The sync is off here: the last bar is named, not judged.
    expect(checks['market-data']).toEqual({
      state: 'ok',
      required: false,
      message: 'The last NIFTY 50 bar is of 2025-06-27.',
    });
  });
});
