import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminHeaders, adminToken } from '../../../test/admin.ts';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';
import { ManualClock } from '../../shared/clock.ts';

let t: TestApp;
let clock: ManualClock;
const galleryUrl = '/content/images/gallery/reports-rsi.png';
let visitor = 0;
/** Each call from its own address unless told, so the limits stay out of the way unless tested. */
const nextIp = () => `10.9.${Math.floor(++visitor / 250)}.${visitor % 250}`;
const report = (payload: unknown, ip = nextIp()) =>
  t.app.inject({ method: 'POST', url: '/api/reports', payload: payload as object, remoteAddress: ip });
const admin = (method: 'GET' | 'PATCH', url: string, payload?: object) =>
  t.app.inject({ method, url, headers: adminHeaders, ...(payload ? { payload } : {}) });

async function comment(text: string): Promise<number> {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/saveComment',
    remoteAddress: nextIp(),
    payload: { imageUrl: galleryUrl, comment: text },
  });
  expect(res.statusCode).toBe(201);
  return res.json().id;
}
async function shortLink(longUrl: string): Promise<string> {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/shorten',
    payload: { longUrl },
    remoteAddress: nextIp(),
  });
  return res.json().code;
}

beforeAll(async () => {
  clock = new ManualClock(Date.UTC(2026, 10, 27, 9, 0));
  t = await createTestApp({ ADMIN_TOKEN: adminToken }, { platform: { clock } });
  const image = await t.app.inject({
    method: 'POST',
    url: '/api/admin/images',
    headers: adminHeaders,
    payload: { url: galleryUrl, alt: 'How to read RSI', width: 1080, height: 1350 },
  });
  expect(image.statusCode).toBe(201);
});
afterAll(() => t.close());

describe('POST /api/reports', () => {
  it('stores a report of a comment or a short link and answers 202 with words for the visitor', async () => {
    const id = await comment('A rude comment to report');
    const res = await report({ kind: 'comment', id });
    expect(res.statusCode).toBe(202);
    expect(res.json()).toEqual({ message: 'Thank you. The site’s team will look at your report.' });
    const code = await shortLink('https://example.com/reports/link');
    clock.advance(1_000);
    expect((await report({ kind: 'short-link', code })).statusCode).toBe(202);

    const listed = (await admin('GET', '/api/admin/reports')).json();
    expect(listed[0]).toMatchObject({
      kind: 'short-link',
      key: code,
      reports: 1,
      open: 1,
      status: 'open',
      item: { text: 'https://example.com/reports/link', path: `/s/${code}+`, state: 'active' },
    });
    expect(listed[1]).toMatchObject({
      kind: 'comment',
      key: String(id),
      item: { text: 'A rude comment to report', state: 'visible' },
    });
    expect(listed[1].item.path).toMatch(/^\/infopic\/|^\//);
  });

  it('answers 404 for an unknown comment or code, and 400 with fields for a bad body', async () => {
    const unknown = await report({ kind: 'comment', id: 987654 });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toEqual({
      error: 'This comment no longer exists.',
      code: 'NOT_FOUND',
      fields: { id: 'This comment no longer exists.' },
    });
    const noLink = await report({ kind: 'short-link', code: 'NoSuchLink' });
    expect(noLink.statusCode).toBe(404);
    expect(noLink.json().error).toBe('There is no short link with this code.');
    const cases: [unknown, string][] = [
      [{}, 'kind'],
      [{ kind: 'post', id: 1 }, 'kind'],
      [{ kind: 'comment' }, 'id'],
      [{ kind: 'comment', id: 'x' }, 'id'],
      [{ kind: 'comment', id: 1.5 }, 'id'],
      [{ kind: 'comment', id: 0 }, 'id'],
      [{ kind: 'short-link', code: 'a b' }, 'code'],
      [{ kind: 'short-link' }, 'code'],
      [{ kind: 'comment', id: 1, extra: true }, ''],
    ];
    for (const [payload, field] of cases) {
      const res = await report(payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(res.json().code).toBe('VALIDATION_ERROR');
      if (field) expect(Object.keys(res.json().fields ?? {}), JSON.stringify(payload)).toContain(field);
    }
  });

  it('counts one open report per visitor and item, and limits each visitor (429)', async () => {
    const id = await comment('Reported many times');
    const ip = '192.0.2.44';
    const statuses: number[] = [];
    for (let i = 0; i < 12; i++) statuses.push((await report({ kind: 'comment', id }, ip)).statusCode);
    expect(statuses).toEqual([...Array(10).fill(202), 429, 429]);
    const refused = await report({ kind: 'comment', id }, ip);
    expect(refused.json()).toEqual({
      error: 'You have sent many reports in a short time. Please try again later.',
      code: 'RATE_LIMITED',
    });
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    // The same visitor's repeats count once; another visitor adds one.
    expect((await report({ kind: 'comment', id }, '192.0.2.45')).statusCode).toBe(202);
    const listed = (await admin('GET', '/api/admin/reports')).json();
    expect(listed.find((r: { key: string }) => r.key === String(id))).toMatchObject({ reports: 2, open: 2 });
    expect(t.app.platform.limits.policies().map((policy) => policy.name)).toContain('reports.per-visitor');
    // An hour later the visitor may report again.
    clock.advance(60 * 60_000);
    expect((await report({ kind: 'comment', id }, ip)).statusCode).toBe(202);
  });
});

describe('the operator’s reports', () => {
  it('closes and reopens an item’s reports, and lists closed ones apart', async () => {
    const id = await comment('Close my reports');
    await report({ kind: 'comment', id });
    clock.advance(1_000);
    const closed = await admin('PATCH', `/api/admin/reports/comment/${id}`, { status: 'closed' });
    expect(closed.statusCode).toBe(200);
    expect(closed.json()).toMatchObject({ key: String(id), status: 'closed', open: 0, reports: 1 });
    const open = (await admin('GET', '/api/admin/reports')).json();
    expect(open.map((r: { key: string }) => r.key)).not.toContain(String(id));
    const closedList = (await admin('GET', '/api/admin/reports?status=closed')).json();
    expect(closedList.map((r: { key: string }) => r.key)).toContain(String(id));
    const all = (await admin('GET', '/api/admin/reports?status=all&limit=200')).json();
    expect(all.map((r: { key: string }) => r.key)).toContain(String(id));
    // A new report opens it again, newest first.
    clock.advance(1_000);
    await report({ kind: 'comment', id });
    const again = (await admin('GET', '/api/admin/reports')).json();
    expect(again[0]).toMatchObject({ key: String(id), reports: 2, open: 1, status: 'open' });
  });

  it('shows a hidden comment as hidden and a deleted one as null', async () => {
    const id = await comment('Hide then delete me');
    await report({ kind: 'comment', id });
    await admin('PATCH', `/api/admin/comments/${id}`, { hidden: true });
    let listed = (await admin('GET', '/api/admin/reports')).json();
    expect(listed.find((r: { key: string }) => r.key === String(id)).item.state).toBe('hidden');
    await t.app.inject({ method: 'DELETE', url: `/api/admin/comments/${id}`, headers: adminHeaders });
    listed = (await admin('GET', '/api/admin/reports')).json();
    expect(listed.find((r: { key: string }) => r.key === String(id)).item).toBeNull();
  });

  it('refuses unknown items, bad input and callers without the token', async () => {
    expect((await t.app.inject({ url: '/api/admin/reports' })).statusCode).toBe(401);
    expect((await admin('PATCH', '/api/admin/reports/comment/999999', { status: 'closed' })).statusCode).toBe(
      404,
    );
    const badKind = await admin('PATCH', '/api/admin/reports/post/1', { status: 'closed' });
    expect(badKind.statusCode).toBe(400);
    const badStatus = await admin('PATCH', '/api/admin/reports/comment/1', { status: 'gone' });
    expect(badStatus.statusCode).toBe(400);
    expect(badStatus.json().fields).toEqual({ status: 'status must be open or closed.' });
    expect((await admin('GET', '/api/admin/reports?status=maybe')).statusCode).toBe(400);
  });
});

describe('the comments queue', () => {
  it('lists comments newest first with their image page and reports, all, visible or hidden', async () => {
    const visible = await comment('Queue visible one');
    const hidden = await comment('Queue hidden one');
    await admin('PATCH', `/api/admin/comments/${hidden}`, { hidden: true });
    await report({ kind: 'comment', id: visible });
    const all = (await admin('GET', `/api/admin/comments?imageUrl=${encodeURIComponent(galleryUrl)}`)).json();
    expect(all[0]).toMatchObject({ id: hidden, hidden: true, reports: 0 });
    expect(all[1]).toMatchObject({ id: visible, hidden: false, reports: 1, imageUrl: galleryUrl });
    expect(all[1].imagePagePath).toEqual(expect.stringMatching(/^\//));
    const onlyHidden = (await admin('GET', '/api/admin/comments?shown=hidden')).json();
    expect(onlyHidden.every((c: { hidden: boolean }) => c.hidden)).toBe(true);
    expect(onlyHidden.map((c: { id: number }) => c.id)).toContain(hidden);
    const onlyVisible = (await admin('GET', '/api/admin/comments?shown=visible')).json();
    expect(onlyVisible.some((c: { id: number }) => c.id === hidden)).toBe(false);
    expect(onlyVisible.map((c: { id: number }) => c.id)).toContain(visible);
    // Unhide.
    const shown = await admin('PATCH', `/api/admin/comments/${hidden}`, { hidden: false });
    expect(shown.json()).toMatchObject({ id: hidden, hidden: false });
    expect((await admin('GET', '/api/admin/comments?shown=nope')).statusCode).toBe(400);
  });
});
