import http from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import { textExtractMessages } from '@hurryup/contracts/text-extract-rules';
import { afterEach, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';
import { createEnginePool, type EnginePool } from '../../engines/engine-pool.ts';
import type { TaskRunner } from '../../engines/engine-process.ts';
import type { OcrOutput } from '../../engines/ocr/ocr.engine.ts';
import { ocrEngine } from '../../engines/ocr/ocr.engine.ts';
import { textPicture } from '../../engines/ocr/ocr-samples.ts';
import { ManualClock } from '../../shared/clock.ts';
import { textExtractFeature } from './text-extract.feature.ts';

/**
 * The OCR engine's queue as visitors meet it, with a fake slow engine (a runner whose tasks end when the
 * test says) and the ManualClock: what the queue cannot finish within the engine's deadline is refused at
 * once, a visitor runs one conversion at a time, a visitor who leaves stops their task, and an accepted
 * task keeps its socket past the idle timeout.
 */
interface FakeTask {
  signal: AbortSignal;
  finish(output: OcrOutput): void;
}

function fakeOcr() {
  const tasks: FakeTask[] = [];
  const arrivals: ((task: FakeTask) => void)[] = [];
  const runner: TaskRunner = {
    run: (_input, signal, started) =>
      new Promise((resolve, reject) => {
        started();
        const task = { signal, finish: resolve };
        signal.addEventListener('abort', () => reject(signal.reason), { once: true });
        tasks.push(task);
        arrivals.shift()?.(task);
      }),
    close: async () => {},
  };
  /** The next task to reach the engine (one that has already arrived and is not yet taken, or the next). */
  let taken = 0;
  const next = () =>
    new Promise<FakeTask>((resolve) => {
      if (tasks.length > taken) resolve(tasks[taken++]!);
      else
        arrivals.push((task) => {
          taken += 1;
          resolve(task);
        });
    });
  return { runner, next };
}

const read: OcrOutput = { ok: true, pages: ['Read'], recognised: [1] };

let t: TestApp | undefined;
let pool: EnginePool | undefined;
afterEach(async () => {
  await t?.close();
  await pool?.close();
  t = pool = undefined;
});

async function start(env: Record<string, string> = {}) {
  const clock = new ManualClock();
  const fake = fakeOcr();
  pool = createEnginePool({ threadBudget: 1, clock, runnerFor: () => fake.runner });
  t = await createTestApp(env, { features: [textExtractFeature], platform: { engines: pool, clock } });
  return { clock, fake, app: t.app, pool };
}

async function form(): Promise<{ payload: Buffer; headers: Record<string, string> }> {
  const body = new FormData();
  body.append('file', new Blob([new Uint8Array(await textPicture(['x']))]), 'a.png');
  const request = new Request('http://localhost/', { method: 'POST', body });
  return {
    payload: Buffer.from(await request.arrayBuffer()),
    headers: { 'content-type': request.headers.get('content-type')! },
  };
}

describe('the OCR queue as visitors meet it', { timeout: 30_000 }, () => {
  it('refuses at once (503, Retry-After) what it could not finish within the engine deadline', async () => {
    const { clock, fake, app } = await start();
    const upload = async (ip: string) =>
      app.inject({ method: 'POST', url: '/api/extract-text', remoteAddress: ip, ...(await form()) });

    // One run of 20 s teaches the queue what a task takes.
    const first = upload('10.1.0.1');
    const learning = await fake.next();
    clock.advance(20_000);
    learning.finish(read);
    expect((await first).json()).toEqual({ text: 'Read' });

    // B runs; C would wait about 20 s and run 20 s: past the 25 s deadline, so it is refused at once.
    const b = upload('10.1.0.2');
    const running = await fake.next();
    const c = await upload('10.1.0.3');
    expect(c.statusCode).toBe(503);
    expect(c.headers['retry-after']).toBe('20');
    expect(c.json()).toEqual({
      error: 'This tool is busy right now. Please try again in 20 seconds.',
      code: 'ENGINE_BUSY',
    });

    // 15 s later B is nearly done by the estimate: D can be answered in time, and waits for its turn.
    clock.advance(15_000);
    const d = upload('10.1.0.4');
    await expect.poll(() => pool!.stats().engines[0]!.waiting).toBe(1);
    running.finish(read);
    expect((await b).statusCode).toBe(200);
    (await fake.next()).finish(read);
    expect((await d).json()).toEqual({ text: 'Read' });
    expect(pool!.stats().engines[0]).toMatchObject({ name: ocrEngine.name, refused: 1, completed: 3 });
  });

  it('reads one file per visitor at a time (429 for the second), and the next once the first is done', async () => {
    const { fake, app } = await start();
    const upload = async () =>
      app.inject({ method: 'POST', url: '/api/extract-text', remoteAddress: '10.2.0.1', ...(await form()) });
    const first = upload();
    const task = await fake.next();
    const second = await upload();
    expect(second.statusCode).toBe(429);
    expect(second.json()).toEqual({ error: textExtractMessages.oneAtATime, code: 'RATE_LIMITED' });
    task.finish(read);
    expect((await first).statusCode).toBe(200);
    const third = upload();
    (await fake.next()).finish(read);
    expect((await third).statusCode).toBe(200);
  });

  it('stops the task of a visitor who goes away, and keeps the socket of an accepted task past the idle timeout', async () => {
    const { fake, app } = await start({ IDLE_TIMEOUT_MS: '1000' });
    const sockets: Socket[] = [];
    app.server.on('connection', (socket: Socket) => sockets.push(socket));
    await app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = app.server.address() as AddressInfo;
    const send = async () => {
      const { payload, headers } = await form();
      const request = http.request({
        port,
        host: '127.0.0.1',
        method: 'POST',
        path: '/api/extract-text',
        headers,
      });
      const answer = new Promise<{ status: number; body: string } | Error>((resolve) => {
        request.on('response', (response) => {
          let body = '';
          response.on('data', (chunk) => {
            body += chunk;
          });
          response.on('end', () => resolve({ status: response.statusCode ?? 0, body }));
        });
        request.on('error', resolve);
      });
      request.end(payload);
      return { request, answer };
    };

    const leaving = await send();
    const task = await fake.next();
    // While the engine works, nothing is sent: the socket waits for up to the engine's time limit, not 1 s.
    expect(sockets.at(-1)!.timeout).toBe(ocrEngine.limits.timeoutMs + 15_000);
    leaving.request.destroy();
    await expect.poll(() => task.signal.aborted).toBe(true);
    expect(await leaving.answer).toBeInstanceOf(Error);
    await expect.poll(() => pool!.stats().engines[0]!.cancelled).toBe(1);

    // The visitor's one place was given back: their next file is read, and the socket is idle-timed again.
    const staying = await send();
    (await fake.next()).finish(read);
    expect(await staying.answer).toEqual({ status: 200, body: JSON.stringify({ text: 'Read' }) });
    expect(sockets.at(-1)!.timeout).toBeLessThanOrEqual(1000);
  });
});
