import { postPath } from '@hurryup/contracts/post-slug';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminHeaders, adminToken } from '../../test/admin.ts';
import { htmlAnswer, standInModule as module, registerStandInPages } from '../../test/stand-in-pages.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { ManualClock } from '../shared/clock.ts';

/*
 * Drafts and scheduled posts and blogs (issue 30, decision 0041): a draft is seen only by the admin calls; a
 * scheduled item appears on the API's lists, its page, rss.xml, sitemap.xml and search exactly when the
 * platform clock reaches its time, and a page or answer cached before then is not served after it.
 */
const build = {
  routes: {
    root: { id: 'root', path: '', module: module({}) },
    forum: {
      id: 'forum',
      parentId: 'root',
      path: 'userforum',
      module: module({ cache: { shows: ['posts'], query: ['page'] } }),
    },
    post: {
      id: 'post',
      parentId: 'root',
      path: 'post/:postId',
      module: module({ cache: { shows: ['posts'] } }),
    },
    blog: { id: 'blog', parentId: 'root', path: 'blog', module: module({ cache: { shows: ['blogs'] } }) },
  },
};

const start = Date.UTC(2026, 10, 27, 6, 0);
const at = start + 60 * 60_000;
const publishAt = new Date(at).toISOString();
const clock = new ManualClock(start);
let t: TestApp;
let renders = 0;

beforeAll(async () => {
  t = await createTestApp(
    { ADMIN_TOKEN: adminToken },
    {
      platform: { clock },
      beforeReady(app) {
        // A stand-in for React Router that shows what the pages' loaders read.
        registerStandInPages(app, build, async (request) => {
          renders += 1;
          const url = new URL(request.url);
          let body: string;
          if (url.pathname === '/userforum')
            body = (await app.site.pageData.posts.list({ limit: 20, offset: 0 }))
              .map((p) => p.title)
              .join('|');
          else if (url.pathname === '/blog')
            body = (await app.site.pageData.blogs.list()).map((b) => b.title).join('|');
          else {
            const post = await app.site.pageData.posts.getByTitle(
              decodeURIComponent(url.pathname.slice('/post/'.length)),
            );
            if (!post) return new Response('not found', { status: 404 });
            body = post.html;
          }
          return htmlAnswer(body);
        });
      },
    },
  );
});
afterAll(() => t.close());

const get = (url: string, headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'GET', url, headers });
async function admin(method: 'POST' | 'PUT', url: string, payload: Record<string, unknown>) {
  const res = await t.app.inject({ method, url, headers: adminHeaders, payload });
  expect(res.statusCode, res.body).toBeLessThan(300);
  return res.json();
}

const postTitles = async () => ((await get('/api/posts')).json() as { title: string }[]).map((p) => p.title);
const blogTitles = async () => ((await get('/api/blogs')).json() as { title: string }[]).map((b) => b.title);

describe('drafts', () => {
  it('are seen by the admin calls only', async () => {
    const post = await admin('POST', '/api/admin/posts', {
      title: 'Draft about margins',
      description: 'A draft nobody sees',
      createdAt: '2026-11-20',
      content: '## Not yet',
      draft: true,
    });
    const blog = await admin('POST', '/api/admin/blogs', {
      title: 'Draft blog',
      content: 'Soon',
      author: 'Team',
      createdAt: '2026-11-20',
      draft: true,
    });
    expect(post).toMatchObject({ draft: true });
    expect(await postTitles()).not.toContain('Draft about margins');
    expect(await blogTitles()).not.toContain('Draft blog');
    expect((await get(`/api/posts?postId=${post.id}`)).statusCode).toBe(404);
    expect((await get(`/api/posts?title=${encodeURIComponent('Draft about margins')}`)).statusCode).toBe(404);
    expect((await get('/api/posts/search?q=margins')).json()).toEqual([]);
    expect((await get(postPath('Draft about margins'))).statusCode).toBe(404);
    expect((await get('/rss.xml')).body).not.toContain('Draft');
    expect((await get('/sitemap.xml')).body).not.toContain(encodeURIComponent('Draft about margins'));
    expect((await get('/userforum')).body).not.toContain('Draft');
    expect((await get('/blog')).body).not.toContain('Draft');

    const list = await get('/api/admin/posts?q=draft', adminHeaders);
    expect(list.json().items.map((p: { title: string }) => p.title)).toEqual(['Draft about margins']);
    expect(list.json().total).toBe(1);
    expect((await get(`/api/admin/posts/${post.id}`, adminHeaders)).json()).toMatchObject({ draft: true });
    expect((await get(`/api/admin/blogs/${blog.id}`, adminHeaders)).json()).toMatchObject({ draft: true });
    expect((await get('/api/admin/blogs?q=DRAFT', adminHeaders)).json().items).toHaveLength(1);
    expect((await get('/api/admin/posts')).statusCode).toBe(401);

    // Published by saving it with draft false.
    await admin('PUT', `/api/admin/posts/${post.id}`, {
      title: 'Draft about margins',
      description: 'A draft nobody sees',
      createdAt: '2026-11-20',
      content: '## Not yet',
      draft: false,
    });
    expect(await postTitles()).toContain('Draft about margins');
    expect((await get('/api/posts/search?q=margins')).json()).toHaveLength(1);
  });
});

describe('a scheduled post and blog', () => {
  it('appear on lists, pages, feeds, sitemap and search exactly at their time, cached pages included', async () => {
    const post = await admin('POST', '/api/admin/posts', {
      title: 'Budget day checklist',
      description: 'What to watch on budget day',
      createdAt: '2026-11-27',
      content: '## Before the speech\n\n- Check the **VIX**',
      publishAt,
    });
    expect(post).toMatchObject({ draft: false, publishAt });
    await admin('POST', '/api/admin/blogs', {
      title: 'Scheduled blog',
      content: 'Out at seven',
      author: 'Team',
      createdAt: '2026-11-27',
      publishAt,
    });

    // Cached before its time: the forum page, the blog page and the API's list.
    for (const url of ['/userforum', '/blog', '/api/posts', '/api/blogs']) {
      const first = await get(url);
      expect(first.body).not.toMatch(/Budget day checklist|Scheduled blog/);
      const second = await get(url);
      expect(second.headers['x-page-cache'] ?? second.headers['x-api-cache'], url).toBe('hit');
    }

    clock.set(at - 1);
    expect((await get('/userforum')).headers['x-page-cache']).toBe('hit');
    expect((await get('/userforum')).body).not.toContain('Budget day checklist');
    expect(await postTitles()).not.toContain('Budget day checklist');
    expect((await get(postPath('Budget day checklist'))).statusCode).toBe(404);
    expect((await get('/api/posts/search?q=budget')).json()).toEqual([]);
    expect((await get('/rss.xml')).body).not.toContain('Budget day checklist');
    expect((await get('/sitemap.xml')).body).not.toContain('Budget');

    clock.set(at);
    const rendersBefore = renders;
    const forum = await get('/userforum');
    expect(forum.headers['x-page-cache']).toBe('miss');
    expect(forum.body).toContain('Budget day checklist');
    expect(renders).toBe(rendersBefore + 1);
    expect((await get('/userforum')).headers['x-page-cache']).toBe('hit');
    expect((await get('/blog')).body).toContain('Scheduled blog');
    expect(await postTitles()).toContain('Budget day checklist');
    expect(await blogTitles()).toContain('Scheduled blog');
    const page = await get(postPath('Budget day checklist'));
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('<h2>Before the speech</h2><ul><li>Check the <strong>VIX</strong></li></ul>');
    expect((await get('/api/posts/search?q=budget')).json()).toMatchObject([
      { title: 'Budget day checklist' },
    ]);
    const rss = (await get('/rss.xml')).body;
    expect(rss).toContain('Budget day checklist');
    expect(rss).toContain('Scheduled blog');
    expect(rss).toContain(new Date(at).toUTCString());
    const sitemap = (await get('/sitemap.xml')).body;
    expect(sitemap).toContain(encodeURIComponent('Budget day checklist').replace(/%20/g, '%20'));
    expect(sitemap).toContain(publishAt.slice(0, 10));
  });

  it('refuses a publish time that is no time', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/admin/posts',
      headers: adminHeaders,
      payload: { title: 'Bad time', createdAt: '2026-11-27', content: 'x', publishAt: 'tomorrow' },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().fields).toHaveProperty('publishAt');
  });
});
