import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('GET /api/health/ready', () => {
  it('names each check: the database (and Redis only with REDIS_URL)', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/health/ready' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: 'ready', checks: { database: 'up' } });
  });

  it('answers 503 with Retry-After, the uniform error body and the report when the database is down', async () => {
    const db = t.database.db;
    // The database gone for this app (its connection closed under it).
    await db.destroy();
    const res = await t.app.inject({ method: 'GET', url: '/api/health/ready' });
    expect(res.statusCode).toBe(503);
    expect(res.headers['retry-after']).toBe('5');
    expect(res.json()).toEqual({
      error: 'The site is not ready: database not reachable.',
      code: 'DATABASE_UNAVAILABLE',
      status: 'unavailable',
      checks: { database: 'down' },
    });
  });
});
