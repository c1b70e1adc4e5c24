import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { ApiCall } from '@hurryup/contracts/api-call';

const contractsDir = path.resolve(import.meta.dirname, '../../../packages/contracts/src');

const isPlainObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && Object.getPrototypeOf(value) === Object.prototype;
const isApiCall = (value: unknown): value is ApiCall =>
  isPlainObject(value) &&
  typeof value.operationId === 'string' &&
  typeof value.path === 'string' &&
  typeof value.method === 'string';

/** Every call defined in the contracts: exported alone (`listPosts`) or in a group (`postAdminCalls`). */
export async function contractCalls(): Promise<ApiCall[]> {
  const calls = new Map<string, ApiCall>();
  for (const file of fs.readdirSync(contractsDir).filter((f) => /(?<!\.test)\.ts$/.test(f))) {
    const module = (await import(pathToFileURL(path.join(contractsDir, file)).href)) as Record<
      string,
      unknown
    >;
    for (const value of Object.values(module)) {
      const candidates = isApiCall(value) ? [value] : isPlainObject(value) ? Object.values(value) : [];
      for (const call of candidates) if (isApiCall(call)) calls.set(call.operationId, call);
    }
  }
  return [...calls.values()];
}
