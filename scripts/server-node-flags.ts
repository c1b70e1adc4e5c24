/**
 * The V8 flags every server process starts with: `npm run serve` and `npm run worker` (package.json), the
 * bundle's launcher (scripts/bundle.ts) and the measuring scripts' server (scripts/production-server.ts).
 *
 * `--max-semi-space-size=8`: V8 sizes the young generation from the machine's memory; on this 24 GB machine
 * it grew to two 64 MB halves (128 MB resident for short-lived objects alone). `--heap-growing-percent=15`:
 * the old generation grows by 15 % past what a full collection kept, not by V8's factor of up to four, which
 * left a web process holding 50 MB it did not use after one visit of every page. Measured here
 * (`node scripts/measure-memory.ts`): after every page 265 MB with 16 MB halves, 239 with 8, 216 with both
 * flags; cache hits unchanged, renders 15–25 % fewer a second at most, within the run-to-run noise of
 * `npm run bench` (docs/decisions/0044-memory-of-a-web-process.md). `--optimize-for-size` kept it smaller
 * still (204 MB) but halved renders a second.
 */
export const serverNodeFlags = ['--max-semi-space-size=8', '--heap-growing-percent=15'] as const;

/**
 * The environment every server process starts with, unless the operator set it:
 *
 * - `MALLOC_ARENA_MAX=2`. glibc gives each thread that allocates (the engine pool's, libvips') its own malloc
 *   arena, up to eight per core, and returns little of them; measured here, two arenas kept a web process
 *   about 60 MB smaller after its engines had run, at no measured cost. It must be set before the process
 *   starts: glibc reads it once.
 * - `MALLOC_MMAP_THRESHOLD_=131072`. glibc serves an allocation of 128 KB or more from its own mapping, given
 *   back when freed; by default it raises that threshold to the largest block freed so far (up to 32 MB), and
 *   the compressors' working memory (Brotli at quality 11 for every kept page), the renders' large buffers
 *   and SQLite's stayed in the heap once freed. Measured here: a web process after one visit of every page
 *   214–216 MB without it, 201–203 MB with it (docs/decisions/0044-memory-of-a-web-process.md).
 * - `NODE_COMPILE_CACHE`: Node keeps what it compiled (the TypeScript it stripped, V8's code) in this folder
 *   and the next start reads it back: the TypeScript stripper (a WebAssembly module of some 20 MB) is never
 *   loaded, and a start to the first page took 0.95 s instead of 1.6 s. A relative folder is under the
 *   current directory; the bundle's launcher puts it inside the bundle. A folder it cannot write costs only
 *   the saving (docs/decisions/0044-memory-of-a-web-process.md).
 */
export const serverEnvironment = {
  MALLOC_ARENA_MAX: '2',
  MALLOC_MMAP_THRESHOLD_: '131072',
  NODE_COMPILE_CACHE: 'node_modules/.cache/node-compile',
} as const;

/**
 * The same as `NAME=${NAME:-value}` words for a shell command line (package.json, the launcher). `root`
 * goes before a folder's relative path: the launcher passes `$here/`, the bundle's folder.
 */
export function serverEnvironmentWordsUnder(root: string): string[] {
  return Object.entries(serverEnvironment).map(
    ([name, value]) => `${name}=\${${name}:-${name === 'NODE_COMPILE_CACHE' ? root : ''}${value}}`,
  );
}

/** The words for a command run in the checkout (package.json's scripts). */
export const serverEnvironmentWords = serverEnvironmentWordsUnder('');
