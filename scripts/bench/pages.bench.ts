/**
 * Section `pages` of `npm run bench`: the content pages and `/api/posts`, "cold" with the page cache off
 * (every request renders, as when the cache is empty) and "warm" with it filled, on SQLite and, with
 * BENCH_POSTGRES_URL (or TEST_DATABASE_URL), on PostgreSQL. autocannon runs in this process: these are
 * absolute figures; the fair comparison with a bare server is the `routes` section. Section `baseline`:
 * the uncached render path beside another checkout (BENCH_BASELINE_DIR).
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import {
  autocannonLoad,
  type BenchOptions,
  defineBenchSection,
  type LoadFigures as Figures,
  figuresText as figures,
  getRequests,
  median,
  startServer,
  stopServer as stop,
  waitForBackgroundWork,
} from './kit.ts';

const connections = 50;
let durationSeconds = 3;
const measure = (url: string, paths: string[], connectionCount = connections, seconds = durationSeconds) =>
  autocannonLoad(url, getRequests(paths), { connections: connectionCount, seconds });

/** Two servers in alternating rounds: each one's median round, and the median of the rounds' ratios a/b. */
async function measurePair(a: () => Promise<Figures>, b: () => Promise<Figures>, rounds: number) {
  const first: Figures[] = [];
  const second: Figures[] = [];
  for (let round = 0; round < rounds; round += 1) {
    first.push(await a());
    second.push(await b());
  }
  const of = (all: Figures[]): Figures => ({
    rps: median(all.map((f) => f.rps)),
    p50: median(all.map((f) => f.p50)),
    p99: median(all.map((f) => f.p99)),
    errors: all.reduce((sum, f) => sum + f.errors, 0),
  });
  return { a: of(first), b: of(second), share: median(first.map((f, i) => f.rps / second[i]!.rps)) };
}

/** A scratch PostgreSQL database for one run, dropped afterwards. */
async function scratchPostgres(adminUrl: string) {
  const name = `hurryup_bench_${process.pid}_${Date.now().toString(36)}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`create database "${name}"`);
  await admin.end();
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    async drop() {
      const cleanup = new pg.Client({ connectionString: adminUrl });
      await cleanup.connect();
      await cleanup.query(`drop database if exists "${name}" with (force)`);
      await cleanup.end();
    },
  };
}

interface PageRow {
  name: string;
  cold?: Figures;
  warm?: Figures;
}

/**
 * The content pages and /api/posts on one database: "cold" with the page cache off (every request renders,
 * as when the cache is empty), "warm" with it filled.
 */
async function contentPages(label: string, env: Record<string, string>) {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'hurryup-bench-'));
  const rows: PageRow[] = [];
  try {
    const uncached = await startServer(dataDir, { ...env, PAGE_CACHE_MAX_PAGES: '0' });
    await waitForBackgroundWork(dataDir);
    console.log(
      `\n${label}: cold start (spawn to healthy, fresh database) ${uncached.coldStartMs.toFixed(0)} ms`,
    );
    const posts = (await (await fetch(`${uncached.url}/api/posts?limit=3`)).json()) as { title: string }[];
    const pages: [string, string][] = [
      ['/', '/'],
      ['/blog', '/blog'],
      ['/userforum', '/userforum'],
      ['/post/:id', `/post/${encodeURIComponent(posts[0]!.title)}`],
      ['/SearchPage?q=upi', '/SearchPage?q=upi'],
      ['/aboutus', '/aboutus'],
      ['/offers', '/offers'],
    ];
    for (const [name, page] of pages) rows.push({ name, cold: await measure(uncached.url, [page]) });
    rows.push({ name: '/api/posts', cold: await measure(uncached.url, ['/api/posts']) });
    await stop(uncached.child);

    const cached = await startServer(dataDir, { ...env, SEED_CONTENT: 'false' });
    for (const [i, [, page]] of pages.entries()) {
      await fetch(`${cached.url}${page}`);
      rows[i]!.warm = await measure(cached.url, [page]);
    }
    await stop(cached.child);
  } finally {
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
  console.log(`${'page'.padEnd(20)} ${'cold (renders every request)'.padEnd(44)} warm (page cache)`);
  for (const row of rows) {
    console.log(
      `${row.name.padEnd(20)} ${row.cold ? figures(row.cold).padEnd(44) : ''.padEnd(44)} ${row.warm ? figures(row.warm) : '(not a page; not cached)'}`,
    );
  }
}

/**
 * The uncached render path beside a baseline: another checkout of this repository, installed and built
 * (BENCH_BASELINE_DIR), e.g. the commit before a change to the request path. Both servers render every
 * request (page cache off) on SQLite with the seed content and are measured in three alternating rounds
 * of BENCH_SECONDS each; the share is the median of the rounds' ratios, as for the bare server.
 */
async function uncachedAgainstBaseline(baselineDir: string) {
  if (!fs.existsSync(path.join(baselineDir, 'apps/web/build/server/index.js'))) {
    console.log(`\nBaseline: ${baselineDir} has no production build ("npm run build" there first)`);
    return;
  }
  const dirs = [0, 1].map(() => fs.mkdtempSync(path.join(os.tmpdir(), 'hurryup-bench-baseline-')));
  const uncached = { PAGE_CACHE_MAX_PAGES: '0' };
  const ours = await startServer(dirs[0]!, uncached);
  const theirs = await startServer(dirs[1]!, uncached, baselineDir);
  await Promise.all(dirs.map((dir) => waitForBackgroundWork(dir)));
  try {
    const [post] = (await (await fetch(`${ours.url}/api/posts?limit=1`)).json()) as { title: string }[];
    const pages: [string, string][] = [
      ['/blog', '/blog'],
      ['/userforum', '/userforum'],
      ['/post/:id', `/post/${encodeURIComponent(post!.title)}`],
      ['/SearchPage?q=upi', '/SearchPage?q=upi'],
      ['/aboutus', '/aboutus'],
    ];
    console.log(
      `\nUncached render path (page cache off, SQLite) beside the baseline ${baselineDir}\n${'page'.padEnd(20)} ${'this checkout'.padEnd(44)} ${'baseline'.padEnd(44)} this/baseline`,
    );
    // Whole-length rounds: every round opens 50 connections at once after the server sat idle, and in a
    // short round the few requests of that first burst decide the p99 of both servers.
    for (const [name, page] of pages) {
      const pair = await measurePair(
        () => measure(ours.url, [page]),
        () => measure(theirs.url, [page]),
        3,
      );
      console.log(
        `${name.padEnd(20)} ${figures(pair.a).padEnd(44)} ${figures(pair.b).padEnd(44)} ${(pair.share * 100).toFixed(0).padStart(5)} %`,
      );
    }
  } finally {
    await stop(ours.child);
    await stop(theirs.child);
    for (const dir of dirs) fs.rmSync(dir, { recursive: true, force: true });
  }
}

async function benchPages(options: BenchOptions) {
  durationSeconds = options.seconds;
  const postgresUrl = process.env.BENCH_POSTGRES_URL ?? process.env.TEST_DATABASE_URL;
  await contentPages('SQLite', {});
  if (postgresUrl) {
    const database = await scratchPostgres(postgresUrl);
    try {
      await contentPages('PostgreSQL', { DATABASE_URL: database.url });
    } finally {
      await database.drop();
    }
  } else {
    console.log(
      '\nPostgreSQL: skipped (set BENCH_POSTGRES_URL to a server where a scratch database may be created)',
    );
  }
}

export default [
  defineBenchSection({
    name: 'pages',
    title: 'content pages rendered (page cache off) and cached, SQLite and PostgreSQL',
    order: 40,
    run: benchPages,
  }),
  defineBenchSection({
    name: 'baseline',
    title: 'the uncached render path beside another checkout (BENCH_BASELINE_DIR)',
    order: 41,
    onRequestOnly: true,
    async run(options) {
      durationSeconds = options.seconds;
      if (!process.env.BENCH_BASELINE_DIR) {
        console.log('baseline: set BENCH_BASELINE_DIR to another checkout, installed and built');
        return;
      }
      await uncachedAgainstBaseline(path.resolve(process.env.BENCH_BASELINE_DIR));
    },
  }),
];
