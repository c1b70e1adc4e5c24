import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminHeaders, adminToken } from '../../test/admin.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { apiReadCacheControl, etagMatches } from './http-caching.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ ADMIN_TOKEN: adminToken });
});
afterAll(() => t.close());

describe('HTTP caching of public API reads', () => {
  it('gives reads an ETag and a short shared lifetime, and answers 304 to a caller holding the answer', async () => {
    const first = await t.app.inject({ method: 'GET', url: '/api/blogs' });
    expect(first.statusCode).toBe(200);
    const etag = first.headers.etag as string;
    expect(etag).toMatch(/^W\/".+"$/);
    expect(first.headers['cache-control']).toBe(apiReadCacheControl);
    expect(apiReadCacheControl).toMatch(/^public, max-age=0, s-maxage=\d+$/);

    const again = await t.app.inject({
      method: 'GET',
      url: '/api/blogs',
      headers: { 'if-none-match': etag },
    });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');
    expect(again.headers.etag).toBe(etag);

    // A write changes the answer, and so its validator.
    const created = await t.app.inject({
      method: 'POST',
      url: '/api/admin/blogs',
      headers: adminHeaders,
      payload: { title: 'Fresh', content: 'Text', author: 'Asha', createdAt: '2025-07-01' },
    });
    expect(created.statusCode).toBe(201);
    expect(created.headers.etag).toBeUndefined();
    const changed = await t.app.inject({
      method: 'GET',
      url: '/api/blogs',
      headers: { 'if-none-match': etag },
    });
    expect(changed.statusCode).toBe(200);
    expect(changed.headers.etag).not.toBe(etag);
  });

  it('never keeps errors, the live health answer, or writes', async () => {
    const bad = await t.app.inject({ method: 'GET', url: '/api/posts?limit=0' });
    expect(bad.statusCode).toBe(400);
    expect(bad.headers.etag).toBeUndefined();
    const health = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(health.headers.etag).toBeUndefined();
    expect(health.headers['cache-control']).toBeUndefined();
  });

  it('compares validators weakly, in lists and with *', () => {
    expect(etagMatches('W/"a", W/"b"', 'W/"b"')).toBe(true);
    expect(etagMatches('"b"', 'W/"b"')).toBe(true);
    expect(etagMatches('*', 'W/"b"')).toBe(true);
    expect(etagMatches('W/"c"', 'W/"b"')).toBe(false);
    expect(etagMatches(undefined, 'W/"b"')).toBe(false);
  });
});
