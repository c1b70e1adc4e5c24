import type { FastifyInstance } from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import { adminHeaders, adminToken } from '../../../test/admin.ts';
import { createAnotherProcess } from '../../../test/another-process.ts';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';
import type { Database } from '../../db/database.ts';
import { tablesOf } from '../../db/tables-of.ts';
import { ManualClock } from '../../shared/clock.ts';
import { createOperatorRepository } from './operators.repository.ts';
import { createOperatorService } from './operators.service.ts';
import type { OperatorTables } from './operators.tables.ts';

const email = 'desk@hurryup.example';
const password = 'correct horse battery';
const site = 'http://localhost:3000';
const minute = 60_000;
const idleMinutes = 30;

let open: TestApp | undefined;
afterEach(async () => {
  await open?.close();
  open = undefined;
});

async function addOperator(database: Database, who = email, secret = password) {
  const operators = createOperatorService(
    createOperatorRepository(tablesOf<OperatorTables>(database.db)),
    new ManualClock(),
    minute,
  );
  await operators.add(who, secret);
  return operators;
}

async function consoleApp(env: Record<string, string> = {}) {
  const clock = new ManualClock(Date.UTC(2026, 10, 27, 10));
  open = await createTestApp(
    {
      ADMIN_TOKEN: adminToken,
      PUBLIC_BASE_URL: site,
      OPERATOR_SESSION_IDLE_MINUTES: String(idleMinutes),
      ...env,
    },
    { platform: { clock } },
  );
  const operators = await addOperator(open.database);
  return { app: open.app, clock, operators, database: open.database };
}

async function signIn(app: FastifyInstance, who = email, secret = password, address = '127.0.0.1') {
  return app.inject({
    method: 'POST',
    url: '/api/admin/sign-in',
    payload: { email: who, password: secret },
    headers: { origin: site },
    remoteAddress: address,
  });
}

/** The session cookie a sign-in set, as a browser sends it back. */
function cookieOf(response: { headers: Record<string, unknown> }): string {
  const set = String(response.headers['set-cookie']);
  return set.split(';')[0]!;
}

const blog = { title: 'From the console', content: 'Body', author: 'Desk', createdAt: '2026-11-27' };

describe('operator sessions', () => {
  it('signs in with the right email and password only, with an HttpOnly SameSite=Strict cookie', async () => {
    const { app } = await consoleApp();
    const wrong = await signIn(app, email, 'not the password');
    expect(wrong.statusCode).toBe(401);
    expect(wrong.json()).toEqual({ error: 'The email or password is wrong.', code: 'UNAUTHORIZED' });
    expect(wrong.headers['set-cookie']).toBeUndefined();
    const unknown = await signIn(app, 'nobody@hurryup.example', password);
    expect(unknown.json()).toEqual(wrong.json());

    const right = await signIn(app, ' Desk@HurryUp.example ');
    expect(right.statusCode).toBe(200);
    expect(right.json()).toEqual({ email });
    const set = String(right.headers['set-cookie']);
    expect(set).toMatch(/^hu_operator=[A-Za-z0-9_-]{43}; Path=\/; HttpOnly; SameSite=Strict$/);
    expect(right.headers['cache-control']).toBe('no-store');

    const who = await app.inject({ url: '/api/admin/session', headers: { cookie: cookieOf(right) } });
    expect(who.statusCode).toBe(200);
    expect(who.json()).toEqual({ email });
    expect(who.headers['cache-control']).toBe('no-store');
    expect(who.headers['x-robots-tag']).toBe('noindex, nofollow');
    const token = await app.inject({ url: '/api/admin/session', headers: adminHeaders });
    expect(token.json()).toEqual({ email: 'token' });
  });

  it('marks the cookie Secure when the site is https', async () => {
    const { app } = await consoleApp({ PUBLIC_BASE_URL: 'https://hurryup.example' });
    const right = await app.inject({
      method: 'POST',
      url: '/api/admin/sign-in',
      payload: { email, password },
      headers: { origin: 'https://hurryup.example' },
    });
    expect(String(right.headers['set-cookie'])).toMatch(/; HttpOnly; SameSite=Strict; Secure$/);
  });

  it('ends after the idle time on the platform clock, and a request keeps it alive', async () => {
    const { app, clock } = await consoleApp();
    const cookie = cookieOf(await signIn(app));
    const who = () => app.inject({ url: '/api/admin/session', headers: { cookie } });
    clock.advance((idleMinutes - 1) * minute);
    expect((await who()).statusCode).toBe(200);
    clock.advance((idleMinutes - 1) * minute);
    expect((await who()).statusCode).toBe(200);
    clock.advance((idleMinutes + 1) * minute);
    const ended = await who();
    expect(ended.statusCode).toBe(401);
    expect(ended.json()).toEqual({
      error: 'Your console session has ended. Please sign in again.',
      code: 'UNAUTHORIZED',
    });
  });

  it("ends with 'Sign out'", async () => {
    const { app } = await consoleApp();
    const cookie = cookieOf(await signIn(app));
    const out = await app.inject({
      method: 'POST',
      url: '/api/admin/sign-out',
      headers: { cookie, origin: site },
    });
    expect(out.statusCode).toBe(204);
    expect(String(out.headers['set-cookie'])).toMatch(
      /^hu_operator=; Path=\/; HttpOnly; SameSite=Strict; Max-Age=0$/,
    );
    expect((await app.inject({ url: '/api/admin/session', headers: { cookie } })).statusCode).toBe(401);
  });

  it('ends when its operator is removed', async () => {
    const { app, operators } = await consoleApp();
    const cookie = cookieOf(await signIn(app));
    expect((await app.inject({ url: '/api/admin/session', headers: { cookie } })).statusCode).toBe(200);
    expect(await operators.remove(email)).toBe(true);
    expect((await app.inject({ url: '/api/admin/session', headers: { cookie } })).statusCode).toBe(401);
  });

  it('is shared by two app instances on the same database', async () => {
    const { app } = await consoleApp();
    const other = await createAnotherProcess(open!.database, {
      ADMIN_TOKEN: adminToken,
      PUBLIC_BASE_URL: site,
      // The same time as the first app's clock (which stands still here).
      CLOCK_START: '2026-11-27T10:00:00Z',
    });
    try {
      const cookie = cookieOf(await signIn(app));
      const who = await other.app.inject({ url: '/api/admin/session', headers: { cookie } });
      expect(who.json()).toEqual({ email });
      await other.app.inject({
        method: 'POST',
        url: '/api/admin/sign-out',
        headers: { cookie, origin: site },
      });
      expect((await app.inject({ url: '/api/admin/session', headers: { cookie } })).statusCode).toBe(401);
    } finally {
      await other.close();
    }
  });
});

describe('the console cookie at the admin gate', () => {
  it('changes content only from the site itself; the bearer token still works without an Origin', async () => {
    const { app } = await consoleApp();
    const cookie = cookieOf(await signIn(app));
    const post = (headers: Record<string, string>) =>
      app.inject({ method: 'POST', url: '/api/admin/blogs', payload: blog, headers });

    const crossSite = await post({ cookie, origin: 'https://evil.example' });
    expect(crossSite.statusCode).toBe(403);
    expect(crossSite.json()).toEqual({ error: expect.stringContaining('other sites'), code: 'FORBIDDEN' });
    const fetchSite = await post({ cookie, origin: site, 'sec-fetch-site': 'cross-site' });
    expect(fetchSite.statusCode).toBe(403);
    const noOrigin = await post({ cookie });
    expect(noOrigin.statusCode).toBe(403);
    expect(noOrigin.json()).toEqual({ error: expect.stringContaining('other sites'), code: 'FORBIDDEN' });

    const own = await post({ cookie, origin: site });
    expect(own.statusCode).toBe(201);
    const bearer = await app.inject({
      method: 'POST',
      url: '/api/admin/blogs',
      payload: { ...blog, title: 'From a script' },
      headers: adminHeaders,
    });
    expect(bearer.statusCode).toBe(201);
    // Reads need no Origin.
    expect((await app.inject({ url: '/api/admin/blogs', headers: { cookie } })).statusCode).toBe(200);
  });
});

describe('the sign-in limit', () => {
  it('refuses an email after 5 failed sign-ins in 15 minutes, even with the right password, with 429', async () => {
    const { app, clock } = await consoleApp();
    for (let attempt = 0; attempt < 5; attempt++) {
      expect((await signIn(app, email, 'wrong password!', `10.0.0.${attempt + 1}`)).statusCode).toBe(401);
    }
    const refused = await signIn(app, email, password, '10.0.1.1');
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toEqual({
      error: expect.stringContaining('Too many failed sign-ins'),
      code: 'RATE_LIMITED',
    });
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    clock.advance(15 * minute);
    expect((await signIn(app, email, password, '10.0.1.1')).statusCode).toBe(200);
  });

  it('refuses an address after 20 failed sign-ins, whatever the email', async () => {
    const { app } = await consoleApp();
    for (let attempt = 0; attempt < 20; attempt++) {
      expect((await signIn(app, `guess${attempt}@hurryup.example`, 'wrong password!')).statusCode).toBe(401);
    }
    expect((await signIn(app)).statusCode).toBe(429);
    expect((await signIn(app, email, password, '10.9.9.9')).statusCode).toBe(200);
  });

  it('refuses malformed sign-ins with the uniform 400', async () => {
    const { app } = await consoleApp();
    const bad = await app.inject({ method: 'POST', url: '/api/admin/sign-in', payload: { email: '' } });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({ code: 'VALIDATION_ERROR', fields: { email: 'Enter your email.' } });
  });
});

describe('the activity log', () => {
  it('records every admin write with who made it, newest first, and outlives the item', async () => {
    const { app, clock } = await consoleApp();
    const cookie = cookieOf(await signIn(app));
    const byToken = await app.inject({
      method: 'POST',
      url: '/api/admin/blogs',
      payload: blog,
      headers: adminHeaders,
    });
    const id = byToken.json().id as number;
    clock.advance(minute);
    const edited = await app.inject({
      method: 'PUT',
      url: `/api/admin/blogs/${id}`,
      payload: { ...blog, title: 'Edited in the console' },
      headers: { cookie, origin: site },
    });
    expect(edited.statusCode).toBe(200);
    const removed = await app.inject({
      method: 'DELETE',
      url: `/api/admin/blogs/${id}`,
      headers: { cookie, origin: site },
    });
    expect(removed.statusCode).toBe(204);
    // A refused write records nothing.
    await app.inject({ method: 'DELETE', url: `/api/admin/blogs/${id}`, headers: adminHeaders });

    const log = await app.inject({ url: '/api/admin/activity', headers: { cookie } });
    expect(log.statusCode).toBe(200);
    expect(log.json()).toEqual({
      total: 3,
      items: [
        {
          id: expect.any(Number),
          at: '2026-11-27T10:01:00.000Z',
          actor: email,
          kind: 'blogs',
          itemId: String(id),
          item: 'Edited in the console',
          action: 'delete',
        },
        {
          id: expect.any(Number),
          at: '2026-11-27T10:01:00.000Z',
          actor: email,
          kind: 'blogs',
          itemId: String(id),
          item: 'Edited in the console',
          action: 'update',
        },
        {
          id: expect.any(Number),
          at: '2026-11-27T10:00:00.000Z',
          actor: 'token',
          kind: 'blogs',
          itemId: String(id),
          item: 'From the console',
          action: 'create',
        },
      ],
    });
    const page = await app.inject({ url: '/api/admin/activity?limit=1&offset=2', headers: adminHeaders });
    expect(page.json().items.map((entry: { action: string }) => entry.action)).toEqual(['create']);
    expect((await app.inject({ url: '/api/admin/activity' })).statusCode).toBe(401);
  });
});

describe("a kind's console list", () => {
  it('finds items by their text, newest first, a page at a time', async () => {
    const { app } = await consoleApp();
    for (const title of ['Alpha rain', 'Beta sun', 'Gamma rain']) {
      await app.inject({
        method: 'POST',
        url: '/api/admin/blogs',
        payload: { ...blog, title },
        headers: adminHeaders,
      });
    }
    const list = async (query: string) =>
      (await app.inject({ url: `/api/admin/blogs?${query}`, headers: adminHeaders })).json();
    const rain = await list('q=RAIN');
    expect(rain.total).toBe(2);
    expect(rain.items.map((b: { title: string }) => b.title)).toEqual(['Gamma rain', 'Alpha rain']);
    const second = await list('limit=1&offset=1&q=rain');
    expect(second.items.map((b: { title: string }) => b.title)).toEqual(['Alpha rain']);
    const bad = await app.inject({ url: '/api/admin/blogs?limit=0', headers: adminHeaders });
    expect(bad.statusCode).toBe(400);
  });
});
