import { postPath } from '@hurryup/contracts/post-slug';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminHeaders, adminToken } from '../../../test/admin.ts';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';
import { createAppState } from '../../db/app-state.ts';
import { tablesOf } from '../../db/tables-of.ts';
import type { PostTables } from './posts.tables.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ ADMIN_TOKEN: adminToken });
});
afterAll(() => t.close());

async function createPost(body: Record<string, unknown>) {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/admin/posts',
    headers: adminHeaders,
    payload: body,
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json();
}

const sections = [
  { content: 'Intro' },
  { content: 'Bold', bold: true },
  { content: 'joined', nobreak: true },
  { content: 'Picture', img: '/content/images/x.png', alt: 'An x' },
  { content: 'Table', table: { headers: ['A', 'B'], rows: [['1', '2']] } },
];

const specialTitles = [
  'Slash / question ? hash # percent 100%',
  'UPI PIN: कभी किसी को न बताएं',
  'Rockets 🚀 and flags 🇮🇳',
];

describe('posts', () => {
  beforeAll(async () => {
    for (let i = 1; i <= 23; i += 1) {
      await createPost({
        title: `Post number ${i}`,
        createdAt: `2025-01-${String(i).padStart(2, '0')}`,
        description: i === 7 ? 'How to compress images on a phone' : `Description ${i}`,
        content: `Paragraph one of ${i}.\n\nParagraph two.`,
        ...(i % 5 === 0 ? {} : { author: `Author ${i}` }),
      });
    }
    await createPost({
      title: 'Sections   post',
      createdAt: '2025-02-01',
      contentArray: sections,
    });
    for (const title of specialTitles)
      await createPost({ title, createdAt: '2025-03-01', text: 'Body text' });
  });

  it('lists a page of posts (20 unless asked), newest id first, with the total in a header', async () => {
    const firstPage = await t.app.inject({ method: 'GET', url: '/api/posts' });
    expect(firstPage.statusCode).toBe(200);
    expect(firstPage.json()).toHaveLength(20);
    expect(firstPage.headers['x-total-count']).toBe('27');
    const res = await t.app.inject({ method: 'GET', url: '/api/posts?limit=100' });
    expect(firstPage.json()).toEqual(res.json().slice(0, 20));
    const list = res.json();
    expect(list).toHaveLength(27);
    expect(res.headers['x-total-count']).toBe('27');
    const ids = list.map((p: { id: number }) => p.id);
    expect(ids).toEqual([...ids].sort((a, b) => b - a));
    expect(list.at(-1)).toEqual({
      id: expect.any(Number),
      title: 'Post number 1',
      author: 'Author 1',
      createdAt: '2025-01-01T00:00:00.000Z',
      description: 'Description 1',
      content: 'Paragraph one of 1.\n\nParagraph two.',
      imgf: false,
      draft: false,
    });
    // No author stays absent: the pages show 'Anonymous'.
    expect(list.find((p: { title: string }) => p.title === 'Post number 5').author).toBeUndefined();
  });

  it('pages with limit and offset', async () => {
    const page3 = (await t.app.inject({ method: 'GET', url: '/api/posts?limit=10&offset=20' })).json();
    expect(page3.map((p: { title: string }) => p.title)).toEqual([
      'Post number 7',
      'Post number 6',
      'Post number 5',
      'Post number 4',
      'Post number 3',
      'Post number 2',
      'Post number 1',
    ]);
    const bad = await t.app.inject({ method: 'GET', url: '/api/posts?limit=0&offset=-1' });
    expect(bad.statusCode).toBe(400);
    expect(Object.keys(bad.json().fields).sort()).toEqual(['limit', 'offset']);
    // The cap keeps one answer small whatever the caller asks.
    const tooMany = await t.app.inject({ method: 'GET', url: '/api/posts?limit=101' });
    expect(tooMany.statusCode).toBe(400);
    expect(Object.keys(tooMany.json().fields)).toEqual(['limit']);
  });

  it('finds one post by id', async () => {
    const any = (await t.app.inject({ method: 'GET', url: '/api/posts?limit=1' })).json()[0];
    const res = await t.app.inject({ method: 'GET', url: `/api/posts?postId=${any.id}` });
    expect(res.json()).toEqual(any);
    const missing = await t.app.inject({ method: 'GET', url: '/api/posts?postId=999999' });
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toEqual({ error: 'No post data found.', code: 'NOT_FOUND' });
    const bad = await t.app.inject({ method: 'GET', url: '/api/posts?postId=abc' });
    expect(bad.statusCode).toBe(400);
  });

  it('finds one post by title, collapsing whitespace, keeping sections', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: `/api/posts?title=${encodeURIComponent(' Sections \t post ')}`,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      title: 'Sections   post',
      imgf: false,
      draft: false,
      contentArray: sections,
    });
    expect(res.json().content).toBeUndefined();
  });

  it.each(specialTitles)('round-trips the title %s through its URL', async (title) => {
    const segment = postPath(title).slice('/post/'.length);
    const res = await t.app.inject({ method: 'GET', url: `/api/posts?title=${segment}` });
    expect(res.statusCode).toBe(200);
    expect(res.json().title).toBe(title);
  });

  it('rejects asking by id and title at once, and empty titles', async () => {
    const both = await t.app.inject({ method: 'GET', url: '/api/posts?postId=1&title=x' });
    expect(both.statusCode).toBe(400);
    const empty = await t.app.inject({ method: 'GET', url: '/api/posts?title=%20' });
    expect(empty.statusCode).toBe(400);
    const unknown = await t.app.inject({ method: 'GET', url: '/api/posts?title=No%20such%20post' });
    expect(unknown.statusCode).toBe(404);
  });

  it('keeps titles unique after whitespace collapsing', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/admin/posts',
      headers: adminHeaders,
      payload: { title: 'Post   number 3', createdAt: '2025-01-01', content: 'x' },
    });
    expect(res.statusCode).toBe(409);
    expect(res.json().fields.title).toBe('Another post already has this title.');
  });

  it('validates section shapes with field paths', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/admin/posts',
      headers: adminHeaders,
      payload: {
        title: 'Bad sections',
        createdAt: '2025-02-29',
        contentArray: [
          { content: 'x', img: '/i.png' },
          { content: 'y', table: { headers: [], rows: [] } },
          { bold: true },
        ],
      },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().fields).toMatchObject({
      createdAt: 'This date does not exist.',
      'contentArray.0.alt': 'An image needs alt text.',
      'contentArray.1.table.headers': 'A table needs at least one header.',
      'contentArray.2.content': 'Each section needs content text.',
    });
  });

  it('updates and deletes, and search follows', async () => {
    const target = (
      await t.app.inject({ method: 'GET', url: `/api/posts?title=${encodeURIComponent('Post number 7')}` })
    ).json();
    const search = async (q: string) =>
      (await t.app.inject({ method: 'GET', url: `/api/posts/search?q=${encodeURIComponent(q)}` })).json();
    expect((await search('compress'))[0]).toEqual({
      id: target.id,
      title: 'Post number 7',
      description: 'How to compress images on a phone',
    });

    const put = await t.app.inject({
      method: 'PUT',
      url: `/api/admin/posts/${target.id}`,
      headers: adminHeaders,
      payload: {
        title: 'Shrinking photos',
        createdAt: '2025-01-07',
        content: 'New body',
        description: 'Smaller files',
      },
    });
    expect(put.statusCode).toBe(200);
    expect(put.json()).toMatchObject({ id: target.id, title: 'Shrinking photos' });
    expect(put.json().author).toBeUndefined();
    expect(await search('compress')).toEqual([]);
    expect((await search('shrinking'))[0].id).toBe(target.id);

    const del = await t.app.inject({
      method: 'DELETE',
      url: `/api/admin/posts/${target.id}`,
      headers: adminHeaders,
    });
    expect(del.statusCode).toBe(204);
    expect(await search('shrinking')).toEqual([]);
    const again = await t.app.inject({
      method: 'DELETE',
      url: `/api/admin/posts/${target.id}`,
      headers: adminHeaders,
    });
    expect(again.statusCode).toBe(404);
  });
});

describe('post search', () => {
  const search = async (q: string) =>
    t.app.inject({ method: 'GET', url: `/api/posts/search?q=${encodeURIComponent(q)}` });

  it('needs 3 characters', async () => {
    expect((await search('Po')).json()).toEqual([]);
    expect((await search('   ')).json()).toEqual([]);
    expect((await search('Pos')).json().length).toBeGreaterThan(0);
  });

  it('matches prefixes and small typos, titles before descriptions', async () => {
    const prefix = (await search('Sectio')).json();
    expect(prefix[0].title).toBe('Sections   post');
    const typo = (await search('Sectoins')).json();
    expect(typo[0]?.title).toBe('Sections   post');
  });

  it('rejects overlong queries', async () => {
    const res = await search('x'.repeat(201));
    expect(res.statusCode).toBe(400);
    expect(res.json().code).toBe('VALIDATION_ERROR');
  });
});

describe('input the databases cannot hold', () => {
  it('answers 400, never 500, on both databases', async () => {
    const cases: [string, string, unknown?][] = [
      ['GET', '/api/posts?postId=3000000000'],
      ['GET', '/api/posts?title=%00abc'],
      ['GET', '/api/posts/search?q=abc%00def'],
      ['DELETE', '/api/admin/posts/3000000000'],
      ['POST', '/api/admin/posts', { title: 'Nul \u0000 inside', createdAt: '2025-01-01', content: 'x' }],
      ['POST', '/api/admin/posts', { title: 'Fine', createdAt: '2025-01-01', content: 'body with \u0000' }],
      ['POST', '/api/admin/posts', { title: 'Bad time', createdAt: '2025-01-01T25:61Z', content: 'x' }],
      ['POST', '/api/admin/posts', { title: '..', createdAt: '2025-01-01', content: 'x' }],
      ['POST', '/api/admin/posts', { title: 'report.data', createdAt: '2025-01-01', content: 'x' }],
      [
        'POST',
        '/api/admin/blogs',
        { title: 'Big order', content: 'x', author: 'A', createdAt: '2025-01-01', order: 9_999_999_999 },
      ],
    ];
    for (const [method, url, payload] of cases) {
      const res = await t.app.inject({
        method: method as 'GET',
        url,
        headers: adminHeaders,
        ...(payload ? { payload: payload as Record<string, unknown> } : {}),
      });
      expect(res.statusCode, `${method} ${url} ${JSON.stringify(payload)}`).toBe(400);
      // A NUL in the URL is refused with the request checks (BAD_URL) before any schema sees it.
      expect(['VALIDATION_ERROR', 'BAD_URL']).toContain(res.json().code);
    }
  });
});

describe('ids and the search index across processes', () => {
  it('never hands out the id of a deleted post again', async () => {
    const a = await createPost({ title: 'Id test A', createdAt: '2025-01-01T00:00:00.000Z', content: 'x' });
    await t.app.inject({ method: 'DELETE', url: `/api/admin/posts/${a.id}`, headers: adminHeaders });
    // An import moves PostgreSQL's sequence to the highest stored id: never back to a deleted one.
    const posts = t.app.site.contentKinds.find((kind) => kind.path === 'posts')!;
    await t.database.db.transaction().execute((tx) => posts.finish!(tx));
    const b = await createPost({ title: 'Id test B', createdAt: '2025-01-01T00:00:00.000Z', content: 'x' });
    expect(b.id).toBeGreaterThan(a.id);
  });

  it("a second process's index picks up changes made by the first", async () => {
    const { createPostRepository } = await import('./posts.repository.ts');
    const { createPostService } = await import('./posts.service.ts');
    const { ManualClock } = await import('../../shared/clock.ts');
    const clock = new ManualClock();
    const other = createPostService(
      createPostRepository(tablesOf<PostTables>(t.database.db), t.database.dialect),
      createAppState(t.database.db),
      { revisionCheckIntervalMs: 10_000, clock },
    );
    await other.rebuildIndex();
    expect(await other.search('Zanzibar')).toEqual([]);
    const created = await createPost({
      title: 'Zanzibar spice guide',
      createdAt: '2025-01-01T00:00:00.000Z',
      content: 'x',
    });
    // Within its check interval (on its clock) the other process answers from its index as it was...
    clock.advance(9_999);
    expect(await other.search('Zanzibar')).toEqual([]);
    // ...and once the interval has passed it looks at the revision and rebuilds.
    clock.advance(1);
    expect((await other.search('Zanzibar')).map((h) => h.id)).toEqual([created.id]);
    // And this process, having made the change itself, finds it at once.
    const search = await t.app.inject({ method: 'GET', url: '/api/posts/search?q=Zanzibar' });
    expect(search.json().map((h: { id: number }) => h.id)).toEqual([created.id]);
  });
});
