import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminToken } from '../../test/admin.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';

// Run on both databases: PostgreSQL refuses a NUL in text and a number past 2^31-1 in an integer column
// with an error (a 500), where SQLite answers the query; neither may reach a query.
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ ADMIN_TOKEN: adminToken });
});
afterAll(() => t.close());

const get = (url: string) => t.app.inject({ url });

describe('NUL characters', () => {
  it('are refused in API paths and queries, also when a handler decodes a value a second time', async () => {
    for (const url of [
      '/api/comments?imageUrl=%00',
      '/api/comments?imageUrl=/content/images/a%00.png',
      '/api/posts/search?q=a%00',
      '/api/admin/comments/%00',
    ]) {
      const res = await get(url);
      expect(res.statusCode, url).toBe(400);
      expect(res.json(), url).toMatchObject({ code: 'BAD_URL' });
    }
    // `%2500` is the text "%00"; the image URL is decoded once more by the comments' rules.
    for (const url of ['/api/comments?imageUrl=%2500', '/api/comments?imageUrl=/content/images/%2500']) {
      const res = await get(url);
      expect(res.statusCode, url).toBeGreaterThanOrEqual(400);
      expect(res.statusCode, url).toBeLessThan(500);
    }
  });

  it('are refused in JSON strings that are decoded again', async () => {
    for (const imageUrl of ['%00', '/content/images/%00', '\u0000']) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/saveComment',
        payload: { imageUrl, comment: 'A comment long enough to count.', elapsedMs: 5000 },
      });
      expect(res.statusCode, imageUrl).toBeGreaterThanOrEqual(400);
      expect(res.statusCode, imageUrl).toBeLessThan(500);
    }
  });

  it('send a page address to the page that explains it instead of its loader', async () => {
    for (const path of ['/image/%00', '/devbit/a%00b', '/webstory/%00']) {
      const res = await get(path);
      expect(res.statusCode, path).toBe(308);
      expect(res.headers.location, path).toBe('/page-not-found');
    }
    const post = await get('/post/a%00');
    expect(post.headers.location).toBe('/post/');
  });
});

describe('ids past the 32-bit columns', () => {
  it('name nothing: 404 for the story player, 400 for API ids', async () => {
    for (const id of ['2147483648', '9999999999']) {
      const player = await get(`/webstory/${id}/play`);
      expect(player.statusCode, id).toBe(404);
      const api = await get(`/api/webstories?id=${id}`);
      expect(api.statusCode, id).toBe(400);
    }
  });
});

describe('a known API path with another method', () => {
  it('answers 405 with Allow, and an unknown path 404', async () => {
    const wrong = await t.app.inject({ method: 'DELETE', url: '/api/blogs' });
    expect(wrong.statusCode).toBe(405);
    expect(wrong.headers.allow).toBe('GET, HEAD');
    expect(wrong.json()).toMatchObject({ code: 'METHOD_NOT_ALLOWED' });

    const read = await t.app.inject({ method: 'GET', url: '/api/saveComment' });
    expect(read.statusCode).toBe(405);
    expect(read.headers.allow).toBe('POST');

    // A path with a parameter: the pattern, not the literal path, is what is known.
    const admin = await t.app.inject({ method: 'POST', url: '/api/admin/comments/7' });
    expect(admin.statusCode).toBe(405);
    expect(admin.headers.allow).toContain('DELETE');

    const unknown = await t.app.inject({ method: 'GET', url: '/api/no-such-call' });
    expect(unknown.statusCode).toBe(404);
  });
});
