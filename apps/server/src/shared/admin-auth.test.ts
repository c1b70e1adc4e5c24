import { afterEach, describe, expect, it } from 'vitest';
import { adminHeaders, adminToken } from '../../test/admin.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { clientKey } from './admin-auth.ts';

let open: TestApp | undefined;
afterEach(async () => {
  await open?.close();
  open = undefined;
});

async function adminApp(env: Record<string, string> = {}) {
  open = await createTestApp({ ADMIN_TOKEN: adminToken, ...env });
  return open.app;
}

const blog = { title: 'Gate', content: 'C', author: 'A', createdAt: '2025-01-01' };

describe('the admin token', () => {
  it('is checked before the body is read: no token is 401 whatever the body', async () => {
    const app = await adminApp({ BODY_LIMIT_BYTES: '2048' });
    const cases = [
      { payload: '{"title": ', headers: { 'content-type': 'application/json' } },
      {
        payload: JSON.stringify({ title: 'x'.repeat(10_000) }),
        headers: { 'content-type': 'application/json' },
      },
      { payload: '<blog/>', headers: { 'content-type': 'application/xml' } },
      { payload: '\xff\xfe', headers: { 'content-type': 'application/json' } },
      { payload: JSON.stringify({ nonsense: true }), headers: { 'content-type': 'application/json' } },
    ];
    for (const { payload, headers } of cases) {
      const res = await app.inject({ method: 'POST', url: '/api/admin/blogs', payload, headers });
      expect(res.statusCode, payload.slice(0, 20)).toBe(401);
      expect(res.json()).toEqual({ error: expect.any(String), code: 'UNAUTHORIZED' });
    }
  });

  it('leaves the admin calls out of the OpenAPI document while ADMIN_TOKEN is unset', async () => {
    open = await createTestApp();
    const paths = Object.keys((await open.app.inject({ url: '/api/openapi.json' })).json().paths);
    expect(paths.some((p) => p.startsWith('/api/admin'))).toBe(false);
    expect(paths).toContain('/api/posts');
    await open.close();
    const withToken = await adminApp();
    const adminPaths = Object.keys((await withToken.inject({ url: '/api/openapi.json' })).json().paths);
    expect(adminPaths).toContain('/api/admin/posts/{id}');
  });
});

describe('the admin rate limit', () => {
  it('counts failed attempts per client across every admin route', async () => {
    const app = await adminApp({ ADMIN_FAILURE_LIMIT: '6' });
    const routes = [
      { method: 'POST', url: '/api/admin/blogs' },
      { method: 'PUT', url: '/api/admin/blogs/1' },
      { method: 'DELETE', url: '/api/admin/blogs/1' },
      { method: 'POST', url: '/api/admin/posts' },
      { method: 'PUT', url: '/api/admin/posts/1' },
      { method: 'DELETE', url: '/api/admin/posts/1' },
    ] as const;
    const statuses: number[] = [];
    for (const route of [...routes, ...routes]) {
      const res = await app.inject({ ...route, headers: { authorization: 'Bearer guess' } });
      statuses.push(res.statusCode);
    }
    expect(statuses).toEqual([401, 401, 401, 401, 401, 401, 429, 429, 429, 429, 429, 429]);
    const refused = await app.inject({ method: 'DELETE', url: '/api/admin/posts/1' });
    expect(refused.json()).toEqual({
      error: expect.stringContaining('failed admin attempts'),
      code: 'RATE_LIMITED',
    });
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    // Another address still has its own budget.
    const other = await app.inject({
      method: 'DELETE',
      url: '/api/admin/posts/1',
      remoteAddress: '203.0.113.9',
    });
    expect(other.statusCode).toBe(401);
  });

  it('never locks the operator out: a stranger failing from the same address uses another budget', async () => {
    const app = await adminApp({ ADMIN_FAILURE_LIMIT: '3' });
    for (let i = 0; i < 10; i += 1) {
      await app.inject({
        method: 'POST',
        url: '/api/admin/posts',
        headers: { authorization: `Bearer x${i}` },
      });
    }
    const locked = await app.inject({ method: 'DELETE', url: '/api/admin/blogs/5' });
    expect(locked.statusCode).toBe(429);
    const operator = await app.inject({
      method: 'POST',
      url: '/api/admin/blogs',
      headers: adminHeaders,
      payload: blog,
    });
    expect(operator.statusCode).toBe(201);
  });

  it('gives authenticated calls their own budget per client', async () => {
    const app = await adminApp({ ADMIN_RATE_LIMIT: '4' });
    const statuses: number[] = [];
    for (let i = 0; i < 5; i += 1) {
      const url = i % 2 === 0 ? '/api/admin/blogs/999' : '/api/admin/posts/999';
      statuses.push((await app.inject({ method: 'DELETE', url, headers: adminHeaders })).statusCode);
    }
    expect(statuses).toEqual([404, 404, 404, 404, 429]);
    expect((await app.inject({ url: '/api/blogs' })).statusCode).toBe(200);
  });
});

describe('counting', () => {
  it('keys IPv4 by address and IPv6 by its /64 network', () => {
    expect(clientKey('203.0.113.7')).toBe('203.0.113.7');
    expect(clientKey('::ffff:203.0.113.7')).toBe('203.0.113.7');
    expect(clientKey('2001:db8:1:2:aaaa::1')).toBe('2001:db8:1:2::/64');
    expect(clientKey('2001:DB8:1:2:bbbb:cccc:dddd:eeee')).toBe('2001:db8:1:2::/64');
    expect(clientKey('2001:db8::1')).toBe('2001:db8:0:0::/64');
    expect(clientKey('fe80::1%eth0')).toBe('fe80:0:0:0::/64');
  });
});

describe('admin answers', () => {
  it('are never stored: Cache-Control no-store on every /api/admin answer, errors included', async () => {
    const app = await adminApp({ ADMIN_FAILURE_LIMIT: '2' });
    const answers = [
      await app.inject({ url: '/api/admin/mail-outbox', headers: adminHeaders }),
      await app.inject({ method: 'POST', url: '/api/admin/blogs', headers: adminHeaders, payload: {} }),
      await app.inject({ url: '/api/admin/blogs/999999', method: 'DELETE', headers: adminHeaders }),
      await app.inject({ url: '/api/admin/no-such-thing', headers: adminHeaders }),
      await app.inject({ method: 'PATCH', url: '/api/admin/blogs', headers: adminHeaders }),
      // GET /api/admin/blogs is no call: the public list is /api/blogs.
      await app.inject({ url: '/api/admin/mail-outbox' }),
      await app.inject({ url: '/api/admin/mail-outbox' }),
      await app.inject({ url: '/api/admin/mail-outbox' }),
    ];
    expect(answers.map((res) => res.statusCode)).toEqual([200, 400, 404, 404, 405, 401, 401, 429]);
    for (const res of answers) expect(res.headers['cache-control'], res.body).toBe('no-store');
    // Public reads keep their own caching.
    expect((await app.inject({ url: '/api/blogs' })).headers['cache-control']).not.toBe('no-store');
  });
});
