import { commentsKind } from '@hurryup/contracts/content-kinds';
import { imagePagePath } from '@hurryup/contracts/gallery-pages';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminHeaders, adminToken } from '../../test/admin.ts';
import { htmlAnswer, registerStandInPages, standInModule, standInRoute } from '../../test/stand-in-pages.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';

// The page cache with the site's declarations (apps/web/app/routes): what each page shows and reads.
const route = standInRoute;
const build = {
  routes: {
    root: { id: 'root', path: '', module: standInModule({ cache: { maxAgeSeconds: 3600 } }) },
    blog: route('blog', 'blog', { shows: ['blogs'], query: ['entry'] }),
    forum: route('forum', 'userforum', { shows: ['posts'], query: ['page'] }),
    post: route('post', 'post/:postId', { shows: ['posts'] }),
    aboutus: route('aboutus', 'aboutus', { shows: [] }),
    image: route('image', 'image/:imageUrl?', {
      shows: (url: URL) => [
        'gallery',
        'devbit',
        commentsKind(decodeURIComponent(url.pathname.slice('/image/'.length))),
      ],
    }),
  },
};

const galleryUrl = '/content/images/gallery/scoped.png';
const otherUrl = '/content/images/gallery/other.png';
let t: TestApp;
const renders: string[] = [];
let visitor = 0;

beforeAll(async () => {
  t = await createTestApp(
    { ADMIN_TOKEN: adminToken },
    {
      beforeReady(app) {
        registerStandInPages(app, build, async (request) => {
          const url = new URL(request.url);
          renders.push(url.pathname + url.search);
          return htmlAnswer(`${url.pathname + url.search} #${renders.length}`);
        });
      },
    },
  );
  for (const url of [galleryUrl, otherUrl]) {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/admin/images',
      headers: adminHeaders,
      payload: { url, alt: 'A picture', width: 800, height: 600 },
    });
    expect(res.statusCode).toBe(201);
  }
});
afterAll(() => t.close());

const page = (url: string) => t.app.inject({ method: 'GET', url });
const outcome = async (url: string) => (await page(url)).headers['x-page-cache'];
const comment = (imageUrl: string) =>
  t.app.inject({
    method: 'POST',
    url: '/api/saveComment',
    remoteAddress: `10.9.0.${++visitor}`,
    payload: { imageUrl, comment: `A kind word number ${visitor}`, elapsedMs: 5000 },
  });
const rendersOf = (address: string) => renders.filter((r) => r === address).length;

describe('the page cache, scoped per kind of content', () => {
  it("keeps /blog and /aboutus after a comment, and renders that image's page anew, not another's", async () => {
    const image = imagePagePath(galleryUrl);
    const other = imagePagePath(otherUrl);
    for (const url of ['/blog', '/aboutus', image, other]) {
      expect(await outcome(url)).toBe('miss');
      expect(await outcome(url)).toBe('hit');
    }
    expect((await comment(galleryUrl)).statusCode).toBe(201);
    expect(await outcome('/blog')).toBe('hit');
    expect(await outcome('/aboutus')).toBe('hit');
    expect(await outcome(other)).toBe('hit');
    expect(await outcome(image)).toBe('miss');
    expect(await outcome(image)).toBe('hit');
  });

  it('makes neither an entry nor a render for tracking tags, invented parameters or another order', async () => {
    const before = renders.length;
    expect(await outcome('/blog?entry=3')).toBe('miss');
    for (const url of [
      '/blog?entry=3&utm_source=whatsapp',
      '/blog?fbclid=abc123&entry=3',
      '/blog?gclid=x&entry=3&utm_medium=social&utm_campaign=y',
      '/blog?entry=3&invented=1',
      '/blog?zzz=1&entry=3&aaa=2',
    ])
      expect(await outcome(url)).toBe('hit');
    expect(renders.slice(before)).toEqual(['/blog?entry=3']);
    // A page that reads no parameter at all is one page whatever is added.
    expect(await outcome('/aboutus?utm_source=x&fbclid=y')).toBe('hit');
    // A parameter the page reads is a page of its own.
    expect(await outcome('/blog?entry=4&utm_source=x')).toBe('miss');
    expect(rendersOf('/blog?entry=4')).toBe(1);
  });

  it('renders the post and forum pages anew after a post is edited, not the blog', async () => {
    const post = {
      title: 'Scoped post',
      createdAt: '2025-07-01',
      description: 'About scope',
      content: 'Text',
    };
    const created = await t.app.inject({
      method: 'POST',
      url: '/api/admin/posts',
      headers: adminHeaders,
      payload: post,
    });
    expect(created.statusCode).toBe(201);
    for (const url of ['/blog', '/userforum', '/post/Scoped%20post'])
      if ((await outcome(url)) === 'miss') expect(await outcome(url)).toBe('hit');
    const edited = await t.app.inject({
      method: 'PUT',
      url: `/api/admin/posts/${created.json().id}`,
      headers: adminHeaders,
      payload: { ...post, content: 'Edited' },
    });
    expect(edited.statusCode).toBe(200);
    expect(await outcome('/post/Scoped%20post')).toBe('miss');
    expect(await outcome('/userforum')).toBe('miss');
    expect(await outcome('/blog')).toBe('hit');
    expect(await outcome('/aboutus')).toBe('hit');
  });

  it('renders the blog anew after a blog write', async () => {
    expect(await outcome('/blog')).toBe('hit');
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/admin/blogs',
      headers: adminHeaders,
      payload: { title: 'Scoped blog', content: 'Text', author: 'Asha', createdAt: '2025-07-01' },
    });
    expect(res.statusCode).toBe(201);
    expect(await outcome('/blog')).toBe('miss');
    expect(await outcome('/userforum')).toBe('hit');
  });
});
