import { RouterContextProvider } from 'react-router';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import {
  asDatabaseError,
  DatabaseUnavailableError,
  isConnectionFailure,
} from '../db/database-unavailable.ts';
import { registerPageRoute } from '../web/pages.ts';

/** What `pg` throws when PostgreSQL ends the session (a restart, `pg_terminate_backend`). */
const adminShutdown = () =>
  Object.assign(new Error('terminating connection due to administrator command'), {
    code: '57P01',
    severity: 'FATAL',
  });

describe('which failures mean "the database is away"', () => {
  it.each([
    ['admin shutdown (57P01)', adminShutdown()],
    [
      'cannot connect now (57P03)',
      Object.assign(new Error('the database system is starting up'), { code: '57P03' }),
    ],
    ['a connection exception (08006)', Object.assign(new Error('connection failure'), { code: '08006' })],
    [
      'a refused socket',
      Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), { code: 'ECONNREFUSED' }),
    ],
    ['a connection that ended', new Error('Connection terminated unexpectedly')],
    ['a pool that could not connect in time', new Error('timeout exceeded when trying to connect')],
    [
      'SQLite still locked after its busy timeout',
      Object.assign(new Error('database is locked'), { code: 'SQLITE_BUSY' }),
    ],
  ])('%s', (_name, error) => {
    expect(isConnectionFailure(error)).toBe(true);
    expect(asDatabaseError(error)).toBeInstanceOf(DatabaseUnavailableError);
  });

  it.each([
    ['a unique violation', Object.assign(new Error('duplicate key'), { code: '23505' })],
    ['a syntax error', Object.assign(new Error('syntax error'), { code: '42601' })],
    ['an error of the app', new Error('No free random code after 8 tries')],
  ])('not %s', (_name, error) => {
    expect(isConnectionFailure(error)).toBe(false);
    expect(asDatabaseError(error)).toBe(error);
  });
});

describe('answers while the database is away', () => {
  let t: TestApp;
  let pageStatus = 200;
  beforeAll(async () => {
    t = await createTestApp(
      {},
      {
        beforeReady(app) {
          app.get('/api/test-database-away', async () => {
            throw adminShutdown();
          });
          app.get('/api/test-database-away-wrapped', async () => {
            throw new Error('Could not read the blogs', { cause: adminShutdown() });
          });
          registerPageRoute(
            app,
            app.config,
            app.site,
            { routes: { root: { id: 'root', path: '', module: {} as never } } },
            () => new RouterContextProvider(),
            app.answerCache,
            async () =>
              new Response('<!DOCTYPE html><html><body>Could not load the blog.</body></html>', {
                status: pageStatus,
                headers: { 'content-type': 'text/html; charset=utf-8' },
              }),
          );
        },
      },
    );
  });
  afterAll(() => t.close());

  it.each(['/api/test-database-away', '/api/test-database-away-wrapped'])(
    '%s: 503 with Retry-After and the uniform body, never 500',
    async (url) => {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.statusCode).toBe(503);
      expect(res.headers['retry-after']).toBe('5');
      expect(res.json()).toEqual({
        error: 'The database is not reachable right now. Please try again in a few seconds.',
        code: 'DATABASE_UNAVAILABLE',
      });
    },
  );

  it('a page whose loader met the outage (503, loader-failure.ts) says when to try again', async () => {
    pageStatus = 503;
    const res = await t.app.inject({ method: 'GET', url: '/blog', headers: { cookie: 'x=1' } });
    expect(res.statusCode).toBe(503);
    expect(res.headers['retry-after']).toBe('5');
    pageStatus = 200;
  });
});
