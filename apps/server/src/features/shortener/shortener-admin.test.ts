import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminHeaders, adminToken } from '../../../test/admin.ts';
import { createAnotherProcess } from '../../../test/another-process.ts';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';
import { ManualClock } from '../../shared/clock.ts';

const base = 'https://hurryup.example';
let t: TestApp;
let clock: ManualClock;
let visitor = 0;
const nextIp = () => `10.7.${Math.floor(++visitor / 250)}.${visitor % 250}`;
const shorten = async (payload: Record<string, string>, app: FastifyInstance = t.app) => {
  const res = await app.inject({ method: 'POST', url: '/api/shorten', payload, remoteAddress: nextIp() });
  expect(res.statusCode).toBe(200);
  return res.json().code as string;
};
const admin = (method: 'GET' | 'PATCH' | 'DELETE', url: string, payload?: object, app = t.app) =>
  app.inject({ method, url, headers: adminHeaders, ...(payload ? { payload } : {}) });
const setDisabled = (code: string, disabled: boolean, app = t.app) =>
  admin('PATCH', `/api/admin/short-links/${code}`, { disabled }, app);

beforeAll(async () => {
  clock = new ManualClock(Date.UTC(2026, 10, 27, 8, 0));
  t = await createTestApp({ PUBLIC_BASE_URL: base, ADMIN_TOKEN: adminToken }, { platform: { clock } });
});
afterAll(async () => {
  await t?.close();
});

describe('GET /api/admin/short-links', () => {
  it('lists links newest first, a page at a time, with their clicks and reports', async () => {
    const older = await shorten({ longUrl: 'https://example.com/admin/older' });
    clock.advance(60_000);
    const newer = await shorten({ longUrl: 'https://example.com/admin/newer', alias: 'admin-newer' });
    for (let i = 0; i < 3; i++) expect((await t.app.inject({ url: `/s/${newer}` })).statusCode).toBe(302);
    const report = await t.app.inject({
      method: 'POST',
      url: '/api/reports',
      payload: { kind: 'short-link', code: newer },
      remoteAddress: nextIp(),
    });
    expect(report.statusCode).toBe(202);

    const res = await admin('GET', '/api/admin/short-links?limit=2');
    expect(res.statusCode).toBe(200);
    const [first, second] = res.json();
    expect(first).toMatchObject({
      code: newer,
      shortUrl: `${base}/s/${newer}`,
      longUrl: 'https://example.com/admin/newer',
      clicks: 3,
      reports: 1,
      disabled: false,
      disabledAt: null,
    });
    expect(second).toMatchObject({ code: older, clicks: 0, reports: 0 });
    const next = (await admin('GET', '/api/admin/short-links?limit=1&offset=1')).json();
    expect(next.map((link: { code: string }) => link.code)).toEqual([older]);
  });

  it('is for the operator only, and refuses a bad query', async () => {
    expect((await t.app.inject({ url: '/api/admin/short-links' })).statusCode).toBe(401);
    const bad = await admin('GET', '/api/admin/short-links?limit=0');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().code).toBe('VALIDATION_ERROR');
  });
});

describe('disabling a short link', () => {
  it('answers 410 instead of redirecting, in the API too, and redirects again once enabled', async () => {
    const code = await shorten({ longUrl: 'https://example.com/admin/abusive' });
    expect((await t.app.inject({ url: `/s/${code}` })).statusCode).toBe(302);
    const disabled = await setDisabled(code, true);
    expect(disabled.statusCode).toBe(200);
    expect(disabled.json()).toMatchObject({ code, disabled: true, disabledAt: clock.date().toISOString() });
    // At once in this process, although the link was hot in its memory.
    const gone = await t.app.inject({ url: `/s/${code}` });
    expect(gone.statusCode).toBe(410);
    expect(gone.headers.location).toBeUndefined();
    const api = await t.app.inject({ url: `/api/short-links/${code}` });
    expect(api.statusCode).toBe(410);
    expect(api.json()).toEqual({ error: 'This short link was disabled by the site.', code: 'GONE' });
    // Its clicks do not move while it is disabled.
    const listed = (await admin('GET', '/api/admin/short-links')).json();
    expect(listed.find((link: { code: string }) => link.code === code)).toMatchObject({
      disabled: true,
      clicks: 1,
    });

    const enabled = await setDisabled(code, false);
    expect(enabled.json()).toMatchObject({ disabled: false, disabledAt: null });
    // Both changes are in the activity log, by the token.
    const log = (await admin('GET', '/api/admin/activity')).json();
    expect(
      log.items
        .filter((entry: { itemId: string }) => entry.itemId === code)
        .map((entry: { actor: string; kind: string; action: string }) => [
          entry.actor,
          entry.kind,
          entry.action,
        ]),
    ).toEqual([
      ['token', 'short-links', 'enable'],
      ['token', 'short-links', 'disable'],
    ]);
    const back = await t.app.inject({ url: `/s/${code}` });
    expect(back.statusCode).toBe(302);
    expect(back.headers.location).toBe('https://example.com/admin/abusive');
  });

  it('never gives the disabled link’s URL a new link, nor its code to anyone else', async () => {
    const code = await shorten({ longUrl: 'https://example.com/admin/phish' });
    await setDisabled(code, true);
    const again = await t.app.inject({
      method: 'POST',
      url: '/api/shorten',
      payload: { longUrl: 'https://example.com/admin/phish', alias: 'phish-again' },
      remoteAddress: nextIp(),
    });
    expect(again.statusCode).toBe(400);
    expect(again.json().fields).toEqual({
      longUrl: 'Links to this address were disabled by the site: it cannot be shortened here.',
    });
    const alias = await shorten({ longUrl: 'https://example.com/admin/aliased', alias: 'admin-alias' });
    await setDisabled(alias, true);
    const taken = await t.app.inject({
      method: 'POST',
      url: '/api/shorten',
      payload: { longUrl: 'https://example.com/admin/other', alias: 'admin-alias' },
      remoteAddress: nextIp(),
    });
    expect(taken.statusCode).toBe(409);
  });

  it('takes effect in another process on the same database, once it looks at the revisions', async () => {
    const second = await createAnotherProcess(
      t.database,
      { PUBLIC_BASE_URL: base, ADMIN_TOKEN: adminToken },
      { platform: { clock } },
    );
    try {
      const code = await shorten({ longUrl: 'https://example.com/admin/two-processes' });
      // The second process learns the link and keeps it in memory.
      expect((await second.app.inject({ url: `/s/${code}` })).statusCode).toBe(302);
      expect((await second.app.inject({ url: `/s/${code}` })).statusCode).toBe(302);
      expect((await setDisabled(code, true)).statusCode).toBe(200);
      // The revisions are read at most once a second (on the platform's clock): then it stops redirecting.
      clock.advance(1_000);
      const gone = await second.app.inject({ url: `/s/${code}` });
      expect(gone.statusCode).toBe(410);
      expect((await second.app.inject({ url: `/api/short-links/${code}` })).statusCode).toBe(410);
      // Enabled in the second process: the first redirects again.
      expect((await setDisabled(code, false, second.app)).statusCode).toBe(200);
      clock.advance(1_000);
      expect((await t.app.inject({ url: `/s/${code}` })).statusCode).toBe(302);
    } finally {
      await second.close();
    }
  });

  it('refuses a bad body and an unknown code', async () => {
    const code = await shorten({ longUrl: 'https://example.com/admin/bad-body' });
    const bad = await admin('PATCH', `/api/admin/short-links/${code}`, { disabled: 'yes' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().fields).toEqual({ disabled: 'disabled must be true or false.' });
    expect((await admin('PATCH', `/api/admin/short-links/${code}`, {})).statusCode).toBe(400);
    expect((await setDisabled('no-such-code', true)).statusCode).toBe(404);
    expect((await admin('PATCH', '/api/admin/short-links/a%20b', { disabled: true })).statusCode).toBe(400);
    expect(
      (
        await t.app.inject({
          method: 'PATCH',
          url: `/api/admin/short-links/${code}`,
          payload: { disabled: true },
        })
      ).statusCode,
    ).toBe(401);
  });
});

describe('DELETE /api/admin/short-links/:code', () => {
  it('forgets the link: 410, gone from the list, its code never given out again, its URL free', async () => {
    const code = await shorten({ longUrl: 'https://example.com/admin/delete-me', alias: 'delete-me' });
    expect((await t.app.inject({ url: `/s/${code}` })).statusCode).toBe(302);
    const deleted = await admin('DELETE', `/api/admin/short-links/${code}`);
    expect(deleted.statusCode).toBe(204);
    expect((await t.app.inject({ url: `/s/${code}` })).statusCode).toBe(410);
    expect((await t.app.inject({ url: `/api/short-links/${code}` })).statusCode).toBe(410);
    const listed = (await admin('GET', '/api/admin/short-links?limit=200')).json();
    expect(listed.map((link: { code: string }) => link.code)).not.toContain(code);
    // Deleted once: it cannot be deleted, disabled or enabled again.
    expect((await admin('DELETE', `/api/admin/short-links/${code}`)).statusCode).toBe(404);
    expect((await setDisabled(code, false)).statusCode).toBe(404);
    expect((await t.app.inject({ url: `/s/${code}` })).statusCode).toBe(410);
    // The alias is never given out again.
    const reuse = await t.app.inject({
      method: 'POST',
      url: '/api/shorten',
      payload: { longUrl: 'https://example.com/admin/someone-else', alias: 'delete-me' },
      remoteAddress: nextIp(),
    });
    expect(reuse.statusCode).toBe(409);
    // A random code too: the URL gets a new link with another code, and the old one stays gone.
    const random = await shorten({ longUrl: 'https://example.com/admin/random-deleted' });
    expect((await admin('DELETE', `/api/admin/short-links/${random}`)).statusCode).toBe(204);
    const fresh = await shorten({ longUrl: 'https://example.com/admin/random-deleted' });
    expect(fresh).not.toBe(random);
    expect((await t.app.inject({ url: `/s/${fresh}` })).statusCode).toBe(302);
    expect((await t.app.inject({ url: `/s/${random}` })).statusCode).toBe(410);
    // A report of a deleted link finds nothing.
    const report = await t.app.inject({
      method: 'POST',
      url: '/api/reports',
      payload: { kind: 'short-link', code },
      remoteAddress: nextIp(),
    });
    expect(report.statusCode).toBe(404);
  });

  it('answers 404 for an unknown code and 401 without the token', async () => {
    expect((await admin('DELETE', '/api/admin/short-links/never-made')).statusCode).toBe(404);
    expect(
      (await t.app.inject({ method: 'DELETE', url: '/api/admin/short-links/never-made' })).statusCode,
    ).toBe(401);
  });
});
