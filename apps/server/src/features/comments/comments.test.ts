import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminHeaders, adminToken } from '../../../test/admin.ts';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';

let t: TestApp;
const galleryUrl = '/content/images/gallery/how-to-read-rsi.png';
const devbitUrl = '/content/images/devbit/git/stash.png';
let visitor = 0;
/** Each call a different IP address, so the per-visitor limits stay out of the way unless tested. */
const nextIp = () => `10.1.${Math.floor(visitor / 250)}.${(visitor++ % 250) + 1}`;

beforeAll(async () => {
  t = await createTestApp({ ADMIN_TOKEN: adminToken });
  const add = async (url: string, payload: Record<string, unknown>) => {
    const res = await t.app.inject({ method: 'POST', url, headers: adminHeaders, payload });
    expect(res.statusCode).toBe(201);
  };
  await add('/api/admin/images', { url: galleryUrl, alt: 'How to read RSI', width: 1080, height: 1350 });
  await add('/api/admin/devbit-images', {
    category: 'git',
    url: devbitUrl,
    alt: 'git stash',
    width: 1200,
    height: 675,
  });
});
afterAll(() => t.close());

const save = (body: Record<string, unknown>, ip = nextIp()) =>
  t.app.inject({
    method: 'POST',
    url: '/api/saveComment',
    remoteAddress: ip,
    payload: { imageUrl: galleryUrl, elapsedMs: 5000, ...body },
  });
const list = async (imageUrl = galleryUrl) =>
  (
    await t.app.inject({ method: 'GET', url: `/api/comments?imageUrl=${encodeURIComponent(imageUrl)}` })
  ).json();

describe('comments', () => {
  it('start empty for a known image', async () => {
    expect(await list()).toEqual([]);
  });

  it('are saved trimmed and tag-stripped, listed oldest first with comment and createdAt', async () => {
    const first = await save({ comment: '  Very useful picture!  ' });
    expect(first.statusCode).toBe(201);
    expect(first.json()).toEqual({
      id: expect.any(Number),
      comment: 'Very useful picture!',
      createdAt: expect.any(String),
    });
    const second = await save({ comment: '<script>alert("x")</script><b>Bold</b> idea' });
    expect(second.statusCode).toBe(201);
    expect(second.json().comment).toBe('alert("x")Bold idea');
    const comments = await list();
    expect(comments.map((c: { comment: string }) => c.comment)).toEqual([
      'Very useful picture!',
      'alert("x")Bold idea',
    ]);
    expect(Date.parse(comments[0].createdAt)).toBeLessThanOrEqual(Date.parse(comments[1].createdAt));
  });

  it('attach to DevBit images too, and the image URL may arrive URL-encoded', async () => {
    const res = await save({ imageUrl: encodeURIComponent(devbitUrl), comment: 'Handy git tip' });
    expect(res.statusCode).toBe(201);
    expect((await list(devbitUrl)).map((c: { comment: string }) => c.comment)).toEqual(['Handy git tip']);
  });

  it.each([
    ['4 characters', { comment: 'abcd' }, 400, 'Comment must be between 5 and 100 characters.'],
    ['101 characters', { comment: 'a'.repeat(101) }, 400, 'Comment must be between 5 and 100 characters.'],
    ['only spaces', { comment: '          ' }, 400, 'Comment must be between 5 and 100 characters.'],
    [
      'only tags',
      { comment: '<b></b><i></i><script></script>' },
      400,
      'Comment must be between 5 and 100 characters.',
    ],
    [
      'a link',
      { comment: 'Visit https://spam.example now' },
      400,
      'Links are not allowed in comments. Please remove the web address and send again.',
    ],
    [
      'a bare domain',
      { comment: 'cheap pills at pills4u.com' },
      400,
      'Links are not allowed in comments. Please remove the web address and send again.',
    ],
    ['an empty imageUrl', { imageUrl: '', comment: 'Nice picture' }, 400, 'Image URL is missing.'],
    ['a blank imageUrl', { imageUrl: '%20%20', comment: 'Nice picture' }, 400, 'Image URL is not valid.'],
    ['a malformed imageUrl', { imageUrl: '%E0%A4', comment: 'Nice picture' }, 400, 'Image URL is not valid.'],
    [
      'an unknown image',
      { imageUrl: '/content/images/gallery/none.png', comment: 'Nice picture' },
      404,
      'This image is not on this site, so it cannot take comments.',
    ],
    [
      'a thumbnail (no page of its own)',
      { imageUrl: '/content/images/videos/x.png', comment: 'Nice picture' },
      404,
      'This image is not on this site, so it cannot take comments.',
    ],
    [
      'too fast',
      { comment: 'Nice picture', elapsedMs: 800 },
      400,
      'That was very quick. Please take a few seconds with your comment and send it again.',
    ],
    [
      'the honeypot filled',
      { comment: 'Nice picture', website: 'http://bot.example' },
      400,
      'Your comment could not be accepted.',
    ],
  ])('refuse %s with a readable message', async (_name, body, status, message) => {
    const before = await list();
    const res = await save(body);
    expect(res.statusCode).toBe(status);
    expect(res.json().error).toBe(message);
    expect(await list()).toEqual(before);
  });

  it.each([
    ['no comment', { imageUrl: galleryUrl, elapsedMs: 5000 }, 'comment'],
    ['no imageUrl', { comment: 'Nice picture', elapsedMs: 5000 }, 'imageUrl'],
    ['no elapsedMs', { imageUrl: galleryUrl, comment: 'Nice picture' }, 'elapsedMs'],
    ['a number as comment', { imageUrl: galleryUrl, comment: 12345, elapsedMs: 5000 }, 'comment'],
    [
      'an array as imageUrl',
      { imageUrl: [galleryUrl], comment: 'Nice picture', elapsedMs: 5000 },
      'imageUrl',
    ],
    [
      'an unknown field',
      { imageUrl: galleryUrl, comment: 'Nice picture', elapsedMs: 5000, author: 'x' },
      undefined,
    ],
  ])('refuse a body with %s (400, field named)', async (_name, payload, field) => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/saveComment',
      remoteAddress: nextIp(),
      payload,
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().code).toBe('VALIDATION_ERROR');
    if (field) expect(Object.keys(res.json().fields)).toContain(field);
  });

  it('refuse a body that is not JSON', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/saveComment',
      headers: { 'content-type': 'application/json' },
      payload: '{"imageUrl":',
    });
    expect(res.statusCode).toBe(400);
  });

  it('GET refuses a missing, blank or unknown image URL', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/comments' })).statusCode).toBe(400);
    expect((await t.app.inject({ method: 'GET', url: '/api/comments?imageUrl=%2520' })).json().error).toBe(
      'Image URL is not valid.',
    );
    expect(
      (await t.app.inject({ method: 'GET', url: '/api/comments?imageUrl=%2Fnope.png' })).statusCode,
    ).toBe(404);
  });

  it('refuse the same comment on the same image twice within a minute, from anyone', async () => {
    expect((await save({ comment: 'Saw this twice' })).statusCode).toBe(201);
    const again = await save({ comment: '  Saw this twice ' });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({
      code: 'DUPLICATE_COMMENT',
      error: 'This comment was just posted. Please write something new.',
    });
    // On another image it is a new comment.
    expect((await save({ comment: 'Saw this twice', imageUrl: devbitUrl })).statusCode).toBe(201);
  });

  it('allow 5 comments a minute per visitor, then answer 429 with a readable message and Retry-After', async () => {
    const ip = '192.0.2.55';
    for (let i = 1; i <= 5; i += 1)
      expect((await save({ comment: `Rate test ${i}` }, ip)).statusCode).toBe(201);
    const sixth = await save({ comment: 'Rate test 6' }, ip);
    expect(sixth.statusCode).toBe(429);
    expect(sixth.json()).toEqual({
      error: 'You are commenting too fast: at most 5 comments a minute. Please wait a minute and try again.',
      code: 'RATE_LIMITED',
    });
    expect(Number(sixth.headers['retry-after'])).toBeGreaterThan(0);
    // Another visitor is not affected.
    expect((await save({ comment: 'Rate test other' })).statusCode).toBe(201);
  });

  it('store 200 concurrent valid comments from different visitors exactly once each', async () => {
    const texts = Array.from({ length: 200 }, (_, i) => `Concurrent comment number ${i}`);
    const results = await Promise.all(texts.map((comment) => save({ comment, imageUrl: devbitUrl })));
    expect(results.map((r) => r.statusCode)).toEqual(texts.map(() => 201));
    const stored = (await list(devbitUrl)).map((c: { comment: string }) => c.comment);
    for (const text of texts) expect(stored.filter((s: string) => s === text)).toHaveLength(1);
  });

  it('let the same visitor race itself without passing the limit or a duplicate', async () => {
    const ip = '192.0.2.77';
    const results = await Promise.all(
      Array.from({ length: 8 }, () => save({ comment: 'Racing myself' }, ip)),
    );
    expect(results.filter((r) => r.statusCode === 201)).toHaveLength(1);
    expect(results.filter((r) => r.statusCode === 409)).toHaveLength(7);
  });

  it('are listed, hidden and deleted by the operator', async () => {
    const unauthorised = await t.app.inject({ method: 'GET', url: '/api/admin/comments' });
    expect(unauthorised.statusCode).toBe(401);
    const all = await t.app.inject({
      method: 'GET',
      url: `/api/admin/comments?imageUrl=${encodeURIComponent(galleryUrl)}&limit=500`,
      headers: adminHeaders,
    });
    expect(all.statusCode).toBe(200);
    const target = all.json().find((c: { comment: string }) => c.comment === 'Very useful picture!');
    expect(target).toMatchObject({ imageUrl: galleryUrl, hidden: false });

    const hide = await t.app.inject({
      method: 'PATCH',
      url: `/api/admin/comments/${target.id}`,
      headers: adminHeaders,
      payload: { hidden: true },
    });
    expect(hide.json()).toMatchObject({ id: target.id, hidden: true });
    expect((await list()).some((c: { id: number }) => c.id === target.id)).toBe(false);
    const show = await t.app.inject({
      method: 'PATCH',
      url: `/api/admin/comments/${target.id}`,
      headers: adminHeaders,
      payload: { hidden: false },
    });
    expect(show.json().hidden).toBe(false);
    expect((await list()).some((c: { id: number }) => c.id === target.id)).toBe(true);
    const badPatch = await t.app.inject({
      method: 'PATCH',
      url: `/api/admin/comments/${target.id}`,
      headers: adminHeaders,
      payload: { hidden: 'yes' },
    });
    expect(badPatch.statusCode).toBe(400);

    const removed = await t.app.inject({
      method: 'DELETE',
      url: `/api/admin/comments/${target.id}`,
      headers: adminHeaders,
    });
    expect(removed.statusCode).toBe(204);
    expect((await list()).some((c: { id: number }) => c.id === target.id)).toBe(false);
    expect(
      (
        await t.app.inject({
          method: 'DELETE',
          url: `/api/admin/comments/${target.id}`,
          headers: adminHeaders,
        })
      ).statusCode,
    ).toBe(404);
  });

  it('announce every change so cached pages are fresh at once', async () => {
    const changes: boolean[] = [];
    t.app.site.onContentChanged((change) => changes.push(change.pictures));
    expect((await save({ comment: 'Announce this one' })).statusCode).toBe(201);
    expect(changes).toEqual([false]);
  });
});
