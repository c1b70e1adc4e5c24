import fs from 'node:fs';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { adminToken } from '../../test/admin.ts';
import { connectRaw, type RawConnection } from '../../test/raw-http.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { ManualClock } from '../shared/clock.ts';

/*
 * Issue 26 §1: a request answered without its body being read (413, 415, 405, the admin gate's 401, a GET or
 * HEAD with a body, a client that hangs up) killed the process BODY_TIMEOUT_MS later with an unhandled 'error'
 * event. Each case here sends such a request over a real socket, fires the body deadline through the
 * platform clock, and checks that nothing went unhandled and the server still answers.
 */

const bodyTimeoutMs = 10_000;
let t: TestApp;
let port: number;
const clock = new ManualClock();
const unexpected: unknown[] = [];
const record = (error: unknown) => unexpected.push(error);
const builtFiles = fs.mkdtempSync(path.join(os.tmpdir(), 'hurryup-built-'));

beforeAll(async () => {
  process.on('uncaughtException', record);
  process.on('unhandledRejection', record);
  fs.writeFileSync(path.join(builtFiles, 'app.js'), 'console.log(1);\n');
  t = await createTestApp(
    { ADMIN_TOKEN: adminToken, BODY_TIMEOUT_MS: String(bodyTimeoutMs), RATE_LIMIT_MAX: '100000' },
    {
      platform: { clock },
      beforeReady(app) {
        // Stand-ins for what only the production build serves: the built files and the page renderer's
        // catch-all (web/pages.ts), which answers GET and HEAD.
        app.register(fastifyStatic, { root: builtFiles, prefix: '/assets/' });
        app.route({
          method: ['GET', 'HEAD'],
          url: '/*',
          handler: async (_request, reply) => reply.type('text/html').send('<!doctype html><p>page</p>'),
        });
      },
    },
  );
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  port = (t.app.server.address() as AddressInfo).port;
});
afterAll(async () => {
  await t.close();
  fs.rmSync(builtFiles, { recursive: true, force: true });
  process.off('uncaughtException', record);
  process.off('unhandledRejection', record);
});

const open: RawConnection[] = [];
afterEach(() => {
  for (const connection of open.splice(0)) connection.destroy();
});

async function connect() {
  const connection = await connectRaw(port);
  open.push(connection);
  return connection;
}

function head(method: string, target: string, headers: Record<string, string | number>) {
  const lines = [`${method} ${target} HTTP/1.1`, 'Host: 127.0.0.1'];
  for (const [name, value] of Object.entries(headers)) lines.push(`${name}: ${value}`);
  return `${lines.join('\r\n')}\r\n\r\n`;
}

/** Lets the events the clock's timers started (stream errors, socket closes) run. */
async function settle() {
  for (let i = 0; i < 5; i++) await new Promise<void>((resolve) => setImmediate(resolve));
}

/** Waits until the server has read the request's head and armed its body deadline on the clock. */
async function deadlineArmed(before: number) {
  await vi.waitFor(() => expect(clock.pendingTimers).toBeGreaterThan(before), { timeout: 30_000 });
}

/** The server still answers, on a new connection: the process is alive and serving. */
async function expectServing() {
  const probe = await connect();
  probe.write(head('GET', '/api/health', { Connection: 'close' }));
  const answer = await probe.answer();
  expect(answer?.status).toBe(200);
}

/** Fires every body deadline and drain bound, then checks nothing went unhandled and the server serves. */
async function fireDeadlinesAndCheck() {
  clock.advance(bodyTimeoutMs + 1);
  await settle();
  clock.advance(bodyTimeoutMs + 1);
  await settle();
  expect(unexpected).toEqual([]);
  await expectServing();
}

const bigJson = (bytes: number) => JSON.stringify({ text: 'a'.repeat(bytes) });

describe('a body the answer does not read (issue 26 §1)', () => {
  it.each([
    ['a 2 MB JSON comment', '/api/saveComment', 2 * 1024 ** 2, 413],
    ['a 1 MB contact message', '/api/contact', 1024 ** 2, 413],
    ['a 300 KB translation', '/api/translateText', 300 * 1024, 413],
  ])(
    '%s sent whole, honestly: %s answers %i, and the deadline later harms nothing',
    async (_what, target, bytes, status) => {
      const body = bigJson(bytes);
      const connection = await connect();
      connection.write(
        head('POST', target, {
          'Content-Type': 'application/json',
          'Content-Length': Buffer.byteLength(body),
        }) + body,
      );
      expect((await connection.answer())?.status).toBe(status);
      await fireDeadlinesAndCheck();
    },
  );

  it('a 2 MB form to /api/generate-audio answers 413, and the deadline later harms nothing', async () => {
    const body = `text=${'a'.repeat(2 * 1024 ** 2)}&language=en`;
    const connection = await connect();
    connection.write(
      head('POST', '/api/generate-audio', {
        'Content-Type': 'application/x-www-form-urlencoded',
        'Content-Length': body.length,
      }) + body,
    );
    expect((await connection.answer())?.status).toBe(413);
    await fireDeadlinesAndCheck();
  });

  const readPaths = ['/api/health', '/api/blogs', '/blog', '/s/abc123', '/assets/app.js'];
  for (const method of ['GET', 'HEAD']) {
    for (const target of readPaths) {
      it(`${method} ${target} with a body that stalls is answered, and the deadline later harms nothing`, async () => {
        const connection = await connect();
        connection.write(
          `${head(method, target, { 'Content-Type': 'application/json', 'Content-Length': 100_000 })}{"a":`,
        );
        const answer = await connection.answer({ headOnly: method === 'HEAD' });
        expect(answer?.status).toBeLessThan(500);
        await fireDeadlinesAndCheck();
        // The rest of the body was not waited for beyond the bound: the connection is closed.
        await connection.closed;
      });
    }
    it(`${method} with a body whose client hangs up at once harms nothing`, async () => {
      const connection = await connect();
      connection.write(`${head(method, '/api/blogs', { 'Content-Length': 100_000 })}xx`);
      connection.destroy();
      await connection.closed;
      await settle();
      await fireDeadlinesAndCheck();
    });
  }

  it.each([
    ['/api/saveComment', 'application/xml'],
    ['/api/generate-audio', 'application/json'],
    ['/api/extract-text', 'application/json'],
  ])('a content type %s does not take (%s: 415) with a stalled body', async (target, type) => {
    const connection = await connect();
    connection.write(`${head('POST', target, { 'Content-Type': type, 'Content-Length': 5000 })}<a>`);
    expect((await connection.answer())?.status).toBe(415);
    await fireDeadlinesAndCheck();
  });

  it('a body over the limit by its Content-Length (413), never sent', async () => {
    const connection = await connect();
    connection.write(
      head('POST', '/api/saveComment', {
        'Content-Type': 'application/json',
        'Content-Length': 50 * 1024 ** 2,
      }),
    );
    expect((await connection.answer())?.status).toBe(413);
    await fireDeadlinesAndCheck();
  });

  it('an upload over every limit of its call by Content-Length (413), never sent', async () => {
    const connection = await connect();
    connection.write(
      head('POST', '/api/extract-text', {
        'Content-Type': 'multipart/form-data; boundary=x',
        'Content-Length': 500 * 1024 ** 2,
      }),
    );
    const answer = await connection.answer();
    expect(answer?.status).toBe(413);
    expect(JSON.parse(answer!.body).code).toBe('PAYLOAD_TOO_LARGE');
    await fireDeadlinesAndCheck();
    await connection.closed;
  });

  it('an API 405 with a whole body', async () => {
    const connection = await connect();
    const body = bigJson(5000);
    connection.write(
      head('PATCH', '/api/blogs', { 'Content-Type': 'application/json', 'Content-Length': body.length }) +
        body,
    );
    expect((await connection.answer())?.status).toBe(405);
    await fireDeadlinesAndCheck();
  });

  it('an API 405 with a stalled body: 408 at the deadline', async () => {
    const connection = await connect();
    const before = clock.pendingTimers;
    connection.write(
      `${head('PATCH', '/api/blogs', { 'Content-Type': 'application/json', 'Content-Length': 5000 })}{"a":`,
    );
    await deadlineArmed(before);
    clock.advance(bodyTimeoutMs + 1);
    expect((await connection.answer())?.status).toBe(408);
    await fireDeadlinesAndCheck();
  });

  it.each([
    ['no token', {}],
    ['a wrong token', { Authorization: 'Bearer wrong-token-0123456789' }],
  ])("the admin gate's 401 with a body (%s)", async (_what, auth) => {
    const connection = await connect();
    connection.write(
      `${head('POST', '/api/admin/blogs', { ...auth, 'Content-Type': 'application/json', 'Content-Length': 5000 })}{"title":`,
    );
    expect((await connection.answer())?.status).toBe(401);
    await fireDeadlinesAndCheck();
  });

  it('a JSON body whose client hangs up mid-body', async () => {
    const connection = await connect();
    connection.write(
      `${head('POST', '/api/saveComment', { 'Content-Type': 'application/json', 'Content-Length': 5000 })}{"a":`,
    );
    await settle();
    connection.destroy();
    await connection.closed;
    await settle();
    await fireDeadlinesAndCheck();
  });
});

describe('a body that stalls while it is read', () => {
  it('is answered 408 when the deadline fires on the platform clock, and the connection closed', async () => {
    const connection = await connect();
    const before = clock.pendingTimers;
    connection.write(
      `${head('POST', '/api/translateText', { 'Content-Type': 'application/json', 'Content-Length': 40 })}{"text":`,
    );
    await deadlineArmed(before);
    expect(connection.isClosed).toBe(false);
    clock.advance(bodyTimeoutMs + 1);
    const answer = await connection.answer();
    expect(answer?.status).toBe(408);
    expect(JSON.parse(answer!.body)).toEqual({ error: expect.any(String), code: 'REQUEST_TIMEOUT' });
    expect(answer?.headers.connection).toBe('close');
    await connection.closed;
    expect(unexpected).toEqual([]);
    await expectServing();
  });

  it('is not answered before its deadline', async () => {
    const connection = await connect();
    const before = clock.pendingTimers;
    connection.write(
      `${head('POST', '/api/translateText', { 'Content-Type': 'application/json', 'Content-Length': 40 })}{"text":`,
    );
    await deadlineArmed(before);
    clock.advance(bodyTimeoutMs - 1);
    await settle();
    expect(connection.isClosed).toBe(false);
    connection.write('"abcdefghijklmnopqrstuvwxyzabcdefgh"}');
    expect((await connection.answer())?.status).toBeLessThan(500);
    expect(unexpected).toEqual([]);
  });
});
