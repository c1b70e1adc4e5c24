/**
 * After `react-router build`: writes Brotli and Zopfli-gzip copies of the client files (served as they are by
 * @fastify/static's preCompressed option, so no CPU is spent compressing per request), then prints the
 * JavaScript a first visit to every page downloads, and fails when any page exceeds 100 KB Brotli (or the
 * home page 110 KB gzip).
 */
import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { brotliCompressSync, constants as zlib } from 'node:zlib';
import { gzipAsync } from '@gfx/zopfli';
import { matchRoutes, type RouteObject, type ServerBuild } from 'react-router';

// docs/decisions/0007-javascript-budget.md explains the figures: every page is held to the Brotli budget (what
// browsers download), the home page also to the gzip one.
const pageBudget = { brotli: 100 * 1024 };
const homeBudget = { gzip: 110 * 1024, brotli: 100 * 1024 };
const compressible = /\.(js|css|svg|json|txt|xml|html|map)$/;

const buildDir = path.resolve(import.meta.dirname, '../build');
const clientDir = path.join(buildDir, 'client');

async function precompress(dir: string) {
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const file = path.join(dir, entry.name);
    if (entry.isDirectory()) {
      await precompress(file);
      continue;
    }
    if (!compressible.test(entry.name) || entry.name.endsWith('.map')) continue;
    const source = fs.readFileSync(file);
    // Small files too: a page loads several chunks of a few hundred bytes (shared helpers, the runtime) and
    // Brotli still takes a third to a half off each. A copy is kept only when it is smaller.
    const copies = {
      gz: await gzipAsync(source, { numiterations: 15 }),
      br: brotliCompressSync(source, {
        params: { [zlib.BROTLI_PARAM_QUALITY]: 11, [zlib.BROTLI_PARAM_SIZE_HINT]: source.length },
      }),
    };
    for (const [encoding, copy] of Object.entries(copies)) {
      if (copy.length < source.length) fs.writeFileSync(`${file}.${encoding}`, copy);
      else fs.rmSync(`${file}.${encoding}`, { force: true });
    }
  }
}
await precompress(clientDir);

const build = (await import(pathToFileURL(path.join(buildDir, 'server/index.js')).href)) as ServerBuild;
const manifest = build.assets;

function routeTree(parentId: string | undefined): RouteObject[] {
  return Object.values(build.routes)
    .filter((route) => route?.parentId === parentId)
    .map((route) => ({
      id: route!.id,
      path: route!.path,
      index: route!.index,
      children: route!.index ? undefined : routeTree(route!.id),
    })) as RouteObject[];
}
const tree = routeTree(undefined);

/** Every page of the route table: parameters get a sample value, the catch-all a path nothing else takes. */
function pagePaths(): string[] {
  const pathOf = (id: string | undefined): string => {
    const route = id ? build.routes[id] : undefined;
    if (!route) return '';
    return [pathOf(route.parentId), route.path ?? ''].filter(Boolean).join('/');
  };
  const paths = Object.values(build.routes)
    .filter((route) => route !== undefined && route.id !== 'root')
    .map((route) =>
      `/${pathOf(route!.id)}`
        .replace(/\/+/g, '/')
        .replace(/:\w+\??/g, 'sample')
        .replace('*', 'no-such-page'),
    );
  return [...new Set(paths)].sort();
}

function scriptsFor(pathname: string): string[] {
  // With lazy route discovery (React Router's default) the page carries its part of the manifest inline,
  // so manifest.url is fetched by no first visit.
  const files = new Set<string>([manifest.entry.module, ...manifest.entry.imports]);
  for (const match of matchRoutes(tree, pathname) ?? []) {
    const route = manifest.routes[match.route.id!];
    if (!route) continue;
    files.add(route.module);
    for (const file of route.imports ?? []) files.add(file);
  }
  return [...files];
}

/** The bytes the server sends for a file with this encoding (a file no copy makes smaller is sent as it is). */
function sentSize(url: string, encoding: 'gz' | 'br'): number {
  const file = path.join(clientDir, url);
  return fs.existsSync(`${file}.${encoding}`)
    ? fs.statSync(`${file}.${encoding}`).size
    : fs.statSync(file).size;
}

const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;
const failures: string[] = [];
console.log('\nJavaScript a first visit downloads:     gzip     brotli');
for (const page of pagePaths()) {
  const files = scriptsFor(page);
  const gzip = files.reduce((sum, file) => sum + sentSize(file, 'gz'), 0);
  const brotli = files.reduce((sum, file) => sum + sentSize(file, 'br'), 0);
  console.log(`  ${page.padEnd(36)} ${kb(gzip).padStart(8)} ${kb(brotli).padStart(10)}`);
  const budget = page === '/' ? homeBudget : pageBudget;
  if (brotli > budget.brotli)
    failures.push(
      `${page} loads ${kb(brotli)} of JavaScript (brotli), over its ${kb(budget.brotli)} budget.`,
    );
  if (page === '/' && gzip > homeBudget.gzip)
    failures.push(`${page} loads ${kb(gzip)} of JavaScript (gzip), over its ${kb(homeBudget.gzip)} budget.`);
}
console.log(
  `  budget (home page gzip, every page brotli) ${kb(homeBudget.gzip).padStart(3)} ${kb(pageBudget.brotli).padStart(10)}\n`,
);
if (failures.length > 0) {
  for (const failure of failures) console.error(failure);
  process.exit(1);
}
