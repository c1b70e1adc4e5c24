import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createAnotherProcess } from '../../../test/another-process.ts';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';
import { tablesOf } from '../../db/tables-of.ts';
import { ManualClock } from '../../shared/clock.ts';
import { unknownCodeMemoryMs } from './shortener.service.ts';
import type { ShortenerTables } from './shortener.tables.ts';

const base = 'https://hurryup.example';
let t: TestApp;
let visitor = 0;
/** Each call from its own address unless told, so the limit does not mix into unrelated checks. */
const nextIp = () => `10.1.${Math.floor(++visitor / 250)}.${visitor % 250}`;
const shorten = (payload: unknown, ip = nextIp(), app: FastifyInstance = t.app) =>
  app.inject({ method: 'POST', url: '/api/shorten', payload: payload as object, remoteAddress: ip });
const storedClicks = async (code: string, database = t.database) =>
  Number(
    (
      await tablesOf<ShortenerTables>(database.db)
        .selectFrom('short_links')
        .select('clicks')
        .where('code', '=', code)
        .executeTakeFirstOrThrow()
    ).clicks,
  );

beforeAll(async () => {
  t = await createTestApp({ PUBLIC_BASE_URL: base });
});
afterAll(async () => {
  await t?.close();
});

describe('POST /api/shorten', () => {
  it('stores a random 7-character code and answers an absolute short URL with its QR code', async () => {
    const res = await shorten({ longUrl: 'https://example.com/a/long/path?q=1#top' });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.code).toMatch(/^[A-Za-z0-9]{7}$/);
    expect(body.shortUrl).toBe(`${base}/s/${body.code}`);
    expect(body.qrSvg).toMatch(/^<svg[^>]+xmlns="http:\/\/www.w3.org\/2000\/svg"/);
    const link = await t.app.inject({ url: `/api/short-links/${body.code}` });
    expect(link.statusCode).toBe(200);
    expect(link.json()).toMatchObject({
      code: body.code,
      shortUrl: body.shortUrl,
      longUrl: 'https://example.com/a/long/path?q=1#top',
      clicks: 0,
    });
    expect(Date.parse(link.json().createdAt)).not.toBeNaN();
  });

  it('gives the same long URL without an alias its existing short link', async () => {
    const first = (await shorten({ longUrl: 'https://example.org/same' })).json();
    const again = (await shorten({ longUrl: '  https://EXAMPLE.org/same ' })).json();
    expect(again.shortUrl).toBe(first.shortUrl);
    const other = (await shorten({ longUrl: 'https://example.org/other' })).json();
    expect(other.shortUrl).not.toBe(first.shortUrl);
  });

  it('gives concurrent requests for one new URL one link', async () => {
    const answers = await Promise.all(
      Array.from({ length: 8 }, () => shorten({ longUrl: 'https://example.net/race' })),
    );
    expect(answers.map((a) => a.statusCode)).toEqual(Array(8).fill(200));
    expect(new Set(answers.map((a) => a.json().shortUrl)).size).toBe(1);
  });

  it('makes random codes that differ from each other', async () => {
    const codes = new Set<string>();
    for (let i = 0; i < 40; i++)
      codes.add((await shorten({ longUrl: `https://example.com/n/${i}` })).json().code);
    expect(codes.size).toBe(40);
  });

  it('stores an alias, case-sensitive, and answers 409 for one already taken', async () => {
    const res = await shorten({ longUrl: 'https://example.com/sale', alias: 'Diwali_Sale-2026' });
    expect(res.statusCode).toBe(200);
    expect(res.json().shortUrl).toBe(`${base}/s/Diwali_Sale-2026`);
    const taken = await shorten({ longUrl: 'https://example.com/other', alias: 'Diwali_Sale-2026' });
    expect(taken.statusCode).toBe(409);
    expect(taken.json()).toEqual({
      error: 'This alias is already taken.',
      code: 'CONFLICT',
      fields: { alias: 'This alias is already taken.' },
    });
    // Another case is another alias.
    const lower = await shorten({ longUrl: 'https://example.com/other', alias: 'diwali_sale-2026' });
    expect(lower.statusCode).toBe(200);
    expect(lower.json().code).toBe('diwali_sale-2026');
    // An aliased URL still gets its own random link without an alias, and an empty alias means none.
    const plain = await shorten({ longUrl: 'https://example.com/sale', alias: '' });
    expect(plain.json().code).toMatch(/^[A-Za-z0-9]{7}$/);
  });

  it('refuses bad input with clear messages in fields, and stores nothing', async () => {
    const cases: [Record<string, unknown>, Record<string, string>][] = [
      [{ longUrl: '' }, { longUrl: 'Please enter a valid URL.' }],
      [{ longUrl: '   ' }, { longUrl: 'Please enter a valid URL.' }],
      [
        { longUrl: 'javascript:alert(1)' },
        { longUrl: 'Only http:// and https:// addresses can be shortened.' },
      ],
      [
        { longUrl: 'JavaScript://%0aalert(1)' },
        { longUrl: 'Only http:// and https:// addresses can be shortened.' },
      ],
      [
        { longUrl: 'data:text/html,<b>x</b>' },
        { longUrl: 'Only http:// and https:// addresses can be shortened.' },
      ],
      [
        { longUrl: 'file:///etc/passwd' },
        { longUrl: 'Only http:// and https:// addresses can be shortened.' },
      ],
      [
        { longUrl: 'ftp://example.com/x' },
        { longUrl: 'Only http:// and https:// addresses can be shortened.' },
      ],
      [
        { longUrl: 'example.com/page' },
        { longUrl: 'Please enter the full address, starting with http:// or https://.' },
      ],
      [
        { longUrl: 'www.example.com:8080/x' },
        { longUrl: 'Please enter the full address, starting with http:// or https://.' },
      ],
      [
        { longUrl: 'localhost:3000' },
        { longUrl: 'Please enter the full address, starting with http:// or https://.' },
      ],
      [{ longUrl: 'https://example.com/a b' }, { longUrl: 'A URL cannot contain spaces.' }],
      [
        { longUrl: `https://example.com/${'a'.repeat(2030)}` },
        { longUrl: 'The URL is too long: at most 2,048 characters.' },
      ],
      [
        { longUrl: 'https://localhost/x' },
        { longUrl: 'The URL needs a real host name, such as example.com.' },
      ],
      [{ longUrl: 'http://intranet/x' }, { longUrl: 'The URL needs a real host name, such as example.com.' }],
      [
        { longUrl: 'http://127.0.0.1/x' },
        { longUrl: 'The URL needs a real host name, such as example.com.' },
      ],
      [{ longUrl: 'http://[::1]/x' }, { longUrl: 'The URL needs a real host name, such as example.com.' }],
      [
        { longUrl: 'http://exa_mple.com/' },
        { longUrl: 'The URL needs a real host name, such as example.com.' },
      ],
      [
        { longUrl: 'https:/example.com' },
        { longUrl: 'The URL needs a real host name, such as example.com.' },
      ],
      [
        { longUrl: 'https://user:pw@example.com/' },
        { longUrl: 'Addresses with a user name or password cannot be shortened.' },
      ],
      [
        { longUrl: `${base}/s/abcdefg` },
        { longUrl: 'This is already one of our short links: it cannot be shortened again.' },
      ],
      [
        { longUrl: 'http://HURRYUP.example:8080/s/abc+' },
        { longUrl: 'This is already one of our short links: it cannot be shortened again.' },
      ],
      [
        { longUrl: 'https://www.hurryup.example/s/abc' },
        { longUrl: 'This is already one of our short links: it cannot be shortened again.' },
      ],
      [
        { longUrl: 'https://example.com', alias: 'my link' },
        { alias: 'An alias is 3 to 32 letters, digits, _ or -, with no spaces or slashes.' },
      ],
      [
        { longUrl: 'https://example.com', alias: 'my/link' },
        { alias: 'An alias is 3 to 32 letters, digits, _ or -, with no spaces or slashes.' },
      ],
      [
        { longUrl: 'https://example.com', alias: 'ab' },
        { alias: 'An alias is 3 to 32 letters, digits, _ or -, with no spaces or slashes.' },
      ],
      [
        { longUrl: 'https://example.com', alias: 'a'.repeat(33) },
        { alias: 'An alias is 3 to 32 letters, digits, _ or -, with no spaces or slashes.' },
      ],
      [
        { longUrl: 'https://example.com', alias: 'café' },
        { alias: 'An alias is 3 to 32 letters, digits, _ or -, with no spaces or slashes.' },
      ],
      [
        { longUrl: 'https://example.com', alias: 'abc+' },
        { alias: 'An alias is 3 to 32 letters, digits, _ or -, with no spaces or slashes.' },
      ],
      [
        { longUrl: 'https://example.com', alias: 'Admin' },
        { alias: 'This alias is reserved. Please choose another.' },
      ],
      [
        { longUrl: 'https://example.com', alias: 'API' },
        { alias: 'This alias is reserved. Please choose another.' },
      ],
      [
        { longUrl: 'javascript:x', alias: 'a b' },
        {
          longUrl: 'Only http:// and https:// addresses can be shortened.',
          alias: 'An alias is 3 to 32 letters, digits, _ or -, with no spaces or slashes.',
        },
      ],
    ];
    for (const [payload, fields] of cases) {
      const res = await shorten(payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(res.json(), JSON.stringify(payload)).toEqual({
        error: Object.values(fields)[0],
        code: 'VALIDATION_ERROR',
        fields,
      });
    }
    // Wrong shapes are 400 from the schema, never 500.
    for (const payload of [
      {},
      { longUrl: 5 },
      { longUrl: 'https://example.com', extra: 1 },
      { longUrl: 'https://a.com\u0000' },
    ]) {
      const res = await shorten(payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(res.json().code).toBe('VALIDATION_ERROR');
    }
    const rows = await tablesOf<ShortenerTables>(t.database.db)
      .selectFrom('short_links')
      .select('long_url')
      .where('long_url', 'like', '%example.com/')
      .execute();
    expect(rows).toEqual([]);
  });

  it('accepts an address of exactly 2,048 characters and international host names', async () => {
    const url = `https://example.com/${'a'.repeat(2048 - 'https://example.com/'.length)}`;
    expect((await shorten({ longUrl: url })).statusCode).toBe(200);
    const hindi = await shorten({ longUrl: 'https://उदाहरण.भारत/पृष्ठ' });
    expect(hindi.statusCode).toBe(200);
    const link = await t.app.inject({ url: `/api/short-links/${hindi.json().code}` });
    expect(link.json().longUrl).toBe(
      'https://xn--p1b6ci4b4b3a.xn--h2brj9c/%E0%A4%AA%E0%A5%83%E0%A4%B7%E0%A5%8D%E0%A4%A0',
    );
  });
});

describe('the limit per visitor', () => {
  it('answers 429 with a readable message after 30 new links in an hour, and again after the hour', async () => {
    const clock = new ManualClock(Date.UTC(2026, 10, 24, 6));
    const own = await createTestApp({ PUBLIC_BASE_URL: base }, { platform: { clock } });
    try {
      const ip = '10.9.9.9';
      for (let i = 0; i < 30; i++)
        expect((await shorten({ longUrl: `https://example.com/q/${i}` }, ip, own.app)).statusCode).toBe(200);
      // An existing link costs nothing.
      expect((await shorten({ longUrl: 'https://example.com/q/3' }, ip, own.app)).statusCode).toBe(200);
      const refused = await shorten({ longUrl: 'https://example.com/q/30' }, ip, own.app);
      expect(refused.statusCode).toBe(429);
      expect(refused.json()).toEqual({
        error: 'You have shortened 30 links in the last hour. Please wait a while and try again.',
        code: 'RATE_LIMITED',
      });
      expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
      const withAlias = await shorten(
        { longUrl: 'https://example.com/q/30', alias: 'late-one' },
        ip,
        own.app,
      );
      expect(withAlias.statusCode).toBe(429);
      // Other visitors are not affected.
      expect((await shorten({ longUrl: 'https://example.com/q/30' }, '10.9.9.10', own.app)).statusCode).toBe(
        200,
      );
      clock.advance(60 * 60_000);
      expect((await shorten({ longUrl: 'https://example.com/q/31' }, ip, own.app)).statusCode).toBe(200);
    } finally {
      await own.close();
    }
  });
});

describe('GET /s/:code', () => {
  it('redirects (302) to the long URL and counts each click', async () => {
    const { code } = (await shorten({ longUrl: 'https://example.com/target?x=1' })).json();
    for (let i = 0; i < 3; i++) {
      const res = await t.app.inject({ url: `/s/${code}` });
      expect(res.statusCode).toBe(302);
      expect(res.headers.location).toBe('https://example.com/target?x=1');
      expect(res.headers['cache-control']).toBe('private, no-store');
      expect(res.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
      expect(res.headers['x-content-type-options']).toBe('nosniff');
      expect(res.headers['strict-transport-security']).toBe('max-age=15552000; includeSubDomains');
      expect(res.headers['content-security-policy']).toBeUndefined();
    }
    const head = await t.app.inject({ method: 'HEAD', url: `/s/${code}` });
    expect(head.statusCode).toBe(302);
    expect(head.headers.location).toBe('https://example.com/target?x=1');
    // A HEAD is no visit.
    expect((await t.app.inject({ url: `/api/short-links/${code}` })).json().clicks).toBe(3);
  });

  it('is case-sensitive and leaves an unknown code to the pages (404)', async () => {
    await shorten({ longUrl: 'https://example.com/case', alias: 'CaseLink' });
    expect((await t.app.inject({ url: '/s/CaseLink' })).statusCode).toBe(302);
    // No pages in this app: the pages' answer for an unknown address is 404 all the same.
    expect((await t.app.inject({ url: '/s/caselink' })).statusCode).toBe(404);
    expect((await t.app.inject({ url: '/s/nope' })).statusCode).toBe(404);
    const api = await t.app.inject({ url: '/api/short-links/nope' });
    expect(api.statusCode).toBe(404);
    expect(api.json()).toEqual({ error: 'There is no short link at this address.', code: 'NOT_FOUND' });
    expect((await t.app.inject({ url: '/api/short-links/a%20b' })).statusCode).toBe(400);
  });

  it('never moves a page-cache revision', async () => {
    const { code } = (await shorten({ longUrl: 'https://example.com/revision' })).json();
    const revisions = () =>
      t.database.db
        .selectFrom('content_revisions' as never)
        .selectAll()
        .execute();
    const before = await revisions();
    for (let i = 0; i < 5; i++) await t.app.inject({ url: `/s/${code}` });
    await t.app.inject({ url: `/api/short-links/${code}` });
    expect(await revisions()).toEqual(before);
  });

  it('stores every click: N concurrent redirects leave a count of exactly N', async () => {
    const clock = new ManualClock(Date.UTC(2026, 10, 24, 6));
    const own = await createTestApp({ PUBLIC_BASE_URL: base }, { platform: { clock } });
    const n = 500;
    const { code } = (await shorten({ longUrl: 'https://example.com/busy' }, nextIp(), own.app)).json();
    const { code: other } = (
      await shorten({ longUrl: 'https://example.com/busy2' }, nextIp(), own.app)
    ).json();
    const answers = await Promise.all(
      Array.from({ length: n }, (_, i) => {
        // Batches are written while redirects go on.
        if (i % 100 === 0) clock.advance(1_000);
        return own.app.inject({ url: `/s/${i % 5 === 0 ? other : code}`, remoteAddress: nextIp() });
      }),
    );
    expect(answers.every((a) => a.statusCode === 302)).toBe(true);
    const live = (await own.app.inject({ url: `/api/short-links/${code}` })).json().clicks;
    expect(live).toBe(n - n / 5);
    // Shutting down stores what is still in memory.
    await own.app.close();
    expect(await storedClicks(code, own.database)).toBe(n - n / 5);
    expect(await storedClicks(other, own.database)).toBe(n / 5);
    await own.close();
  });

  it('stores a batch once it is a second old, while the site runs', async () => {
    const clock = new ManualClock(Date.UTC(2026, 10, 24, 6));
    const own = await createTestApp({ PUBLIC_BASE_URL: base }, { platform: { clock } });
    try {
      const { code } = (await shorten({ longUrl: 'https://example.com/batch' }, nextIp(), own.app)).json();
      for (let i = 0; i < 3; i++) await own.app.inject({ url: `/s/${code}` });
      // Stored or not yet, the preview shows every click.
      expect((await own.app.inject({ url: `/api/short-links/${code}` })).json().clicks).toBe(3);
      await clock.advanceAsync(1_000);
      await vi.waitFor(async () => expect(await storedClicks(code, own.database)).toBe(3));
      await own.app.inject({ url: `/s/${code}` });
      await clock.advanceAsync(1_000);
      await vi.waitFor(async () => expect(await storedClicks(code, own.database)).toBe(4));
      expect((await own.app.inject({ url: `/api/short-links/${code}` })).json().clicks).toBe(4);
    } finally {
      await own.close();
    }
  }, 30_000); // Its own app: a slow start on a busy machine.

  it("stores a process's last clicks on the clock's timer, with no further click to carry them", async () => {
    const clock = new ManualClock(Date.UTC(2026, 10, 24, 6));
    const own = await createTestApp({ PUBLIC_BASE_URL: base }, { platform: { clock } });
    try {
      const { code } = (await shorten({ longUrl: 'https://example.com/quiet' }, nextIp(), own.app)).json();
      for (let i = 0; i < 3; i++) await own.app.inject({ url: `/s/${code}` });
      await clock.advanceAsync(999);
      expect(await storedClicks(code, own.database)).toBe(0);
      // A quiet process: no click comes after these; the timer stores them a second after the batch began.
      await clock.advanceAsync(1);
      // Polled on the database, not on real time: the write the timer started lands within a few reads.
      let stored = 0;
      for (let read = 0; read < 200 && stored < 3; read++) stored = await storedClicks(code, own.database);
      expect(stored).toBe(3);
    } finally {
      await own.close();
    }
  });

  it('remembers an unknown code a second: a dead link asked for again reads nothing, a new link shows within the second', async () => {
    const clock = new ManualClock(Date.UTC(2026, 10, 28, 6));
    const own = await createTestApp({ PUBLIC_BASE_URL: base }, { platform: { clock } });
    const other = await createAnotherProcess(
      own.database,
      { PUBLIC_BASE_URL: base },
      { platform: { clock } },
    );
    try {
      const asked = () => own.app.inject({ url: '/s/made-later' });
      expect((await asked()).statusCode).toBe(404);
      // Made in another process: this one does not know before its memory of the code ends.
      const made = await other.app.inject({
        method: 'POST',
        url: '/api/shorten',
        payload: { longUrl: 'https://example.com/made-later', alias: 'made-later' },
      });
      expect(made.statusCode).toBe(200);
      clock.advance(unknownCodeMemoryMs - 1);
      expect((await asked()).statusCode).toBe(404);
      clock.advance(1);
      const found = await asked();
      expect(found.statusCode).toBe(302);
      expect(found.headers.location).toBe('https://example.com/made-later');

      // A link made in this process is known at once, whatever was asked before.
      expect((await own.app.inject({ url: '/s/made-here' })).statusCode).toBe(404);
      await own.app.inject({
        method: 'POST',
        url: '/api/shorten',
        payload: { longUrl: 'https://example.com/made-here', alias: 'made-here' },
      });
      expect((await own.app.inject({ url: '/s/made-here' })).statusCode).toBe(302);
    } finally {
      await other.close();
      await own.close();
    }
  });

  it('adds each process’s own batches: two processes on one database lose no click', async () => {
    const second = await createAnotherProcess(t.database, { PUBLIC_BASE_URL: base });
    try {
      const { code } = (await shorten({ longUrl: 'https://example.com/two-processes' })).json();
      const before = await storedClicks(code);
      await Promise.all(
        Array.from({ length: 200 }, (_, i) =>
          (i % 2 === 0 ? t.app : second.app).inject({ url: `/s/${code}` }),
        ),
      );
      // The second process learnt the link from the database; each stores its own batch.
      await second.app.close();
      const clicks = (await t.app.inject({ url: `/api/short-links/${code}` })).json().clicks;
      expect(clicks - before).toBe(200);
    } finally {
      await second.close();
    }
  });
});
