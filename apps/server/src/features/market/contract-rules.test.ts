import fs from 'node:fs';
import { NIFTY_CONTRACT_RULES } from '@hurryup/market/nifty-contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminHeaders, adminToken } from '../../../test/admin.ts';
import { writeEventsFolder, writeMarketFolder } from '../../../test/market-folders.ts';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';
import { tablesOf } from '../../db/tables-of.ts';
import { ManualClock } from '../../shared/clock.ts';
import { createMarketRepository } from './market.repository.ts';
import { createMarketService } from './market.service.ts';
import type { MarketTables } from './market.tables.ts';
import { readContractRules } from './market-data.ts';

// Issue 31 item 4: NSE's lot sizes and expiry weekdays are rows the operator adds from the console.

const circular = 'NSE/FAOP/99999 (1 December 2026): a test circular';

describe('the contract rules as data (/api/admin/nifty-lot-sizes, /api/admin/nifty-expiry-weekdays)', () => {
  let t: TestApp;
  const market = writeMarketFolder();
  const events = writeEventsFolder();
  beforeAll(async () => {
    t = await createTestApp({
      ADMIN_TOKEN: adminToken,
      MARKET_DATA_DIR: market,
      EVENTS_DATA_DIR: events,
      MARKET_CLOCK: '2025-06-30T18:00:00+05:30',
    });
  });
  afterAll(async () => {
    await t.close();
    fs.rmSync(market, { recursive: true });
    fs.rmSync(events, { recursive: true });
  });
  const call = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: object) =>
    t.app.inject({ method, url, headers: adminHeaders, ...(payload ? { payload } : {}) });

  it('the migration seeds the tables with the package’s rules, which the read model answers', async () => {
    const db = tablesOf<MarketTables>(t.app.database.db);
    expect(await readContractRules(db)).toEqual(NIFTY_CONTRACT_RULES);
    expect(await (await t.app.site.readModel('marketData').current()).contractRules()).toEqual(
      NIFTY_CONTRACT_RULES,
    );
    const lots = (await call('GET', '/api/admin/nifty-lot-sizes?limit=100')).json();
    expect(lots.total).toBe(NIFTY_CONTRACT_RULES.lotSizes.length);
    expect(lots.items.find((row: { from: string }) => row.from === '2021-07-29')).toMatchObject({
      basis: 'expiring',
      lotSize: 50,
      circular: expect.stringMatching(/^NSE\/FAOP\/47856 \(31 March 2021\)/),
      until: null,
    });
    const weekdays = (await call('GET', '/api/admin/nifty-expiry-weekdays')).json();
    expect(weekdays.items.map((row: { from: string; weekday: string }) => [row.from, row.weekday])).toEqual([
      ['2025-09-01', 'tuesday'],
      ['2001-06-04', 'thursday'],
    ]);
  });

  it('a new lot row changes the lots the straddle simulator answers, at once (the market revision moves)', async () => {
    const rbi = { date: '2025-06-06', kind: 'rbi', event: 'RBI MPC: repo cut', impact: 'high' };
    expect((await call('POST', '/api/admin/market-events', rbi)).statusCode).toBe(201);
    const simulate = () =>
      t.app.inject({
        method: 'POST',
        url: '/api/simulate-straddle',
        payload: { startYear: 2025, endYear: 2025, entryDays: 1, gap: 0 },
      });
    const before = await simulate();
    expect(before.statusCode).toBe(200);
    expect(before.json().details).toEqual([
      expect.objectContaining({ date: '2025-06-06', expiry: '2025-06-12', lotSize: 75 }),
    ]);
    // The strategy answer prices one lot of the first weekly after the last session (2025-06-27).
    const strategy = async () =>
      (
        await t.app.inject({
          method: 'POST',
          url: '/api/strategy',
          payload: { nifty: 23000, rsi: 60, vix: 14, event: 'rbi' },
        })
      ).json().payoff as { atExpiry: number }[];
    const payoffBefore = await strategy();
    const revision = (await t.app.site.readModel('marketData').current()).revision;

    const created = await call('POST', '/api/admin/nifty-lot-sizes', {
      from: '2025-06-02',
      basis: 'traded',
      lotSize: 70,
      circular,
    });
    expect(created.statusCode).toBe(201);
    expect(created.json()).toMatchObject({
      from: '2025-06-02',
      basis: 'traded',
      lotSize: 70,
      circular,
      until: null,
    });
    expect((await t.app.site.readModel('marketData').current()).revision).toBeGreaterThan(revision);
    const after = (await simulate()).json();
    expect(after.details[0]).toMatchObject({ date: '2025-06-06', lotSize: 70 });
    expect(after.details[0].profit).not.toBe(before.json().details[0].profit);
    const payoffAfter = await strategy();
    expect(payoffAfter).toHaveLength(payoffBefore.length);
    expect(payoffAfter.map((p) => p.atExpiry)).not.toEqual(payoffBefore.map((p) => p.atExpiry));

    // Edited to start after the trade: the trial is back at 75; deleted: the table is the seed again.
    const id = created.json().id;
    const edited = await call('PUT', `/api/admin/nifty-lot-sizes/${id}`, {
      from: '2025-06-09',
      basis: 'traded',
      lotSize: 70,
      circular,
      until: '2025-12-30',
    });
    expect(edited.statusCode).toBe(200);
    expect(edited.json()).toMatchObject({ id, from: '2025-06-09', until: '2025-12-30' });
    expect((await simulate()).json().details[0].lotSize).toBe(75);
    expect((await call('DELETE', `/api/admin/nifty-lot-sizes/${id}`)).statusCode).toBe(204);
    expect(await readContractRules(tablesOf<MarketTables>(t.app.database.db))).toEqual(NIFTY_CONTRACT_RULES);

    // The operator's writes are in the activity log under the kind's own name.
    const activity = (await call('GET', '/api/admin/activity')).json();
    const kinds = activity.items.map((entry: { kind: string }) => entry.kind);
    expect(kinds).toContain('nifty-lot-sizes');
  });

  it('a new weekday row moves the expiries the market data horizon lists', async () => {
    const db = tablesOf<MarketTables>(t.app.database.db);
    const market = createMarketService({
      repository: createMarketRepository(db),
      clock: new ManualClock(new Date('2025-06-30T18:00:00+05:30')),
      data: t.app.site.readModel('marketData'),
    });
    const expiries = async () => (await market.dataHorizon()).expiriesAhead.expiries.map((e) => e.expiry);
    expect(await expiries()).toContain('2025-09-09');
    const created = await call('POST', '/api/admin/nifty-expiry-weekdays', {
      from: '2025-09-08',
      weekday: 'monday',
      circular,
    });
    expect(created.statusCode).toBe(201);
    expect(created.json()).toMatchObject({ from: '2025-09-08', weekday: 'monday', until: null });
    // Tuesday 2025-09-02, then Mondays: 2025-09-08, 2025-09-15, … and the September monthly on the 29th.
    const moved = await expiries();
    expect(moved).toEqual(expect.arrayContaining(['2025-09-02', '2025-09-08', '2025-09-15', '2025-09-29']));
    expect(moved).not.toContain('2025-09-09');
    const ready = (await t.app.inject({ url: '/api/health/ready' })).json();
    expect(ready.checks['contract-rules']).toMatchObject({ state: 'ok', required: false });
    expect(ready.checks['contract-rules'].message).toMatch(
      /expiry weekdays from NSE\/FAOP\/99999 \(1 December 2026\) \(row from 2025-09-08\)\.$/,
    );
    expect((await call('DELETE', `/api/admin/nifty-expiry-weekdays/${created.json().id}`)).statusCode).toBe(
      204,
    );
    expect(await expiries()).toContain('2025-09-09');
  });

  it('refuses bad fields beside the field (400), a table that would not hold together (400), a second row on a date (409), unknown ids (404) and no token (401)', async () => {
    const bad = await call('POST', '/api/admin/nifty-lot-sizes', {
      from: '2027-02-30',
      basis: 'weekly',
      lotSize: 0,
      circular: ' ',
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().fields).toMatchObject({
      from: 'This date does not exist.',
      basis: 'Basis must be traded, expiring or listed.',
      lotSize: 'Lot size must be at least 1.',
      circular: 'Circular is required: name the NSE circular the row comes from.',
    });
    const saturday = await call('POST', '/api/admin/nifty-expiry-weekdays', {
      from: '2027-03-01',
      weekday: 'saturday',
      circular,
    });
    expect(saturday.statusCode).toBe(400);
    expect(saturday.json().fields).toEqual({ weekday: 'Weekday must be Monday to Friday.' });
    const untilFirst = await call('POST', '/api/admin/nifty-expiry-weekdays', {
      from: '2027-03-01',
      weekday: 'monday',
      circular,
      until: '2027-02-01',
    });
    expect(untilFirst.statusCode).toBe(400);
    expect(untilFirst.json().fields).toEqual({ until: 'Until must be on or after the from date.' });

    // A Monday row in the week of the Tuesday row: the weekday applies to whole weeks.
    const sameWeek = await call('POST', '/api/admin/nifty-expiry-weekdays', {
      from: '2025-09-03',
      weekday: 'monday',
      circular,
    });
    expect(sameWeek.statusCode).toBe(400);
    expect(sameWeek.json().error).toBe(
      'This change would leave the contract rules wrong: The expiry-weekday row from 2025-09-03 is in the same week as the row from 2025-09-01: a weekday applies to whole weeks, keep one.',
    );
    // The last weekday row cannot go: the table would be empty.
    const weekdays = (await call('GET', '/api/admin/nifty-expiry-weekdays')).json().items;
    expect((await call('DELETE', `/api/admin/nifty-expiry-weekdays/${weekdays[0].id}`)).statusCode).toBe(204);
    const last = await call('DELETE', `/api/admin/nifty-expiry-weekdays/${weekdays[1].id}`);
    expect(last.statusCode).toBe(400);
    expect(last.json().error).toMatch(/The expiry-weekday table has no row/);
    const restored = await call('POST', '/api/admin/nifty-expiry-weekdays', {
      from: weekdays[0].from,
      weekday: weekdays[0].weekday,
      circular: weekdays[0].circular,
    });
    expect(restored.statusCode).toBe(201);
    expect(await readContractRules(tablesOf<MarketTables>(t.app.database.db))).toEqual(NIFTY_CONTRACT_RULES);

    const twice = await call('POST', '/api/admin/nifty-lot-sizes', {
      from: '2024-04-26',
      basis: 'traded',
      lotSize: 30,
      circular,
    });
    expect(twice.statusCode).toBe(409);
    expect(twice.json()).toMatchObject({ code: 'CONFLICT', fields: { from: expect.any(String) } });

    const row = { from: '2027-01-01', basis: 'traded', lotSize: 70, circular };
    expect((await call('PUT', '/api/admin/nifty-lot-sizes/999999', row)).statusCode).toBe(404);
    expect((await call('DELETE', '/api/admin/nifty-expiry-weekdays/999999')).statusCode).toBe(404);
    const anonymous = await t.app.inject({ method: 'POST', url: '/api/admin/nifty-lot-sizes', payload: row });
    expect(anonymous.statusCode).toBe(401);
    expect((await t.app.inject({ method: 'GET', url: '/api/admin/nifty-expiry-weekdays' })).statusCode).toBe(
      401,
    );
  });
});

describe('readiness of the contract rules (check contract-rules)', () => {
  let t: TestApp;
  // Timers of the app (jobs, readiness) fire when the clock moves forward: it starts late and goes back.
  const clock = new ManualClock(new Date('2027-10-01T12:00:00+05:30'));
  beforeAll(async () => {
    t = await createTestApp({ ADMIN_TOKEN: adminToken }, { platform: { clock } });
  });
  afterAll(() => t.close());
  const call = (method: 'POST' | 'PUT', url: string, payload: object) =>
    t.app.inject({ method, url, headers: adminHeaders, payload });
  const check = async () => {
    // The market's checks say 'being imported' until the start-up import has ended: wait for it.
    await t.app.site.readModel('marketData').current();
    return (await t.app.inject({ url: '/api/health/ready' })).json().checks['contract-rules'];
  };

  it('names the newest circulars, warns 3 months before the newest row ends, and when an expiry ahead has no row', async () => {
    expect(await check()).toEqual({
      state: 'ok',
      required: false,
      message:
        'Lot sizes from NSE circular of October 2025 on the revision of lot sizes (row from 2026-01-01); expiry weekdays from NSE circular of 23 June 2025 (expiry day of equity derivatives) (row from 2025-09-01).',
    });

    // A new lot known to hold until 2027-12-28: within 3 months of 2027-10-01.
    const row = { from: '2026-12-31', basis: 'expiring', lotSize: 70, circular, until: '2027-12-28' };
    const created = await call('POST', '/api/admin/nifty-lot-sizes', row);
    expect(created.statusCode).toBe(201);
    expect(await check()).toMatchObject({
      state: 'warning',
      message:
        "The newest row of NIFTY lot sizes (from 2026-12-31) covers expiries until 2027-12-28: no entry for the next 3 months; add the row of NSE's next circular.",
    });
    // On 2026-11-27 it is more than 3 months ahead; a row ending 2027-01-26 is not.
    clock.set(new Date('2026-11-27T12:00:00+05:30'));
    expect((await check()).state).toBe('ok');
    const id = created.json().id;
    expect(
      (await call('PUT', `/api/admin/nifty-lot-sizes/${id}`, { ...row, until: '2027-01-26' })).statusCode,
    ).toBe(200);
    expect((await check()).message).toMatch(
      /^The newest row of NIFTY lot sizes \(from 2026-12-31\) covers expiries until 2027-01-26: no entry for the next 3 months/,
    );
    expect((await call('PUT', `/api/admin/nifty-lot-sizes/${id}`, row)).statusCode).toBe(200);

    // The seed's 2026 row said to hold until 2026-12-15 only, and the expiries of 2026-12-22 and
    // 2026-12-29 are left to it (the new row starts with the contracts expiring 2026-12-31).
    const rows = (
      await t.app.inject({ url: '/api/admin/nifty-lot-sizes?limit=100', headers: adminHeaders })
    ).json().items as { id: number; from: string; basis: string; lotSize: number; circular: string }[];
    const seed2026 = rows.find((r) => r.from === '2026-01-01')!;
    const ended = await call('PUT', `/api/admin/nifty-lot-sizes/${seed2026.id}`, {
      from: seed2026.from,
      basis: seed2026.basis,
      lotSize: seed2026.lotSize,
      circular: seed2026.circular,
      until: '2026-12-15',
    });
    expect(ended.statusCode).toBe(200);
    expect(await check()).toMatchObject({
      state: 'warning',
      message:
        "No row of NIFTY lot sizes covers the expiry of 2026-12-22 (the row from 2026-01-01 ends on 2026-12-15): add the row of NSE's next circular.",
    });
    const status = (await t.app.inject({ url: '/api/health/ready' })).json();
    expect(status.status).toBe('degraded');
  });
});
