import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminHeaders, adminToken } from '../../../test/admin.ts';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';
import { escapeXml } from './xml.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ PUBLIC_BASE_URL: 'https://example.in', ADMIN_TOKEN: adminToken });
  const create = async (kind: string, payload: Record<string, unknown>) => {
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/admin/${kind}`,
      headers: adminHeaders,
      payload,
    });
    expect(res.statusCode, res.body).toBe(201);
  };
  await create('blogs', {
    title: 'Blog <one> & more',
    content: 'Hello',
    author: 'Asha',
    createdAt: '2025-01-05T00:00:00.000Z',
  });
  await create('posts', {
    title: 'Post: 100% "sure"?',
    createdAt: '2025-02-01T00:00:00.000Z',
    content: 'P1\n\nP2',
  });
  await create('posts', {
    title: 'Older post',
    createdAt: '2024-12-01T00:00:00.000Z',
    content: 'Old',
    author: 'Ravi',
  });
});
afterAll(() => t.close());

describe('feeds for search engines', () => {
  it('robots.txt allows pages, keeps crawlers out of the API and names the sitemap', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/robots.txt' });
    expect(res.headers['content-type']).toContain('text/plain');
    expect(res.body).toContain('Disallow: /api/');
    expect(res.body).toContain('Sitemap: https://example.in/sitemap.xml');
  });

  it('the sitemap lists every post and blog entry with encoded URLs', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/sitemap.xml' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('application/xml');
    expect(res.body).toContain(
      '<loc>https://example.in/post/Post%3A%20100%25%20%22sure%22%3F</loc><lastmod>2025-02-01</lastmod>',
    );
    expect(res.body).toContain('<loc>https://example.in/post/Older%20post</loc>');
    expect(res.body).toMatch(
      /<loc>https:\/\/example\.in\/blog\?entry=\d+<\/loc><lastmod>2025-01-05<\/lastmod>/,
    );
    expect(res.body.match(/<url>/g)).toHaveLength(3);
  });

  it('the RSS feed has the newest items first, escaped', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/rss.xml' });
    expect(res.headers['content-type']).toContain('application/rss+xml');
    const titles = [...res.body.matchAll(/<item>\s*<title>(.*?)<\/title>/g)].map((m) => m[1]);
    expect(titles).toEqual(['Post: 100% &quot;sure&quot;?', 'Blog &lt;one&gt; &amp; more', 'Older post']);
    expect(res.body).toContain('<dc:creator>Anonymous</dc:creator>');
    expect(res.body).toContain('<pubDate>Sat, 01 Feb 2025 00:00:00 GMT</pubDate>');
    expect(res.body).toContain('<description>P1</description>');
  });

  it('escapes XML and drops characters XML cannot hold', () => {
    expect(escapeXml(`a<b>&"c'\u0001`)).toBe('a&lt;b&gt;&amp;&quot;c&apos;');
  });
});
