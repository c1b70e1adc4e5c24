import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { contractCalls } from '../../test/contract-calls.ts';

// PostgreSQL refuses a NUL character in text, in a row or in a query (a 500 where SQLite answers): every
// text a client sends is refused with a 400 before it can reach either (cleanText, packages/contracts/src/text.ts).
describe('text fields of every call', () => {
  it('refuse a NUL character, alone or inside otherwise valid text', async () => {
    const calls = await contractCalls();
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
