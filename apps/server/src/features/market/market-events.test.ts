import fs from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminHeaders, adminToken } from '../../../test/admin.ts';
import { writeMarketFolder } from '../../../test/market-folders.ts';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';

describe('the operator calls on the event calendar (/api/admin/market-events)', () => {
  let t: TestApp;
  const folder = writeMarketFolder();
  beforeAll(async () => {
    t = await createTestApp({
      ADMIN_TOKEN: adminToken,
      MARKET_DATA_DIR: folder,
      MARKET_CLOCK: '2026-11-27T12:00:00+05:30',
    });
  });
  afterAll(async () => {
    await t.close();
    fs.rmSync(folder, { recursive: true });
  });
  const call = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: object) =>
    t.app.inject({ method, url, headers: adminHeaders, ...(payload ? { payload } : {}) });
  const fedDecision = {
    date: '2026-12-16',
    kind: 'usfed',
    event: 'FOMC decision',
    impact: 'high',
    scheduled: true,
  };

  it('creates, lists, replaces and deletes an event with its scheduled field', async () => {
    const created = await call('POST', '/api/admin/market-events', fedDecision);
    expect(created.statusCode).toBe(201);
    const event = created.json();
    expect(event).toMatchObject({ ...fedDecision, source: 'admin' });
    expect(event.id).toBeTypeOf('number');

    const listed = await call('GET', '/api/admin/market-events');
    expect(listed.statusCode).toBe(200);
    expect(listed.json().items.filter((e: { id: number }) => e.id === event.id)).toHaveLength(1);

    const replaced = await call('PUT', `/api/admin/market-events/${event.id}`, {
      ...fedDecision,
      event: 'FOMC emergency cut',
      scheduled: false,
    });
    expect(replaced.statusCode).toBe(200);
    expect(replaced.json()).toMatchObject({ id: event.id, event: 'FOMC emergency cut', scheduled: false });

    const deleted = await call('DELETE', `/api/admin/market-events/${event.id}`);
    expect(deleted.statusCode).toBe(204);
    expect((await call('DELETE', `/api/admin/market-events/${event.id}`)).statusCode).toBe(404);
  });

  it('reads "scheduled" from the text when it is absent, as the importers do', async () => {
    const res = await call('POST', '/api/admin/market-events', {
      date: '2026-12-02',
      kind: 'rbi',
      event: 'RBI off-cycle repo rate cut',
      impact: 'high',
    });
    expect(res.statusCode).toBe(201);
    expect(res.json().scheduled).toBe(false);
  });

  it('refuses a second event of the same kind on a date (409), bad input (400), unknown ids (404), no token (401)', async () => {
    const holiday = { date: '2026-12-25', kind: 'holiday', event: 'Christmas', impact: 'closed' };
    expect((await call('POST', '/api/admin/market-events', holiday)).statusCode).toBe(201);
    const again = await call('POST', '/api/admin/market-events', { ...holiday, event: 'Christmas Day' });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({ code: 'CONFLICT', fields: { date: expect.any(String) } });

    const bad = await call('POST', '/api/admin/market-events', { ...holiday, date: '2026-02-30', kind: 'x' });
    expect(bad.statusCode).toBe(400);
    expect(Object.keys(bad.json().fields ?? {})).toEqual(expect.arrayContaining(['date', 'kind']));

    expect((await call('PUT', '/api/admin/market-events/999999', holiday)).statusCode).toBe(404);
    const anonymous = await t.app.inject({
      method: 'POST',
      url: '/api/admin/market-events',
      payload: holiday,
    });
    expect(anonymous.statusCode).toBe(401);
  });

  it('moves the market revision: the event calendar answers the new event at once', async () => {
    const before = await t.app.inject({ method: 'GET', url: '/api/event-calendar' });
    expect(before.statusCode).toBe(200);
    const res = await call('POST', '/api/admin/market-events', {
      date: '2027-02-01',
      kind: 'budget',
      event: 'Union Budget 2027-28',
      impact: 'high',
    });
    expect(res.statusCode).toBe(201);
    const after = await t.app.inject({ method: 'GET', url: '/api/event-calendar' });
    expect(after.json().map((e: { date: string }) => e.date)).toContain('2027-02-01');
  });
});
