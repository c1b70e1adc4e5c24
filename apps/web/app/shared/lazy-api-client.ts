import type { ApiCall, CallRequest, CallResult } from '@hurryup/contracts/api-call';
import type { CallOptions } from './api-client.ts';
import { zodWithoutEval } from './zod-without-eval.ts';

/**
 * A call's definition, imported when the call is made:
 * `() => import('@hurryup/contracts/post').then((contract) => contract.searchPosts)`.
 */
export type LazyCall<C extends ApiCall> = () => Promise<C>;

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
