import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { checkClockUse, clockViolations } from './check-clock-use.ts';

const whats = (source: string) =>
  clockViolations('f.ts', source).map((v) => `${v.line}: ${v.what.split(' (')[0]}`);

describe('check:clock (features read and wait on time through context.clock)', () => {
  it('finds the wall clock and real timers', () => {
    expect(
      whats(`const a = Date.now();
const b = new Date();
const c = new Date;
setTimeout(() => {}, 10);
const t = setInterval(tick, 1000);
globalThis.setTimeout(run, 5);
setImmediate(run);
await new Promise((resolve) => setTimeout(resolve, 50));
const d = Date . now();`),
    ).toEqual([
      '1: Date.now',
      '2: new Date()',
      '3: new Date',
      '4: a global timer',
      '5: a global timer',
      '6: a global timer',
      '7: a global timer',
      '8: a global timer',
      '9: Date.now',
    ]);
    expect(whats(`import { setTimeout as sleep } from 'node:timers/promises';`)).toEqual([
      '1: an import of node:timers',
    ]);
    expect(whats(`import timers from "timers";`)).toEqual(['1: an import of node:timers']);
  });

  it('lets the clock, dates from values, comments and strings pass', () => {
    expect(
      whats(`const now = clock.now();
const at = clock.date().toISOString();
const day = new Date(Date.UTC(2026, 0, 1));
const parsed = new Date(row.created_at);
clock.setTimeout(() => {}, 10);
context.clock.every(1000, tick);
await clock.sleep(5, signal);
// Date.now() and setTimeout are banned here
/* new Date() neither */
const text = 'Date.now() in a string';
const other = "setTimeout(x)";
const shown = \`never new Date() in text, \${clock.now()} in an expression\`;`),
    ).toEqual([]);
    expect(whats(['const late = `$', '{Date.now()}`;'].join(''))).toEqual(['1: Date.now']);
  });

  it('fails on a feature file that reads the wall clock, and on an allowlist entry no longer needed', () => {
    const root = fs.mkdtempSync(path.join(os.tmpdir(), 'check-clock-'));
    try {
      fs.mkdirSync(path.join(root, 'news'));
      const bad = path.join(root, 'news', 'news.service.ts');
      const clean = path.join(root, 'news', 'news.feature.ts');
      fs.writeFileSync(bad, 'export const stamp = () => new Date().toISOString();\n');
      fs.writeFileSync(clean, 'export const stamp = (clock) => clock.date().toISOString();\n');
      const relative = (file: string) => path.relative(process.cwd(), file);
      expect(checkClockUse(root, {}).violations).toEqual([
        { file: relative(bad), line: 1, what: 'new Date() (use clock.date())' },
      ]);
      // Listed files are skipped; a listed file that is clean must leave the list.
      expect(checkClockUse(root, { [relative(bad)]: 'to do' })).toEqual({ violations: [], stale: [] });
      expect(checkClockUse(root, { [relative(bad)]: 'to do', [relative(clean)]: 'done' }).stale).toEqual([
        relative(clean),
      ]);
    } finally {
      fs.rmSync(root, { recursive: true, force: true });
    }
  });

  it('passes on the features as they are (with the commented allowlist)', () => {
    expect(checkClockUse()).toEqual({ violations: [], stale: [] });
  });
});
