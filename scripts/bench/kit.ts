/**
 * What the sections of `npm run bench` share: the options of the run, the load generator (Debian's `wrk`,
 * a process of its own), a bare Node server in a process of its own answering captured bytes, and the
 * production server (scripts/production-server.ts). A feature adds its own section as
 * `<area>.bench.ts` beside its code (`export default defineBenchSection({...})`); scripts/bench.ts finds it.
 */
import { type ChildProcess, execFile, spawn } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import autocannon from 'autocannon';
import { allMigrations } from '../../apps/server/src/app/build-app.ts';
import { features } from '../../apps/server/src/app/features.ts';
import { type Database, openDatabase } from '../../apps/server/src/db/database.ts';
import { migrateToLatest } from '../../apps/server/src/db/migrate.ts';
import { freePort, repoRoot } from '../production-server.ts';

export {
  freePort,
  repoRoot,
  startServer,
  stopServer,
  waitForBackgroundWork,
} from '../production-server.ts';

/** The options of one run of `npm run bench` (flags or environment). */
export interface BenchOptions {
  /** Seconds of one measured round (BENCH_SECONDS, --seconds). */
  seconds: number;
  /** Rounds per pair of servers, alternating (BENCH_ROUNDS, --rounds). */
  rounds: number;
  /** --quick (BENCH_QUICK=1): one short round each, fewer repetitions; figures only indicative. */
  quick: boolean;
  /** Only routes whose path contains one of these (BENCH_ROUTES, --routes=/blog,/daylow). */
  routes: string[] | undefined;
  connections: number;
}

export interface BenchSection {
  /** What BENCH_ONLY / --only picks it by. */
  name: string;
  /** One line saying what it measures. */
  title: string;
  /** Sections run in this order (then by name); default 100. */
  order?: number;
  /** Not run unless picked by name (slow or needing something extra). */
  onRequestOnly?: boolean;
  run(options: BenchOptions): Promise<void>;
}

export const defineBenchSection = (section: BenchSection) => section;

export const line = (label: string, figure: string, width = 52) =>
  console.log(`${label.padEnd(width)} ${figure}`);

export const median = (values: readonly number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  if (sorted.length === 0) return Number.NaN;
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
};

export const scratchFolder = (name: string) =>
  fs.mkdtempSync(path.join(os.tmpdir(), `hurryup-bench-${name}-`));

/** A SQLite database in `folder` with every feature's tables (a section's own data, without a server). */
export async function migratedDatabase(folder: string): Promise<Database> {
  const database = openDatabase({ sqliteFile: path.join(folder, 'site.sqlite') });
  await migrateToLatest(database, allMigrations(features));
  return database;
}

export interface LoadFigures {
  rps: number;
  /** Latency percentiles in milliseconds. */
  p50: number;
  p99: number;
  /** Answers with a status of 400 or more, and socket errors. */
  errors: number;
}

const wrkPath = process.env.WRK_PATH ?? '/usr/bin/wrk';
export const hasWrk = () => fs.existsSync(wrkPath);

function milliseconds(figure: string): number {
  const match = /^([\d.]+)(us|ms|s|m)$/.exec(figure);
  if (!match) return Number.NaN;
  const value = Number(match[1]);
  return match[2] === 'us'
    ? value / 1000
    : match[2] === 'ms'
      ? value
      : match[2] === 's'
        ? value * 1000
        : value * 60_000;
}

const luaScripts = new Map<string, string>();
/** A wrk script that sends the paths in turn. */
function rotatingScript(paths: readonly string[]): string {
  const key = paths.join('\n');
  let file = luaScripts.get(key);
  if (!file) {
    file = path.join(scratchFolder('wrk'), 'paths.lua');
    const list = paths.map((p) => JSON.stringify(p)).join(', ');
    fs.writeFileSync(
      file,
      `local paths = { ${list} }\nlocal i = 0\nrequest = function()\n  i = i % #paths + 1\n  return wrk.format("GET", paths[i])\nend\n`,
    );
    luaScripts.set(key, file);
  }
  return file;
}

/**
 * `wrk` against `url` (one thread, `connections` connections, a browser's Accept-Encoding) for `seconds`,
 * in its own process: requests a second and the latency percentiles it measured.
 */
export function wrk(
  url: string,
  paths: readonly string[],
  options: { seconds: number; connections: number },
): Promise<LoadFigures> {
  const args = [
    '-t1',
    `-c${options.connections}`,
    `-d${Math.max(1, Math.round(options.seconds))}s`,
    '--latency',
    '-H',
    'accept-encoding: br, gzip',
  ];
  if (paths.length > 1) args.push('-s', rotatingScript(paths));
  args.push(`${url}${paths[0]}`);
  return new Promise((resolve, reject) => {
    execFile(wrkPath, args, { encoding: 'utf8' }, (error, stdout) => {
      if (error) return reject(new Error(`wrk failed: ${error.message}`));
      const rps = Number(/Requests\/sec:\s+([\d.]+)/.exec(stdout)?.[1]);
      const percentile = (p: string) =>
        milliseconds(new RegExp(`^\\s+${p}%\\s+(\\S+)`, 'm').exec(stdout)?.[1] ?? '');
      const errors =
        Number(/Non-2xx or 3xx responses:\s+(\d+)/.exec(stdout)?.[1] ?? 0) +
        [...stdout.matchAll(/(connect|read|write|timeout) (\d+)/g)].reduce((sum, m) => sum + Number(m[2]), 0);
      resolve({ rps, p50: percentile('50'), p99: percentile('99'), errors });
    });
  });
}

export interface CapturedAnswer {
  status: number;
  headers: http.OutgoingHttpHeaders;
  /** The body exactly as sent (Brotli when the server compressed it). */
  body: Buffer;
}

/** The answer to `GET path` exactly as the server sends it to a browser (status, headers, raw body bytes). */
export function captureAnswer(url: string, pathname: string): Promise<CapturedAnswer> {
  return new Promise((resolve, reject) => {
    http
      .get(`${url}${pathname}`, { headers: { 'accept-encoding': 'br, gzip' } }, (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('end', () => {
          const headers = { ...response.headers };
          // Per request or per connection: the bare server's Node sets its own.
          for (const name of ['date', 'connection', 'keep-alive', 'transfer-encoding']) delete headers[name];
          resolve({ status: response.statusCode ?? 0, headers, body: Buffer.concat(chunks) });
        });
      })
      .on('error', reject);
  });
}

export interface BareServer {
  url: string;
  child: ChildProcess;
  stop(): Promise<void>;
}

/**
 * A bare Node `http` server in a process of its own answering each path with its captured answer (the
 * same status, headers and bytes): what the site's answer would cost with no framework at all.
 */
export async function startBareServer(answers: ReadonlyMap<string, CapturedAnswer>): Promise<BareServer> {
  const folder = scratchFolder('bare');
  const file = path.join(folder, 'answers.json');
  fs.writeFileSync(
    file,
    JSON.stringify(
      [...answers].map(([p, a]) => [
        p,
        { status: a.status, headers: a.headers, body: a.body.toString('base64') },
      ]),
    ),
  );
  const port = await freePort();
  const child = spawn(
    process.execPath,
    [
      '-e',
      `const answers = new Map(JSON.parse(require('node:fs').readFileSync(process.argv[1], 'utf8')).map(
         ([p, a]) => [p, { ...a, body: Buffer.from(a.body, 'base64') }]));
       require('node:http').createServer((request, response) => {
         const answer = answers.get(request.url);
         if (answer === undefined) { response.writeHead(404, { 'content-length': 0 }); response.end(); return; }
         response.writeHead(answer.status, answer.headers);
         response.end(answer.body);
       }).listen(Number(process.argv[2]), '127.0.0.1', () => console.log('ready'));`,
      file,
      String(port),
    ],
    { stdio: ['ignore', 'pipe', 'inherit'] },
  );
  await new Promise<void>((resolve) => child.stdout!.once('data', () => resolve()));
  return {
    url: `http://127.0.0.1:${port}`,
    child,
    async stop() {
      if (child.exitCode === null) {
        const exited = new Promise((resolve) => child.once('exit', resolve));
        child.kill('SIGTERM');
        await exited;
      }
      fs.rmSync(folder, { recursive: true, force: true });
    },
  };
}

export interface PairFigures {
  site: LoadFigures;
  bare: LoadFigures;
  /** Median of the rounds' site/bare ratios. */
  share: number;
}

/**
 * The site and the bare server under the same load in alternating rounds (bare first, then the site, and
 * so on: the machine's speed drifts, so each round's pair is compared by itself). Each figure is the
 * median of its rounds.
 */
export async function alternate(
  site: () => Promise<LoadFigures>,
  bare: () => Promise<LoadFigures>,
  rounds: number,
): Promise<PairFigures> {
  const sites: LoadFigures[] = [];
  const bares: LoadFigures[] = [];
  for (let round = 0; round < rounds; round += 1) {
    bares.push(await bare());
    sites.push(await site());
  }
  const of = (all: LoadFigures[]): LoadFigures => ({
    rps: median(all.map((f) => f.rps)),
    p50: median(all.map((f) => f.p50)),
    p99: median(all.map((f) => f.p99)),
    errors: all.reduce((sum, f) => sum + f.errors, 0),
  });
  return {
    site: of(sites),
    bare: of(bares),
    share: median(sites.map((s, i) => s.rps / bares[i]!.rps)),
  };
}

/** Resident memory of a process in MB (VmRSS, Linux), undefined where it cannot be read. */
export function residentMb(pid: number): number | undefined {
  try {
    const match = /^VmRSS:\s+(\d+)\s+kB/m.exec(fs.readFileSync(`/proc/${pid}/status`, 'utf8'));
    return match ? Number(match[1]) / 1024 : undefined;
  } catch {
    return undefined;
  }
}

/** The process ids of `pid`'s children, grandchildren and so on (Linux /proc). */
export function descendantsOf(pid: number): number[] {
  const parents = new Map<number, number[]>();
  for (const entry of fs.readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = fs.readFileSync(`/proc/${entry}/stat`, 'utf8');
      const parent = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
      parents.set(parent, [...(parents.get(parent) ?? []), Number(entry)]);
    } catch {
      // gone meanwhile
    }
  }
  const found: number[] = [];
  const visit = (of: number) => {
    for (const child of parents.get(of) ?? []) {
      found.push(child);
      visit(child);
    }
  };
  visit(pid);
  return found;
}

/**
 * autocannon in this process, for figures that compare nothing with a bare server (a POST path's rate, a
 * search over many queries): `requests` as autocannon takes them, with a browser's Accept-Encoding.
 */
export async function autocannonLoad(
  url: string,
  requests: autocannon.Request[],
  options: { seconds: number; connections: number },
): Promise<LoadFigures> {
  const result = await autocannon({
    url,
    connections: options.connections,
    duration: options.seconds,
    headers: { 'accept-encoding': 'br, gzip' },
    requests,
  });
  return {
    rps: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    errors: result.errors + result.non2xx,
  };
}

export const getRequests = (paths: readonly string[]): autocannon.Request[] =>
  paths.map((p) => ({ method: 'GET', path: p }));

export const figuresText = (f: LoadFigures) =>
  `${f.rps.toFixed(0).padStart(6)} req/s  p50 ${String(f.p50).padStart(3)} ms  p99 ${String(f.p99).padStart(4)} ms${f.errors ? ` (${f.errors} errors)` : ''}`;

/** Waits `ms` of real time (a benchmark measures real time; features' code uses the platform clock). */
export const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Calls `tick` every `ms` of real time until the returned function is called. */
export function repeatEvery(ms: number, tick: () => void): () => void {
  const handle = setInterval(tick, ms);
  return () => clearInterval(handle);
}

/** The `p`th percentile of sorted values. */
export const percentile = (sorted: readonly number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;

/**
 * Every page path of the production build's route table with the samples of its parameterised routes:
 * the browser tests' own list (apps/web/e2e/page-routes.ts), asked of the server at `url`.
 */
export async function pagePathsOf(url: string): Promise<string[]> {
  // page-routes.ts asks the server through apps/web/e2e/api.ts, which reads this when not in vitest.
  process.env.E2E_BASE_URL = url;
  const file = pathToFileURL(path.join(repoRoot, 'apps/web/e2e/page-routes.ts')).href;
  const { pagePaths } = (await import(file)) as { pagePaths(): Promise<string[]> };
  return pagePaths();
}

/** CPU time a process has used (user + system), in clock ticks (Linux /proc). */
function cpuTicks(pid: number): number | undefined {
  try {
    const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return Number(fields[11]) + Number(fields[12]);
  } catch {
    return undefined;
  }
}

/**
 * Waits until a process has finished the work a load left behind (requests still queued when `wrk`
 * stopped: a page that renders on every request can leave seconds of them): until it uses under a tenth
 * of a core over a quarter of a second, or `maxMs` passed.
 */
export async function waitUntilIdle(pid: number, maxMs = 30_000) {
  const started = performance.now();
  let before = cpuTicks(pid);
  while (before !== undefined && performance.now() - started < maxMs) {
    await pause(250);
    const now = cpuTicks(pid);
    if (now === undefined || now - before <= 2) return;
    before = now;
  }
}
