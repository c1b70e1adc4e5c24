import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { rawRequest, sendRaw } from '../../test/raw-http.ts';
import { htmlAnswer, registerStandInPages, standInModule, standInRoute } from '../../test/stand-in-pages.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { ManualClock } from '../shared/clock.ts';

// The answer cache's front door (web/cached-page-answers.ts): an address whose answer the hook has sent from
// the cache is answered next time before Fastify sees the request. What Fastify would have done for it is
// done all the same: the rate limit, the request id, the metrics, the Host check; anything else goes on.
const build = {
  routes: {
    root: { id: 'root', path: '', module: standInModule({ cache: { maxAgeSeconds: 3600 } }) },
    aboutus: standInRoute('aboutus', 'aboutus', { shows: [] }),
    post: standInRoute('post', 'post/:postId?', { shows: ['posts'] }),
    shortLink: standInRoute('shortLink', 's/:code', { shows: [] }),
    notFound: standInRoute('notFound', '*', { shows: [], as: '/404' }),
  },
};

const metricsToken = 'front-door-metrics-token';
let t: TestApp;
let port: number;
let renders: string[] = [];
// Requests Fastify saw to their end (its onResponse hooks): a hit at the front door is not one of them.
let reachedFastify: string[] = [];

interface Answer {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: string;
}

/** A GET over a real connection of its own, as a browser sends it (no compression asked, to read the body). */
function getFrom(toPort: number, path: string, headers: Record<string, string> = {}): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const request = http.get({ port: toPort, host: '127.0.0.1', path, headers, agent: false }, (response) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('end', () =>
        resolve({
          status: response.statusCode!,
          headers: response.headers,
          body: Buffer.concat(chunks).toString('utf8'),
        }),
      );
    });
    request.on('error', reject);
  });
}
const get = (path: string, headers: Record<string, string> = {}) => getFrom(port, path, headers);

// The site's clock: a short code asked for and unknown is remembered a second of it.
const clock = new ManualClock(new Date('2026-11-28T10:00:00+05:30'));

async function startSite(env: Record<string, string>) {
  const site = await createTestApp(env, {
    platform: { clock },
    beforeReady(app) {
      registerStandInPages(app, build, async (request) => {
        const { pathname } = new URL(request.url);
        renders.push(pathname);
        const missing =
          pathname !== '/aboutus' &&
          !pathname.startsWith('/post/') &&
          (!pathname.startsWith('/s/') || pathname === '/s/+');
        return htmlAnswer(`page ${pathname}`, missing ? 404 : 200);
      });
      app.addHook('onResponse', async function seenByFastify(request) {
        reachedFastify.push(request.url);
      });
    },
  });
  await site.app.listen({ port: 0, host: '127.0.0.1' });
  return { site, port: (site.app.server.address() as AddressInfo).port };
}

beforeAll(async () => {
  ({ site: t, port } = await startSite({ METRICS_TOKEN: metricsToken, RATE_LIMIT_MAX: '1000' }));
});
afterAll(() => t.close());
beforeEach(() => {
  renders = [];
  reachedFastify = [];
});

describe('the front door', () => {
  it('answers an address the cache has answered before, without Fastify, with what the hook sends', async () => {
    const first = await get('/aboutus');
    const second = await get('/aboutus');
    const third = await get('/aboutus', { 'x-request-id': 'trace-me-1' });
    expect([first.status, second.status, third.status]).toEqual([200, 200, 200]);
    expect([first.headers['x-page-cache'], second.headers['x-page-cache']]).toEqual(['miss', 'hit']);
    expect(third.headers['x-page-cache']).toBe('hit');
    expect(third.body).toBe(first.body);
    expect(renders).toEqual(['/aboutus']);
    // The render and the hook's hit went through Fastify; the third request did not.
    expect(reachedFastify).toEqual(['/aboutus', '/aboutus']);
    // Everything the hook's hit carries, but the per-request headers, is the same.
    const perRequest = ['date', 'x-request-id', 'x-ratelimit-remaining'];
    const without = (headers: http.IncomingHttpHeaders) =>
      Object.fromEntries(Object.entries(headers).filter(([name]) => !perRequest.includes(name)));
    expect(without(third.headers)).toEqual(without(second.headers));
    expect(third.headers['x-request-id']).toBe('trace-me-1');
    expect(second.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
    expect(third.headers['content-security-policy']).toBeDefined();
    expect(third.headers['x-ratelimit-limit']).toBe('1000');
    expect(Number(third.headers['x-ratelimit-remaining'])).toBe(
      Number(second.headers['x-ratelimit-remaining']) - 1,
    );
  });

  it('answers 304 to a client that holds the page, and the compressed copy to one that asks for it', async () => {
    const page = await get('/post/front-door-etag');
    await get('/post/front-door-etag');
    reachedFastify = [];
    const held = await get('/post/front-door-etag', { 'if-none-match': page.headers.etag! });
    expect(held.status).toBe(304);
    expect(held.body).toBe('');
    const compressed = await get('/post/front-door-etag', { 'accept-encoding': 'gzip' });
    expect(compressed.headers['content-encoding']).toBe('gzip');
    expect(reachedFastify).toEqual([]);
  });

  it('answers every unknown address with the one kept 404 page once it has seen that address', async () => {
    await get('/no-such-page');
    await get('/wp-login.php');
    reachedFastify = [];
    const again = await get('/wp-login.php');
    expect(again.status).toBe(404);
    expect(again.body).toContain('page /404');
    expect(reachedFastify).toEqual([]);
  });

  it('leaves to Fastify what it must not answer: personal, bodies, other methods, bad hosts', async () => {
    await get('/post/front-door-left');
    await get('/post/front-door-left');
    reachedFastify = [];
    // Signed in (a cookie of the site's own): never from the shared cache.
    expect((await get('/post/front-door-left', { cookie: 'session=abc' })).headers['x-page-cache']).not.toBe(
      'hit',
    );
    // A GET with a body: its body is read (or drained) as Fastify does for any request.
    const withBody = await sendRaw(port, [rawRequest('GET', '/post/front-door-left', {}, 'x')]);
    expect(withBody.answer?.status).toBe(200);
    const head = await new Promise<number>((resolve) => {
      http
        .request({ port, host: '127.0.0.1', path: '/post/front-door-left', method: 'HEAD', agent: false })
        .on('response', (response) => {
          response.resume();
          resolve(response.statusCode!);
        })
        .end();
    });
    expect(head).toBe(200);
    // A Host the URL parser refuses is answered 400 by the request checks, as for any address.
    const badHost = await sendRaw(port, [
      'GET /post/front-door-left HTTP/1.1\r\nHost: bad host\r\nConnection: close\r\n\r\n',
    ]);
    expect(badHost.answer?.status).toBe(400);
    expect(reachedFastify).toEqual([
      '/post/front-door-left',
      '/post/front-door-left',
      '/post/front-door-left',
      '/post/front-door-left',
    ]);
  });

  it('sends the page rendered anew once content it shows was written', async () => {
    await get('/post/front-door-written');
    await get('/post/front-door-written');
    await t.app.site.contentChanged(['posts'], { pictures: false });
    const after = await get('/post/front-door-written');
    expect(after.headers['x-page-cache']).toBe('miss');
    expect(renders).toEqual(['/post/front-door-written', '/post/front-door-written']);
  });

  it('counts its answers in the metrics, under the page route, like the hits Fastify sees', async () => {
    const count = async () => {
      const metrics = await t.app.inject({
        method: 'GET',
        url: '/metrics',
        headers: { authorization: `Bearer ${metricsToken}` },
      });
      const line = metrics.body
        .split('\n')
        .find((text) => text.startsWith('hurryup_http_requests_total{route="*",method="GET",status="200"}'));
      return Number(line?.split(' ')[1] ?? 0);
    };
    await get('/post/front-door-counted');
    await get('/post/front-door-counted');
    const before = await count();
    reachedFastify = [];
    await get('/post/front-door-counted');
    await get('/post/front-door-counted');
    expect(reachedFastify).toEqual([]);
    expect((await count()) - before).toBe(2);
  });
});

describe('short links at the front door', () => {
  it("sends a hot link's redirect and counts the click, with the headers the route sends", async () => {
    const made = await t.app.inject({
      method: 'POST',
      url: '/api/shorten',
      payload: { longUrl: 'https://example.com/front-door?x=1' },
    });
    const { code } = made.json() as { code: string };
    reachedFastify = [];
    // A link made in this process is known at once: its first click is answered at the front door.
    const clicks = await Promise.all([get(`/s/${code}`), get(`/s/${code}`)]);
    expect(clicks.map((click) => [click.status, click.headers.location])).toEqual([
      [302, 'https://example.com/front-door?x=1'],
      [302, 'https://example.com/front-door?x=1'],
    ]);
    expect(reachedFastify).toEqual([]);
    // The same headers as the route's own answer (Fastify, through app.inject), but the per-request ones.
    const routeAnswer = await t.app.inject({ method: 'GET', url: `/s/${code}` });
    const perRequest = ['date', 'x-request-id', 'x-ratelimit-remaining', 'connection', 'keep-alive'];
    const lasting = (headers: Record<string, unknown>) =>
      Object.fromEntries(Object.entries(headers).filter(([name]) => !perRequest.includes(name)));
    expect(lasting(clicks[0]!.headers)).toEqual(lasting(routeAnswer.headers));
    // Three clicks: two at the front door, one through the route.
    expect((await t.app.inject({ url: `/api/short-links/${code}` })).json().clicks).toBe(3);
  });

  it('sends the one kept page of an unknown code while the code is known to be unknown', async () => {
    const first = await get('/s/noSuchCode1');
    expect([first.status, first.body]).toEqual([404, expect.stringContaining('page /s/+')]);
    reachedFastify = [];
    const again = await get('/s/noSuchCode1');
    expect([again.status, again.body]).toEqual([404, first.body]);
    expect(reachedFastify).toEqual([]);
    // Past the second it is remembered, the database is asked again (through the route).
    clock.advance(1000);
    await get('/s/noSuchCode1');
    expect(reachedFastify).toEqual(['/s/noSuchCode1']);
  });
});

describe('the front door and the site-wide rate limit', () => {
  let limited: TestApp;
  let limitedPort: number;
  beforeAll(async () => {
    ({ site: limited, port: limitedPort } = await startSite({
      RATE_LIMIT_MAX: '4',
      TRUST_PROXY: '127.0.0.1',
    }));
  });
  afterAll(() => limited.close());

  const getLimited = (forwardedFor: string) =>
    getFrom(limitedPort, '/aboutus', { 'x-forwarded-for': forwardedFor });

  it('counts each hit once against the client its trusted proxy names, and answers 429 past the limit', async () => {
    const answers = [];
    for (let i = 0; i < 5; i += 1) answers.push(await getLimited('203.0.113.7'));
    expect(answers.map((answer) => answer.status)).toEqual([200, 200, 200, 200, 429]);
    // One taken per request, the front door's included (the third and fourth).
    expect(answers.map((answer) => answer.headers['x-ratelimit-remaining'])).toEqual([
      '3',
      '2',
      '1',
      '0',
      '0',
    ]);
    expect(JSON.parse(answers[4]!.body)).toMatchObject({ code: expect.any(String) });
    expect(answers[4]!.headers['retry-after']).toBeDefined();
    // Another client behind the same proxy has its own budget, at the front door too.
    expect((await getLimited('203.0.113.8')).status).toBe(200);
  });
});
