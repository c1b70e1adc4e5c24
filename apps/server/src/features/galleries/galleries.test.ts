import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminHeaders, adminToken } from '../../../test/admin.ts';
import { contentFolder, importContent, importProblems } from '../../../test/content-folder.ts';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';

let t: TestApp;
const folders: (() => void)[] = [];
beforeAll(async () => {
  t = await createTestApp({ ADMIN_TOKEN: adminToken, PUBLIC_BASE_URL: 'https://hurryup.example' });
});
afterAll(async () => {
  await t.close();
  for (const remove of folders) remove();
});

const get = (url: string) => t.app.inject({ method: 'GET', url });
const admin = (method: 'POST' | 'PUT' | 'DELETE', url: string, payload?: Record<string, unknown>) =>
  payload === undefined
    ? t.app.inject({ method, url, headers: adminHeaders })
    : t.app.inject({ method, url, headers: adminHeaders, payload });

const image = (id: number, slug: string) => ({
  id,
  url: `/content/images/gallery/${slug}.png`,
  alt: `An infographic about ${slug}`,
  width: 1080,
  height: 1350,
});
const video = (id: number) => ({
  id,
  title: `Video ${id}`,
  vidurl: `https://www.youtube.com/results?search_query=video%20${id}`,
  imageUrl: `/content/images/videos/v${id}.png`,
});
const page = (n: number) => ({
  image: `/content/images/stories/s/${n}.png`,
  alt: `Slide ${n} illustration`,
  heading: `Heading ${n}`,
  text: `Text of page ${n}.`,
});
const story = (id: number, over: Record<string, unknown> = {}) => ({
  id,
  title: `Story ${id}`,
  thumbnailUrl: `/content/images/stories/s${id}/thumb.png`,
  pages: [page(1), page(2)],
  ...over,
});

function galleryFolder(files: Record<string, unknown>): string {
  const folder = contentFolder(
    Object.fromEntries(Object.entries(files).map(([name, value]) => [`gallery/${name}`, value])),
  );
  folders.push(folder.remove);
  return folder.root;
}

describe('galleries', () => {
  it('start empty', async () => {
    for (const url of ['/api/images', '/api/videos', '/api/webstories']) {
      const res = await get(url);
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual([]);
    }
  });

  it('import images, videos and web stories from gallery/*.json; again changes nothing', async () => {
    const folder = galleryFolder({
      'images.json': [image(1, 'one'), image(2, 'two'), image(3, 'three')],
      'videos.json': [video(1), video(2)],
      'webstories.json': [story(1), story(2, { thumbnailUrl: undefined }), story(3)],
    });
    const first = await importContent(t, folder);
    expect(first).toMatchObject({
      'gallery/images.json': { created: 3, updated: 0 },
      'gallery/videos.json': { created: 2, updated: 0 },
      'gallery/webstories.json': { created: 3, updated: 0 },
    });
    const before = await Promise.all(
      ['/api/images', '/api/videos', '/api/webstories'].map(async (u) => (await get(u)).json()),
    );
    const second = await importContent(t, folder);
    expect(second).toMatchObject({ 'gallery/images.json': { created: 0, updated: 3 } });
    const after = await Promise.all(
      ['/api/images', '/api/videos', '/api/webstories'].map(async (u) => (await get(u)).json()),
    );
    expect(after).toEqual(before);
  });

  it('list images and videos newest first, with sizes', async () => {
    const images = (await get('/api/images')).json();
    expect(images.map((i: { id: number }) => i.id)).toEqual([3, 2, 1]);
    expect(images[2]).toEqual(image(1, 'one'));
    const videos = (await get('/api/videos')).json();
    expect(videos[0]).toEqual({ ...video(2), width: 1280, height: 720 });
  });

  it('list web stories id descending, each with the site player as embedUrl; one by id', async () => {
    const stories = (await get('/api/webstories')).json();
    expect(stories.map((s: { id: number }) => s.id)).toEqual([3, 2, 1]);
    expect(stories[1].thumbnailUrl).toBeUndefined();
    const one = await get('/api/webstories?id=1');
    expect(one.statusCode).toBe(200);
    expect(one.json()).toEqual({ ...story(1), embedUrl: 'https://hurryup.example/webstory/1/play' });
    expect((await get('/api/webstories?id=99')).statusCode).toBe(404);
    for (const bad of ['abc', '0', '1.5', '-1', '0x1']) {
      const res = await get(`/api/webstories?id=${bad}`);
      expect(res.statusCode, bad).toBe(400);
      expect(res.json().code).toBe('VALIDATION_ERROR');
    }
  });

  it('serve the story player: every page, progress bar, previous/next, no outside script', async () => {
    const res = await get('/webstory/1/play');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
    const html = res.body;
    expect(html).toContain('<title>Story 1 | Hurry Up</title>');
    expect(html.match(/class="story__page"/g)).toHaveLength(2);
    expect(html).toContain(
      'src="/content/images/stories/s/1.png" alt="Slide 1 illustration" width="720" height="1280"',
    );
    expect(html).toContain('id="story-previous"');
    expect(html).toContain('id="story-next"');
    expect(html).toContain('class="story__progress"');
    expect(html).not.toMatch(/<script[^>]+src=/);
    // The inline script and style carry the request's CSP nonce.
    const nonce = /script-src[^;]*'nonce-([^']+)'/.exec(String(res.headers['content-security-policy']))?.[1];
    expect(nonce).toBeTruthy();
    expect(html).toContain(`<script nonce="${nonce}">`);
    for (const url of ['/webstory/99/play', '/webstory/abc/play', '/webstory/0/play']) {
      expect((await get(url)).statusCode, url).toBe(404);
    }
  });

  it('escape story text in the player', async () => {
    const created = await admin('POST', '/api/admin/webstories', {
      title: '<script>alert(1)</script> & "quotes"',
      pages: [{ ...page(1), heading: '<img src=x onerror=alert(1)>' }],
    });
    expect(created.statusCode).toBe(201);
    const html = (await get(`/webstory/${created.json().id}/play`)).body;
    expect(html).not.toContain('<script>alert(1)</script>');
    expect(html).not.toContain('<img src=x');
    expect(html).toContain('&lt;script&gt;alert(1)&lt;/script&gt; &amp; &quot;quotes&quot;');
    expect((await admin('DELETE', `/api/admin/webstories/${created.json().id}`)).statusCode).toBe(204);
  });

  it('are managed by the operator with readable refusals', async () => {
    const created = await admin('POST', '/api/admin/images', image(50, 'new'));
    expect(created.statusCode).toBe(201);
    expect(created.json().id).toBeGreaterThan(3);
    expect(
      (await admin('POST', '/api/admin/images', { ...image(1, 'new'), id: undefined })).json(),
    ).toMatchObject({
      code: 'CONFLICT',
      error: 'Another gallery image already has this URL.',
    });
    const replaced = await admin('PUT', `/api/admin/images/${created.json().id}`, {
      ...{ ...image(1, 'new'), id: undefined },
      alt: 'A changed description',
    });
    expect(replaced.json().alt).toBe('A changed description');
    expect((await admin('DELETE', `/api/admin/images/${created.json().id}`)).statusCode).toBe(204);
    expect(
      (await admin('PUT', '/api/admin/images/9999', { ...image(1, 'x'), id: undefined })).statusCode,
    ).toBe(404);

    const v = await admin('POST', '/api/admin/videos', {
      ...{ ...video(1), id: undefined },
      width: 640,
      height: 360,
    });
    expect(v.statusCode).toBe(201);
    expect(v.json()).toMatchObject({ width: 640, height: 360 });
    expect((await admin('DELETE', `/api/admin/videos/${v.json().id}`)).statusCode).toBe(204);

    for (const [url, payload, field] of [
      ['/api/admin/videos', { ...{ ...video(1), id: undefined }, vidurl: 'javascript:alert(1)' }, 'vidurl'],
      ['/api/admin/videos', { ...{ ...video(1), id: undefined }, title: '   ' }, 'title'],
      ['/api/admin/images', { ...{ ...image(1, 'x'), id: undefined }, height: -5 }, 'height'],
      [
        '/api/admin/images',
        { ...{ ...image(1, 'x'), id: undefined }, url: 'http://insecure.example/x.png' },
        'url',
      ],
      ['/api/admin/webstories', story(1, { id: undefined, pages: [] }), 'pages'],
      [
        '/api/admin/webstories',
        story(1, { id: undefined, pages: [{ ...page(1), heading: 'x'.repeat(61) }] }),
        'pages.0.heading',
      ],
    ] as const) {
      const res = await admin('POST', url, payload as Record<string, unknown>);
      expect(res.statusCode, `${url} ${field}`).toBe(400);
      expect(Object.keys(res.json().fields ?? {})).toContain(field);
    }
    expect((await t.app.inject({ method: 'DELETE', url: '/api/admin/videos/1' })).statusCode).toBe(401);
  });

  it('refuse a bad import whole, naming file, item and field', async () => {
    const folder = galleryFolder({
      'images.json': [image(1, 'one'), { ...image(2, 'two'), alt: '' }, image(3, 'one')],
      'webstories.json': { not: 'a list' },
    });
    const lines = await importProblems(t, folder);
    expect(lines).toEqual(
      expect.arrayContaining([
        // The file and the line each item starts on (the folder's files are written one field a line).
        'gallery/images.json:9: alt: Alt text must be at least 3 characters.',
        'gallery/images.json:16: url: is the same as in gallery/images.json:2',
        expect.stringMatching(/^gallery\/webstories\.json: title: /),
      ]),
    );
  });

  it('tell the site which images have their own page (for comments)', async () => {
    expect(await t.app.site.knownImage('/content/images/gallery/one.png')).toMatchObject({
      pagePath: '/image/%2Fcontent%2Fimages%2Fgallery%2Fone.png',
    });
    // Thumbnails and story pages get image copies but no page of their own.
    expect(await t.app.site.knownImage('/content/images/videos/v1.png')).toBeUndefined();
    const all = (await t.app.site.images()).map((i) => i.url);
    expect(all).toEqual(
      expect.arrayContaining([
        '/content/images/videos/v1.png',
        '/content/images/stories/s/1.png',
        '/content/images/stories/default-thumb.png',
      ]),
    );
  });
});
