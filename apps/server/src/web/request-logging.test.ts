import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { ManualClock } from '../shared/clock.ts';

// What Fastify asked the answer cache about each request (its per-request log lines), by address.
const quiet: [string, boolean][] = [];
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp(
    {},
    {
      beforeReady(app) {
        app.get('/test-redirect', { config: { logRequests: false } }, (_request, reply) =>
          reply.redirect('https://example.com/', 302),
        );
        app.addHook('onResponse', async (request) => {
          quiet.push([request.url, app.answerCache.isQuiet(request)]);
        });
      },
    },
  );
});
afterAll(() => t.close());

const get = (url: string) => t.app.inject({ method: 'GET', url, headers: { 'accept-encoding': 'br' } });

describe('per-request log lines', () => {
  it('leave out cache hits and routes that say so, and keep misses and everything else', async () => {
    expect((await get('/api/blogs')).headers['x-api-cache']).toBe('miss');
    expect((await get('/api/blogs')).headers['x-api-cache']).toBe('hit');
    expect((await get('/test-redirect')).statusCode).toBe(302);
    expect((await get('/api/health')).statusCode).toBe(200);
    const post = await t.app.inject({ method: 'POST', url: '/api/blogs', payload: {} });
    expect(post.statusCode).toBeGreaterThanOrEqual(400);
    expect(quiet).toEqual([
      ['/api/blogs', false],
      ['/api/blogs', true],
      ['/test-redirect', true],
      ['/api/health', false],
      ['/api/blogs', false],
    ]);
  });
});

describe('a cache hit that arrives as the content revision is due to be read again', () => {
  it('is still left out of the log once the revision is known', async () => {
    const clock = new ManualClock(Date.UTC(2026, 10, 27, 6));
    const seen: [string, boolean][] = [];
    const app = await createTestApp(
      {},
      {
        platform: { clock },
        beforeReady(built) {
          built.addHook('onResponse', async (request) => {
            seen.push([request.url, built.answerCache.isQuiet(request)]);
          });
        },
      },
    );
    try {
      const miss = await app.app.inject({ url: '/api/blogs' });
      expect(miss.headers['x-api-cache']).toBe('miss');
      // Past the revision's check period: the next request finds it being read from the database.
      clock.advance(5_000);
      const hit = await app.app.inject({ url: '/api/blogs' });
      expect(hit.headers['x-api-cache']).toBe('hit');
      expect(seen.at(-1)?.[1]).toBe(true);
      // A miss in the same moment stays logged, although its answer is cached by the time it completes.
      clock.advance(5_000);
      const other = await app.app.inject({ url: '/api/posts' });
      expect(other.headers['x-api-cache']).toBe('miss');
      expect(seen.at(-1)).toEqual(['/api/posts', false]);
    } finally {
      await app.close();
    }
  });
});

describe('a miss whose revision read is still under way when its hook asks', () => {
  it('stays logged, although its answer is in the cache by the time it completes', async () => {
    const seen: [string, boolean][] = [];
    let reading = false;
    const app = await createTestApp(
      {},
      {
        beforeReady(built) {
          const revision = built.site.contentRevision;
          const current = revision.current.bind(revision);
          // A slow database: the revision is still being read (again) each time the cache hook asks.
          revision.current = () => (reading ? Promise.resolve(current()) : current());
          built.addHook('preHandler', async () => {
            reading = false;
          });
          built.addHook('onResponse', async (request) => {
            seen.push([request.url, built.answerCache.isQuiet(request)]);
          });
        },
      },
    );
    try {
      reading = true;
      const miss = await app.app.inject({ url: '/api/blogs' });
      expect(miss.headers['x-api-cache']).toBe('miss');
      expect(seen).toEqual([['/api/blogs', false]]);
      expect((await app.app.inject({ url: '/api/blogs' })).headers['x-api-cache']).toBe('hit');
      expect(seen.at(-1)).toEqual(['/api/blogs', true]);
    } finally {
      await app.close();
    }
  });
});
