import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { serverNodeFlags } from './server-node-flags.ts';

const packageJson = JSON.parse(
  fs.readFileSync(path.resolve(import.meta.dirname, '../package.json'), 'utf8'),
) as { scripts: Record<string, string> };

describe("the server processes' V8 flags", () => {
  it.each(['serve', 'worker'])('npm run %s starts node with them', (script) => {
    const command = packageJson.scripts[script]!;
    expect(command.startsWith('node ')).toBe(true);
    for (const flag of serverNodeFlags) expect(command.split(' ')).toContain(flag);
  });
});
