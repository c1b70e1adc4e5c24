import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminHeaders, adminToken } from '../../../test/admin.ts';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';
import { ManualClock } from '../../shared/clock.ts';
import { defineFeature } from '../../shared/feature.ts';
import { healthFeature } from './health.feature.ts';

describe('GET /api/health/ready', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
    // The market's checks say 'being imported' until the start-up import has ended: wait for it.
    await t.app.site.readModel('marketData').current();
  });
  afterAll(() => t.close());

  it('names each check with its state: the database, the engines and the market data (Redis and the worker only with REDIS_URL)', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/health/ready' });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    // No market data in this app: a warning, so 'degraded', still 200 (the site serves).
    expect(body.status).toBe('degraded');
    expect(Object.keys(body.checks).sort()).toEqual([
      'contract-rules',
      'database',
      'engines',
      'expiry-calendar',
      'holiday-calendar',
      'market-data',
    ]);
    expect(body.checks['market-data']).toEqual({
      state: 'warning',
      required: false,
      message: 'No NIFTY 50 bars are stored: the trading pages have no data.',
    });
    expect(body.checks.database).toEqual({ state: 'ok', required: true });
    expect(body.checks.engines).toMatchObject({ state: 'ok', required: false });
    expect(body.checks.engines.message).toMatch(
      /^Engines: 0 running, 0 waiting \(this process, \d+ threads?\)\.$/,
    );
  });

  it('answers 503 with Retry-After, the uniform error body and the report when the database is down', async () => {
    // The database gone for this app (its connection closed under it).
    await t.database.db.destroy();
    const res = await t.app.inject({ method: 'GET', url: '/api/health/ready' });
    expect(res.statusCode).toBe(503);
    expect(res.headers['retry-after']).toBe('5');
    const body = res.json();
    expect(body).toMatchObject({
      error: 'The site is not ready: database not reachable.',
      code: 'DATABASE_UNAVAILABLE',
      status: 'unavailable',
    });
    expect(body.checks.database).toMatchObject({ state: 'failing', required: true });
  });
});

/**
 * A feature that adds a data-expiry check through its context, as the market feature adds the holiday
 * calendar's: its last day is whatever the test says.
 */
const calendar = { lastDay: '2027-03-31' as string | undefined };
const calendarFeature = defineFeature({
  name: 'test-calendar',
  async plugin(_app, { readiness }) {
    readiness.addDataExpiry({
      name: 'holiday-calendar',
      what: 'The holiday calendar',
      lastDay: async () => calendar.lastDay,
    });
  },
});

describe('a data-expiry check added by a feature', () => {
  // Moving a ManualClock over weeks would fire every tick of the job ticker: the data's last day moves instead.
  const clock = new ManualClock(Date.UTC(2026, 10, 27, 6, 0));
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(
      { ADMIN_TOKEN: adminToken },
      { platform: { clock }, features: [healthFeature, calendarFeature] },
    );
  });
  afterAll(() => t.close());

  const ready = async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/health/ready' });
    return { status: res.statusCode, body: res.json() };
  };

  it('is ok far from the last day, a warning within 30 days (still 200), in readiness and the status answer', async () => {
    expect(await ready()).toMatchObject({
      status: 200,
      body: {
        status: 'ready',
        checks: {
          'holiday-calendar': {
            state: 'ok',
            required: false,
            message: 'The holiday calendar runs to 2027-03-31.',
          },
        },
      },
    });
    calendar.lastDay = '2026-12-25';
    expect(await ready()).toMatchObject({
      status: 200,
      body: {
        status: 'degraded',
        checks: {
          database: { state: 'ok' },
          'holiday-calendar': {
            state: 'warning',
            message: 'The holiday calendar ends on 2026-12-25: 28 days left.',
          },
        },
      },
    });
    const status = await t.app.inject({ method: 'GET', url: '/api/admin/status', headers: adminHeaders });
    expect(status.statusCode).toBe(200);
    expect(status.json().warnings).toEqual([
      {
        check: 'holiday-calendar',
        state: 'warning',
        message: 'The holiday calendar ends on 2026-12-25: 28 days left.',
      },
    ]);
  });

  it('says when the data has run out, or there is none', async () => {
    calendar.lastDay = '2026-11-26';
    expect((await ready()).body.checks['holiday-calendar'].message).toBe(
      'The holiday calendar ended on 2026-11-26: add the next entries.',
    );
    calendar.lastDay = undefined;
    expect((await ready()).body.checks['holiday-calendar']).toEqual({
      state: 'warning',
      required: false,
      message: 'The holiday calendar: no entries.',
    });
  });
});
