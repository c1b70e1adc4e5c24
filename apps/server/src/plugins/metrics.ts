import { timingSafeEqual } from 'node:crypto';
import { errorCodes } from '@hurryup/contracts/errors';
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import type { EnginePool } from '../engines/engine-pool.ts';
import type { Config } from '../shared/config.ts';
import { runCounts } from '../shared/run-counts.ts';
import { sendError } from '../shared/send-error.ts';

/** Request durations' buckets, in seconds: a cached page takes a millisecond, an OCR task up to 90 s. */
const durationBuckets = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30, 90];

/** The database pool's figures, when the database has a pool (PostgreSQL's pg.Pool). */
interface PoolFigures {
  totalCount: number;
  idleCount: number;
  waitingCount: number;
}

function bearerMatches(header: string | undefined, token: string): boolean {
  const given = /^Bearer (.+)$/i.exec(header ?? '')?.[1];
  if (!given) return false;
  const a = Buffer.from(given);
  const b = Buffer.from(token);
  return a.length === b.length && timingSafeEqual(a, b);
}

/**
 * `GET /metrics`: the process's figures in Prometheus' text format (docs/operations.md "Metrics"), answered
 * only to `Authorization: Bearer <METRICS_TOKEN>`; without METRICS_TOKEN the route does not exist (404), a
 * wrong or missing token gets 401. Requests are counted by route pattern, never by raw URL, so the number of
 * series stays bounded. Answers from the answer cache's hit path (web/cached-page-answers.ts) skip the
 * site's onRequest-to-onSend hooks, but Fastify listens for every response's end before the first onRequest
 * hook runs, so this onResponse hook counts hits too; the hits its front door sends before Fastify sees the
 * request it counts itself (metrics.test.ts checks both).
 * The rest is read at scrape time.
 */
export async function registerMetrics(app: FastifyInstance, config: Config) {
  const token = config.metricsToken;
  if (!token) return;
  // Loaded only where METRICS_TOKEN asks for metrics.
  const { Counter, collectDefaultMetrics, Gauge, Histogram, Registry } = await import('prom-client');
  const registry = new Registry();
  collectDefaultMetrics({ register: registry });
  // Gauges named like counters, which `promtool check metrics` reports; each is the sum of the by-type gauge
  // of the same name without `_total` (nodejs_active_handles{type}, …), which stays.
  for (const name of [
    'nodejs_active_handles_total',
    'nodejs_active_requests_total',
    'nodejs_active_resources_total',
  ])
    registry.removeSingleMetric(name);

  const requests = new Counter({
    name: 'hurryup_http_requests_total',
    help: 'Requests answered by the site (answer cache hits included), by route pattern, method and status',
    labelNames: ['route', 'method', 'status'] as const,
    registers: [registry],
  });
  const durations = new Histogram({
    name: 'hurryup_http_request_duration_seconds',
    help: 'Time from a request to its answer (answer cache hits included), by route pattern, method and status',
    labelNames: ['route', 'method', 'status'] as const,
    buckets: durationBuckets,
    registers: [registry],
  });
  const count = (route: string, method: string, status: number, seconds: number) => {
    const labels = { route, method, status: String(status) };
    requests.inc(labels);
    durations.observe(labels, seconds);
  };
  app.addHook('onResponse', async function countRequest(request, reply) {
    // The route's pattern (`/api/comments/:id`, `*` for pages); an address no route matched is one series.
    count(
      request.routeOptions.url ?? 'unmatched',
      request.method,
      reply.statusCode,
      reply.elapsedTime / 1000,
    );
  });
  // The answer cache's front door answers before Fastify sees the request: it counts them itself.
  app.answerCache.onAnswerBeforeFastify((route, status, seconds) => count(route, 'GET', status, seconds));

  const cacheStats = () => app.answerCache.cache.stats;
  const cacheFigures: [string, string, 'hits' | 'misses' | 'stores' | 'evictions' | 'invalidations'][] = [
    ['hits', 'Pages and public API answers answered from the answer cache', 'hits'],
    ['misses', 'Cacheable requests the answer cache had no fresh entry for', 'misses'],
    ['stores', 'Entries put in the answer cache', 'stores'],
    ['evictions', 'Entries dropped to keep within PAGE_CACHE_MAX_PAGES and PAGE_CACHE_MAX_MB', 'evictions'],
    ['invalidations', 'Entries dropped because content they show was written', 'invalidations'],
  ];
  for (const [name, help, field] of cacheFigures)
    new Counter({
      name: `hurryup_answer_cache_${name}_total`,
      help,
      registers: [registry],
      collect() {
        this.reset();
        this.inc(cacheStats()[field]);
      },
    });
  new Gauge({
    name: 'hurryup_answer_cache_entries',
    help: 'Entries in the answer cache',
    registers: [registry],
    collect() {
      this.set(cacheStats().entries);
    },
  });
  new Gauge({
    name: 'hurryup_answer_cache_bytes',
    help: 'Bytes held by the answer cache (compressed bodies)',
    registers: [registry],
    collect() {
      this.set(cacheStats().bytes);
    },
  });

  // This process's engine pool, when it has one (without Redis; with Redis the worker's pool runs the tasks).
  const pool = () => {
    const engines = app.platform.engines as Partial<EnginePool>;
    return typeof engines.stats === 'function' ? engines.stats() : undefined;
  };
  const engineGauge = (
    name: string,
    help: string,
    read: (stats: ReturnType<EnginePool['stats']>['engines'][number]) => number | undefined,
  ) =>
    new Gauge({
      name,
      help,
      labelNames: ['engine'] as const,
      registers: [registry],
      collect() {
        this.reset();
        for (const engine of pool()?.engines ?? []) {
          const value = read(engine);
          if (value !== undefined) this.set({ engine: engine.name }, value);
        }
      },
    });
  engineGauge('hurryup_engine_threads', 'Worker threads an engine has now', (engine) => engine.threads);
  engineGauge('hurryup_engine_running', 'Tasks an engine is running now', (engine) => engine.running);
  engineGauge(
    'hurryup_engine_waiting',
    'Tasks waiting for a thread of the engine',
    (engine) => engine.waiting,
  );
  engineGauge(
    'hurryup_engine_average_run_seconds',
    'Moving average of recent successful run times',
    (engine) => (engine.averageMs === undefined ? undefined : engine.averageMs / 1000),
  );
  const engineCounter = (
    name: string,
    help: string,
    field: 'completed' | 'failed' | 'timedOut' | 'refused',
  ) =>
    new Counter({
      name,
      help,
      labelNames: ['engine'] as const,
      registers: [registry],
      collect() {
        this.reset();
        for (const engine of pool()?.engines ?? []) this.inc({ engine: engine.name }, engine[field]);
      },
    });
  engineCounter('hurryup_engine_tasks_completed_total', 'Engine tasks that finished', 'completed');
  engineCounter('hurryup_engine_tasks_failed_total', 'Engine tasks that failed (not timed out)', 'failed');
  engineCounter(
    'hurryup_engine_tasks_timed_out_total',
    'Engine tasks stopped at their time limit',
    'timedOut',
  );
  engineCounter(
    'hurryup_engine_tasks_refused_total',
    "Engine tasks refused because the engine's queue was full",
    'refused',
  );
  new Gauge({
    name: 'hurryup_engine_thread_budget',
    help: 'Worker threads all engines of this process may have together (ENGINE_THREADS)',
    registers: [registry],
    collect() {
      const stats = pool();
      if (stats) this.set(stats.threadBudget);
    },
  });

  new Counter({
    name: 'hurryup_job_tries_total',
    help: 'Tries of each job run in this process, by outcome (a failed try may be retried)',
    labelNames: ['job', 'outcome'] as const,
    registers: [registry],
    collect() {
      this.reset();
      for (const [job, counts] of runCounts.jobTries()) {
        this.inc({ job, outcome: 'succeeded' }, counts.succeeded);
        this.inc({ job, outcome: 'failed' }, counts.failed);
      }
    },
  });
  const lags = new Histogram({
    name: 'hurryup_job_lag_seconds',
    help: 'Time from a job being due (its period) or queued to its first try starting, in this process',
    labelNames: ['job'] as const,
    buckets: [0.01, 0.1, 0.5, 1, 2, 5, 15, 60, 300, 900, 3600],
    registers: [registry],
  });
  const stopLags = runCounts.onJobLag((job, seconds) => lags.observe({ job }, seconds));
  app.addHook('onClose', async () => stopLags());
  new Counter({
    name: 'hurryup_job_run_seconds_total',
    help: "Seconds spent in each job's handler in this process",
    labelNames: ['job'] as const,
    registers: [registry],
    collect() {
      this.reset();
      for (const [job, counts] of runCounts.jobTries()) this.inc({ job }, counts.seconds);
    },
  });
  new Counter({
    name: 'hurryup_limit_refusals_total',
    help: 'Requests refused by each limit policy in this process',
    labelNames: ['policy'] as const,
    registers: [registry],
    collect() {
      this.reset();
      for (const policy of app.platform.limits.policies()) this.inc({ policy: policy.name }, 0);
      for (const [policy, count] of runCounts.limitRefusals()) this.inc({ policy }, count);
    },
  });

  new Gauge({
    name: 'hurryup_mail_outbox_messages',
    help: 'Messages in the mail outbox by status (pending: not delivered yet; failed: given up)',
    labelNames: ['status'] as const,
    registers: [registry],
    async collect() {
      this.reset();
      this.set({ status: 'pending' }, 0);
      this.set({ status: 'failed' }, 0);
      try {
        const rows = await app.database.db
          .selectFrom('mail_outbox')
          .select(['status', sql<number>`count(*)`.as('count')])
          .where('status', 'in', ['pending', 'failed'])
          .groupBy('status')
          .execute();
        for (const row of rows) this.set({ status: row.status }, Number(row.count));
      } catch (error) {
        app.log.warn(
          { err: error instanceof Error ? error.message : error },
          'metrics: could not count the mail outbox',
        );
      }
    },
  });

  // PostgreSQL's connection pool; SQLite has none.
  const databasePool = (): PoolFigures | undefined => app.database.pool;
  const poolGauge = (name: string, help: string, field: keyof PoolFigures) =>
    new Gauge({
      name,
      help,
      registers: [registry],
      collect() {
        const figures = databasePool();
        if (figures) this.set(figures[field]);
      },
    });
  // Only where there is a pool: a gauge never set would read 0.
  if (databasePool()) {
    poolGauge(
      'hurryup_database_pool_connections',
      'Connections the database pool holds (PostgreSQL)',
      'totalCount',
    );
    poolGauge(
      'hurryup_database_pool_idle',
      'Idle connections in the database pool (PostgreSQL)',
      'idleCount',
    );
    poolGauge(
      'hurryup_database_pool_waiting',
      'Queries waiting for a connection (PostgreSQL)',
      'waitingCount',
    );
  }

  app.get('/metrics', { schema: { hide: true } }, async (request, reply) => {
    reply.header('cache-control', 'no-store');
    if (!bearerMatches(request.headers.authorization, token)) {
      reply.header('www-authenticate', 'Bearer');
      return sendError(reply, 401, {
        error: 'The metrics need the bearer token METRICS_TOKEN.',
        code: errorCodes.unauthorized,
      });
    }
    const text = await registry.metrics();
    return reply.type(registry.contentType).send(text);
  });
}
