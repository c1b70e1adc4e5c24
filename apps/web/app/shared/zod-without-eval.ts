/**
 * zod builds object parsers with `new Function()` unless told not to, and probes for it with `Function('')`
 * when its first `z.object` is made, which is when a contract module is evaluated. The site's CSP allows no
 * eval, so the probe is reported as a CSP violation on every page that calls the API, although zod catches
 * it. `z.config({ jitless: true })` cannot run early enough (the bundler evaluates zod and the shared schemas
 * in one chunk before any module that imports them), so the setting goes where zod 4 reads it, its one
 * global configuration object, before zod is loaded. Its answers are the same; it parses without compiling.
 */
export function zodWithoutEval() {
  const holder = globalThis as { __zod_globalConfig?: { jitless?: boolean } };
  holder.__zod_globalConfig ??= {};
  holder.__zod_globalConfig.jitless = true;
}
