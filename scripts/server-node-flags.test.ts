import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { serverEnvironmentWords, serverNodeFlags } from './server-node-flags.ts';

const packageJson = JSON.parse(
  fs.readFileSync(path.resolve(import.meta.dirname, '../package.json'), 'utf8'),
) as { scripts: Record<string, string> };

describe("the server processes' V8 flags", () => {
  it.each(['serve', 'worker'])('npm run %s starts node with them', (script) => {
    const command = packageJson.scripts[script]!;
    const words = command.split(' ');
    for (const word of serverEnvironmentWords) expect(words).toContain(word);
    expect(words[serverEnvironmentWords.length]).toBe('node');
    for (const flag of serverNodeFlags) expect(words).toContain(flag);
  });
});
