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
 *
 * Not `NODE_COMPILE_CACHE`: Node's compile cache spared each start the TypeScript stripper (a start to the
 * first page 1.3–1.5 s instead of 1.8 s), but a process holds what it read from the cache for its whole life:
 * measured here, 189–194 MB after start and 199–200 MB after every page with it, 172–173 and 186–190 without
 * (issue 28 asks 200 at most). An operator who restarts often and has the memory may set it (decision 0044).
 */
export const serverEnvironment = {
  MALLOC_ARENA_MAX: '2',
  MALLOC_MMAP_THRESHOLD_: '131072',
} as const;

/** The same as `NAME=${NAME:-value}` words for a shell command line (package.json's scripts, the launcher). */
export const serverEnvironmentWords: string[] = Object.entries(serverEnvironment).map(
  ([name, value]) => `${name}=\${${name}:-${value}}`,
);
