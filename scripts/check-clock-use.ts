/**
 * `npm run check:clock` (part of `npm run check`): server features read and wait on time only through their
 * context's clock (`context.clock`: `now()`, `date()`, `setTimeout`, `every`, `sleep`), so tests move a
 * ManualClock instead of sleeping (decisions 0006 and 0020). This check refuses, in
 * `apps/server/src/features/**` (code and tests):
 *
 * - `Date.now`, and `new Date()` or `new Date` with no argument (reading the wall clock);
 * - `setTimeout`, `setInterval` and `setImmediate` called as globals (also through `globalThis`), and imports
 *   of `node:timers` or `node:timers/promises` (waiting on real time).
 *
 * `new Date(value)` (a date from a value) and `clock.setTimeout(...)` are fine. Comments and strings are
 * not looked at. Files listed in `allowed` are skipped: each is another area's to move onto the clock, and
 * the list only shrinks.
 */
import fs from 'node:fs';
import path from 'node:path';

export const checkedRoot = 'apps/server/src/features';

/**
 * Files that still read or wait on real time, each to move onto `context.clock` by its area's work (issue 26
 * §3); remove a line when its file is clean (the check fails on a listed file that no longer needs it).
 */
export const allowed: Record<string, string> = {};

export interface ClockViolation {
  file: string;
  line: number;
  what: string;
}

const timerImport = /\bfrom\s*['"](?:node:)?timers(?:\/promises)?['"]|\brequire\(\s*['"](?:node:)?timers/g;
const patterns: [RegExp, string][] = [
  [/\bDate\s*\.\s*now\b/g, 'Date.now (use clock.now())'],
  [/\bnew\s+Date\s*\(\s*\)/g, 'new Date() (use clock.date())'],
  [/\bnew\s+Date\b(?!\s*\()/g, 'new Date (use clock.date())'],
  [
    /(?<![\w$.])(?:setTimeout|setInterval|setImmediate)\s*\(/g,
    'a global timer (use clock.setTimeout, every or sleep)',
  ],
  [
    /\b(?:globalThis|global|window)\s*\.\s*(?:setTimeout|setInterval|setImmediate)\b/g,
    'a global timer (use clock.setTimeout, every or sleep)',
  ],
];

/** The source with comments blanked and string contents blanked (line breaks kept, so lines still count). */
export function codeOnly(source: string): string {
  let out = '';
  let i = 0;
  const blank = (text: string) => text.replace(/[^\n]/g, ' ');
  while (i < source.length) {
    const two = source.slice(i, i + 2);
    const ch = source[i]!;
    if (two === '//') {
      const end = source.indexOf('\n', i);
      const stop = end === -1 ? source.length : end;
      out += blank(source.slice(i, stop));
      i = stop;
    } else if (two === '/*') {
      const end = source.indexOf('*/', i + 2);
      const stop = end === -1 ? source.length : end + 2;
      out += blank(source.slice(i, stop));
      i = stop;
    } else if (ch === "'" || ch === '"') {
      let j = i + 1;
      while (j < source.length && source[j] !== ch && source[j] !== '\n') j += source[j] === '\\' ? 2 : 1;
      out += ch + blank(source.slice(i + 1, j)) + (source[j] ?? '');
      i = j + 1;
    } else if (ch === '`') {
      // Template text is blanked; `${…}` expressions are kept (one level deep is enough here).
      let j = i + 1;
      out += '`';
      while (j < source.length && source[j] !== '`') {
        if (source[j] === '\\') {
          out += '  ';
          j += 2;
        } else if (source[j] === '$' && source[j + 1] === '{') {
          let depth = 1;
          let k = j + 2;
          while (k < source.length && depth > 0) {
            if (source[k] === '{') depth += 1;
            else if (source[k] === '}') depth -= 1;
            k += 1;
          }
          out += source.slice(j, k);
          j = k;
        } else {
          out += source[j] === '\n' ? '\n' : ' ';
          j += 1;
        }
      }
      out += source[j] ?? '';
      i = j + 1;
    } else {
      out += ch;
      i += 1;
    }
  }
  return out;
}

/** Every use of the wall clock or of real timers in one file's text. */
export function clockViolations(file: string, source: string): ClockViolation[] {
  const found: ClockViolation[] = [];
  const lineOf = (index: number) => source.slice(0, index).split('\n').length;
  for (const match of source.matchAll(timerImport)) {
    found.push({ file, line: lineOf(match.index), what: 'an import of node:timers (use the clock)' });
  }
  const code = codeOnly(source);
  for (const [pattern, what] of patterns) {
    for (const match of code.matchAll(pattern)) found.push({ file, line: lineOf(match.index), what });
  }
  return found.sort((a, b) => a.line - b.line);
}

function filesUnder(dir: string): string[] {
  return fs
    .readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile() && /\.(ts|tsx|mts)$/.test(entry.name))
    .map((entry) => path.relative(process.cwd(), path.join(entry.parentPath, entry.name)))
    .sort();
}

/** Violations outside the allowlist, and allowlist entries that are no longer needed. */
export function checkClockUse(root = checkedRoot, allowlist = allowed) {
  const violations: ClockViolation[] = [];
  const stale: string[] = [];
  for (const file of filesUnder(root)) {
    const found = clockViolations(file, fs.readFileSync(file, 'utf8'));
    if (file in allowlist) {
      if (found.length === 0) stale.push(file);
    } else violations.push(...found);
  }
  for (const file of Object.keys(allowlist)) if (!fs.existsSync(file)) stale.push(file);
  return { violations, stale };
}

if (import.meta.main) {
  const { violations, stale } = checkClockUse();
  for (const v of violations) console.error(`${v.file}:${v.line}: ${v.what}`);
  for (const file of stale)
    console.error(
      `${file}: listed in scripts/check-clock-use.ts but clean (or gone): remove it from the list`,
    );
  if (violations.length > 0 || stale.length > 0) {
    console.error(
      '\nFeatures read and wait on time through context.clock (docs/architecture.md, "The platform\'s seams").',
    );
    process.exit(1);
  }
  console.log(`check:clock: ${checkedRoot} reads time only through the clock`);
}
