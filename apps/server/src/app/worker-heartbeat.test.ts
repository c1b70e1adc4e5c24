import { Redis } from 'ioredis';
import { afterAll, describe, expect, it } from 'vitest';
import { adminHeaders, adminToken } from '../../test/admin.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import type { EngineStats } from '../engines/engine-pool.ts';
import { ManualClock } from '../shared/clock.ts';
import { engineResult, heartbeatResult, heartbeatStaleMs } from './worker-heartbeat.ts';

const redisUrl = process.env.TEST_REDIS_URL;

const engine = (name: string, counts: Partial<EngineStats>): EngineStats => ({
  name,
  runs: 'wasm',
  released: 0,
  threads: 1,
  running: 0,
  waiting: 0,
  completed: 0,
  failed: 0,
  timedOut: 0,
  refused: 0,
  cancelled: 0,
  memoryKilled: 0,
  averageMs: undefined,
  ...counts,
});

describe('the worker and engine checks', () => {
  it('says a worker is missing, stale or fine', () => {
    const now = Date.UTC(2026, 10, 27, 9, 0);
    expect(heartbeatResult(undefined, now)).toMatchObject({ state: 'failing' });
    expect(heartbeatResult(undefined, now).message).toMatch(/^No worker has reported/);
    expect(heartbeatResult({ process: 'box:12', at: now - 15_000 }, now)).toEqual({
      state: 'ok',
      message: 'Worker box:12 reported 15 s ago.',
    });
    expect(heartbeatResult({ process: 'box:12', at: now - heartbeatStaleMs - 1_000 }, now)).toEqual({
      state: 'failing',
      message:
        'The worker last reported 61 s ago (2026-11-27T08:58:59.000Z): jobs and engine tasks are not being run.',
    });
  });

  it('warns when an engine fails more than a tenth of its tasks (at least three)', () => {
    const figures = (engines: EngineStats[]) => ({ threadBudget: 2, running: 0, engines });
    expect(engineResult(figures([engine('ocr', { completed: 100, failed: 2 })]), 'this process').state).toBe(
      'ok',
    );
    expect(engineResult(figures([engine('ocr', { completed: 100, failed: 5 })]), 'this process').state).toBe(
      'ok',
    );
    expect(
      engineResult(
        figures([engine('ocr', { completed: 10, failed: 2, timedOut: 1, running: 1 })]),
        'this process',
      ),
    ).toEqual({
      state: 'warning',
      message: 'Engines failing: ocr 3 of 13 tasks failed. 1 running, 0 waiting (this process, 2 threads).',
    });
  });
});

/**
 * With Redis (TEST_REDIS_URL, the test's own database number): a web process that runs no jobs reads the
 * heartbeat a worker writes. Each has its own clock, as two machines would.
 */
describe.runIf(redisUrl)('the worker heartbeat in Redis', () => {
  const prefix = `heartbeat${process.pid}`;
  const start = Date.UTC(2026, 10, 27, 9, 0);
  const webClock = new ManualClock(start);
  const workerClock = new ManualClock(start);
  let web: TestApp;
  let worker: TestApp | undefined;
  afterAll(async () => {
    await worker?.close();
    await web?.close();
    const redis = new Redis(redisUrl!);
    const keys = await redis.keys(`${prefix}:*`);
    if (keys.length > 0) await redis.del(...keys);
    redis.disconnect();
  });

  const check = async () => {
    const res = await web.app.inject({ method: 'GET', url: '/api/health/ready' });
    return res.json().checks.worker;
  };

  it('is failing while no worker runs, ok once one reports, failing again when it stops', async () => {
    const env = { REDIS_URL: redisUrl!, REDIS_PREFIX: prefix, ADMIN_TOKEN: adminToken };
    web = await createTestApp({ ...env, RUN_JOBS: 'false' }, { platform: { clock: webClock } });
    expect(await check()).toEqual({
      state: 'failing',
      required: false,
      message:
        'No worker has reported: with REDIS_URL, jobs and engine tasks wait until a worker runs (hurryup worker).',
    });
    // Degraded, not unavailable: pages and most calls still answer.
    expect((await web.app.inject({ method: 'GET', url: '/api/health/ready' })).statusCode).toBe(200);

    // A process that runs jobs has written its first heartbeat when it is ready.
    worker = await createTestApp({ ...env, RUN_JOBS: 'true' }, { platform: { clock: workerClock } });
    expect(await check()).toMatchObject({
      state: 'ok',
      message: expect.stringMatching(/^Worker [^ ]+:\d+ reported 0 s ago\.$/),
    });
    // Its engine pool's figures reach the web process's status answer.
    const status = (
      await web.app.inject({ method: 'GET', url: '/api/admin/status', headers: adminHeaders })
    ).json();
    expect(status.engines).toMatchObject({ where: 'the worker', reportedAt: '2026-11-27T09:00:00.000Z' });
    expect(status.engines.threadBudget).toBeGreaterThan(0);

    // The worker stops; a minute later on the web process's clock its heartbeat is stale.
    await worker.close();
    worker = undefined;
    webClock.advance(heartbeatStaleMs + 5_000);
    expect(await check()).toEqual({
      state: 'failing',
      required: false,
      message:
        'The worker last reported 65 s ago (2026-11-27T09:00:00.000Z): jobs and engine tasks are not being run.',
    });
  });
});
