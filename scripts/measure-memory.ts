/**
 * `node scripts/measure-memory.ts`: what one web process of the production build holds, resident (VmRSS of
 * /proc/<pid>/status), at the points of issue 28: after start, after one visit of every page route, after a
 * dictionary and a nutrition lookup, after one OCR and one speech job, and after a minute idle. It also
 * times the start: from spawn to the first answered page and to the first answered trading page. Nothing
 * here is a test: it really waits the idle minute (MEASURE_IDLE_SECONDS changes it). `npm run bench` calls
 * `measureMemory`.
 *
 * MEASURE_NODE_OPTIONS passes flags to the server's node (e.g. `--heapsnapshot-signal=SIGUSR2`); MEASURE_ENV a
 * JSON object of extra settings; MEASURE_VERBOSE=1 prints the resident memory after each page;
 * MEASURE_SNAPSHOTS=<folder> writes a V8 heap snapshot there after start and after every page (to read in
 * Chrome's DevTools, Memory tab) and prints each file's name.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { devbitImagePath, imagePagePath, webStoryPath } from '@hurryup/contracts/gallery-pages';
import { postPath } from '@hurryup/contracts/post-slug';
import { sampleEnglish, textPicture } from '../apps/server/src/engines/ocr/ocr-samples.ts';
import {
  repoRoot,
  requireBuild,
  startServer,
  stopServer,
  waitForBackgroundWork,
} from './production-server.ts';

export interface MemoryOptions {
  /** The checkout to run (this one by default). */
  root?: string;
  /** Seconds to stay idle before the last figure (60 by default). */
  idleSeconds?: number;
  /** Extra settings for the server. */
  env?: Record<string, string>;
  /** Flags for the server's node (NODE_OPTIONS). */
  nodeOptions?: string;
  /** Where progress lines go (console.log by default; `() => {}` for none). */
  log?: (line: string) => void;
  /** Logs the resident memory after every page too. */
  verbose?: boolean;
  /** A folder for heap snapshots after start and after every page (none when unset). */
  snapshots?: string;
}

/** Megabytes resident in the web process at each point, and the start's timings in milliseconds. */
export interface MemoryFigures {
  /** From spawn to the first healthy answer. */
  startToHealthyMs: number;
  /** From spawn to the first answered page (`/`). */
  startToFirstPageMs: number;
  /** From spawn to the first answered trading page (`/daylow`, visited second). */
  startToFirstTradingPageMs: number;
  /** The first start, on an empty database: to healthy, and resident once its background work was done. */
  firstStartMs: number;
  firstStartMb: number;
  afterStartMb: number;
  afterEveryPageMb: number;
  /** How many pages were visited, and those that answered 5xx. */
  pagesVisited: number;
  pagesFailed: string[];
  afterLookupsMb: number;
  afterEnginesMb: number;
  afterIdleMb: number;
  /** The most the process held at any of those points. */
  peakMb: number;
  /** What the process's own child processes (the OCR engine's) held after the engine jobs and after idle. */
  childrenAfterEnginesMb: number;
  childrenAfterIdleMb: number;
}

const kilobytes = (status: string, field: string) =>
  Number(new RegExp(`^${field}:\\s+(\\d+) kB`, 'm').exec(status)?.[1] ?? 0);

/** The resident memory of a process in MB (VmRSS), and its peak so far (VmHWM). */
export function residentMb(pid: number): { rss: number; peak: number } {
  const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
  return { rss: kilobytes(status, 'VmRSS') / 1024, peak: kilobytes(status, 'VmHWM') / 1024 };
}

/** The resident memory of every descendant of a process in MB (the engines' child processes). */
export function descendantsMb(pid: number): number {
  let total = 0;
  const children = (parent: number): number[] => {
    try {
      return fs
        .readFileSync(`/proc/${parent}/task/${parent}/children`, 'utf8')
        .trim()
        .split(/\s+/)
        .filter(Boolean)
        .map(Number);
    } catch {
      return [];
    }
  };
  const queue = children(pid);
  while (queue.length > 0) {
    const child = queue.shift()!;
    try {
      total += residentMb(child).rss;
    } catch {
      // It ended meanwhile.
    }
    queue.push(...children(child));
  }
  return total;
}

interface BuildRoute {
  id: string;
  parentId?: string;
  path?: string;
}

/** Every page path of the build: one per route, parameterised routes with a sample from the running site. */
async function pagePaths(root: string, baseUrl: string): Promise<string[]> {
  const build = (await import(pathToFileURL(path.join(root, 'apps/web/build/server/index.js')).href)) as {
    routes: Record<string, BuildRoute | undefined>;
  };
  const pathOf = (id: string | undefined): string => {
    const route = id ? build.routes[id] : undefined;
    if (!route) return '';
    return [pathOf(route.parentId), route.path ?? ''].filter(Boolean).join('/');
  };
  const patterns = [
    ...new Set(
      Object.values(build.routes)
        .filter((route): route is BuildRoute => route !== undefined && route.id !== 'root')
        .map((route) => `/${pathOf(route.id)}`.replace(/\/+/g, '/')),
    ),
  ].sort();
  const json = async <T>(address: string): Promise<T> => (await fetch(`${baseUrl}${address}`)).json() as T;
  const samples: Record<string, () => Promise<string[]>> = {
    '/post/:postId': async () =>
      (await json<{ title: string }[]>('/api/posts?limit=1')).map((post) => postPath(post.title)),
    '/devbit/:imageUrl?': async () => [
      '/devbit',
      ...Object.values(await json<Record<string, { url: string }[]>>('/api/imgsDev'))
        .flat()
        .slice(0, 1)
        .map((image) => devbitImagePath(image.url)),
    ],
    '/image/:imageUrl?': async () =>
      (await json<{ url: string }[]>('/api/images')).slice(0, 1).map((image) => imagePagePath(image.url)),
    '/webstory/:id': async () =>
      (await json<{ id: number }[]>('/api/webstories')).slice(0, 1).map((story) => webStoryPath(story.id)),
    '/s/:code': async () => {
      const answer = await fetch(`${baseUrl}/api/shorten`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ longUrl: 'https://example.com/measure-memory' }),
      });
      return [`/s/${((await answer.json()) as { code: string }).code}+`];
    },
    // The console's screens answer a visitor who is not signed in with the sign-in form.
    '/admin/content/:kind?/:item?': async () => ['/admin/content', '/admin/content/posts'],
    '/*': async () => ['/no-such-page'],
  };
  const paths: string[] = [];
  for (const pattern of patterns) {
    if (!/[:*]/.test(pattern)) paths.push(pattern);
    else if (samples[pattern]) paths.push(...(await samples[pattern]()));
    else throw new Error(`No sample path for ${pattern}: add one to scripts/measure-memory.ts`);
  }
  return paths;
}

/** Starts the production server with a scratch data folder, measures, stops it and removes the folder. */
export async function measureMemory(options: MemoryOptions = {}): Promise<MemoryFigures> {
  const root = options.root ?? repoRoot;
  const log = options.log ?? ((line: string) => console.log(line));
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'hurryup-memory-'));
  const env: Record<string, string> = {
    MARKET_DATA_DIR: process.env.MARKET_DATA_DIR ?? '',
    EVENTS_DATA_DIR: process.env.EVENTS_DATA_DIR ?? '',
    ...options.env,
  };
  if (options.snapshots) fs.mkdirSync(options.snapshots, { recursive: true });
  const snapshotFlags = options.snapshots
    ? `--heapsnapshot-signal=SIGUSR2 --diagnostic-dir=${path.resolve(options.snapshots)}`
    : '';
  const nodeOptions = [options.nodeOptions ?? '', snapshotFlags].join(' ').trim();
  if (nodeOptions) env.NODE_OPTIONS = nodeOptions;
  for (const [name, value] of Object.entries(env)) if (value === '') delete env[name];
  // The first start fills the empty database (the seed content, MARKET_DATA_DIR) and makes the pictures'
  // responsive copies; what a web process holds is measured on the next start, as after any restart.
  const firstSpawned = performance.now();
  const first = await startServer(dataDir, env, root);
  const firstStartMs = performance.now() - firstSpawned;
  await waitForBackgroundWork(dataDir);
  const firstStartMb = residentMb(first.child.pid!).rss;
  await stopServer(first.child);
  log(`${'first start (empty database) to healthy'.padEnd(52)} ${firstStartMs.toFixed(0).padStart(5)} ms`);
  log(
    `${'  resident once its background work was done'.padEnd(52)} ${firstStartMb.toFixed(0).padStart(5)} MB`,
  );

  const spawned = performance.now();
  const server = await startServer(dataDir, env, root);
  const pid = server.child.pid!;
  try {
    const sinceSpawn = () => performance.now() - spawned;
    const page = async (address: string) => {
      const answer = await fetch(`${server.url}${address}`, {
        headers: { 'accept-encoding': 'br, gzip' },
        redirect: 'manual',
      });
      await answer.arrayBuffer();
      return answer.status;
    };
    const home = await page('/');
    const startToFirstPageMs = sinceSpawn();
    const trading = await page('/daylow');
    const startToFirstTradingPageMs = sinceSpawn();
    if (home !== 200 || trading !== 200) log(`first pages answered ${home} (/) and ${trading} (/daylow)`);
    let peak = 0;
    const point = (label: string) => {
      const { rss } = residentMb(pid);
      peak = Math.max(peak, rss);
      log(`${label.padEnd(52)} ${rss.toFixed(0).padStart(5)} MB`);
      return rss;
    };
    log(`${'start to healthy'.padEnd(52)} ${server.coldStartMs.toFixed(0).padStart(5)} ms`);
    log(`${'start to the first page (/)'.padEnd(52)} ${startToFirstPageMs.toFixed(0).padStart(5)} ms`);
    log(
      `${'start to the first trading page (/daylow)'.padEnd(52)} ${startToFirstTradingPageMs.toFixed(0).padStart(5)} ms`,
    );
    const afterStartMb = point('resident after start (and the first two pages)');
    // Taken after the figure: writing a snapshot makes the process larger.
    const snapshot = async (label: string) => {
      if (!options.snapshots) return;
      const folder = options.snapshots;
      const before = new Set(fs.readdirSync(folder));
      process.kill(pid, 'SIGUSR2');
      const written = () => fs.readdirSync(folder).find((name) => !before.has(name));
      // Complete once its size stops changing; a process that writes none in two minutes is reported.
      let size = -1;
      for (let waited = 0; ; waited += 500) {
        if (waited > 120_000) throw new Error(`no heap snapshot ${label} was written to ${folder}`);
        await new Promise((resolve) => setTimeout(resolve, 500));
        const name = written();
        if (!name) continue;
        const now = fs.statSync(path.join(folder, name)).size;
        if (now === size && now > 0) {
          log(`  heap snapshot ${label}: ${path.join(folder, name)}`);
          return;
        }
        size = now;
      }
    };
    await snapshot('after start');

    const paths = await pagePaths(root, server.url);
    const pagesFailed: string[] = [];
    for (const address of paths) {
      const status = await page(address);
      // A 4xx is a page too ('Page not found', 'Invalid post ID' for /post); a 5xx is a failure.
      if (status >= 500) pagesFailed.push(`${address} ${status}`);
      if (options.verbose) point(`  after ${address}`);
    }
    const afterEveryPageMb = point(`resident after every page (${paths.length})`);
    await snapshot('after every page');

    const lookups = await Promise.all([
      fetch(`${server.url}/api/dictionary/entries/en/running`),
      fetch(`${server.url}/api/nutrition-data?ingr=${encodeURIComponent('1 katori rice')}`),
    ]);
    for (const answer of lookups) {
      await answer.arrayBuffer();
      if (!answer.ok) log(`lookup answered ${answer.status}: ${answer.url}`);
    }
    const afterLookupsMb = point('resident after a dictionary and a nutrition lookup');

    const form = new FormData();
    form.append('file', new Blob([await textPicture(sampleEnglish)], { type: 'image/png' }), 'sample.png');
    const ocr = await fetch(`${server.url}/api/extract-text`, { method: 'POST', body: form });
    if (!ocr.ok) log(`OCR answered ${ocr.status}: ${await ocr.text()}`);
    else await ocr.arrayBuffer();
    const speech = await fetch(`${server.url}/api/generate-audio`, {
      method: 'POST',
      body: new URLSearchParams({
        device_id: '00000000-0000-4000-8000-000000000001',
        text: 'Markets opened higher today as the NIFTY rose on strong buying in banks.',
        lang: 'en',
      }),
    });
    if (!speech.ok) log(`speech answered ${speech.status}: ${await speech.text()}`);
    else await speech.arrayBuffer();
    const afterEnginesMb = point('resident after one OCR and one speech job');
    const childrenAfterEnginesMb = descendantsMb(pid);
    log(`${'  its child processes'.padEnd(52)} ${childrenAfterEnginesMb.toFixed(0).padStart(5)} MB`);

    const idleSeconds = options.idleSeconds ?? 60;
    await new Promise((resolve) => setTimeout(resolve, idleSeconds * 1000));
    const afterIdleMb = point(`resident after ${idleSeconds} s idle`);
    const childrenAfterIdleMb = descendantsMb(pid);
    log(`${'  its child processes'.padEnd(52)} ${childrenAfterIdleMb.toFixed(0).padStart(5)} MB`);
    const peakMb = residentMb(pid).peak;
    log(`${'peak resident (VmHWM)'.padEnd(52)} ${peakMb.toFixed(0).padStart(5)} MB`);
    return {
      startToHealthyMs: server.coldStartMs,
      startToFirstPageMs,
      startToFirstTradingPageMs,
      firstStartMs,
      firstStartMb,
      afterStartMb,
      afterEveryPageMb,
      pagesVisited: paths.length,
      pagesFailed,
      afterLookupsMb,
      afterEnginesMb,
      afterIdleMb,
      peakMb: Math.max(peak, peakMb),
      childrenAfterEnginesMb,
      childrenAfterIdleMb,
    };
  } finally {
    await stopServer(server.child);
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

if (import.meta.main) {
  requireBuild();
  const figures = await measureMemory({
    ...(process.env.MEASURE_IDLE_SECONDS ? { idleSeconds: Number(process.env.MEASURE_IDLE_SECONDS) } : {}),
    ...(process.env.MEASURE_NODE_OPTIONS ? { nodeOptions: process.env.MEASURE_NODE_OPTIONS } : {}),
    ...(process.env.MEASURE_ENV ? { env: JSON.parse(process.env.MEASURE_ENV) } : {}),
    verbose: process.env.MEASURE_VERBOSE === '1',
    ...(process.env.MEASURE_SNAPSHOTS ? { snapshots: process.env.MEASURE_SNAPSHOTS } : {}),
  });
  if (figures.pagesFailed.length > 0) console.log(`pages that failed: ${figures.pagesFailed.join(', ')}`);
}
