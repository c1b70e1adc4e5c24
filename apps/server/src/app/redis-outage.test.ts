import { Queue } from 'bullmq';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { adminToken } from '../../test/admin.ts';
import { createAnotherProcess } from '../../test/another-process.ts';
import { type PrivateRedis, redisServerInstalled, startPrivateRedis } from '../../test/private-redis.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { feedParseEngine } from '../engines/feed-parse/feed-parse.engine.ts';
import { ManualClock } from '../shared/clock.ts';
import { JobsUnavailableError } from '../shared/jobs-bullmq.ts';

const installed = redisServerInstalled();

/** The readiness answer with each check's state only. */
/** The market data's checks (their state follows the date and the data, not Redis): left out here. */
const marketChecks = new Set(['market-data', 'holiday-calendar', 'expiry-calendar', 'contract-rules']);
function statesOf(body: { status: string; checks: Record<string, { state: string }> }) {
  return {
    status: body.status,
    checks: Object.fromEntries(
      Object.entries(body.checks)
        .filter(([name]) => !marketChecks.has(name))
        .map(([name, check]) => [name, check.state]),
    ),
  };
}
/** With Redis and no process running jobs, the worker check fails (a warning's worth: still 200); the engines are the worker's. */
const others = { worker: 'failing', engines: 'ok' };
if (!installed)
  console.warn(
    'redis-server is not installed: the Redis outage test cannot run (apt-get install redis-server)',
  );

/**
 * A Redis of the test's own (a private `redis-server`, never the machine's) killed and started again empty,
 * under two web processes: limits still hold during the outage (in each process's memory), a contact message
 * is stored and answered without waiting on the queue, readiness says Redis is down then up, the job
 * schedules are declared again once it is back, and no message is lost or doubled.
 */
describe.runIf(installed)('a Redis outage (private redis-server, stopped and restarted)', () => {
  let redis: PrivateRedis;
  let t: TestApp;
  let second: Awaited<ReturnType<typeof createAnotherProcess>>;
  const prefix = `outage${process.pid}`;
  const clock = new ManualClock(Date.UTC(2026, 10, 27, 9, 0));
  let env: Record<string, string>;

  beforeAll(async () => {
    redis = await startPrivateRedis();
    env = {
      REDIS_URL: redis.url,
      REDIS_PREFIX: prefix,
      RUN_JOBS: 'false',
      ADMIN_TOKEN: adminToken,
      ADMIN_FAILURE_LIMIT: '3',
      CONTACT_TO: 'desk@hurryup.example',
    };
    t = await createTestApp(env, { platform: { clock } });
    second = await createAnotherProcess(t.database, env);
  }, 60_000);
  afterAll(async () => {
    await second?.close();
    await t?.close();
    await redis?.stop();
  }, 60_000);

  const apps = () => [t.app, second.app];
  /** The readiness answer with each check's state only (no worker runs here: RUN_JOBS=false). */
  const ready = async (app = t.app) => {
    const res = await app.inject({ method: 'GET', url: '/api/health/ready' });
    return { status: res.statusCode, body: statesOf(res.json()) };
  };
  let sent = 0;
  const contact = async (app = t.app) => {
    const tag = `m${++sent}`;
    const res = await app.inject({
      method: 'POST',
      url: '/api/contact',
      remoteAddress: `10.8.0.${sent}`,
      payload: { email: 'asha@example.in', message: `Outage test message ${tag}` },
    });
    return { tag, status: res.statusCode };
  };
  const wrongToken = (app = t.app, ip = '10.9.9.9') =>
    app.inject({
      method: 'GET',
      url: '/api/admin/mail-outbox',
      headers: { authorization: 'Bearer not-the-token' },
      remoteAddress: ip,
    });
  /** The job schedulers Redis holds now, read on a connection of the test's own. */
  const schedulers = async () => {
    const connection = new Redis({ host: '127.0.0.1', port: redis.port, maxRetriesPerRequest: null });
    connection.on('error', () => {});
    const queue = new Queue('mail.deliver', { connection, prefix });
    try {
      return (await queue.getJobSchedulers()).map((scheduler) => scheduler.key);
    } finally {
      await queue.close();
      connection.disconnect();
    }
  };

  it('keeps limits, answers contact at once, reports Redis in readiness, and declares the schedules again', async () => {
    const answers: { phase: string; status: number }[] = [];
    const before = await contact();
    expect(before.status).toBe(200);
    // Both processes connect to Redis and declare their schedules as they start: waited for (an event, with a
    // bound for a busy machine), not assumed done the moment the apps are ready.
    await vi.waitFor(
      async () =>
        expect(await ready()).toEqual({
          status: 200,
          body: { status: 'degraded', checks: { ...others, database: 'ok', redis: 'ok' } },
        }),
      { timeout: 30_000 },
    );
    await vi.waitFor(async () => expect(await schedulers()).toContain('mail.deliver'), { timeout: 30_000 });

    await redis.stop();
    // Each process sees the connection go (the socket closes at once; polled, bounded, on its answers).
    for (const app of apps())
      await vi.waitFor(async () => expect((await ready(app)).body.checks.redis).toBe('failing'), {
        timeout: 10_000,
      });

    // Readiness: still serving (200), degraded, Redis down.
    expect(await ready()).toEqual({
      status: 200,
      body: { status: 'degraded', checks: { ...others, database: 'ok', redis: 'failing' } },
    });
    // The admin failure limit holds, in each process's memory: the 4th wrong token is 429.
    for (const app of apps()) {
      const statuses = [];
      for (let i = 0; i < 4; i++) statuses.push((await wrongToken(app)).statusCode);
      expect(statuses).toEqual([401, 401, 401, 429]);
      answers.push(...statuses.map((status) => ({ phase: 'outage', status })));
    }
    // Contact is answered while Redis is still down (it does not wait on the queue), and stored.
    const during = [await contact(t.app), await contact(second.app), await contact(t.app)];
    expect(during.map((m) => m.status)).toEqual([200, 200, 200]);
    answers.push(...during.map((m) => ({ phase: 'outage', status: m.status })));
    // Engine work, queued for the worker with Redis, is refused at once (503, try again), not left waiting.
    const engineTask = t.app.platform.engines.run(feedParseEngine, {
      kind: 'news',
      text: '<rss><channel></channel></rss>',
      source: 'https://example.com/feed',
    });
    await expect(engineTask).rejects.toBeInstanceOf(JobsUnavailableError);
    await expect(engineTask).rejects.toMatchObject({ statusCode: 503, retryAfterSeconds: 10 });
    expect(redis.running).toBe(false);

    // Redis comes back empty (no persistence): its schedulers and counters are gone.
    await redis.start();
    for (const app of apps())
      await vi.waitFor(async () => expect((await ready(app)).body.checks.redis).toBe('ok'), {
        timeout: 10_000,
      });
    expect(await ready()).toEqual({
      status: 200,
      body: { status: 'degraded', checks: { ...others, database: 'ok', redis: 'ok' } },
    });
    // The processes declared the schedules again on reconnecting, with no restart.
    await vi.waitFor(async () => expect(await schedulers()).toContain('mail.deliver'), { timeout: 10_000 });

    // Limits are counted in Redis again: one budget across both processes (3 failures in all, then 429).
    // (A process whose call to Redis failed leaves it alone for 5 s on its clock.)
    // Each process's limit connection reconnects on ioredis's own (real-time) backoff: the test waits for
    // that event, trying with a fresh address each time, instead of assuming it happened with the readiness ping.
    let attempt = 0;
    await vi.waitFor(
      async () => {
        clock.advance(5_000);
        attempt += 1;
        const address = `10.9.${attempt}.10`;
        const shared = [
          (await wrongToken(t.app, address)).statusCode,
          (await wrongToken(second.app, address)).statusCode,
          (await wrongToken(t.app, address)).statusCode,
          (await wrongToken(second.app, address)).statusCode,
        ];
        expect(shared).toEqual([401, 401, 401, 429]);
      },
      { timeout: 30_000, interval: 200 },
    );
    const after = await contact(second.app);
    expect(after.status).toBe(200);

    // Every message answered 200 is in the outbox exactly once.
    const stored = await t.database.db
      .selectFrom('mail_outbox')
      .select('body')
      .where('body', 'like', '%Outage test message%')
      .execute();
    const tags = stored.map((row) => /Outage test message (\S+)/.exec(row.body)![1]);
    expect(tags.sort()).toEqual([before, ...during, after].map((m) => m.tag).sort());
    // Both processes are alive.
    for (const app of apps())
      expect((await app.inject({ method: 'GET', url: '/api/health' })).statusCode).toBe(200);
    console.info(
      `Redis outage: answers during the outage ${JSON.stringify(countBy(answers.map((a) => a.status)))}`,
    );
  }, 60_000);
});

function countBy(values: number[]): Record<number, number> {
  const counts: Record<number, number> = {};
  for (const value of values) counts[value] = (counts[value] ?? 0) + 1;
  return counts;
}

describe.runIf(installed)('a process started while Redis is away', () => {
  it('starts and serves, then declares the job schedules once Redis is there', async () => {
    const redis = await startPrivateRedis();
    await redis.stop();
    const prefix = `late${process.pid}`;
    let t: TestApp | undefined;
    try {
      t = await createTestApp(
        { REDIS_URL: redis.url, REDIS_PREFIX: prefix, RUN_JOBS: 'false', CONTACT_TO: 'desk@hurryup.example' },
        { platform: { clock: new ManualClock(Date.UTC(2026, 10, 27, 9, 0)) } },
      );
      const app = t.app;
      await vi.waitFor(
        async () =>
          expect(statesOf((await app.inject({ method: 'GET', url: '/api/health/ready' })).json())).toEqual({
            status: 'degraded',
            checks: { ...others, database: 'ok', redis: 'failing' },
          }),
        { timeout: 10_000 },
      );
      const contact = await app.inject({
        method: 'POST',
        url: '/api/contact',
        payload: { email: 'asha@example.in', message: 'Sent while Redis was away' },
      });
      expect(contact.statusCode).toBe(200);
      await redis.start();
      const connection = new Redis({ host: '127.0.0.1', port: redis.port, maxRetriesPerRequest: null });
      connection.on('error', () => {});
      const queue = new Queue('mail.deliver', { connection, prefix });
      try {
        await vi.waitFor(
          async () =>
            expect((await queue.getJobSchedulers()).map((scheduler) => scheduler.key)).toContain(
              'mail.deliver',
            ),
          { timeout: 10_000 },
        );
      } finally {
        await queue.close();
        connection.disconnect();
      }
    } finally {
      await t?.close();
      await redis.stop();
    }
  }, 60_000);
});
