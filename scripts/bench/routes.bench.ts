/**
 * `npm run bench -- --only=routes`: every page route of the specification (the production build's route
 * table, with the samples of apps/web/e2e/page-routes.ts), the public API reads and the short-link
 * redirects, each measured the fair way: the site (`npm run serve`'s production server) in its own process,
 * a bare Node `http` server in another answering the same status, headers and Brotli bytes the site sent
 * (captured first), and `wrk` in a third, 50 connections, alternating bare and site; one line per route
 * with the medians and PASS/FAIL against the goal (issue 28): at least 40 % of the bare server's rate with
 * p99 under 25 ms; a redirect at least 35 % of a bare 302 server's with p99 under 10 ms.
 */
import fs from 'node:fs';
import path from 'node:path';
import {
  alternate,
  type BenchOptions,
  type CapturedAnswer,
  captureAnswer,
  defineBenchSection,
  hasWrk,
  type PairFigures,
  pagePathsOf,
  repoRoot,
  scratchFolder,
  startBareServer,
  startServer,
  stopServer,
  waitForBackgroundWork,
  waitUntilIdle,
  wrk,
} from './kit.ts';

/** The market and events data the trading pages show (MARKET_DATA_DIR, EVENTS_DATA_DIR). */
export function marketDataSettings(): Record<string, string> {
  const market = path.resolve(repoRoot, process.env.MARKET_DATA_DIR ?? '../shared/data/market');
  const events = path.resolve(repoRoot, process.env.EVENTS_DATA_DIR ?? '../shared/data/events');
  return {
    ...(fs.existsSync(market) ? { MARKET_DATA_DIR: market } : {}),
    ...(fs.existsSync(events) ? { EVENTS_DATA_DIR: events } : {}),
  };
}

/** The trading pages (tools-and-trading.md): the first of them answered is timed at start (item 6). */
export const tradingPages = [
  '/daylow',
  '/stocks',
  '/volat',
  '/tradingViewData',
  '/tradebot',
  '/tradebot-save-9',
  '/breakout',
  '/optionEdge',
  '/patternDetector',
  '/liveAlert',
  '/impactHeatmap',
  '/straddleSimulator',
  '/optionEdgeBacktest',
  '/eventCalendar',
  '/captions',
  '/trendingNow',
];

interface Target {
  /** What the line says: the path, or a route pattern with its sample. */
  label: string;
  kind: 'page' | 'api' | 'redirect';
  /** The paths wrk sends in turn (one, but for redirects: every sample link). */
  paths: string[];
}

/** The public GET calls of the API (from its OpenAPI document) that need no path parameter. */
async function apiPathsOf(url: string): Promise<string[]> {
  type Operation = { security?: unknown[]; parameters?: { in: string; name: string; required?: boolean }[] };
  const document = (await (await fetch(`${url}/api/openapi.json`)).json()) as {
    paths: Record<string, { get?: Operation }>;
  };
  const images = (await (await fetch(`${url}/api/images`)).json()) as { url: string }[];
  const required: Record<string, string> = {
    imageUrl: images[0]?.url ?? '',
    device_id: '0f8fad5b-d9cb-469f-a165-70867728950e',
    ingr: '2 rotis',
    q: 'upi',
    word: 'market',
  };
  const calls: string[] = [];
  for (const [callPath, { get }] of Object.entries(document.paths)) {
    // The health probes answer for this moment and are never cached; metrics are the operator's.
    if (
      !get ||
      (get.security?.length ?? 0) > 0 ||
      callPath.startsWith('/api/health') ||
      callPath.includes('{')
    )
      continue;
    const query = (get.parameters ?? [])
      .filter((parameter) => parameter.in === 'query' && parameter.required)
      .map((parameter) => `${parameter.name}=${encodeURIComponent(required[parameter.name] ?? 'x')}`);
    calls.push(query.length > 0 ? `${callPath}?${query.join('&')}` : callPath);
  }
  return calls;
}

/** Short links made on the site for the redirect line (25 hot links, as visitors click them). */
async function shortLinks(url: string): Promise<string[]> {
  const paths: string[] = [];
  for (let i = 0; i < 25; i += 1) {
    const response = await fetch(`${url}/api/shorten`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ longUrl: `https://example.com/bench/${i}?utm_source=bench` }),
    });
    if (!response.ok) throw new Error(`POST /api/shorten answered ${response.status}`);
    paths.push(`/s/${((await response.json()) as { code: string }).code}`);
  }
  return paths;
}

const goals = {
  page: { share: 0.4, p99: 25 },
  api: { share: 0.4, p99: 25 },
  redirect: { share: 0.35, p99: 10 },
};

const ms = (value: number) => (Number.isFinite(value) ? value.toFixed(1) : '?');

/** One line of the table (also the row docs/operations.md shows). */
function row(target: Target, status: number, figures: PairFigures) {
  const goal = goals[target.kind];
  const pass = figures.share >= goal.share && figures.site.p99 < goal.p99;
  // A sample of a missing thing (a 404, a 410) is a page like any other: kept apart, a minute at most.
  const verdict = `${pass ? 'PASS' : 'FAIL'} (≥ ${goal.share * 100} %, p99 < ${goal.p99} ms)`;
  // wrk counts every answer that is not 2xx or 3xx as an error: for a missing thing, that is its answer.
  const errors = status >= 400 ? '' : figures.site.errors > 0 ? ` (${figures.site.errors} errors)` : '';
  return `| ${target.label.padEnd(44)} | ${String(status).padStart(3)} | ${figures.site.rps.toFixed(0).padStart(6)} | ${figures.bare.rps.toFixed(0).padStart(6)} | ${`${(figures.share * 100).toFixed(0)} %`.padStart(5)} | ${ms(figures.site.p99).padStart(6)} | ${ms(figures.bare.p99).padStart(6)} | ${verdict}${errors} |`;
}

export async function benchRoutes(options: BenchOptions) {
  if (!hasWrk()) {
    console.log('\nroutes: skipped, wrk is not installed (apt-get install wrk, or set WRK_PATH)');
    return;
  }
  const dataDir = scratchFolder('routes');
  // The production server as `npm run serve` runs it (its default log level), but for the request limit:
  // one address sends everything here.
  const site = await startServer(
    dataDir,
    { ...marketDataSettings(), LOG_LEVEL: 'info' },
    undefined,
    'ignore',
  );
  const answers = new Map<string, CapturedAnswer>();
  let bare: Awaited<ReturnType<typeof startBareServer>> | undefined;
  try {
    await waitForBackgroundWork(dataDir);
    const targets: Target[] = [
      ...(await pagePathsOf(site.url)).map((p): Target => ({ label: p, kind: 'page', paths: [p] })),
      ...(await apiPathsOf(site.url)).map((p): Target => ({ label: p, kind: 'api', paths: [p] })),
    ];
    const links = await shortLinks(site.url);
    targets.push({ label: `/s/<code> (302, ${links.length} links)`, kind: 'redirect', paths: links });
    const chosen = targets.filter(
      (target) => !options.routes || options.routes.some((part) => target.label.includes(part)),
    );
    // Each answer twice first: the first fills the cache, the second is what visitors get from then on.
    for (const target of chosen) {
      for (const p of target.paths) {
        await captureAnswer(site.url, p);
        answers.set(p, await captureAnswer(site.url, p));
      }
    }
    bare = await startBareServer(answers);
    const load = { seconds: options.seconds, connections: options.connections };
    console.log(
      `\nEvery route beside a bare Node server sending the same bytes (own processes; wrk, ${options.connections} connections, ${options.rounds} alternating rounds of ${options.seconds} s, medians)`,
    );
    console.log(
      `| ${'route'.padEnd(44)} | st. | site/s | bare/s | share | p99 ms | bare99 | goal |\n|---|---|---|---|---|---|---|---|`,
    );
    const sitePid = site.child.pid!;
    // Each run of the site ends when it has answered what it was sent (no backlog in the next run).
    const siteRun = async (seconds: number, paths: string[]) => {
      const figures = await wrk(site.url, paths, { ...load, seconds });
      await waitUntilIdle(sitePid);
      return figures;
    };
    for (const target of chosen) {
      // A short warm-up of both (the JIT, the connections).
      await siteRun(1, target.paths);
      await wrk(bare.url, target.paths, { ...load, seconds: 1 });
      const figures = await alternate(
        () => siteRun(options.seconds, target.paths),
        () => wrk(bare!.url, target.paths, load),
        options.rounds,
      );
      console.log(row(target, answers.get(target.paths[0]!)!.status, figures));
    }
  } finally {
    await bare?.stop();
    await stopServer(site.child);
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

export default defineBenchSection({
  name: 'routes',
  title: 'every route beside a bare server sending the same bytes (wrk, own processes)',
  order: 10,
  run: benchRoutes,
});
