/**
 * The V8 flags every server process starts with: `npm run serve` and `npm run worker` (package.json), the
 * bundle's launcher (scripts/bundle.ts) and the measuring scripts' server (scripts/production-server.ts).
 *
 * `--max-semi-space-size=16`: V8 sizes the young generation from the machine's memory; on this 24 GB machine
 * it grew to two 64 MB halves (128 MB resident for short-lived objects alone), on a 1 GB server it would be
 * small. 16 MB halves (Node 18's default) keep the process near 100 MB smaller; more frequent young
 * collections are the price, not measured yet in requests a second (docs/decisions/0044-memory-of-a-web-process.md).
 */
export const serverNodeFlags = ['--max-semi-space-size=16'] as const;

/**
 * The environment every server process starts with, unless the operator set it: `MALLOC_ARENA_MAX=2`. glibc
 * gives each thread that allocates (the engine pool's, libvips') its own malloc arena, up to eight per core,
 * and returns little of them; measured here, two arenas kept a web process about 60 MB smaller after its
 * engines had run, at no measured cost (docs/decisions/0044-memory-of-a-web-process.md). It must be set
 * before the process starts: glibc reads it once.
 */
export const serverEnvironment = { MALLOC_ARENA_MAX: '2' } as const;

/** The same as `NAME=${NAME:-value}` words for a shell command line (package.json, the launcher). */
export const serverEnvironmentWords = Object.entries(serverEnvironment).map(
  ([name, value]) => `${name}=\${${name}:-${value}}`,
);
