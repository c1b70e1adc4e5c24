import os from 'node:os';
import type { FastifyBaseLogger } from 'fastify';
import type { Redis } from 'ioredis';
import type { EnginePool } from '../engines/engine-pool.ts';
import type { Clock, ClockTimer } from '../shared/clock.ts';
import type { CheckResult } from '../shared/readiness.ts';

/** How often a process that runs jobs says it is alive. */
export const heartbeatEveryMs = 15_000;
/** A heartbeat older than this means the worker stopped (four beats missed). */
export const heartbeatStaleMs = 60_000;
/** Heartbeats of processes gone for longer than this are removed. */
const forgetAfterMs = 24 * 60 * 60_000;

export type EngineFigures = ReturnType<EnginePool['stats']>;

/** The last heartbeat of the processes that run jobs: when, which process, and its engine pool's figures. */
export interface Heartbeat {
  process: string;
  at: number;
  engines?: EngineFigures;
}

const keys = (prefix: string) => ({ beats: `${prefix}:workers`, figures: `${prefix}:worker-figures` });

/**
 * With Redis, each process that runs jobs (`hurryup worker`) writes a heartbeat every 15 s on the platform's
 * clock: its name in a sorted set scored by the time, and its engine pool's figures beside it, so a web
 * process's readiness and status screen can tell whether a worker runs and what its engines are doing.
 * Resolves once the first heartbeat is written (or could not be), so a started worker has reported.
 */
export async function startHeartbeat(deps: {
  redis: Redis;
  prefix: string;
  clock: Clock;
  log: FastifyBaseLogger;
  pool?: Pick<EnginePool, 'stats'> | undefined;
}): Promise<ClockTimer> {
  const { redis, prefix, clock, log } = deps;
  const name = `${os.hostname()}:${process.pid}`;
  const { beats, figures } = keys(prefix);
  let failing = false;
  const beat = async () => {
    const now = clock.now();
    const heartbeat: Heartbeat = {
      process: name,
      at: now,
      ...(deps.pool ? { engines: deps.pool.stats() } : {}),
    };
    try {
      await redis
        .multi()
        .zadd(beats, now, name)
        .hset(figures, name, JSON.stringify(heartbeat))
        .zremrangebyscore(beats, '-inf', now - forgetAfterMs)
        .exec();
      if (failing) log.info('worker heartbeat written again');
      failing = false;
    } catch (error) {
      // Said once per outage; Redis's own outage is logged by the limits and the jobs.
      if (!failing)
        log.warn({ err: error instanceof Error ? error.message : error }, 'worker heartbeat not written');
      failing = true;
    }
  };
  // The connection opened with the platform may still be connecting: its first answer (ready, or an error
  // within ioredis's connect timeout) is waited for, so a worker that starts beside a working Redis has
  // reported when it is ready.
  if (redis.status === 'connecting' || redis.status === 'connect' || redis.status === 'reconnecting')
    await new Promise<void>((resolve) => {
      const done = () => {
        redis.off('ready', done);
        redis.off('error', done);
        redis.off('end', done);
        resolve();
      };
      redis.on('ready', done);
      redis.on('error', done);
      redis.on('end', done);
    });
  await beat();
  return clock.every(heartbeatEveryMs, () => void beat());
}

/** The newest heartbeat, or undefined when no process that runs jobs has written one. */
export async function latestHeartbeat(redis: Redis, prefix: string): Promise<Heartbeat | undefined> {
  const { beats, figures } = keys(prefix);
  const [newest] = await redis.zrevrange(beats, 0, 0);
  if (!newest) return undefined;
  const text = await redis.hget(figures, newest);
  return text ? (JSON.parse(text) as Heartbeat) : undefined;
}

/** The `worker` readiness check: a heartbeat younger than a minute. */
export function heartbeatResult(heartbeat: Heartbeat | undefined, now: number): CheckResult {
  if (!heartbeat)
    return {
      state: 'failing',
      message:
        'No worker has reported: with REDIS_URL, jobs and engine tasks wait until a worker runs (hurryup worker).',
    };
  const ageSeconds = Math.max(0, Math.round((now - heartbeat.at) / 1000));
  if (now - heartbeat.at > heartbeatStaleMs)
    return {
      state: 'failing',
      message: `The worker last reported ${ageSeconds} s ago (${new Date(heartbeat.at).toISOString()}): jobs and engine tasks are not being run.`,
    };
  return { state: 'ok', message: `Worker ${heartbeat.process} reported ${ageSeconds} s ago.` };
}

/**
 * The `engines` readiness check from a pool's figures: a warning when an engine's failures (errors, time
 * limits, memory kills) are more than a tenth of its finished tasks, at least three of them.
 */
export function engineResult(figures: EngineFigures | undefined, where: string): CheckResult {
  if (!figures)
    return { state: 'ok', message: `Engine tasks run in ${where}, which has not reported them yet.` };
  const troubled = figures.engines.filter((engine) => {
    const failed = engine.failed + engine.timedOut + engine.memoryKilled;
    return failed >= 3 && failed > (engine.completed + failed) / 10;
  });
  const running = figures.engines.reduce((sum, engine) => sum + engine.running, 0);
  const waiting = figures.engines.reduce((sum, engine) => sum + engine.waiting, 0);
  const threads = `${figures.threadBudget} ${figures.threadBudget === 1 ? 'thread' : 'threads'}`;
  const summary = `${running} running, ${waiting} waiting (${where}, ${threads})`;
  if (troubled.length === 0) return { state: 'ok', message: `Engines: ${summary}.` };
  const named = troubled
    .map(
      (engine) =>
        `${engine.name} ${engine.failed + engine.timedOut + engine.memoryKilled} of ${
          engine.completed + engine.failed + engine.timedOut + engine.memoryKilled
        } tasks failed`,
    )
    .join('; ');
  return { state: 'warning', message: `Engines failing: ${named}. ${summary}.` };
}
