import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { ConfigError, loadConfig } from '../shared/config.ts';
import type { Job } from '../shared/jobs.ts';

const token = 'metrics-test-token-0123456789';
let scrapes = 0;
const scrape = (t: TestApp, authorization?: string) =>
  t.app.inject({
    url: '/metrics',
    // Each scrape from an address of its own, so the site-wide limit below (4 a minute) is not theirs.
    remoteAddress: `198.51.100.${++scrapes}`,
    headers: authorization === undefined ? {} : { authorization },
  });

/** The value of one sample line, `name{labels} value`, or undefined when the answer has no such line. */
function sample(text: string, series: string): number | undefined {
  const line = text.split('\n').find((entry) => entry.startsWith(`${series} `));
  return line === undefined ? undefined : Number(line.slice(series.length + 1));
}

describe('GET /metrics without METRICS_TOKEN', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('does not exist', async () => {
    expect((await scrape(t)).statusCode).toBe(404);
    expect((await scrape(t, `Bearer ${token}`)).statusCode).toBe(404);
  });
});

describe('METRICS_TOKEN', () => {
  it('must be at least 16 characters long, and is never echoed in the error', () => {
    try {
      loadConfig({ METRICS_TOKEN: 'short-secret' });
      expect.unreachable('a short token was accepted');
    } catch (error) {
      expect(error).toBeInstanceOf(ConfigError);
      expect(String(error)).toContain('METRICS_TOKEN');
      expect(String(error)).not.toContain('short-secret');
    }
  });
});

describe('GET /metrics with METRICS_TOKEN', () => {
  let t: TestApp;
  let succeeding: Job;
  let failing: Job;
  beforeAll(async () => {
    t = await createTestApp(
      { METRICS_TOKEN: token, RATE_LIMIT_MAX: '4' },
      {
        beforeReady(app) {
          app.get('/test/items/:id', async () => ({ ok: true }));
          succeeding = app.platform.jobs.define({
            name: 'metrics-test.succeeds',
            payload: z.object({}),
            handler: async () => 'done',
          });
          failing = app.platform.jobs.define({
            name: 'metrics-test.fails',
            payload: z.object({}),
            attempts: 1,
            handler: async () => {
              throw new Error('as planned');
            },
          });
        },
      },
    );
  });
  afterAll(() => t.close());

  it('refuses a missing or wrong token with 401, and is never cached', async () => {
    for (const authorization of [undefined, 'Bearer wrong-token-0123456789xx', token, `Basic ${token}`]) {
      const res = await scrape(t, authorization);
      expect(res.statusCode, String(authorization)).toBe(401);
      expect(res.json()).toEqual({
        error: 'The metrics need the bearer token METRICS_TOKEN.',
        code: 'UNAUTHORIZED',
      });
      expect(res.headers['cache-control']).toBe('no-store');
      expect(res.headers['www-authenticate']).toBe('Bearer');
    }
  });

  it("answers Prometheus' text format with the site's figures", async () => {
    for (const id of ['1', '2', 'secret-looking-value'])
      expect((await t.app.inject({ url: `/test/items/${id}`, remoteAddress: '192.0.2.1' })).statusCode).toBe(
        200,
      );
    // The site-wide request limit (RATE_LIMIT_MAX 4 a minute) refuses the fifth request from this address.
    expect((await t.app.inject({ url: '/test/items/3', remoteAddress: '192.0.2.1' })).statusCode).toBe(200);
    expect((await t.app.inject({ url: '/test/items/4', remoteAddress: '192.0.2.1' })).statusCode).toBe(429);
    await succeeding.run({});
    await expect(failing.run({})).rejects.toThrow('as planned');
    await t.app.platform.mail.send({
      to: 'reader@example.org',
      subject: 'Hello',
      text: 'Waiting in the outbox',
    });

    const res = await scrape(t, `Bearer ${token}`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/plain; version=0.0.4; charset=utf-8');
    expect(res.headers['cache-control']).toBe('no-store');
    const text = res.body;

    // Requests by route pattern, never by raw address.
    expect(
      sample(text, 'hurryup_http_requests_total{route="/test/items/:id",method="GET",status="200"}'),
    ).toBe(4);
    expect(
      sample(text, 'hurryup_http_requests_total{route="/test/items/:id",method="GET",status="429"}'),
    ).toBe(1);
    expect(text).not.toContain('secret-looking-value');
    expect(
      sample(
        text,
        'hurryup_http_request_duration_seconds_count{route="/test/items/:id",method="GET",status="200"}',
      ),
    ).toBe(4);
    expect(text).toContain('hurryup_http_request_duration_seconds_bucket{le="90",route="/test/items/:id"');
    // Limits: every policy has a series, the refused one counts its refusal.
    expect(sample(text, 'hurryup_limit_refusals_total{policy="site.requests"}')).toBe(1);
    expect(sample(text, 'hurryup_limit_refusals_total{policy="comments.per-minute"}')).toBe(0);
    // Jobs: tries by outcome.
    expect(sample(text, 'hurryup_job_tries_total{job="metrics-test.succeeds",outcome="succeeded"}')).toBe(1);
    expect(sample(text, 'hurryup_job_tries_total{job="metrics-test.fails",outcome="failed"}')).toBe(1);
    expect(text).toMatch(/^hurryup_job_run_seconds_total\{job="metrics-test.succeeds"\} \d/m);
    // Jobs: the lag from being queued to starting, one observation per run.
    expect(sample(text, 'hurryup_job_lag_seconds_count{job="metrics-test.succeeds"}')).toBe(1);
    expect(sample(text, 'hurryup_job_lag_seconds_bucket{le="+Inf",job="metrics-test.succeeds"}')).toBe(1);
    // The mail outbox, counted at scrape time.
    expect(sample(text, 'hurryup_mail_outbox_messages{status="pending"}')).toBe(1);
    expect(sample(text, 'hurryup_mail_outbox_messages{status="failed"}')).toBe(0);
    // The answer cache (pages and public API answers) and the engine pool of this process.
    for (const name of ['hits_total', 'misses_total', 'stores_total', 'entries', 'bytes'])
      expect(sample(text, `hurryup_answer_cache_${name}`), name).toBeGreaterThanOrEqual(0);
    expect(sample(text, 'hurryup_engine_thread_budget')).toBeGreaterThan(0);
    // PostgreSQL's pool (a sample only where there is a pool: SQLite has none).
    if (t.app.database.dialect === 'postgres')
      expect(sample(text, 'hurryup_database_pool_connections')).toBeGreaterThanOrEqual(1);
    else expect(sample(text, 'hurryup_database_pool_connections')).toBeUndefined();
    // prom-client's default process metrics.
    expect(sample(text, 'process_resident_memory_bytes')).toBeGreaterThan(0);
    expect(text).toContain('# TYPE nodejs_eventloop_lag_seconds gauge');
  });

  it('counts the answer cache hits', async () => {
    const before = (await scrape(t, `Bearer ${token}`)).body;
    const hits = sample(before, 'hurryup_answer_cache_hits_total') ?? 0;
    // A cached public API read, asked twice: a miss, then a hit.
    for (let i = 0; i < 2; i++)
      expect((await t.app.inject({ url: '/api/blogs', remoteAddress: `192.0.2.${10 + i}` })).statusCode).toBe(
        200,
      );
    const after = (await scrape(t, `Bearer ${token}`)).body;
    expect(sample(after, 'hurryup_answer_cache_hits_total')).toBe(hits + 1);
    // Both are in the request counter: the hit path skips the request hooks, not the onResponse ones.
    const series = 'hurryup_http_requests_total{route="/api/blogs",method="GET",status="200"}';
    expect((sample(after, series) ?? 0) - (sample(before, series) ?? 0)).toBe(2);
    // And a later scrape does not count them again.
    expect(sample((await scrape(t, `Bearer ${token}`)).body, series)).toBe(sample(after, series));
  });
});
