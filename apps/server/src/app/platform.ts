import type { FastifyInstance } from 'fastify';
import type { Redis } from 'ioredis';
import { sql } from 'kysely';
import type { Database } from '../db/database.ts';
import { createJobRunLog, type JobRunLog } from '../db/job-run-log.ts';
import { createJobSchedules } from '../db/job-schedules.ts';
import type { Engines } from '../engines/engine.ts';
import { engineList } from '../engines/engine-list.ts';
import { createEnginePool, type EnginePool } from '../engines/engine-pool.ts';
import { detectNativeEngines } from '../engines/host-programs.ts';
import { type Clock, clockStartingAt, frozenClock, systemClock } from '../shared/clock.ts';
import type { Config } from '../shared/config.ts';
import { createInProcessJobs, type JobRunner } from '../shared/jobs-in-process.ts';
import {
  createFailoverLimitStore,
  createLimits,
  createMemoryLimitStore,
  type Limit,
  type Limits,
} from '../shared/limits.ts';
import { createRedisLimitStore } from '../shared/limits-redis.ts';
import type { Mail } from '../shared/mail.ts';
import { createReadiness, type Readiness } from '../shared/readiness.ts';
import { redisOptionsFromUrl } from '../shared/redis-options.ts';
import { enginesThroughJobs } from './engine-jobs.ts';
import { createPlatformMail } from './platform-mail.ts';
import { checkRedisEviction } from './redis-check.ts';
import { defineSiteLimits } from './site-limits.ts';
import { defineSweepJob } from './sweep-job.ts';
import {
  type EngineFigures,
  engineResult,
  heartbeatResult,
  latestHeartbeat,
  startHeartbeat,
} from './worker-heartbeat.ts';

/** How often each process runs its readiness checks, so a change of state is logged when it happens. */
const readinessWatchMs = 5 * 60_000;

/**
 * The platform's seams, chosen once from the settings: in-process (and the database) by default, so
 * `npm start` needs nothing else; Redis and BullMQ when `REDIS_URL` is set, so several processes share
 * limits and jobs.
 */
export interface Platform {
  clock: Clock;
  jobs: JobRunner;
  engines: Engines;
  limits: Limits;
  /** The site-wide request limit (plugins/site-rate-limit.ts and the page cache's hits). */
  siteRequests: Limit;
  adminFailures: Limit;
  adminCalls: Limit;
  mail: Mail;
  /**
   * The named checks of `GET /api/health/ready`: the database (required), Redis and the worker's heartbeat
   * when set, the engines, and what features add.
   */
  readiness: Readiness;
  /**
   * The engine pool's figures for the status screen: this process's pool, or with Redis the worker's (from
   * its last heartbeat, with when it was written).
   */
  /** Each job's last run and result, written by whichever process ran it. */
  runLog: JobRunLog;
  engineFigures(): Promise<{
    where: 'this process' | 'the worker';
    reportedAt?: string;
    figures?: EngineFigures;
  }>;
}

/**
 * The site's clock from the settings, and the one the platform's own machinery (limits' windows, job
 * schedules, the mail outbox's retries, readiness bounds) measures time on. They are the same clock, except
 * when MARKET_CLOCK stands the site's clock still (tests and demos): everything a visitor sees is computed at
 * that instant, while limits, schedules and retries run on a clock started at the same instant, so a window
 * still closes and a job still comes round again. A stood-still clock's own timers wait on real time.
 */
export function clockFromSettings(setting: Config['clock']): { clock: Clock; machinery: Clock } {
  if (!setting) return { clock: systemClock, machinery: systemClock };
  const running = clockStartingAt(setting.at);
  return { clock: setting.runs ? running : frozenClock(setting.at), machinery: running };
}

/**
 * Builds the platform for one app and ties its life to the app's: jobs start once every feature has
 * defined its own (onReady) and stop, with the engine pool and the Redis connections, when the app closes.
 */
export async function startPlatform(
  app: FastifyInstance,
  config: Config,
  database: Database,
  overrides: Partial<Platform>,
  role: 'web' | 'worker' | 'tool',
): Promise<Platform> {
  const fromSettings = clockFromSettings(config.clock);
  // A test's clock (a ManualClock) is the only clock: it moves the machinery too.
  const clock = overrides.clock ?? fromSettings.clock;
  const machinery = overrides.clock ?? fromSettings.machinery;
  const log = app.log.child({ part: 'platform' });
  const runJobs = role === 'worker' || config.runJobs;

  if (config.redis) await checkRedisEviction(config.redis, log);
  let redis: Redis | undefined;
  // ioredis and BullMQ load only when REDIS_URL is set (about 20 MB a process that does not need them).
  const bullmq = config.redis && !overrides.jobs ? await import('../shared/jobs-bullmq.ts') : undefined;
  if (config.redis) {
    const { Redis } = await import('ioredis');
    // Limits answer on every request: a Redis that stops answering must fail them fast, not queue them.
    redis = new Redis({
      ...redisOptionsFromUrl(config.redis.url),
      maxRetriesPerRequest: 1,
      enableOfflineQueue: false,
      connectTimeout: 2_000,
      commandTimeout: 1_000,
    });
    // Each outage shows once in the log: the limit store says when it switches (below).
    redis.on('error', () => {});
  }
  const limits =
    overrides.limits ??
    createLimits(
      redis
        ? createFailoverLimitStore({
            primary: createRedisLimitStore(redis, `${config.redis!.prefix}:limit:`),
            // While Redis is away every limit still holds, counted in this process's memory.
            fallback: createMemoryLimitStore(),
            available: () => redis.status === 'ready',
            now: () => machinery.now(),
            onSwitch: (to, error) =>
              to === 'fallback'
                ? log.warn(
                    { err: error instanceof Error ? error.message : error },
                    'redis unavailable: limits are counted in this process until it returns',
                  )
                : log.info('redis is back: limits are counted in Redis again'),
          })
        : createMemoryLimitStore(),
      machinery,
      (error) => log.warn({ err: error instanceof Error ? error.message : error }, 'limit store failed'),
    );
  const readiness = overrides.readiness ?? createReadiness(machinery, log);
  readiness.add({
    name: 'database',
    required: true,
    check: async () => {
      await sql`select 1`.execute(database.db);
      return true;
    },
  });
  if (redis) {
    const connection = redis;
    readiness.add({
      name: 'redis',
      // The site works without it for a while: limits in memory, mail waiting in the outbox.
      required: false,
      check: async () => connection.status === 'ready' && (await connection.ping()) === 'PONG',
    });
    const prefix = config.redis!.prefix;
    readiness.add({
      name: 'worker',
      // Jobs and engine tasks wait in Redis until a worker is back; pages and most calls still answer.
      required: false,
      check: async () => heartbeatResult(await latestHeartbeat(connection, prefix), machinery.now()),
    });
  }
  const siteLimits = defineSiteLimits(limits, config);

  const runLog = createJobRunLog(database.db);
  const jobs =
    overrides.jobs ??
    (config.redis && bullmq
      ? bullmq.createBullmqJobs({
          redisUrl: config.redis.url,
          prefix: config.redis.prefix,
          clock: machinery,
          log,
          runJobs,
          runLog,
        })
      : createInProcessJobs({
          clock: machinery,
          log,
          schedules: createJobSchedules(database.db),
          runLog,
          runSchedules: runJobs,
        }));

  // Engines answer visitors within the idle timeout, or refuse at once (a socket silent that long is closed).
  // OCR and speech run on the host's programs when it has them (OCR_ENGINE, SPEECH_ENGINE): decided once here.
  const native = overrides.engines ? undefined : await detectNativeEngines(config.engineChoice);
  if (native) log.info({ engines: native.report }, 'OCR and speech engines chosen');
  const pool = overrides.engines
    ? undefined
    : createEnginePool({
        threadBudget: config.engineThreads,
        log,
        clock,
        native,
        answerWithinMs: Math.max(1000, config.idleTimeoutMs - 5000),
      });
  // With Redis, engine work is queued and run by the processes that run jobs (a worker); without it, here.
  const engines = overrides.engines ?? (config.redis ? enginesThroughJobs(jobs, pool!, engineList) : pool!);
  const engineFigures: Platform['engineFigures'] = async () => {
    if (!redis) {
      // This process's pool, or the one a test passed in.
      const local = (pool ?? engines) as Partial<EnginePool>;
      return { where: 'this process', ...(local.stats ? { figures: local.stats() } : {}) };
    }
    // Redis away: no figures (the `redis` and `worker` checks say why).
    const heartbeat = await latestHeartbeat(redis, config.redis!.prefix).catch(() => undefined);
    return {
      where: 'the worker',
      ...(heartbeat ? { reportedAt: new Date(heartbeat.at).toISOString() } : {}),
      ...(heartbeat?.engines ? { figures: heartbeat.engines } : {}),
    };
  };
  readiness.add({
    name: 'engines',
    // A failing engine fails its tool's requests only.
    required: false,
    check: async () => {
      const { where, figures } = await engineFigures();
      return engineResult(figures, where);
    },
  });
  const mail = overrides.mail ?? createPlatformMail({ config, database, clock: machinery, jobs, log });
  defineSweepJob(jobs, config);

  // A command-line tool (an import) queues nothing and runs no schedule.
  const timers: { cancel(): void }[] = [];
  if (role !== 'tool')
    app.addHook('onReady', async () => {
      await jobs.start();
      timers.push(readiness.watch(readinessWatchMs));
      // With Redis, the processes that run jobs say they are alive (the `worker` check reads it).
      if (redis && runJobs)
        timers.push(
          await startHeartbeat({ redis, prefix: config.redis!.prefix, clock: machinery, log, pool }),
        );
    });
  app.addHook('onClose', async () => {
    for (const timer of timers) timer.cancel();
    await jobs.stop();
    await pool?.close();
    redis?.disconnect();
  });
  return { clock, jobs, engines, limits, ...siteLimits, mail, readiness, engineFigures, runLog };
}
