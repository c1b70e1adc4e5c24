/**
 * `npm run bench`: the site's figures, section by section, against the production build. Nothing here is a
 * pass/fail test; durations and memory live here, never in tests. Each section is a file `*.bench.ts` whose
 * default export is a section (or a list of them, `defineBenchSection` in scripts/bench/kit.ts): the
 * platform's under scripts/bench/, a feature's or an engine's beside its code
 * (`apps/server/src/features/<area>/<area>.bench.ts`); this script finds them, so a new feature never edits
 * it.
 *
 *   npm run bench                             every section (long: tens of minutes)
 *   npm run bench -- --quick                  one short round of each measurement
 *   npm run bench -- --only=routes,ocr        some sections (BENCH_ONLY)
 *   npm run bench -- --routes=/blog,/daylow   some routes of the `routes` section (BENCH_ROUTES)
 *   npm run bench -- --seconds=3 --rounds=2   each measured round's length and the rounds per pair
 *                                             (BENCH_SECONDS, BENCH_ROUNDS)
 *   npm run bench -- --list                   the sections
 *
 * BENCH_POSTGRES_URL (or TEST_DATABASE_URL) adds PostgreSQL to the `pages` section; BENCH_BASELINE_DIR
 * compares the uncached render path with another checkout; MARKET_DATA_DIR and EVENTS_DATA_DIR give the
 * trading pages their data.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { BenchOptions, BenchSection } from './bench/kit.ts';
import { repoRoot, requireBuild } from './production-server.ts';

const flags = new Map(
  process.argv.slice(2).map((arg) => {
    const [name, ...value] = arg.replace(/^--/, '').split('=');
    return [name!, value.length > 0 ? value.join('=') : 'true'] as const;
  }),
);
const setting = (flag: string, env: string) => flags.get(flag) ?? process.env[env];
const list = (value: string | undefined) =>
  value
    ?.split(',')
    .map((part) => part.trim())
    .filter(Boolean);

/** Every `*.bench.ts` of the platform (scripts/bench) and of the server's features and engines. */
function sectionFiles(): string[] {
  const roots = ['scripts/bench', 'apps/server/src'];
  return roots
    .flatMap((root) =>
      fs
        .readdirSync(path.join(repoRoot, root), { recursive: true })
        .map(String)
        .filter((name) => name.endsWith('.bench.ts'))
        .map((name) => path.join(repoRoot, root, name)),
    )
    .sort();
}

async function loadSections(): Promise<BenchSection[]> {
  const sections: BenchSection[] = [];
  for (const file of sectionFiles()) {
    const exported = ((await import(pathToFileURL(file).href)) as { default?: BenchSection | BenchSection[] })
      .default;
    if (!exported)
      throw new Error(`${path.relative(repoRoot, file)} has no default export (a bench section)`);
    sections.push(...(Array.isArray(exported) ? exported : [exported]));
  }
  const names = sections.map((section) => section.name);
  const twice = names.filter((name, i) => names.indexOf(name) !== i);
  if (twice.length > 0) throw new Error(`Two bench sections are named ${twice.join(', ')}`);
  return sections.sort((a, b) => (a.order ?? 100) - (b.order ?? 100) || a.name.localeCompare(b.name));
}

const sections = await loadSections();
if (flags.has('list') || flags.has('help')) {
  for (const section of sections)
    console.log(
      `${section.name.padEnd(14)} ${section.title}${section.onRequestOnly ? ' (only when asked for)' : ''}`,
    );
  process.exit(0);
}

const quick = flags.has('quick') || process.env.BENCH_QUICK === '1';
const options: BenchOptions = {
  quick,
  seconds: Number(setting('seconds', 'BENCH_SECONDS') ?? (quick ? 1 : 3)),
  rounds: Number(setting('rounds', 'BENCH_ROUNDS') ?? (quick ? 1 : 3)),
  routes: list(setting('routes', 'BENCH_ROUTES')),
  connections: 50,
};
const only = list(setting('only', 'BENCH_ONLY'));
const unknown = only?.filter((name) => !sections.some((section) => section.name === name)) ?? [];
if (unknown.length > 0) {
  console.error(
    `Unknown section ${unknown.join(', ')}; choose from ${sections.map((section) => section.name).join(', ')}.`,
  );
  process.exit(1);
}

requireBuild();
console.log(
  `Benchmarks (${os.cpus().length} cores, load ${os.loadavg()[0]!.toFixed(1)}, ${options.connections} connections, rounds of ${options.seconds} s x ${options.rounds}${quick ? ', quick' : ''})`,
);
for (const section of sections) {
  if (only ? !only.includes(section.name) : section.onRequestOnly) continue;
  console.log(`\n== ${section.name}: ${section.title}`);
  await section.run(options);
}
