import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminHeaders, adminToken } from '../../test/admin.ts';
import { rawRequest, sendRaw } from '../../test/raw-http.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { normalPath } from './request-hardening.ts';

let t: TestApp;
let port: number;

beforeAll(async () => {
  t = await createTestApp({ ADMIN_TOKEN: adminToken });
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  port = (t.app.server.address() as AddressInfo).port;
});
afterAll(() => t.close());

const uniform = (code: string) => ({ error: expect.any(String), code });
const send = (method: string, path: string, headers: Record<string, string> = {}, body = '') =>
  sendRaw(port, [rawRequest(method, path, headers, body)]).then((r) => r.answer!);

async function createPost(title: string) {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/admin/posts',
    headers: adminHeaders,
    payload: { title, content: 'Body', createdAt: '2025-01-01' },
  });
  expect(res.statusCode).toBe(201);
  return res.json() as { id: number };
}

describe('paths', () => {
  it('computes the normal form a browser would', () => {
    expect(normalPath('/assets/../blog')).toBe('/blog');
    expect(normalPath('/assets/%2e%2E/SearchPage')).toBe('/SearchPage');
    expect(normalPath('//api//posts')).toBe('/api/posts');
    expect(normalPath('/\\evil.example/./a/')).toBe('/evil.example/a/');
    expect(normalPath('/../../..')).toBe('/');
  });

  it('redirects page paths with dot segments to their normal form', async () => {
    for (const path of ['/assets/../blog', '/assets/%2e%2e/blog', '/assets/../SearchPage?q=upi', '//blog']) {
      const res = await send('GET', path);
      expect(res.status, path).toBe(308);
      expect(res.headers.location).toBe(path.includes('SearchPage') ? '/SearchPage?q=upi' : '/blog');
    }
    // A redirect can never lead to another host.
    const res = await send('GET', '//evil.example/%2e%2e/x');
    expect(res.headers.location).toBe('/x');
    const backslash = await send('GET', '/\\evil.example');
    expect(backslash.headers.location).toBe('/evil.example');
  });

  it('sends page paths with broken %-escapes to the page that explains them', async () => {
    expect((await send('GET', '/post/%E0%A4')).headers.location).toBe('/post/');
    expect((await send('GET', '/blog%ZZ?x=1')).headers.location).toBe('/page-not-found');
    const post = await send('POST', '/post/%E0%A4');
    expect([post.status, JSON.parse(post.body).code]).toEqual([400, 'BAD_URL']);
    const api = await send('GET', '/api/posts/%E0%A4');
    expect([api.status, JSON.parse(api.body).code]).toEqual([400, 'BAD_URL']);
  });

  it('refuses API paths and non-reading methods with dot segments or empty segments, in JSON', async () => {
    for (const [method, path] of [
      ['GET', '//api/posts'],
      ['GET', '/assets/../api/posts'],
      ['DELETE', '/api/admin/posts/1/../2'],
      ['POST', '/assets/../blog'],
    ] as const) {
      const res = await send(method, path, { authorization: adminHeaders.authorization });
      expect(res.status, path).toBe(400);
      expect(res.headers['content-type']).toContain('application/json');
      expect(JSON.parse(res.body)).toEqual(uniform('NON_CANONICAL_PATH'));
    }
  });

  it('exempts only built files from the rate limit, never a path that merely starts with /assets/', async () => {
    const limited = await createTestApp(
      { RATE_LIMIT_MAX: '3' },
      {
        // Stand-ins for a built file and for the page renderer's catch-all (which resolves `..` itself).
        beforeReady(app) {
          app.get('/assets/built.js', async () => 'built');
          app.get('/*', async () => 'page');
        },
      },
    );
    try {
      await limited.app.listen({ port: 0, host: '127.0.0.1' });
      const limitedPort = (limited.app.server.address() as AddressInfo).port;
      const statusOf = async (path: string) =>
        (await sendRaw(limitedPort, [rawRequest('GET', path)])).answer!;
      expect((await statusOf('/blog')).status).toBe(200);
      // Redirected to its normal form, and counted: a path that merely starts with /assets/ is no built file.
      const dotted = await statusOf('/assets/../blog');
      expect([dotted.status, dotted.headers.location]).toEqual([308, '/blog']);
      expect((await statusOf('/assets/%2e%2e/SearchPage?q=upi')).headers.location).toBe('/SearchPage?q=upi');
      expect((await statusOf('/assets/built.js')).status).toBe(200);
      expect((await statusOf('/blog')).status).toBe(429);
      expect((await statusOf('/assets/nope.js')).status).toBe(429);
      expect((await statusOf('/assets/../blog')).status).toBe(429);
      // Built files stay exempt once the budget is spent.
      expect((await statusOf('/assets/built.js')).status).toBe(200);
    } finally {
      await limited.close();
    }
  });
});

describe('what the HTTP parser refuses', () => {
  it('answers an unknown method, a URL over 16 KB and a missing Host with the uniform body', async () => {
    const unknown = await sendRaw(port, ['FOO /blog HTTP/1.1\r\nHost: x\r\n\r\n']);
    expect(unknown.answer?.status).toBe(400);
    expect(JSON.parse(unknown.answer!.body)).toEqual(uniform('UNKNOWN_METHOD'));

    const long = await send('GET', `/api/posts?title=${'a'.repeat(17_000)}`);
    expect(long.status).toBe(431);
    expect(JSON.parse(long.body)).toEqual(uniform('HEADERS_TOO_LARGE'));

    const noHost = await sendRaw(port, ['GET /api/health HTTP/1.1\r\nConnection: close\r\n\r\n']);
    expect(noHost.answer?.status).toBe(400);
    expect(JSON.parse(noHost.answer!.body)).toEqual(uniform('MISSING_HOST'));
    // HTTP/1.0 has no Host requirement (load-balancer probes often send none).
    const old = await sendRaw(port, ['GET /api/health HTTP/1.0\r\n\r\n']);
    expect(old.answer?.status).toBe(200);

    const garbage = await sendRaw(port, [
      'GET /api/health HTTP/1.1\r\nHost: x\r\nContent-Length: ten\r\n\r\n',
    ]);
    expect(garbage.answer?.status).toBe(400);
    expect(JSON.parse(garbage.answer!.body)).toEqual(uniform('BAD_HTTP_REQUEST'));
  });
});

describe('stalled and slow clients', () => {
  // Node's own idle and request timeouts, which the app cannot put on its clock: the tests wait for the
  // server's close or answer (sendRaw never waits on a timer; a safety bound only stops a hung test) and never
  // check how long it took. The time to a 408 is a figure of `npm run bench` (section timings).
  const head = (length: number) =>
    `POST /api/admin/posts HTTP/1.1\r\nHost: x\r\nAuthorization: ${adminHeaders.authorization}\r\n` +
    `Content-Type: application/json\r\nContent-Length: ${length}\r\n\r\n`;

  it('disconnects a client that stops sending, and answers 401 without a token at once', async () => {
    const slow = await createTestApp({
      ADMIN_TOKEN: adminToken,
      IDLE_TIMEOUT_MS: '300',
      REQUEST_TIMEOUT_MS: '800',
    });
    try {
      await slow.app.listen({ port: 0, host: '127.0.0.1' });
      const slowPort = (slow.app.server.address() as AddressInfo).port;

      // The reproduction: 100 bytes announced, 5 sent, then silence.
      const stalled = await sendRaw(slowPort, [`${head(100)}{"a":`]);
      expect(stalled.closed).toBe(true);
      expect(stalled.raw).not.toContain('HTTP/1.1 201');

      // Without a token the answer is 401 at once; the unfinished body then cannot hold the socket.
      const anonymous = await sendRaw(slowPort, [
        'POST /api/admin/posts HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 100\r\n\r\n{"a":',
      ]);
      expect(anonymous.answer?.status).toBe(401);
      expect(anonymous.closed).toBe(true);
    } finally {
      await slow.close();
    }
  });

  it('answers 408 to a body that cannot finish within REQUEST_TIMEOUT_MS, however busy the socket', async () => {
    // Node's request timeout counts from the request's start, whatever arrives meanwhile (a byte every 100 ms
    // is as late as silence): with the idle limit far off, a body that stops half way shows the request
    // timeout's answer without a trickle paced by real time.
    const patient = await createTestApp({
      ADMIN_TOKEN: adminToken,
      IDLE_TIMEOUT_MS: '60000',
      REQUEST_TIMEOUT_MS: '800',
    });
    try {
      await patient.app.listen({ port: 0, host: '127.0.0.1' });
      const patientPort = (patient.app.server.address() as AddressInfo).port;
      const slowBody = await sendRaw(patientPort, [head(100), ' '.repeat(40)]);
      expect(slowBody.answer?.status).toBe(408);
      expect(JSON.parse(slowBody.answer!.body)).toEqual(uniform('REQUEST_TIMEOUT'));
      expect(slowBody.closed).toBe(true);
      expect(slowBody.raw).not.toContain('HTTP/1.1 201');
    } finally {
      await patient.close();
    }
  });
});

describe('numbers in paths and queries', () => {
  it('takes only plain decimal ids, naming the field otherwise', async () => {
    const first = await createPost('Number one');
    for (let i = 0; i < 31; i += 1) await createPost(`Filler ${i}`);
    for (const id of ['0x1f', '%20%201', '1e3', '+1', '1.0', '-1', '0']) {
      const res = await send('DELETE', `/api/admin/posts/${id}`, {
        authorization: adminHeaders.authorization,
      });
      expect(res.status, id).toBe(400);
      expect(JSON.parse(res.body)).toEqual({
        ...uniform('VALIDATION_ERROR'),
        fields: { id: expect.any(String) },
      });
    }
    // Nothing was deleted: post 1 and post 31 are still there.
    for (const id of [first.id, 31]) {
      expect((await t.app.inject({ url: `/api/posts?postId=${id}` })).statusCode).toBe(200);
    }
  });

  it('refuses query strings whose escapes are not UTF-8 text', async () => {
    for (const url of [
      '/api/posts?title=%C3%28',
      '/api/posts/search?q=%ED%A0%80abc',
      '/api/posts/search?q=abc%FF',
      '/api/posts?title=%',
    ]) {
      const res = await t.app.inject({ url });
      expect(res.statusCode, url).toBe(400);
      expect(res.json()).toEqual(uniform('BAD_URL'));
    }
    expect((await t.app.inject({ url: '/api/posts/search?q=%E0%A4%B9%E0%A4%BF+x' })).statusCode).toBe(200);
  });

  it('refuses such numbers and repeated parameters in queries', async () => {
    for (const query of [
      'postId=0x1f',
      'postId=%20%201',
      'limit=1e3',
      'offset=+1',
      'limit=1&limit=2',
      'postId=1&postId=1',
    ]) {
      const res = await t.app.inject({ url: `/api/posts?${query}` });
      expect(res.statusCode, query).toBe(400);
      expect(Object.keys(res.json().fields)).toEqual([query.split('=')[0]]);
    }
    for (const query of ['limit=0x10', 'limit=%201', 'limit=1e1', 'limit=5&limit=6', 'q=a&q=b']) {
      const res = await t.app.inject({ url: `/api/posts/search?${query}` });
      expect(res.statusCode, query).toBe(400);
      expect(Object.keys(res.json().fields)).toEqual([query.split('=')[0]]);
    }
  });
});

describe('what a post may hold', () => {
  const post = (extra: Record<string, unknown>) => ({
    title: 'Fields',
    content: 'Body',
    createdAt: '2025-01-01',
    ...extra,
  });
  const create = (body: unknown) =>
    t.app.inject({ method: 'POST', url: '/api/admin/posts', headers: adminHeaders, payload: body as object });

  it('refuses image paths that browsers load from another host', async () => {
    for (const image of ['//evil.example/a.png', '/\\evil.example/a.png', 'javascript:alert(1)']) {
      const res = await create(post({ image }));
      expect(res.statusCode, image).toBe(400);
      expect(Object.keys(res.json().fields)).toEqual(['image']);
      const section = await create({
        title: 'Sections',
        createdAt: '2025-01-01',
        contentArray: [{ content: 'x', img: image, alt: 'a' }],
      });
      expect(section.statusCode, image).toBe(400);
      expect(Object.keys(section.json().fields)).toEqual(['contentArray.0.img']);
    }
  });

  it('refuses lone surrogates, invalid UTF-8 and invisible-only titles', async () => {
    const json = (text: string) =>
      t.app.inject({
        method: 'POST',
        url: '/api/admin/posts',
        headers: { ...adminHeaders, 'content-type': 'application/json' },
        payload: text,
      });
    const surrogate = await json('{"title":"Broken \\ud800","content":"x","createdAt":"2025-01-01"}');
    expect(surrogate.statusCode).toBe(400);
    expect(Object.keys(surrogate.json().fields)).toEqual(['title']);
    const inSection = await json(
      '{"title":"Sections ok","createdAt":"2025-01-01","contentArray":[{"content":"a\\udc00b"}]}',
    );
    expect(inSection.statusCode).toBe(400);
    expect(Object.keys(inSection.json().fields)).toEqual(['contentArray.0.content']);

    const bytes = await t.app.inject({
      method: 'POST',
      url: '/api/admin/posts',
      headers: { ...adminHeaders, 'content-type': 'application/json' },
      payload: Buffer.concat([
        Buffer.from('{"title":"Bad '),
        Buffer.from([0xc3, 0x28]),
        Buffer.from('","content":"x","createdAt":"2025-01-01"}'),
      ]),
    });
    expect(bytes.statusCode).toBe(400);
    expect(bytes.json()).toEqual(uniform('INVALID_UTF8'));

    const invisible = await create(post({ title: '\u200b\u200e\u202e' }));
    expect(invisible.statusCode).toBe(400);
    expect(invisible.json().fields).toEqual({ title: 'Title is required.' });
  });

  it('takes dates from 1990-01-01 to tomorrow only', async () => {
    for (const createdAt of ['0000-01-01', '9999-12-31', '1989-12-31']) {
      const res = await create(post({ title: `Dated ${createdAt}`, createdAt }));
      expect(res.statusCode, createdAt).toBe(400);
      expect(res.json().fields).toEqual({ createdAt: 'The date must be between 1990-01-01 and tomorrow.' });
    }
  });
});

describe('response headers', () => {
  it('switch off unused browser features and keep API answers to this site', async () => {
    const api = await t.app.inject({ url: '/api/posts' });
    expect(api.headers['permissions-policy']).toContain('camera=()');
    expect(api.headers['permissions-policy']).toContain('microphone=()');
    // Features Chromium 156 does not know: each would log a console warning on every page.
    expect(api.headers['permissions-policy']).not.toMatch(/ambient-light-sensor|bluetooth/);
    expect(api.headers['cross-origin-resource-policy']).toBe('same-site');
    const other = await t.app.inject({ url: '/rss.xml' });
    expect(other.headers['permissions-policy']).toContain('geolocation=()');
    expect(other.headers['cross-origin-resource-policy']).toBe('cross-origin');
  });
});

describe('very long paths (issue 26 §2)', () => {
  it('answer a short 414 that does not echo a path parameter past the router’s limit', async () => {
    const long = 'x'.repeat(2100);
    for (const [method, url] of [
      ['GET', `/api/posts/${long}`],
      ['DELETE', `/api/admin/posts/${long}`],
      ['GET', `/api/short-links/${long}`],
      ['GET', `/api/${long}`],
    ] as const) {
      const res = await t.app.inject({ method, url, headers: adminHeaders });
      expect(res.statusCode, url.slice(0, 30)).toBe(414);
      expect(res.json()).toEqual(uniform('URI_TOO_LONG'));
      expect(res.body).not.toContain('xxxxxxxxxx');
      expect(res.body.length).toBeLessThan(200);
    }
  });

  it('answer a 404 that does not echo a long path of short parts', async () => {
    const res = await t.app.inject({ url: `/api/posts/${'ab/'.repeat(300)}` });
    expect(res.statusCode).toBe(404);
    expect(res.body).not.toContain('ab/ab/');
    expect(res.body.length).toBeLessThan(200);
  });

  it('still name a short path with a wrong method (405 with Allow)', async () => {
    const res = await t.app.inject({ method: 'PATCH', url: '/api/short-links/abc123' });
    expect(res.statusCode).toBe(405);
    expect(res.json().error).toContain('/api/short-links/abc123');
  });
});
