import type { ApiCall, CallRequest, CallResult } from '@hurryup/contracts/api-call';
import type { CallOptions } from './api-client.ts';

/**
 * A call's definition, imported when the call is made:
 * `() => import('@hurryup/contracts/post').then((contract) => contract.searchPosts)`.
 */
export type LazyCall<C extends ApiCall> = () => Promise<C>;

/**
 * zod builds object parsers with `new Function()` unless told not to, and probes for it with `Function('')`
 * when its first `z.object` is made, which is when a contract module is evaluated. The site's CSP allows no
 * eval, so the probe is reported as a CSP violation on every page that calls the API, although zod catches
 * it. `z.config({ jitless: true })` cannot run early enough (the bundler evaluates zod and the shared schemas
 * in one chunk before any module that imports them), so the setting goes where zod 4 reads it, its one
 * global configuration object, before zod is loaded. Its answers are the same; it parses without compiling.
 */
function zodWithoutEval() {
  const holder = globalThis as { __zod_globalConfig?: { jitless?: boolean } };
  holder.__zod_globalConfig ??= {};
  holder.__zod_globalConfig.jitless = true;
}

async function clientAnd<C extends ApiCall>(call: LazyCall<C>) {
  zodWithoutEval();
  return Promise.all([import('./api-client.ts'), call()]);
}

/**
 * `callApi` for a page: the API client, the call's contract and zod (about 24 KB Brotli together) load
 * with the first call, not with the page (docs/decisions/0019-javascript-budget-for-more-routes.md). A page
 * imports this module, never `api-client.ts` or a contract module with schemas, and passes its call as an
 * `import()`; the types stay checked as if it called `callApi` itself.
 */
export async function callApiLazily<C extends ApiCall>(
  call: LazyCall<C>,
  request?: CallRequest<C>,
  options?: CallOptions,
): Promise<CallResult<C>> {
  const [{ callApi }, definition] = await clientAnd(call);
  return callApi(definition, request, options);
}

/** `callApiForFile` the same way: for calls whose answer is a file (audio, text). */
export async function callApiForFileLazily<C extends ApiCall>(
  call: LazyCall<C>,
  request?: CallRequest<C>,
  options?: CallOptions,
): Promise<Blob> {
  const [{ callApiForFile }, definition] = await clientAnd(call);
  return callApiForFile(definition, request, options);
}
