import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { htmlAnswer, registerStandInPages, standInModule } from '../../test/stand-in-pages.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { ManualClock } from '../shared/clock.ts';

// Trading pages in the page cache (issue 28 item 1), with the declarations of apps/web/app/routes: the
// market data revision, and for /daylow the market minute (the market feature's 'market-minute' moment).
const route = (id: string, path: string, handle?: unknown) => ({
  id,
  parentId: 'root',
  path,
  module: standInModule(handle),
});
const build = {
  routes: {
    root: { id: 'root', path: '', module: standInModule({ cache: { maxAgeSeconds: 365 * 24 * 3600 } }) },
    daylow: route('daylow', 'daylow', { cache: { shows: ['market'], follows: ['market-minute'] } }),
    tradebot: route('tradebot', 'tradebot', {
      cache: {
        shows: ['market'],
        query: ['save'],
        privately: (url: URL) => url.searchParams.get('save') === 'true',
      },
    }),
    eventCalendar: route('eventCalendar', 'eventCalendar', {
      cache: { shows: ['market'], follows: ['india-date'] },
    }),
    save: route('save', 'tradebot-save-9', { cache: { shows: ['market'], privately: true } }),
  },
};

// Monday 2025-06-30, 10:15:20 in India: the market is open.
const clock = new ManualClock(new Date('2025-06-30T10:15:20+05:30'));
let t: TestApp;
let renders = 0;

beforeAll(async () => {
  t = await createTestApp(
    {},
    {
      platform: { clock },
      beforeReady(app) {
        registerStandInPages(app, build, async (request) => {
          renders += 1;
          return htmlAnswer(`${new URL(request.url).pathname} #${renders}`);
        });
      },
    },
  );
  // The start-up import (of no folder here) moves the market revision when it ends: wait for it.
  await t.app.site.readModel('marketData').current();
});
afterAll(() => t.close());

const outcome = async (url: string, headers: Record<string, string> = {}) => {
  const before = renders;
  const res = await t.app.inject({ method: 'GET', url, headers });
  expect(res.statusCode).toBe(200);
  return {
    cache: res.headers['x-page-cache'],
    rendered: renders > before,
    cacheControl: res.headers['cache-control'],
  };
};
const moveTo = (iso: string) => clock.advance(Date.parse(iso) - clock.now());

describe('trading pages in the page cache', () => {
  it('answers a second request for a trading page from the cache', async () => {
    expect(await outcome('/tradebot')).toMatchObject({ cache: 'miss', rendered: true });
    expect(await outcome('/tradebot')).toMatchObject({ cache: 'hit', rendered: false });
  });

  it('makes a new entry of a page that follows the market minute when the minute changes in market hours', async () => {
    moveTo('2025-06-30T10:15:25+05:30');
    expect(await outcome('/daylow')).toMatchObject({ cache: 'miss', rendered: true });
    moveTo('2025-06-30T10:15:59+05:30');
    expect(await outcome('/daylow')).toMatchObject({ cache: 'hit', rendered: false });
    moveTo('2025-06-30T10:16:00+05:30');
    expect(await outcome('/daylow')).toMatchObject({ cache: 'miss', rendered: true });
    expect(await outcome('/daylow')).toMatchObject({ cache: 'hit', rendered: false });
    // A page that does not follow the minute stays.
    expect((await outcome('/tradebot')).cache).toBe('hit');
  });

  it('keeps the same entry outside market hours until the next session opens', async () => {
    moveTo('2025-06-30T15:45:00+05:30');
    expect(await outcome('/daylow')).toMatchObject({ cache: 'miss', rendered: true });
    moveTo('2025-06-30T20:00:00+05:30');
    expect(await outcome('/daylow')).toMatchObject({ cache: 'hit', rendered: false });
    moveTo('2025-07-01T08:59:59+05:30');
    expect(await outcome('/daylow')).toMatchObject({ cache: 'hit', rendered: false });
    moveTo('2025-07-01T09:00:00+05:30');
    expect(await outcome('/daylow')).toMatchObject({ cache: 'miss', rendered: true });
  });

  it('renders a page that shows "today" again after midnight in India', async () => {
    moveTo('2025-07-01T23:00:00+05:30');
    expect(await outcome('/eventCalendar')).toMatchObject({ cache: 'miss', rendered: true });
    moveTo('2025-07-01T23:59:59+05:30');
    expect((await outcome('/eventCalendar')).cache).toBe('hit');
    moveTo('2025-07-02T00:00:00+05:30');
    expect((await outcome('/eventCalendar')).cache).toBe('miss');
  });

  it('renders every trading page again after a write of market data', async () => {
    expect((await outcome('/tradebot')).cache).toBe('hit');
    await t.app.site.contentChanged(['market'], { pictures: false });
    expect(await outcome('/tradebot')).toMatchObject({ cache: 'miss', rendered: true });
    // A write of other content leaves it.
    await t.app.site.contentChanged(['blogs'], { pictures: false });
    expect((await outcome('/tradebot')).cache).toBe('hit');
  });

  it('keeps save mode in the server only: no-store to every browser and shared cache', async () => {
    // Asked first, before any other address of /tradebot with a query.
    for (const url of ['/tradebot?save=true', '/tradebot-save-9']) {
      expect(await outcome(url)).toEqual({ cache: 'miss', rendered: true, cacheControl: 'no-store' });
      expect(await outcome(url)).toEqual({ cache: 'hit', rendered: false, cacheControl: 'no-store' });
      // A visitor with a cookie of the site gets a page rendered for them, never kept by anyone.
      const personal = await outcome(url, { cookie: 'hurryup_admin=abc' });
      expect(personal.cache, url).toBeUndefined();
      expect(personal.rendered, url).toBe(true);
    }
    // A write of market data renders save mode again, as every trading page.
    await t.app.site.contentChanged(['market'], { pictures: false });
    expect((await outcome('/tradebot-save-9')).cache).toBe('miss');
    // The shared page is its own entry, kept by shared caches; a tracking tag neither makes an entry nor a render.
    const shared = await outcome('/tradebot');
    expect(shared.cacheControl).toMatch(/public/);
    expect((await outcome('/tradebot')).cache).toBe('hit');
    expect(await outcome('/tradebot?utm_source=x')).toMatchObject({ cache: 'hit', rendered: false });
    expect(await outcome('/tradebot?save=false')).toMatchObject({ cache: 'miss', rendered: true });
    expect(await outcome('/tradebot?save=false')).toMatchObject({ cache: 'hit', rendered: false });
  });
});
