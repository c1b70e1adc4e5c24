import { Queue } from 'bullmq';
import type { FastifyBaseLogger } from 'fastify';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { createTestDatabase, type TestDatabase } from '../../test/test-database.ts';
import { coreMigrations } from '../db/core-migrations.ts';
import { createJobSchedules, type JobSchedules } from '../db/job-schedules.ts';
import { migrateToLatest } from '../db/migrate.ts';
import { ManualClock, systemClock } from './clock.ts';
import { createBullmqJobs } from './jobs-bullmq.ts';
import { createInProcessJobs, type JobRunner } from './jobs-in-process.ts';
import { redisOptionsFromUrl } from './redis-options.ts';

const quiet = {
  child: () => quiet,
  info() {},
  warn() {},
  error() {},
  debug() {},
  trace() {},
  fatal() {},
  level: 'silent',
  silent() {},
} as unknown as FastifyBaseLogger;

const redisUrl = process.env.TEST_REDIS_URL;
let database: TestDatabase;
beforeAll(async () => {
  database = await createTestDatabase();
  await migrateToLatest(database, coreMigrations);
});
afterAll(async () => {
  await database.dispose();
});

const runners: JobRunner[] = [];
afterEach(async () => {
  await Promise.all(runners.splice(0).map((runner) => runner.stop()));
});

/**
 * Each kind of runner on its own: the default and, with TEST_REDIS_URL, BullMQ. Both pass the same tests.
 * The default's waits (backoff, time limits) run on a ManualClock that `passTime` moves; BullMQ's run on
 * Redis's clock, so there `passTime` does nothing and its short waits pass by themselves.
 */
interface Kind {
  make(prefix: string): JobRunner;
  passTime(ms: number): Promise<void>;
}
const kinds: [string, () => Kind][] = [
  [
    'in-process',
    () => {
      const clock = new ManualClock(Date.UTC(2026, 0, 1));
      return {
        make: () => createInProcessJobs({ clock, log: quiet, schedules: createJobSchedules(database.db) }),
        passTime: (ms) => clock.advanceAsync(ms),
      };
    },
  ],
  // BullMQ keeps its jobs in Redis, not in the site's database: run once, by the SQLite project.
  ...(redisUrl && process.env.TEST_DIALECT !== 'postgres'
    ? [
        [
          'bullmq',
          () => ({
            make: (prefix: string) =>
              createBullmqJobs({ redisUrl, prefix, clock: systemClock, log: quiet, runJobs: true }),
            passTime: async () => {},
          }),
        ] as [string, () => Kind],
      ]
    : []),
];

const uniquePrefix = () => `test-jobs-${process.pid}-${Math.random().toString(36).slice(2, 10)}`;

describe.each(kinds)('jobs (%s)', (_kind, makeKind) => {
  let kind: Kind;
  beforeEach(() => {
    kind = makeKind();
  });
  const runner = () => {
    const made = kind.make(uniquePrefix());
    runners.push(made);
    return made;
  };

  it('runs a job and answers its result as JSON carries it', async () => {
    const jobs = runner();
    const job = jobs.define({
      name: 'test.echo',
      payload: z.object({ text: z.string() }),
      handler: async ({ text }) => ({ upper: text.toUpperCase(), at: new Date(0) }),
    });
    await jobs.start();
    expect(await job.run({ text: 'hi' })).toEqual({ upper: 'HI', at: '1970-01-01T00:00:00.000Z' });
  });

  it('refuses a payload its schema or JSON cannot carry, before queueing', async () => {
    const jobs = runner();
    let ran = 0;
    const job = jobs.define({
      name: 'test.strict',
      payload: z.object({ count: z.number().int() }),
      handler: async () => {
        ran += 1;
      },
    });
    await jobs.start();
    await expect(job.run({ count: 1.5 })).rejects.toThrow(/not valid/);
    await expect(job.enqueue({ count: 10n as unknown as number })).rejects.toThrow();
    expect(ran).toBe(0);
  });

  it('retries a failing job with backoff and reports the last error', async () => {
    const jobs = runner();
    const attempts: number[] = [];
    const flaky = jobs.define({
      name: 'test.flaky',
      payload: z.object({}),
      attempts: 3,
      backoffMs: 20,
      handler: async (_payload, { attempt }) => {
        attempts.push(attempt);
        if (attempt < 3) throw new Error(`failure ${attempt}`);
        return 'done';
      },
    });
    const doomed = jobs.define({
      name: 'test.doomed',
      payload: z.object({}),
      attempts: 2,
      backoffMs: 10,
      handler: async () => {
        throw new Error('always');
      },
    });
    await jobs.start();
    const flakyResult = flaky.run({});
    const doomedResult = doomed.run({}).catch((error: unknown) => error);
    // The backoff doubles: 20 ms before the second try, 40 ms before the third.
    await kind.passTime(20);
    await kind.passTime(40);
    expect(await flakyResult).toBe('done');
    expect(attempts).toEqual([1, 2, 3]);
    expect(await doomedResult).toMatchObject({ message: 'always' });
  });

  it('keeps to its concurrency and runs queued jobs', async () => {
    const jobs = runner();
    let running = 0;
    let most = 0;
    const done: number[] = [];
    // Each run holds until the test lets it go, so how many run at once is seen, not timed.
    const held: (() => void)[] = [];
    let waiters: { count: number; resolve(): void }[] = [];
    const check = () => {
      waiters = waiters.filter((waiter) => {
        if (running !== waiter.count || held.length !== waiter.count) return true;
        waiter.resolve();
        return false;
      });
    };
    const whenRunning = (count: number) =>
      new Promise<void>((resolve) => {
        waiters.push({ count, resolve });
        check();
      });
    let sixthDone: () => void = () => {};
    const sixth = new Promise<void>((resolve) => {
      sixthDone = resolve;
    });
    const job = jobs.define({
      name: 'test.slow',
      payload: z.object({ n: z.number() }),
      concurrency: 2,
      handler: async ({ n }) => {
        running += 1;
        most = Math.max(most, running);
        await new Promise<void>((resolve) => {
          held.push(resolve);
          check();
        });
        running -= 1;
        check();
        done.push(n);
        if (n === 6) sixthDone();
        return n;
      },
    });
    await jobs.start();
    const results = Promise.all([1, 2, 3, 4, 5].map((n) => job.run({ n })));
    // Two run, the others wait; each one let go makes room for the next, and the last runs alone.
    for (const runningNow of [2, 2, 2, 2, 1]) {
      await whenRunning(runningNow);
      held.shift()!();
    }
    expect(await results).toEqual([1, 2, 3, 4, 5]);
    expect(most).toBe(2);
    await job.enqueue({ n: 6 });
    await whenRunning(1);
    held.shift()!();
    await sixth;
    expect(done).toContain(6);
    // BullMQ's worker may wake for a job added after its queue drained only at its next blocking read
    // (its drain delay): the project's bound (60 s) stops a hung test, it measures nothing.
  });

  it('aborts a try past its time limit', async () => {
    const jobs = runner();
    let aborted = false;
    const job = jobs.define({
      name: 'test.stuck',
      payload: z.object({}),
      timeoutMs: 50,
      handler: (_payload, { signal }) =>
        new Promise((_resolve, reject) => {
          signal.addEventListener('abort', () => {
            aborted = true;
            reject(signal.reason);
          });
        }),
    });
    await jobs.start();
    const result = job.run({}).catch((error: unknown) => error);
    await kind.passTime(50);
    expect(await result).toMatchObject({ message: expect.stringMatching(/longer than 50 ms/) });
    expect(aborted).toBe(true);
  });

  it('refuses a job name defined twice', () => {
    const jobs = runner();
    const definition = { name: 'test.twice', payload: z.object({}), handler: async () => undefined };
    jobs.define(definition);
    expect(() => jobs.define(definition)).toThrow(/defined twice/);
  });
});

describe('scheduled jobs in the database (the default)', () => {
  it('run once per period however many processes tick', async () => {
    const clock = new ManualClock(Date.UTC(2026, 0, 1));
    const runs: string[] = [];
    const makeProcess = (name: string) => {
      const jobs = createInProcessJobs({ clock, log: quiet, schedules: createJobSchedules(database.db) });
      runners.push(jobs);
      jobs.define({
        name: 'test.every-minute',
        payload: z.object({}),
        schedule: { everyMs: 60_000 },
        handler: async () => {
          runs.push(name);
        },
      });
      return jobs;
    };
    const processes = [makeProcess('a'), makeProcess('b'), makeProcess('c')];
    await Promise.all(processes.map((jobs) => jobs.start()));
    // Each start ticks once by itself; tick again by hand so every process has had its chance.
    await Promise.all(processes.map((jobs) => jobs.runDueSchedules()));
    await Promise.all(processes.map((jobs) => jobs.settled()));
    expect(runs).toHaveLength(1);
    // Advancing the clock also fires each process's own ticks: a run one of them claimed may still be going
    // when the ticks by hand return (they find nothing left to claim), so every process is waited for.
    clock.advance(30_000);
    await Promise.all(processes.map((jobs) => jobs.runDueSchedules()));
    await Promise.all(processes.map((jobs) => jobs.settled()));
    expect(runs).toHaveLength(1);
    clock.advance(30_000);
    await Promise.all(processes.map((jobs) => jobs.runDueSchedules()));
    await Promise.all(processes.map((jobs) => jobs.settled()));
    expect(runs).toHaveLength(2);
    const [row] = (await createJobSchedules(database.db).list()).filter(
      (r) => r.name === 'test.every-minute',
    );
    expect(row?.last_error).toBeNull();
    expect(row?.next_run_at).toBe(new Date(Date.UTC(2026, 0, 1) + 120_000).toISOString());
  });

  it('records a failed period and runs the next one', async () => {
    const clock = new ManualClock(Date.UTC(2026, 1, 1));
    const jobs = createInProcessJobs({ clock, log: quiet, schedules: createJobSchedules(database.db) });
    runners.push(jobs);
    let calls = 0;
    jobs.define({
      name: 'test.failing-schedule',
      payload: z.object({}),
      schedule: { everyMs: 1000, runAtStart: false },
      handler: async () => {
        calls += 1;
        throw new Error('feed down');
      },
    });
    await jobs.start();
    expect(await jobs.runDueSchedules()).toEqual([]);
    // Moving the clock fires the ticker, which finds the period due and runs it.
    clock.advance(1000);
    await jobs.settled();
    expect(calls).toBe(1);
    const [row] = (await createJobSchedules(database.db).list()).filter(
      (r) => r.name === 'test.failing-schedule',
    );
    expect(row?.last_error).toBe('feed down');
    clock.advance(1000);
    await jobs.settled();
    expect(calls).toBe(2);
  });
});

describe('a schedule tick asked for while the last is still reading (a slow database)', () => {
  it('runs after it, so the period that fell due meanwhile is not left for the next tick', async () => {
    const clock = new ManualClock(Date.UTC(2026, 2, 1));
    let releaseFirstRead: () => void = () => {};
    const firstRead = new Promise<void>((resolve) => {
      releaseFirstRead = resolve;
    });
    let reads = 0;
    let dueFrom = Number.POSITIVE_INFINITY;
    const schedules = {
      ensure: async (_name: string, first: Date) => {
        dueFrom = first.getTime();
      },
      due: async (now: Date) => {
        reads += 1;
        // The first read (at start, nothing due yet) is slow; the period falls due while it waits.
        if (reads === 1) await firstRead;
        return now.getTime() >= dueFrom ? ['test.slow-read'] : [];
      },
      claim: async (_name: string, now: Date) => {
        if (now.getTime() < dueFrom) return undefined;
        const due = new Date(dueFrom);
        dueFrom = Number.POSITIVE_INFINITY;
        return due;
      },
      finished: async () => {},
    } as unknown as JobSchedules;
    const jobs = createInProcessJobs({ clock, log: quiet, schedules });
    runners.push(jobs);
    let ran = 0;
    jobs.define({
      name: 'test.slow-read',
      payload: z.object({}),
      schedule: { everyMs: 1000, runAtStart: false },
      handler: async () => {
        ran += 1;
      },
    });
    await jobs.start();
    clock.advance(1000); // the ticker fires while the first read still waits
    releaseFirstRead();
    await jobs.settled();
    expect(reads).toBe(2);
    expect(ran).toBe(1);
  });
});

describe('stopping the in-process jobs', () => {
  it('ends even when a period is claimed after the queues were emptied, and does not run it', async () => {
    let releaseClaim: () => void = () => {};
    const claimGate = new Promise<void>((resolve) => {
      releaseClaim = resolve;
    });
    const schedules = {
      ensure: async () => {},
      due: async () => ['test.late-claim'],
      claim: async () => {
        await claimGate;
        return true;
      },
      finished: async () => {},
    } as unknown as JobSchedules;
    const jobs = createInProcessJobs({ clock: new ManualClock(), log: quiet, schedules });
    let ran = 0;
    jobs.define({
      name: 'test.late-claim',
      payload: z.object({}),
      schedule: { everyMs: 1000 },
      handler: async () => {
        ran += 1;
      },
    });
    await jobs.start();
    const stopped = jobs.stop();
    releaseClaim();
    await stopped;
    await jobs.settled();
    expect(ran).toBe(0);
  });
});

describe.runIf(redisUrl)('scheduled jobs in Redis (BullMQ)', () => {
  it('run once per period across several processes', async () => {
    const prefix = uniquePrefix();
    // BullMQ's schedulers follow Redis's clock, not the site's (decision 0020): the periods are real time.
    // The test waits for the third run (an event), never for a fixed time.
    const runs: number[] = [];
    let thirdRun: () => void = () => {};
    const third = new Promise<void>((resolve) => {
      thirdRun = resolve;
    });
    const processes = [0, 1, 2].map(() => {
      const jobs = createBullmqJobs({
        redisUrl: redisUrl!,
        prefix,
        clock: systemClock,
        log: quiet,
        runJobs: true,
      });
      runners.push(jobs);
      jobs.define({
        name: 'test.every-400ms',
        payload: z.object({}),
        schedule: { everyMs: 400 },
        handler: async () => {
          runs.push(systemClock.now());
          if (runs.length === 3) thirdRun();
        },
      });
      return jobs;
    });
    await Promise.all(processes.map((jobs) => jobs.start()));
    await third;
    await Promise.all(runners.splice(0).map((runner) => runner.stop()));
    // Three processes, one scheduler, one run per period: BullMQ names each scheduled run after the period it
    // belongs to, so no two finished runs share a period (three schedulers would have made three per period).
    // Read from Redis, not from the clock: the test asserts no duration.
    const queue = new Queue('test.every-400ms', { connection: redisOptionsFromUrl(redisUrl!), prefix });
    try {
      expect(await queue.getJobSchedulers()).toHaveLength(1);
      const finished = await queue.getJobs(['completed', 'active', 'failed']);
      const periods = finished.map((job) => job.id);
      expect(finished.length).toBeGreaterThanOrEqual(3);
      expect(new Set(periods).size).toBe(finished.length);
    } finally {
      await queue.close();
    }
  });
});
