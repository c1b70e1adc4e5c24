import { type ChildProcess, spawn } from 'node:child_process';
import { EventEmitter } from 'node:events';
import path from 'node:path';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { type ProcessHooks, superviseProcess } from './process-supervision.ts';

/** The process's events and exit, faked: the test emits them and reads what the supervision did. */
function fakeProcess() {
  const events = new EventEmitter();
  const exits: number[] = [];
  let now = 0;
  const giveUps: Array<() => void> = [];
  const hooks: ProcessHooks = {
    on: (event, listener) => events.on(event, listener),
    exit: (code) => {
      exits.push(code);
    },
    now: () => now,
    giveUpAfter: (_ms, callback) => {
      giveUps.push(callback);
    },
  };
  return {
    hooks,
    events,
    exits,
    giveUps,
    advance: (ms: number) => {
      now += ms;
    },
  };
}

function appWithLog() {
  const lines: Array<{ level: number; msg: string; err?: { stack?: string } }> = [];
  const app = Fastify({
    logger: {
      level: 'info',
      stream: { write: (line: string) => lines.push(JSON.parse(line)) },
    },
  });
  return { app, lines };
}

const apps: FastifyInstance[] = [];
afterEach(async () => {
  for (const app of apps.splice(0)) await app.close();
});

describe('the last line of defence', () => {
  it('logs an uncaught exception with its stack and keeps serving', async () => {
    const { app, lines } = appWithLog();
    apps.push(app);
    app.get('/health', async () => ({ ok: true }));
    const fake = fakeProcess();
    superviseProcess(app, { what: 'server', giveUpMs: 1000, hooks: fake.hooks });
    fake.events.emit('uncaughtException', new Error('a stream nobody listened to'));
    fake.advance(5000);
    fake.events.emit('unhandledRejection', new Error('a promise nobody awaited'));
    await new Promise<void>((resolve) => setImmediate(resolve));
    expect(fake.exits).toEqual([]);
    const errors = lines.filter((line) => line.level === 50);
    expect(errors.map((line) => line.msg)).toEqual([
      'uncaught exception: logged, and the server keeps serving',
      'unhandled rejection: logged, and the server keeps serving',
    ]);
    expect(errors[0]!.err?.stack).toContain('a stream nobody listened to');
    expect((await app.inject({ url: '/health' })).statusCode).toBe(200);
  });

  it('takes a second error in a tight burst as fatal: closes the app, then exits 1', async () => {
    const { app, lines } = appWithLog();
    const closed = vi.fn();
    app.addHook('onClose', async () => closed());
    const fake = fakeProcess();
    superviseProcess(app, { what: 'server', giveUpMs: 1000, burstMs: 1000, hooks: fake.hooks });
    fake.events.emit('uncaughtException', new Error('first'));
    fake.advance(10);
    fake.events.emit('uncaughtException', new Error('second'));
    await vi.waitFor(() => expect(fake.exits).toEqual([1]));
    expect(closed).toHaveBeenCalledOnce();
    expect(lines.some((line) => line.level === 60 && /second uncaught exception/.test(line.msg))).toBe(true);
  });

  it('takes an error thrown while the app is closing as fatal: exit 1, not 0', async () => {
    const { app } = appWithLog();
    const fake = fakeProcess();
    let finishClosing: () => void = () => {};
    app.addHook('onClose', () => new Promise<void>((resolve) => (finishClosing = resolve)));
    superviseProcess(app, { what: 'server', giveUpMs: 1000, hooks: fake.hooks });
    fake.events.emit('SIGTERM');
    await vi.waitFor(() => expect(finishClosing).not.toBe(undefined));
    fake.events.emit('uncaughtException', new Error('while closing'));
    await new Promise<void>((resolve) => setImmediate(resolve));
    finishClosing();
    await vi.waitFor(() => expect(fake.exits).toEqual([1]));
  });

  it('still exits 0 on SIGTERM when nothing went wrong, and 1 when closing takes too long', async () => {
    const { app } = appWithLog();
    const fake = fakeProcess();
    superviseProcess(app, { what: 'server', giveUpMs: 1000, hooks: fake.hooks });
    fake.events.emit('SIGTERM');
    await vi.waitFor(() => expect(fake.exits).toEqual([0]));
    fake.giveUps[0]!();
    expect(fake.exits).toEqual([0, 1]);
  });
});

describe('a supervised child process', () => {
  let child: ChildProcess | undefined;
  afterEach(() => {
    if (child && child.exitCode === null) child.kill('SIGKILL');
  });

  it('survives an uncaught exception and an unhandled rejection, and answers on', async () => {
    const script = path.resolve(import.meta.dirname, '../../test/supervised-child.ts');
    child = spawn(process.execPath, [script], { stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    child.stdout!.on('data', (chunk) => {
      output += chunk;
    });
    child.stderr!.on('data', (chunk) => {
      output += chunk;
    });
    const exited = new Promise<number | null>((resolve) => child!.on('exit', (code) => resolve(code)));
    await vi.waitFor(() => expect(output).toMatch(/listening on \d+/), { timeout: 30_000, interval: 50 });
    const port = Number(/listening on (\d+)/.exec(output)![1]);
    const base = `http://127.0.0.1:${port}`;

    expect((await fetch(`${base}/throw`)).status).toBe(200);
    await vi.waitFor(() => expect(output).toContain('thrown outside any handler'), { interval: 20 });
    expect((await fetch(`${base}/health`)).status).toBe(200);
    // Far apart on the supervision's clock: each is logged, and the server serves on.
    await fetch(`${base}/advance?ms=5000`);
    expect((await fetch(`${base}/reject`)).status).toBe(200);
    await vi.waitFor(() => expect(output).toContain('rejected and never awaited'), { interval: 20 });
    expect((await fetch(`${base}/health`)).status).toBe(200);
    expect(child.exitCode).toBe(null);
    // The stack is in the log, for whoever looks into it.
    expect(output).toMatch(/"stack":"Error: thrown outside any handler\\n\s+at /);

    // Two at once (within the burst window) are fatal: a clean shutdown, then exit 1.
    await fetch(`${base}/advance?ms=5000`);
    await fetch(`${base}/throw-twice`);
    expect(await exited).toBe(1);
    expect(output).toContain('a second uncaught exception within 1000 ms');
  }, 40_000);
});
