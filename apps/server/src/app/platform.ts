import type { FastifyInstance } from 'fastify';
import { Redis } from 'ioredis';
import type { Database } from '../db/database.ts';
import { createJobSchedules } from '../db/job-schedules.ts';
import type { Engines } from '../engines/engine.ts';
import { engineList } from '../engines/engine-list.ts';
import { createEnginePool } from '../engines/engine-pool.ts';
import { type Clock, clockStartingAt, systemClock } from '../shared/clock.ts';
import type { Config } from '../shared/config.ts';
import { createBullmqJobs, redisOptionsFromUrl } from '../shared/jobs-bullmq.ts';
import { createInProcessJobs, type JobRunner } from '../shared/jobs-in-process.ts';
import { createLimits, createMemoryLimitStore, type Limit, type Limits } from '../shared/limits.ts';
import { createRedisLimitStore } from '../shared/limits-redis.ts';
import type { Mail } from '../shared/mail.ts';
import { enginesThroughJobs } from './engine-jobs.ts';
import { createPlatformMail } from './platform-mail.ts';
import { checkRedisEviction } from './redis-check.ts';
import { defineSiteLimits } from './site-limits.ts';
import { defineSweepJob } from './sweep-job.ts';

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
  const clock = overrides.clock ?? (config.clockStart ? clockStartingAt(config.clockStart) : systemClock);
  const log = app.log.child({ part: 'platform' });
  const runJobs = role === 'worker' || config.runJobs;

  if (config.redis) await checkRedisEviction(config.redis, log);
  let redis: Redis | undefined;
  if (config.redis && !overrides.limits) {
    // Limits answer on every request: a Redis that stops answering must fail them fast, not queue them.
    redis = new Redis({
      ...redisOptionsFromUrl(config.redis.url),
      maxRetriesPerRequest: 1,
      enableOfflineQueue: false,
      connectTimeout: 2_000,
    });
    let reported = false;
    redis.on('error', (error) => {
      if (!reported)
        log.warn({ err: error.message }, 'redis unavailable for limits: requests are let through');
      reported = true;
    });
    redis.on('ready', () => {
      reported = false;
    });
  }
  const limits =
    overrides.limits ??
    createLimits(
      redis ? createRedisLimitStore(redis, `${config.redis!.prefix}:limit:`) : createMemoryLimitStore(),
      clock,
      (error) => log.warn({ err: error instanceof Error ? error.message : error }, 'limit store failed'),
    );
  const siteLimits = defineSiteLimits(limits, config);

  const jobs =
    overrides.jobs ??
    (config.redis
      ? createBullmqJobs({ redisUrl: config.redis.url, prefix: config.redis.prefix, clock, log, runJobs })
      : createInProcessJobs({
          clock,
          log,
          schedules: createJobSchedules(database.db),
          runSchedules: runJobs,
        }));

  const pool = overrides.engines ? undefined : createEnginePool({ threadBudget: config.engineThreads, log });
  // With Redis, engine work is queued and run by the processes that run jobs (a worker); without it, here.
  const engines = overrides.engines ?? (config.redis ? enginesThroughJobs(jobs, pool!, engineList) : pool!);
  const mail = overrides.mail ?? createPlatformMail({ config, database, clock, jobs });
  defineSweepJob(jobs, config);

  // A command-line tool (an import) queues nothing and runs no schedule.
  if (role !== 'tool')
    app.addHook('onReady', async () => {
      await jobs.start();
    });
  app.addHook('onClose', async () => {
    await jobs.stop();
    await pool?.close();
    redis?.disconnect();
  });
  return { clock, jobs, engines, limits, ...siteLimits, mail };
}
