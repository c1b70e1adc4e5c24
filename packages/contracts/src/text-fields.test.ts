import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import type { ApiCall } from './api-call.ts';

const isCall = (value: unknown): value is ApiCall =>
  typeof value === 'object' &&
  value !== null &&
  typeof (value as { operationId?: unknown }).operationId === 'string' &&
  typeof (value as { path?: unknown }).path === 'string';

/** Every call of the contracts: exported alone (`listPosts`) or in a group (`postAdminCalls`). */
async function everyCall(): Promise<ApiCall[]> {
  const calls = new Map<string, ApiCall>();
  const files = fs.readdirSync(import.meta.dirname).filter((f) => /(?<!\.test)\.ts$/.test(f));
  for (const file of files) {
    const module = (await import(pathToFileURL(path.join(import.meta.dirname, file)).href)) as Record<
      string,
      unknown
    >;
    for (const value of Object.values(module)) {
      const candidates = isCall(value)
        ? [value]
        : typeof value === 'object' && value !== null
          ? Object.values(value)
          : [];
      for (const call of candidates) if (isCall(call)) calls.set(call.operationId, call);
    }
  }
  return [...calls.values()];
}

// PostgreSQL refuses a NUL character in text, in a row or in a query (a 500 where SQLite answers): every
// text a client sends is refused with a 400 before it can reach either (cleanText, text.ts).
describe('text fields of every call', () => {
  it('refuse a NUL character, alone or inside otherwise valid text', async () => {
    const calls = await everyCall();
    expect(calls.length).toBeGreaterThan(100);
    const accepting: string[] = [];
    for (const call of calls) {
      for (const part of ['params', 'query', 'body'] as const) {
        const schema = call[part];
        if (!(schema instanceof z.ZodObject)) continue;
        for (const [name, field] of Object.entries(schema.shape as Record<string, z.ZodType>)) {
          for (const value of ['\0', 'a\0b@example.com', 'https://example.com/\0', '2026-01-01\0'])
            if (field.safeParse(value).success) {
              accepting.push(`${call.operationId} ${part}.${name} accepts ${JSON.stringify(value)}`);
              break;
            }
        }
      }
    }
    expect(accepting).toEqual([]);
  });
});
