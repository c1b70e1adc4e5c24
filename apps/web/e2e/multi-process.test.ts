import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { Queue } from 'bullmq';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { e2eAdminToken, type RunningServer, startServer, startWorker, stopServer } from './global-setup.ts';

const databaseUrl = process.env.TEST_DATABASE_URL;
const redisUrl = process.env.TEST_REDIS_URL;
const feedFixtures = path.resolve(import.meta.dirname, '../../server/test/fixtures/feeds');

/**
 * Two web processes and one worker on one PostgreSQL database and one Redis, as docs/operations.md
 * describes running the site on several processes. CI (`.ci/run`) provides both databases.
 */
if (!databaseUrl || !redisUrl)
  console.warn(
    '\n!!! multi-process.test.ts NOT RUN: it needs TEST_DATABASE_URL and TEST_REDIS_URL (.ci/run sets both). !!!\n',
  );

describe.runIf(databaseUrl && redisUrl)('several processes on PostgreSQL and Redis', () => {
  const database = `hurryup_mp_${process.pid}_${Math.random().toString(36).slice(2, 8)}`;
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'hurryup-e2e-mp-'));
  const feedRequests = new Map<string, number>();
  let feeds: http.Server;
  let web: RunningServer[] = [];
  let worker: RunningServer | undefined;
  let env: Record<string, string>;

  const admin = (url: string, pathname: string, method: string, body?: unknown) =>
    fetch(`${url}${pathname}`, {
      method,
      headers: {
        authorization: `Bearer ${e2eAdminToken}`,
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });

  /** A job as the status screen shows it, from the run log every process writes. */
  const jobStatus = async (name: string) => {
    const status = (await (await admin(web[0]!.url, '/api/admin/status', 'GET')).json()) as {
      jobs: {
        name: string;
        runs: number;
        lastRun: { finishedAt: string | null; outcome: string } | null;
      }[];
    };
    return status.jobs.find((job) => job.name === name);
  };

  beforeAll(async () => {
    const client = new pg.Client({ connectionString: databaseUrl });
    await client.connect();
    await client.query(`create database ${database}`);
    await client.end();
    // A news feed that counts how often it is fetched: the schedule must fetch it once per period.
    feeds = http.createServer((request, response) => {
      const pathname = new URL(request.url ?? '/', 'http://127.0.0.1').pathname;
      feedRequests.set(pathname, (feedRequests.get(pathname) ?? 0) + 1);
      if (pathname !== '/et.rss') return void response.writeHead(404).end();
      response
        .writeHead(200, { 'content-type': 'application/rss+xml; charset=utf-8' })
        .end(fs.readFileSync(path.join(feedFixtures, 'et-markets.rss.xml')));
    });
    await new Promise<void>((resolve) => feeds.listen(0, '127.0.0.1', resolve));
    const feedUrl = `http://127.0.0.1:${(feeds.address() as AddressInfo).port}`;
    const url = new URL(databaseUrl!);
    url.pathname = `/${database}`;
    env = {
      DATABASE_URL: url.toString(),
      REDIS_URL: redisUrl!,
      REDIS_PREFIX: database,
      DATA_DIR: dataDir,
      RATE_LIMIT_MAX: '100000',
      NEWS_FEED_URLS: `${feedUrl}/et.rss`,
      TRENDS_FEED_URL: `${feedUrl}/trends`,
      YOUTUBE_FEED_URL: `${feedUrl}/videos`,
      FEEDS_REFRESH_MINUTES: '60',
      FEEDS_TIMEOUT_MS: '3000',
    };
    // The first process seeds the empty database; the others start on it.
    web.push(await startServer(env));
    const [startedWorker, second] = await Promise.all([startWorker(env), startServer(env)]);
    worker = startedWorker;
    web.push(second);
  });

  afterAll(async () => {
    await Promise.all([...web, ...(worker ? [worker] : [])].map((process) => stopServer(process)));
    web = [];
    await new Promise<void>((resolve) => feeds?.close(() => resolve()));
    const client = new pg.Client({ connectionString: databaseUrl });
    await client.connect();
    await client.query(`drop database if exists ${database} with (force)`);
    await client.end();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it('holds a visitor limit across both web processes (comments: 5 a minute)', async () => {
    const images = (await (await fetch(`${web[0]!.url}/api/images`)).json()) as { url: string }[];
    const imageUrl = images[0]!.url;
    const statuses: number[] = [];
    for (let i = 0; i < 8; i += 1) {
      const res = await fetch(`${web[i % 2]!.url}/api/saveComment`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ imageUrl, comment: `Comment number ${i} from one visitor`, elapsedMs: 5000 }),
      });
      statuses.push(res.status);
    }
    expect(statuses.filter((status) => status === 201 || status === 200)).toHaveLength(5);
    expect(statuses.slice(5)).toEqual([429, 429, 429]);
  });

  it('runs a scheduled job once per period, whichever of the three processes gets it', async () => {
    // All three processes define the feed schedule; its first period fetches the feed once.
    // Waited for through the run log every process writes: the first period's run, finished.
    const newsJob = () => jobStatus('market-news.news');
    await vi.waitFor(
      async () => {
        expect((await newsJob())?.lastRun?.finishedAt).toEqual(expect.any(String));
      },
      { timeout: 30_000, interval: 100 },
    );
    // One run recorded across the three processes, and the feed fetched once.
    expect((await newsJob())?.runs).toBe(1);
    expect(feedRequests.get('/et.rss')).toBe(1);
    const news = (await (await fetch(`${web[1]!.url}/api/news`)).json()) as { news: unknown[] };
    expect(news.news.length).toBeGreaterThan(0);
  });

  it("shows a post edited through one process fresh on the other's next page", async () => {
    const [first, second] = web as [RunningServer, RunningServer];
    const created = await admin(first.url, '/api/admin/posts', 'POST', {
      title: 'Two processes, one post',
      createdAt: '2026-11-24',
      content: 'The first version of this post.',
    });
    expect(created.status).toBe(201);
    const post = (await created.json()) as { id: number; title: string };
    // Cached on the second process: asked until two answers in a row are one cached page (the start-up jobs
    // of three processes may still be writing, and each write makes the next page fresh).
    let cached = false;
    for (let i = 0; i < 50 && !cached; i += 1) {
      expect((await fetch(`${second.url}/userforum`)).status).toBe(200);
      cached = (await fetch(`${second.url}/userforum`)).headers.get('x-page-cache') === 'hit';
    }
    expect(cached).toBe(true);
    const replaced = await admin(first.url, `/api/admin/posts/${post.id}`, 'PUT', {
      title: 'Two processes, one post, edited',
      createdAt: '2026-11-24',
      content: 'The second version of this post.',
    });
    expect(replaced.status).toBe(200);
    // Other processes learn of a write within a second of their clock (docs/decisions/0012-page-cache.md):
    // asked until the page shows it, bounded by the attempts, never by a measured time.
    await vi.waitFor(
      async () => {
        const html = await (await fetch(`${second.url}/userforum`)).text();
        expect(html).toContain('Two processes, one post, edited');
      },
      { timeout: 20_000, interval: 100 },
    );
  });

  it('runs each engine task once: queued by the web processes, made by the worker', async () => {
    // At start one process wins the `image-variants.make-missing` period; its copies are `engine.image-copy`
    // tasks, which the worker takes from Redis. Every copy must have been made exactly once.
    const { hostname, port, pathname } = new URL(redisUrl!);
    const queue = new Queue('engine.image-copy', {
      connection: { host: hostname, port: Number(port || 6379), db: Number(pathname.slice(1) || 0) },
      prefix: database,
    });
    try {
      // The pass ends once every copy it queued was made (it waits for each): the run log says when.
      await vi.waitFor(
        async () => {
          expect((await jobStatus('image-variants.make-missing'))?.lastRun?.outcome).toBe('succeeded');
        },
        { timeout: 150_000, interval: 250 },
      );
      const counts = await queue.getJobCounts('waiting', 'active', 'delayed', 'completed', 'failed');
      expect(counts.waiting).toBe(0);
      expect(counts.active).toBe(0);
      expect(counts.failed).toBe(0);
      expect(counts.completed).toBeGreaterThan(0);
      const jobs = await queue.getJobs(['completed'], 0, -1);
      const targets = jobs.map((job) => (job.data as { input: { target: string } }).input.target);
      expect(new Set(targets).size).toBe(targets.length);
      console.info(
        `multi-process: ${targets.length} image copies queued by the web processes, each made once by the worker`,
      );
      // Each made copy is on the shared disk, where both web processes serve it from.
      for (const target of targets) expect(fs.existsSync(target), target).toBe(true);
      const copy = path.relative(path.join(dataDir, 'images'), targets[0]!).split(path.sep);
      const served = await fetch(`${web[1]!.url}/img/${copy.join('/')}`);
      expect(served.status).toBe(200);
    } finally {
      await queue.close();
    }
  }, 180_000);
});
