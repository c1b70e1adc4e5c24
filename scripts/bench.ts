/**
 * `npm run bench`: throughput and latency of the content pages and `/api/posts` (uncached render path and
 * page cache, on SQLite and on PostgreSQL), each page beside a bare Node server answering the same Brotli
 * bytes from memory, and post search with 20,000 posts. Everything runs on loopback against the production
 * build; nothing here is a pass/fail test. BENCH_SECONDS (default 15) sets each run's length;
 * BENCH_POSTGRES_URL (or TEST_DATABASE_URL) a PostgreSQL server where a scratch database is created;
 * BENCH_BASELINE_DIR another checkout, installed and built, whose uncached render path is measured beside
 * this one's (BENCH_ONLY picks sections: pages, api, baseline, search, market, comments, engines, redirects,
 * dictionary, speech, options, timings, and the others listed in `sections`).
 */
import { type ChildProcess, spawn } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { technicalRating } from '@hurryup/market/technical-rating';
import autocannon from 'autocannon';
import pg from 'pg';
import { allMigrations } from '../apps/server/src/app/build-app.ts';
import { features } from '../apps/server/src/app/features.ts';
import { openDatabase } from '../apps/server/src/db/database.ts';
import { migrateToLatest } from '../apps/server/src/db/migrate.ts';
import { tablesOf } from '../apps/server/src/db/tables-of.ts';
import { createEnginePool } from '../apps/server/src/engines/engine-pool.ts';
import { makeImageCopy } from '../apps/server/src/engines/image-copy/image-copy.ts';
import { createMarketRepository } from '../apps/server/src/features/market/market.repository.ts';
import { createMarketService, ratingBars } from '../apps/server/src/features/market/market.service.ts';
import type { MarketTables } from '../apps/server/src/features/market/market.tables.ts';
import { createMarketDataReadModel } from '../apps/server/src/features/market/market-data.ts';
import { importMarketFolder } from '../apps/server/src/features/market/market-import.ts';
import { NIFTY_50_STOCKS } from '../apps/server/src/features/market/market-instruments.ts';
import type { PostTables } from '../apps/server/src/features/posts/posts.tables.ts';
import { PostSearchIndex } from '../apps/server/src/features/posts/posts-search-index.ts';
import { systemClock } from '../apps/server/src/shared/clock.ts';
import { benchDictionary } from './bench-dictionary.ts';
import { benchEvents } from './bench-events.ts';
import { benchNutrition } from './bench-nutrition.ts';
import { benchOcr } from './bench-ocr.ts';
import { benchOptions } from './bench-options.ts';
import { benchShortener } from './bench-shortener.ts';
import { benchSpeech } from './bench-speech.ts';
import { benchTimings } from './bench-timings.ts';
import { benchTranslation } from './bench-translation.ts';
import {
  freePort,
  repoRoot,
  requireBuild,
  startServer,
  stopServer,
  waitForBackgroundWork,
} from './production-server.ts';

const durationSeconds = Number(process.env.BENCH_SECONDS ?? 15);
const connections = 50;
// What every browser sends; without it the server would skip compression altogether.
const browserHeaders = { 'accept-encoding': 'br, gzip' };
const postgresUrl = process.env.BENCH_POSTGRES_URL ?? process.env.TEST_DATABASE_URL;

requireBuild();
const stop = stopServer;
// BENCH_ONLY: a comma-separated list of the sections below (default: all).
const sections = [
  'pages',
  'api',
  'baseline',
  'search',
  'market',
  'comments',
  'engines',
  'redirects',
  'dictionary',
  'speech',
  'options',
  'translation',
  'events',
  'ocr',
  'nutrition',
  'timings',
];
const only = process.env.BENCH_ONLY?.split(',').map((section) => section.trim());
const unknownSections = only?.filter((section) => !sections.includes(section)) ?? [];
if (unknownSections.length > 0) {
  console.error(
    `BENCH_ONLY: unknown section ${unknownSections.join(', ')}; choose from ${sections.join(', ')}.`,
  );
  process.exit(1);
}
const runs = (section: string) => !only || only.includes(section);

interface Figures {
  rps: number;
  p50: number;
  p99: number;
  errors: number;
}

async function measure(
  url: string,
  paths: string[],
  connectionCount = connections,
  seconds = durationSeconds,
  requests: autocannon.Request[] = paths.map((p) => ({ method: 'GET', path: p })),
): Promise<Figures> {
  const result = await autocannon({
    url,
    connections: connectionCount,
    duration: seconds,
    headers: browserHeaders,
    requests,
  });
  return {
    rps: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    errors: result.errors + result.non2xx,
  };
}

/**
 * Two servers measured in alternating rounds. The machine's speed drifts (other work on it) within seconds,
 * so each round's pair is compared by itself: the share is the median of the rounds' ratios a/b, and the
 * figures printed are each server's best round. Five short rounds rather than three long ones: more pairs
 * to take the median of.
 */
const pairRounds = 5;
async function measurePair(a: () => Promise<Figures>, b: () => Promise<Figures>, rounds = pairRounds) {
  const best = (x: Figures | undefined, y: Figures) => (x && x.rps >= y.rps ? x : y);
  let first: Figures | undefined;
  let second: Figures | undefined;
  const ratios: number[] = [];
  for (let round = 0; round < rounds; round += 1) {
    const [x, y] = [await a(), await b()];
    ratios.push(x.rps / y.rps);
    first = best(first, x);
    second = best(second, y);
  }
  ratios.sort((p, q) => p - q);
  return { a: first!, b: second!, share: ratios[Math.floor(ratios.length / 2)]! };
}

const figures = (f: Figures) =>
  `${f.rps.toFixed(0).padStart(6)} req/s  p50 ${String(f.p50).padStart(3)} ms  p99 ${String(f.p99).padStart(4)} ms${f.errors ? ` (${f.errors} errors)` : ''}`;

async function load(
  title: string,
  url: string,
  paths: string[],
  connectionCount = connections,
  requests?: autocannon.Request[],
) {
  const result = await measure(url, paths, connectionCount, durationSeconds, requests);
  console.log(`${title.padEnd(44)} ${figures(result)}`);
}

/**
 * The page's Brotli bytes exactly as the server sends them (fetch() would decode them, and the bare server
 * would then send the whole HTML under a Brotli label).
 */
function brotliBytesOf(url: string): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    http
      .get(url, { headers: { 'accept-encoding': 'br' } }, (response) => {
        if (response.headers['content-encoding'] !== 'br') {
          reject(new Error(`${url} was not sent with Brotli`));
          return;
        }
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('end', () => resolve(Buffer.concat(chunks)));
      })
      .on('error', reject);
  });
}

/** A bare Node http server, in its own process, answering `body` (Brotli) to every request. */
async function startBareServer(body: Buffer): Promise<{ url: string; child: ChildProcess; file: string }> {
  const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'hurryup-bare-')), 'page.br');
  fs.writeFileSync(file, body);
  const port = await freePort();
  const child = spawn(
    process.execPath,
    [
      '-e',
      `const body = require('node:fs').readFileSync(process.argv[1]);
       require('node:http').createServer((request, response) => {
         response.writeHead(200, { 'content-type': 'text/html; charset=utf-8', 'content-encoding': 'br', 'content-length': body.length });
         response.end(body);
       }).listen(Number(process.argv[2]), '127.0.0.1', () => process.send?.('ready') ?? console.log('ready'));`,
      file,
      String(port),
    ],
    { stdio: ['ignore', 'pipe', 'inherit'] },
  );
  await new Promise<void>((resolve) => child.stdout!.once('data', () => resolve()));
  return { url: `http://127.0.0.1:${port}`, child, file };
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
  bare?: Figures;
  /** Median of the rounds' warm/bare ratios. */
  share?: number;
}

/**
 * The content pages and /api/posts on one database: "cold" with the page cache off (every request renders,
 * as when the cache is empty), "warm" with it filled; beside each page, the bare server with its bytes,
 * measured in alternating rounds (the best round of each).
 */
async function contentPages(label: string, env: Record<string, string>, withBare: boolean) {
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
    const roundSeconds = Math.max(1, Math.round(durationSeconds / pairRounds));
    for (const [i, [, page]] of pages.entries()) {
      await fetch(`${cached.url}${page}`);
      if (!withBare) {
        rows[i]!.warm = await measure(cached.url, [page]);
        continue;
      }
      const body = await brotliBytesOf(`${cached.url}${page}`);
      const bare = await startBareServer(body);
      const pair = await measurePair(
        () => measure(cached.url, [page], connections, roundSeconds),
        () => measure(bare.url, ['/'], connections, roundSeconds),
      );
      Object.assign(rows[i]!, { warm: pair.a, bare: pair.b, share: pair.share });
      await stop(bare.child);
      fs.rmSync(path.dirname(bare.file), { recursive: true, force: true });
    }
    await stop(cached.child);
  } finally {
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
  console.log(
    `${'page'.padEnd(20)} ${'cold (renders every request)'.padEnd(44)} ${'warm (page cache)'.padEnd(44)} ${withBare ? 'bare server, same bytes                    warm/bare (median of paired rounds)' : ''}`,
  );
  for (const row of rows) {
    const share = row.share === undefined ? '' : `${(row.share * 100).toFixed(0)} %`;
    console.log(
      `${row.name.padEnd(20)} ${row.cold ? figures(row.cold).padEnd(44) : ''.padEnd(44)} ${row.warm ? figures(row.warm).padEnd(44) : '(not a page; not cached)'.padEnd(44)} ${row.bare ? figures(row.bare).padEnd(42) : ''} ${share.padStart(5)}`,
    );
  }
}

console.log(
  `Benchmarks (${os.cpus().length} cores, ${connections} connections, ${durationSeconds} s each, loopback, accept-encoding: br, gzip)`,
);

// 1. Seed content: the pages and the API, on SQLite and on PostgreSQL.
if (runs('pages')) await contentPages('SQLite', {}, true);
if (runs('pages') && postgresUrl) {
  const database = await scratchPostgres(postgresUrl);
  try {
    await contentPages('PostgreSQL', { DATABASE_URL: database.url }, true);
  } finally {
    await database.drop();
  }
} else if (runs('pages')) {
  console.log(
    '\nPostgreSQL: skipped (set BENCH_POSTGRES_URL to a server where a scratch database may be created)',
  );
}

/**
 * Every public GET call of the API (from the OpenAPI document) beside a cached page in the same run, at
 * 50 connections with a browser's Accept-Encoding: each call's rate as a share of the page's, and its p99.
 * Targets (issue 17): at least half the page's rate, p99 under 25 ms. Market calls have data when
 * ../shared/data/market (or MARKET_DATA_DIR) exists.
 */
async function apiReads() {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'hurryup-bench-api-'));
  const marketFolder = path.resolve(repoRoot, process.env.MARKET_DATA_DIR ?? '../shared/data/market');
  const { url, child } = await startServer(
    dataDir,
    fs.existsSync(marketFolder) ? { MARKET_DATA_DIR: marketFolder } : {},
  );
  try {
    await waitForBackgroundWork(dataDir);
    const images = (await (await fetch(`${url}/api/images`)).json()) as { url: string }[];
    const deviceId = '0f8fad5b-d9cb-469f-a165-70867728950e';
    await fetch(`${url}/api/indicators/save`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ device_id: deviceId, nifty: 24000, rsi: 55, vix: 13 }),
    });
    // Values for the query parameters a call requires.
    const required: Record<string, string> = {
      imageUrl: images[0]?.url ?? '',
      device_id: deviceId,
      ingr: '2 rotis',
    };
    type Operation = {
      security?: unknown[];
      parameters?: { in: string; name: string; required?: boolean }[];
    };
    const document = (await (await fetch(`${url}/api/openapi.json`)).json()) as {
      paths: Record<string, { get?: Operation }>;
    };
    const calls: string[] = [];
    for (const [callPath, { get }] of Object.entries(document.paths)) {
      // The health probe is never cached: it answers for this moment.
      if (!get || (get.security?.length ?? 0) > 0 || callPath === '/api/health' || callPath.includes('{'))
        continue;
      const query = (get.parameters ?? [])
        .filter((parameter) => parameter.in === 'query' && parameter.required)
        .map((parameter) => `${parameter.name}=${encodeURIComponent(required[parameter.name] ?? '')}`);
      calls.push(query.length > 0 ? `${callPath}?${query.join('&')}` : callPath);
    }
    const page = '/blog';
    await fetch(`${url}${page}`);
    const pageFigures = await measure(url, [page]);
    console.log(`\nPublic API reads beside the cached page ${page}: ${figures(pageFigures)}`);
    console.log(`${'call'.padEnd(52)} ${'figures'.padEnd(44)} share of page  targets (>= 50 %, p99 < 25 ms)`);
    for (const call of calls) {
      const status = (await fetch(`${url}${call}`, { headers: browserHeaders })).status;
      const result = await measure(url, [call]);
      const share = result.rps / pageFigures.rps;
      const met = share >= 0.5 && result.p99 < 25 && result.errors === 0;
      console.log(
        `${`${call.slice(0, 46)}${status === 200 ? '' : ` ${status}`}`.padEnd(52)} ${figures(result).padEnd(44)} ${`${(share * 100).toFixed(0)} %`.padStart(6)}         ${met ? 'met' : 'NOT MET'}`,
      );
    }
  } finally {
    await stop(child);
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}
if (runs('api')) await apiReads();

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

if (process.env.BENCH_BASELINE_DIR && runs('baseline'))
  await uncachedAgainstBaseline(path.resolve(process.env.BENCH_BASELINE_DIR));

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;

const words = [
  'upi',
  'nifty',
  'option',
  'audio',
  'hindi',
  'safety',
  'budget',
  'exam',
  'java',
  'image',
  'pdf',
  'rsi',
  'vix',
  'monsoon',
  'nutrition',
  'translate',
  'straddle',
  'lot',
  'expiry',
  'compress',
];
function generatedPost(i: number) {
  const pick = (k: number) => words[(i * 7 + k * 13) % words.length]!;
  return {
    title: `${pick(0)} ${pick(1)} guide ${i} ${pick(2)}`,
    title_key: `${pick(0)} ${pick(1)} guide ${i} ${pick(2)}`,
    author: i % 4 === 0 ? null : `Writer ${i % 97}`,
    created_at: new Date(Date.UTC(2020, 0, 1) + i * 3_600_000).toISOString(),
    description: `How ${pick(3)} and ${pick(4)} work together, part ${i}, with notes on ${pick(5)}.`,
    image: null,
    content: `First paragraph about ${pick(1)}.\n\nSecond paragraph about ${pick(2)}.`,
    imgf: 0,
    content_array: null,
    updated_at: new Date().toISOString(),
  };
}

// 2. Post search with 20,000 posts.
if (runs('search')) {
  const count = 20_000;
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'hurryup-bench-search-'));
  const database = openDatabase({ sqliteFile: path.join(dataDir, 'site.sqlite') });
  await migrateToLatest(database, allMigrations(features));
  const rows = Array.from({ length: count }, (_, i) => generatedPost(i + 1));
  await database.db.transaction().execute(async (tx) => {
    for (let i = 0; i < rows.length; i += 500)
      await tablesOf<PostTables>(tx)
        .insertInto('posts')
        .values(rows.slice(i, i + 500))
        .execute();
  });
  await database.close();

  const index = new PostSearchIndex();
  const buildStart = performance.now();
  index.replaceAll(rows.map((r, i) => ({ id: i + 1, title: r.title, description: r.description })));
  const buildMs = performance.now() - buildStart;
  const queries = words
    .flatMap((w) => [w, w.slice(0, 4), `${w} guide`, `${w.slice(0, -1)}x`])
    .filter((q) => q.length >= 3);
  const timings: number[] = [];
  for (let round = 0; round < 20; round += 1) {
    for (const q of queries) {
      const start = performance.now();
      index.search(q);
      timings.push(performance.now() - start);
    }
  }
  timings.sort((a, b) => a - b);
  console.log(`\nPost search, ${count.toLocaleString('en-IN')} posts`);
  console.log(`${'index build'.padEnd(44)} ${buildMs.toFixed(0)} ms`);
  console.log(
    `${'in-process search'.padEnd(44)} p50 ${percentile(timings, 50).toFixed(2)} ms   p99 ${percentile(timings, 99).toFixed(2)} ms   (${timings.length} queries)`,
  );

  const { url, child } = await startServer(dataDir, { SEED_CONTENT: 'false' });
  console.log('');
  const searchPaths = queries.map((q) => `/api/posts/search?q=${encodeURIComponent(q)}`);
  await load('GET /api/posts/search, 1 connection', url, searchPaths, 1);
  await load(`GET /api/posts/search, ${connections} connections`, url, searchPaths);
  await stopServer(child);
  fs.rmSync(dataDir, { recursive: true, force: true });
}

// Market data: the import of every file of ../shared/data/market (or MARKET_DATA_DIR), then the technical
// rating of the 50 stocks from the stored bars (warm: after a first run).
if (runs('market')) {
  const folder = path.resolve(repoRoot, process.env.MARKET_DATA_DIR ?? '../shared/data/market');
  if (fs.existsSync(folder)) {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'hurryup-bench-market-'));
    const database = openDatabase({ sqliteFile: path.join(dataDir, 'site.sqlite') });
    await migrateToLatest(database, allMigrations(features));
    const db = tablesOf<MarketTables>(database.db);
    const importStart = performance.now();
    const imported = await importMarketFolder(db, folder);
    const importMs = performance.now() - importStart;
    const skipStart = performance.now();
    await importMarketFolder(db, folder);
    const skipMs = performance.now() - skipStart;
    console.log(`
Market data, ${folder}`);
    console.log(
      `${'import (SQLite)'.padEnd(44)} ${imported.rows.toLocaleString('en-IN')} rows of ${imported.files.length} files in ${importMs.toFixed(0)} ms = ${Math.round(imported.rows / (importMs / 1000)).toLocaleString('en-IN')} rows/s`,
    );
    console.log(`${'start-up re-import (all files unchanged)'.padEnd(44)} ${skipMs.toFixed(0)} ms`);
    const repository = createMarketRepository(db);
    const market = createMarketService({
      repository,
      clock: systemClock,
      data: createMarketDataReadModel(db, async () => 0),
    });
    await market.rateAllStocks();
    const stored = await repository.recentBarsOf(NIFTY_50_STOCKS, '2000-01-01');
    const rateOnly: number[] = [];
    for (let round = 0; round < 20; round += 1) {
      const start = performance.now();
      for (const bars of stored.values()) technicalRating(bars.slice(-ratingBars));
      rateOnly.push(performance.now() - start);
    }
    rateOnly.sort((a, b) => a - b);
    console.log(
      `${`technical rating of ${stored.size} stocks (warm, bars in memory)`.padEnd(44)} p50 ${percentile(rateOnly, 50).toFixed(1)} ms   max ${rateOnly.at(-1)!.toFixed(1)} ms`,
    );
    const timings: number[] = [];
    let rated = 0;
    for (let round = 0; round < 20; round += 1) {
      const start = performance.now();
      rated = (await market.rateAllStocks()).size;
      timings.push(performance.now() - start);
    }
    timings.sort((a, b) => a - b);
    console.log(
      `${`technical rating of ${rated} stocks (read + rate)`.padEnd(44)} p50 ${percentile(timings, 50).toFixed(1)} ms   max ${timings.at(-1)!.toFixed(1)} ms`,
    );
    await database.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  } else
    console.log(`
Market data: ${folder} not found; set MARKET_DATA_DIR to measure the import and ratings`);
}

if (runs('events')) await benchEvents();

// 4. Comments and the image gallery's page weight.
if (runs('comments')) {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'hurryup-bench-gallery-'));
  // Behind a (pretend) proxy, so each benchmark request can come from its own visitor address and the
  // per-visitor comment limits (5 a minute) measure the save path rather than refusals.
  const { url, child } = await startServer(dataDir, { TRUST_PROXY: '127.0.0.1' });
  await waitForBackgroundWork(dataDir);
  const images = (await (await fetch(`${url}/api/images`)).json()) as { url: string }[];
  console.log(`\nGalleries and comments: ${images.length} gallery images`);
  const commentPaths = images.map((image) => `/api/comments?imageUrl=${encodeURIComponent(image.url)}`);
  let sent = 0;
  const post = (): autocannon.Request => ({
    method: 'POST',
    path: '/api/saveComment',
    headers: { 'content-type': 'application/json' },
    setupRequest(request) {
      sent += 1;
      return {
        ...request,
        headers: {
          ...request.headers,
          'x-forwarded-for': `10.${(sent >> 16) & 255}.${(sent >> 8) & 255}.${sent & 255}`,
        },
        body: JSON.stringify({
          imageUrl: images[sent % images.length]!.url,
          comment: `Benchmark comment number ${sent}`,
          elapsedMs: 5000,
        }),
      };
    },
  });
  await load('POST /api/saveComment (new visitor each)', url, [], connections, [post()]);
  await load('GET /api/comments (after the saves)', url, commentPaths);

  // Contact messages stored in the mail outbox (no SMTP here: they stay pending), each from its own visitor
  // so the per-visitor limit (5 in 10 minutes) measures the store path rather than refusals.
  let contacts = 0;
  const contactPost: autocannon.Request = {
    method: 'POST',
    path: '/api/contact',
    headers: { 'content-type': 'application/json' },
    setupRequest(request) {
      contacts += 1;
      return {
        ...request,
        headers: {
          ...request.headers,
          'x-forwarded-for': `10.${(contacts >> 16) & 255}.${(contacts >> 8) & 255}.${contacts & 255}`,
        },
        body: JSON.stringify({
          email: `visitor${contacts}@example.in`,
          message: `Benchmark message ${contacts}`,
        }),
      };
    },
  };
  await load('POST /api/contact (new visitor each)', url, [], connections, [contactPost]);

  // Pages that show no comments stay cached while visitors comment (issue 17: one comment used to empty
  // the whole page cache, and /blog fell from 12,723 to 153 requests a second at 20 comments a second).
  await load('GET /blog (quiet)', url, ['/blog']);
  let writer = 0;
  const commenting = setInterval(() => {
    writer += 1;
    void fetch(`${url}/api/saveComment`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        'x-forwarded-for': `172.16.${(writer >> 8) & 255}.${writer & 255}`,
      },
      body: JSON.stringify({
        imageUrl: images[writer % images.length]!.url,
        comment: `While reading ${writer}`,
      }),
    }).catch(() => undefined);
  }, 50);
  await load('GET /blog (20 comments a second meanwhile)', url, ['/blog']);
  clearInterval(commenting);
  const stillCached = (await fetch(`${url}/blog`)).headers.get('x-page-cache');
  console.log(
    `${'/blog after the comments'.padEnd(44)} x-page-cache: ${stillCached} (${writer} comments sent)`,
  );

  // Bytes of pictures a 390 px phone loads on /infopic before scrolling (lazy ones below do not load).
  const { chromium } = await import('playwright-core');
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-gpu'],
  });
  for (const round of ['first visit (copies made on demand)', 'copies ready']) {
    const page = await browser.newPage({ viewport: { width: 390, height: 844 }, deviceScaleFactor: 2 });
    const loaded: { path: string; bytes: number }[] = [];
    page.on('requestfinished', async (request) => {
      if (request.resourceType() !== 'image') return;
      const sizes = await request.sizes();
      loaded.push({ path: new URL(request.url()).pathname, bytes: sizes.responseBodySize });
    });
    await page.goto(`${url}/infopic`, { waitUntil: 'networkidle' });
    // The pictures a visitor sees before scrolling (Chromium also fetches lazy ones a little further down).
    const visible = await page.evaluate<string[]>(
      '[...document.images].filter((img) => img.getBoundingClientRect().top < innerHeight).map((img) => new URL(img.currentSrc).pathname)',
    );

    const bytesOf = (paths: string[]) =>
      loaded.filter((image) => paths.includes(image.path)).reduce((sum, image) => sum + image.bytes, 0);
    const originalOf = (variant: string) =>
      `/content/images/${variant.replace(/^\/img\/\d+\//, '').replace(/\.(avif|webp)$/, '')}`;
    const originals = await Promise.all(
      visible.map(async (variant) =>
        variant.startsWith('/img/')
          ? (await (await fetch(`${url}${originalOf(variant)}`)).arrayBuffer()).byteLength
          : 0,
      ),
    );
    const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;
    console.log(
      `${`/infopic 390 px 2x, above the fold [${round}]`.padEnd(44)} ${kb(bytesOf(visible))} in ${visible.length} images (as PNGs ${kb(originals.reduce((a, b) => a + b, 0))}); whole first load ${kb(bytesOf(loaded.map((l) => l.path)))} in ${loaded.length}`,
    );
    await page.close();
  }
  await browser.close();
  await stopServer(child);
  fs.rmSync(dataDir, { recursive: true, force: true });
}

// The image-copy engine, warm (its thread started and sharp loaded): one copy at a time, as the background
// loop makes them, of a seed gallery picture (1080 px wide).
if (runs('engines')) {
  const engines = createEnginePool({ threadBudget: 1 });
  const scratch = fs.mkdtempSync(path.join(os.tmpdir(), 'hurryup-bench-copies-'));
  const source = path.join(
    repoRoot,
    'content/images/gallery',
    fs.readdirSync(path.join(repoRoot, 'content/images/gallery')).find((name) => name.endsWith('.png'))!,
  );
  const copy = (width: number, format: 'avif' | 'webp', round: number) =>
    makeImageCopy(engines, {
      source,
      target: path.join(scratch, `${round}-${width}.${format}`),
      width,
      format,
    });
  await copy(400, 'webp', -1);
  const rounds = 10;
  for (const format of ['avif', 'webp'] as const) {
    for (const width of [400, 800]) {
      const started = performance.now();
      for (let round = 0; round < rounds; round += 1) await copy(width, format, round);
      console.log(
        `${`image-copy engine: ${width} px ${format}`.padEnd(44)} ${((performance.now() - started) / rounds).toFixed(0).padStart(5)} ms per copy (warm)`,
      );
    }
  }
  await engines.close();
  fs.rmSync(scratch, { recursive: true, force: true });
}

if (runs('redirects')) await benchShortener(durationSeconds);
if (runs('dictionary')) await benchDictionary();
if (runs('speech')) await benchSpeech();
if (runs('options')) await benchOptions();
if (runs('translation')) await benchTranslation();
if (runs('ocr')) await benchOcr();
if (runs('nutrition')) await benchNutrition();
// Durations the tests used to assert (comments, hostile feeds, the outgoing client): printed, never judged.
if (runs('timings')) await benchTimings();
