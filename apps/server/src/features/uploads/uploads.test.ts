import fs from 'node:fs';
import path from 'node:path';
import { devbitImageInputSchema } from '@hurryup/contracts/devbit';
import { offerInputSchema } from '@hurryup/contracts/offers';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminHeaders, adminToken } from '../../../test/admin.ts';
import { sampleFiles, sampleOfSize } from '../../../test/sample-files.ts';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';

type Part = [name: string, value: string | Buffer, filename?: string];

/** A real multipart body, as the console's FormData makes it. */
async function multipart(parts: Part[]) {
  const form = new FormData();
  for (const [name, value, filename] of parts) {
    if (typeof value === 'string') form.append(name, value);
    else form.append(name, new Blob([new Uint8Array(value)]), filename ?? 'file');
  }
  const request = new Request('http://localhost/', { method: 'POST', body: form });
  return {
    payload: Buffer.from(await request.arrayBuffer()),
    headers: { ...adminHeaders, 'content-type': request.headers.get('content-type')! },
  };
}

const upload = async (parts: Part[]) =>
  t.app.inject({ method: 'POST', url: '/api/admin/uploads', ...(await multipart(parts)) });

let t: TestApp;
let dataDir: string;
beforeAll(async () => {
  t = await createTestApp({ ADMIN_TOKEN: adminToken });
  dataDir = t.app.config.dataDir;
});
afterAll(() => t.close());

const picture = (format: 'png' | 'webp', alpha: boolean) =>
  sharp({
    create: {
      width: 900,
      height: 500,
      channels: alpha ? 4 : 3,
      background: { r: 20, g: 120, b: 200, alpha: 0.5 },
    },
  })
    [format]()
    .toBuffer();

describe('POST /api/admin/uploads', () => {
  let url: string;

  it('stores a picture decided by its bytes (a PNG named .jpg), answers its url, serves it with copies', async () => {
    const res = await upload([
      ['alt', 'A blue test chart'],
      ['file', await picture('png', false), 'chart.jpg'],
    ]);
    expect(res.statusCode, res.body).toBe(201);
    const answer = res.json();
    expect(answer).toMatchObject({ alt: 'A blue test chart', width: 900, height: 500 });
    expect(answer.url).toMatch(/^\/content\/images\/uploads\/[a-f0-9-]{36}\.jpg$/);
    url = answer.url;
    const name = path.basename(url);
    expect(fs.existsSync(path.join(dataDir, 'uploads', name))).toBe(true);

    const served = await t.app.inject({ method: 'GET', url });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/jpeg');
    expect((await sharp(served.rawPayload).metadata()).format).toBe('jpeg');

    // The same AVIF/WebP copies as gallery pictures (image-variants), made from the file under DATA_DIR.
    for (const format of ['webp', 'avif'] as const) {
      const copy = await t.app.inject({ method: 'GET', url: `/img/400/uploads/${name}.${format}` });
      expect(copy.statusCode, copy.body).toBe(200);
      expect(copy.headers['content-type']).toBe(`image/${format}`);
      expect((await sharp(copy.rawPayload).metadata()).width).toBe(400);
    }
    expect(
      (await t.app.inject({ method: 'GET', url: '/content/images/uploads/../../x.jpg' })).statusCode,
    ).toBe(404);
  });

  it('is usable in Markdown and as a gallery, DevBit or offer picture', async () => {
    const post = await t.app.inject({
      method: 'POST',
      url: '/api/admin/posts',
      headers: adminHeaders,
      payload: { title: 'With an upload', createdAt: '2026-11-20', content: `![A blue test chart](${url})` },
    });
    expect(post.statusCode, post.body).toBe(201);
    const view = await t.app.site.pageData.posts.getByTitle('With an upload');
    expect(view!.html).toBe(
      `<p><img src="${url}" alt="A blue test chart" loading="lazy" decoding="async"></p>`,
    );
    expect(view!.firstImage).toEqual({ url, alt: 'A blue test chart' });

    const image = await t.app.inject({
      method: 'POST',
      url: '/api/admin/images',
      headers: adminHeaders,
      payload: { url, alt: 'A blue test chart', width: 900, height: 500 },
    });
    expect(image.statusCode, image.body).toBe(201);
    expect(await t.app.site.knownImage(url)).toMatchObject({ url });
    const devbit = devbitImageInputSchema.safeParse({
      category: 'java',
      url,
      alt: 'Chart',
      width: 900,
      height: 500,
    });
    expect(devbit.error?.issues.filter((issue) => issue.path[0] === 'url') ?? []).toEqual([]);
    expect(
      offerInputSchema.safeParse({
        title: 'Rice',
        discount: 10,
        link: 'https://shop.example/rice',
        imageUrl: url,
        width: 900,
        height: 500,
        site: 'Shop',
        desr: 'Rice',
      }).success,
    ).toBe(true);
    expect((await t.app.site.images()).some((i) => i.url === url)).toBe(true);
  });

  it('keeps transparency as PNG (a WebP with alpha)', async () => {
    const res = await upload([
      ['alt', 'A see-through badge'],
      ['file', await picture('webp', true), 'badge.webp'],
    ]);
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().url).toMatch(/\.png$/);
    const served = await t.app.inject({ method: 'GET', url: res.json().url });
    expect(served.headers['content-type']).toBe('image/png');
  });

  it('refuses by bytes, size and missing alt text, with the uniform error body', async () => {
    const text = await upload([
      ['alt', 'Not a picture'],
      ['file', sampleFiles['text/plain']!, 'notes.png'],
    ]);
    expect(text.statusCode).toBe(415);
    expect(text.json()).toMatchObject({ code: expect.any(String), error: expect.any(String) });

    const large = await upload([
      ['alt', 'Too large'],
      ['file', sampleOfSize('image/png', 15 * 1024 * 1024 + 1), 'large.png'],
    ]);
    expect(large.statusCode).toBe(413);

    const noAlt = await upload([['file', await picture('png', false), 'chart.png']]);
    expect(noAlt.statusCode).toBe(400);
    expect(noAlt.json().fields).toHaveProperty('alt');

    const noFile = await upload([['alt', 'Nothing attached']]);
    expect(noFile.statusCode).toBe(400);
    expect(noFile.json().fields).toHaveProperty('file');

    // A PNG signature with nothing a decoder can read: refused in words, nothing stored.
    const broken = await upload([
      ['alt', 'Broken picture'],
      [
        'file',
        Buffer.concat([sampleFiles['image/png']!.subarray(0, 16), Buffer.alloc(2000, 0x20)]),
        'broken.png',
      ],
    ]);
    expect(broken.statusCode).toBe(422);
    expect(broken.json().code).toBe('IMAGE_UNREADABLE');

    const anonymous = await t.app.inject({ method: 'POST', url: '/api/admin/uploads' });
    expect(anonymous.statusCode).toBe(401);
    // Nothing refused was stored.
    expect(fs.readdirSync(path.join(dataDir, 'uploads'))).toHaveLength(2);
  });

  it('lists uploads newest first', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/admin/uploads', headers: adminHeaders });
    expect(res.statusCode).toBe(200);
    expect(res.json().map((u: { alt: string }) => u.alt)).toEqual([
      'A see-through badge',
      'A blue test chart',
    ]);
  });
});

describe('POST /api/admin/markdown/preview', () => {
  it('renders with the pages’ renderer and placement, admin only', async () => {
    const preview = (payload: Record<string, unknown>, headers = adminHeaders) =>
      t.app.inject({ method: 'POST', url: '/api/admin/markdown/preview', headers, payload });
    const post = await preview({ markdown: '# Hi\n\n<script>alert(1)</script> [x](javascript:alert(1))' });
    expect(post.statusCode).toBe(200);
    expect(post.json()).toEqual({ html: '<h2>Hi</h2><p>&lt;script&gt;alert(1)&lt;/script&gt; x</p>' });
    expect((await preview({ markdown: '# Hi', kind: 'blog' })).json()).toEqual({ html: '<h3>Hi</h3>' });
    expect((await preview({ markdown: 'x', kind: 'page' })).statusCode).toBe(400);
    expect((await preview({ markdown: 'x' }, {} as typeof adminHeaders)).statusCode).toBe(401);
  });
});
