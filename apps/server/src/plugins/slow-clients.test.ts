import net, { type AddressInfo, type Socket } from 'node:net';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { connectRaw, withinSafetyBound } from '../../test/raw-http.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { ManualClock } from '../shared/clock.ts';

// The body deadline runs on the platform clock: the tests move it. The idle limit is Node's own keep-alive
// timer, which no test clock moves: that test waits for the server's close event (under a safety bound that
// only stops a hung test) and checks the configured figures, never how long the wait took (the measured idle
// time is a figure of `npm run bench`, section timings).
let t: TestApp;
let port: number;
const clock = new ManualClock();
/** The server's side of each connection, by the client's port: a test waits for the server to let go of one. */
const serverSockets = new Map<number, Socket>();

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
  // Added after the app's own listeners, so a socket's 'close' here comes after the connection limit's.
  t.app.server.on('connection', (socket: Socket) => {
    if (socket.remotePort) serverSockets.set(socket.remotePort, socket);
  });
});
afterAll(() => t.close());

const jsonHead = (path: string, length: number) =>
  `POST ${path} HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: ${length}\r\n\r\n`;

/** Opens a socket and resolves once it is connected; `closed` resolves when the connection closes. */
function openSocket() {
  const socket = net.connect(port, '127.0.0.1');
  let closedByServer = true;
  const closed = new Promise<boolean>((resolve) => socket.on('close', () => resolve(closedByServer)));
  socket.on('error', () => {});
  const hangUp = () => {
    closedByServer = false;
    socket.destroy();
  };
  return new Promise<{ socket: net.Socket; closed: Promise<boolean>; hangUp: () => void }>((resolve) =>
    socket.on('connect', () => resolve({ socket, closed, hangUp })),
  );
}

describe('a body that trickles', () => {
  // The body deadline runs on the platform clock: the clock is moved, nothing waits on real time.
  it('is answered 408 at the JSON call limit, not the request timeout', async () => {
    const body = `{"text":"${'a'.repeat(29)}"}`;
    const connection = await connectRaw(port);
    // The body's deadline, BODY_TIMEOUT_MS from now: other timers of the platform (engines let go when
    // idle, readiness) come and go on the same clock, so the test waits for this one.
    const deadline = clock.now() + 300;
    const before = clock.pendingTimersAt(deadline);
    connection.write(jsonHead('/api/translateText', body.length));
    await vi.waitFor(() => expect(clock.pendingTimersAt(deadline)).toBeGreaterThan(before), {
      timeout: 30_000,
    });
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
    const before = clock.pendingTimers;
    const connection = await connectRaw(port);
    connection.write(`${jsonHead('/test/upload', body.length)}${body}`);
    expect((await connection.answer())?.status).toBe(200);
    // Its deadline ended with it: nothing is left on the clock, and the connection stays open for the next.
    expect(clock.pendingTimers).toBe(before);
    expect(connection.isClosed).toBe(false);
    connection.destroy();
  });
});

describe('an idle keep-alive socket', () => {
  // Node's keep-alive timer, not the platform clock: the server's close is awaited, its timing never checked.
  it('is closed by the server after its answer, on Node timers that add up to IDLE_TIMEOUT_MS', async () => {
    const server = t.app.server;
    // IDLE_TIMEOUT_MS is 400 (before the fix it was Fastify's 72 s keep-alive plus Node's 1 s).
    expect(server.keepAliveTimeout + server.keepAliveTimeoutBuffer).toBe(400);
    expect(server.timeout).toBe(400);
    const { socket, closed } = await openSocket();
    const answered = new Promise<string>((resolve) => socket.once('data', (chunk) => resolve(String(chunk))));
    socket.write('GET /api/health HTTP/1.1\r\nHost: x\r\n\r\n');
    expect(await answered).toMatch(/^HTTP\/1\.1 200 /);
    // The client never hangs up: the close comes from the server.
    expect(await withinSafetyBound(closed, 'the idle keep-alive socket closed by the server')).toBe(true);
  });
});

describe('connections per client address', () => {
  it('closes the connection over MAX_CONNECTIONS_PER_CLIENT at once, and takes a new one after one closes', async () => {
    const held = await Promise.all([openSocket(), openSocket(), openSocket()]);
    const surplus = await openSocket();
    // The surplus is closed by the server before it sends anything: it never gets an answer.
    let answered = false;
    surplus.socket.on('data', () => {
      answered = true;
    });
    surplus.socket.write('GET /api/health HTTP/1.1\r\nHost: x\r\n\r\n');
    expect(await withinSafetyBound(surplus.closed, 'the surplus connection closed by the server')).toBe(true);
    expect(answered).toBe(false);

    // Once the server has let go of one held connection, a new one is taken.
    const serverSide = serverSockets.get(held[0]!.socket.localPort!);
    expect(serverSide).toBeDefined();
    const released = new Promise<void>((resolve) => serverSide!.once('close', () => resolve()));
    held[0]!.hangUp();
    await released;
    const fresh = await connectRaw(port);
    fresh.write('GET /api/health HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n');
    expect((await fresh.answer())?.status).toBe(200);
    for (const { hangUp } of held) hangUp();
  });
});
