import net, { type AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { connectRaw, sendRaw } from '../../test/raw-http.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { ManualClock } from '../shared/clock.ts';

// The idle and connection limits are Node's own, on real socket time (a few hundred milliseconds); the body
// deadline runs on the platform clock.
let t: TestApp;
let port: number;
const clock = new ManualClock();

async function settle() {
  for (let i = 0; i < 5; i++) await new Promise<void>((resolve) => setImmediate(resolve));
}

beforeAll(async () => {
  t = await createTestApp(
    {
      IDLE_TIMEOUT_MS: '400',
      BODY_TIMEOUT_MS: '300',
      REQUEST_TIMEOUT_MS: '5000',
      MAX_CONNECTIONS_PER_CLIENT: '3',
    },
    {
      platform: { clock },
      beforeReady(app) {
        // A call that takes uploads says so in its route config, and gets a longer time for its body.
        app.post('/test/upload', { config: { bodyTimeoutMs: 3000 } }, async (request) => ({
          received: JSON.stringify(request.body).length,
        }));
      },
    },
  );
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  port = (t.app.server.address() as AddressInfo).port;
});
afterAll(() => t.close());

const jsonHead = (path: string, length: number) =>
  `POST ${path} HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: ${length}\r\n\r\n`;

/** Opens a socket and resolves once it is connected, with the time the server closed it (if it did). */
function openSocket() {
  const socket = net.connect(port, '127.0.0.1');
  const closedAt = new Promise<number>((resolve) => socket.on('close', () => resolve(Date.now())));
  socket.on('error', () => {});
  return new Promise<{ socket: net.Socket; closedAt: Promise<number> }>((resolve) =>
    socket.on('connect', () => resolve({ socket, closedAt })),
  );
}

describe('a body that trickles', () => {
  // The body deadline runs on the platform clock: the clock is moved, nothing waits on real time.
  it('is answered 408 at the JSON call limit, not the request timeout', async () => {
    const body = `{"text":"${'a'.repeat(29)}"}`;
    const connection = await connectRaw(port);
    const before = clock.pendingTimers;
    connection.write(jsonHead('/api/translateText', body.length));
    await vi.waitFor(() => expect(clock.pendingTimers).toBeGreaterThan(before), { timeout: 30_000 });
    // A byte every 25 ms: the whole body would take a second.
    for (const character of body.slice(0, 10)) {
      connection.write(character);
      await settle();
      clock.advance(25);
    }
    await settle();
    expect(connection.isClosed).toBe(false);
    clock.advance(300 - 250);
    const answer = await connection.answer();
    expect(answer?.status).toBe(408);
    expect(JSON.parse(answer!.body)).toEqual({ error: expect.any(String), code: 'REQUEST_TIMEOUT' });
    expect(answer?.headers.connection).toBe('close');
    await connection.closed;
  });

  it('gets the longer limit a route declares for its uploads', async () => {
    const body = JSON.stringify({ file: 'x'.repeat(8) });
    const connection = await connectRaw(port);
    const before = clock.pendingTimers;
    connection.write(jsonHead('/test/upload', body.length));
    connection.write(body.slice(0, 5));
    await vi.waitFor(() => expect(clock.pendingTimers).toBeGreaterThan(before), { timeout: 30_000 });
    // Past BODY_TIMEOUT_MS, within the route's own 3 s.
    clock.advance(2000);
    await settle();
    expect(connection.isClosed).toBe(false);
    connection.write(body.slice(5));
    expect((await connection.answer())?.status).toBe(200);
    connection.destroy();
  });

  it('leaves a body that arrives in time alone', async () => {
    const body = JSON.stringify({ file: 'quick' });
    const result = await sendRaw(port, [`${jsonHead('/test/upload', body.length)}${body}`]);
    expect(result.answer?.status).toBe(200);
  });
});

describe('an idle keep-alive socket', () => {
  it('is closed within IDLE_TIMEOUT_MS of its last answer', async () => {
    const { socket, closedAt } = await openSocket();
    const answered = new Promise<number>((resolve) => socket.once('data', () => resolve(Date.now())));
    socket.write('GET /api/health HTTP/1.1\r\nHost: x\r\n\r\n');
    const answerAt = await answered;
    const idleFor =
      (await Promise.race([closedAt, new Promise<number>((r) => setTimeout(r, 3000, 0))])) - answerAt;
    socket.destroy();
    // IDLE_TIMEOUT_MS is 400 (before the fix it was Fastify's 72 s keep-alive plus Node's 1 s).
    expect(idleFor).toBeGreaterThan(250);
    expect(idleFor).toBeLessThan(400 + 300);
  });
});

describe('connections per client address', () => {
  it('closes the connection over MAX_CONNECTIONS_PER_CLIENT at once, and takes a new one after one closes', async () => {
    const held = await Promise.all([openSocket(), openSocket(), openSocket()]);
    const surplus = await openSocket();
    const closed = await Promise.race([
      surplus.closedAt.then(() => true),
      new Promise<boolean>((r) => setTimeout(r, 200, false)),
    ]);
    expect(closed).toBe(true);

    held[0]!.socket.destroy();
    await held[0]!.closedAt;
    await new Promise((r) => setTimeout(r, 20));
    const answer = await sendRaw(port, ['GET /api/health HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n']);
    expect(answer.answer?.status).toBe(200);
    for (const { socket } of held) socket.destroy();
  });
});
