import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { htmlAnswer, registerStandInPages, standInModule, standInRoute } from '../../test/stand-in-pages.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { ManualClock } from '../shared/clock.ts';
import { missingMaxAgeMs } from './page-cache.ts';

// Pages that say something is missing (a 404 or 410), with the site's declarations
// (apps/web/app/routes/not-found.tsx, post.tsx): kept apart and a minute at most, the 404 page of every
// unknown address kept once.
const build = {
  routes: {
    root: { id: 'root', path: '', module: standInModule({ cache: { maxAgeSeconds: 3600 } }) },
    post: standInRoute('post', 'post/:postId?', { shows: ['posts'] }),
    aboutus: standInRoute('aboutus', 'aboutus', { shows: [] }),
    failing: standInRoute('failing', 'failing', { shows: [] }),
    notFound: standInRoute('notFound', '*', { shows: [], as: '/404' }),
  },
};

const clock = new ManualClock(new Date('2026-11-28T10:00:00+05:30'));
let t: TestApp;
let renders: string[] = [];

/** The stand-in renderer: posts named `missing-…` and unknown addresses are 404s, `/failing` a 503. */
function statusOf(pathname: string): number {
  if (pathname === '/failing') return 503;
  if (pathname === '/post') return 400;
  if (pathname === '/aboutus') return 200;
  if (pathname.startsWith('/post/')) return pathname.startsWith('/post/missing') ? 404 : 200;
  return 404;
}

beforeAll(async () => {
  // A small cache, so that a scan of missing pages would push the pages out if it shared their room.
  t = await createTestApp(
    { PAGE_CACHE_MAX_PAGES: '20' },
    {
      platform: { clock },
      beforeReady(app) {
        registerStandInPages(app, build, async (request) => {
          const { pathname } = new URL(request.url);
          renders.push(pathname);
          return htmlAnswer(pathname, statusOf(pathname));
        });
      },
    },
  );
});
afterAll(() => t.close());
beforeEach(() => {
  renders = [];
});

const page = (url: string) => t.app.inject({ method: 'GET', url, headers: { 'accept-encoding': 'br' } });

describe('the 404 page of every unknown address', () => {
  it('is rendered once, for its own address, and answered from memory for every unknown address', async () => {
    const first = await page('/no-such-page');
    const second = await page('/wp-login.php');
    const third = await page('/also/not/here?x=1');
    expect([first.statusCode, second.statusCode, third.statusCode]).toEqual([404, 404, 404]);
    expect(renders).toEqual(['/404']);
    expect(second.headers['x-page-cache']).toBe('hit');
    expect(third.headers['x-page-cache']).toBe('hit');
    // The same bytes, whatever the address asked.
    expect(second.rawPayload.equals(third.rawPayload)).toBe(true);
    // An error page is sent in full every time: no validator.
    expect(second.headers.etag).toBeUndefined();
  });
});

describe('the 404 of a missing item', () => {
  it('is kept under its own address, and dropped by a write of what the page shows', async () => {
    await page('/post/missing-one');
    const again = await page('/post/missing-one');
    expect(again.statusCode).toBe(404);
    expect(again.headers['x-page-cache']).toBe('hit');
    expect(renders).toEqual(['/post/missing-one']);

    // The post is written: the next visitor gets the page rendered anew.
    await t.app.site.contentChanged(['posts'], { pictures: false });
    await page('/post/missing-one');
    expect(renders).toEqual(['/post/missing-one', '/post/missing-one']);
  });

  it('is kept a minute at most, though the page it belongs to is kept an hour', async () => {
    await page('/post/missing-two');
    clock.advance(missingMaxAgeMs - 1000);
    expect((await page('/post/missing-two')).headers['x-page-cache']).toBe('hit');
    clock.advance(1000);
    expect((await page('/post/missing-two')).headers['x-page-cache']).toBe('miss');
    expect(renders).toEqual(['/post/missing-two', '/post/missing-two']);
  });

  it('never pushes a page visitors read out of the cache, however many are asked for', async () => {
    await page('/aboutus');
    for (let i = 0; i < 40; i += 1) await page(`/post/missing-scan-${i}`);
    expect((await page('/aboutus')).headers['x-page-cache']).toBe('hit');
    const stats = t.app.answerCache.cache.stats;
    // A tenth of the room (20 entries) for answers that something is missing.
    expect(stats.missingEntries).toBe(2);
  });
});

describe('the page of an address that names nothing valid (400)', () => {
  it('is kept like a 404', async () => {
    expect((await page('/post')).statusCode).toBe(400);
    const again = await page('/post');
    expect(again.statusCode).toBe(400);
    expect(again.headers['x-page-cache']).toBe('hit');
    expect(renders).toEqual(['/post']);
  });
});

describe('other errors', () => {
  it('are rendered for every request', async () => {
    expect((await page('/failing')).statusCode).toBe(503);
    expect((await page('/failing')).statusCode).toBe(503);
    expect(renders).toEqual(['/failing', '/failing']);
  });
});
