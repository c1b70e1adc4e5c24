// Type-checks every TypeScript project in the workspace (each has its own tsconfig, e.g. DOM types only
// in the web app). A package with no source yet is skipped rather than failing tsc with "no inputs".
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

const projects = [
  '.',
  'packages/contracts',
  'packages/market',
  'packages/markdown',
  'apps/server',
  'apps/web',
];
const hasSource = (dir) =>
  fs
    .readdirSync(dir, { recursive: true })
    .some((f) => /\.tsx?$/.test(f) && !String(f).includes('node_modules'));

execFileSync('npm', ['run', 'typegen', '-w', '@hurryup/web'], { stdio: 'inherit' });
let failed = false;
for (const project of projects) {
  if (project !== '.' && !hasSource(project)) {
    console.log(`typecheck: ${project} has no TypeScript yet, skipped`);
    continue;
  }
  try {
    execFileSync('tsc', ['-p', path.join(project, 'tsconfig.json')], { stdio: 'inherit' });
    console.log(`typecheck: ${project} ok`);
  } catch {
    failed = true;
  }
}
process.exit(failed ? 1 : 0);
