// `npm test`: every test layer in order, then one closing line with the totals.
// Stages: unit + component, server (SQLite, and PostgreSQL when TEST_DATABASE_URL is set), the production
// build, browser. Runs all stages even when one fails, so a single run shows every failure.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

const only = process.argv[2]; // optional: unit | server | browser
const stages = [
  { name: 'unit', args: ['--project', 'unit', '--project', 'component'] },
  { name: 'server', args: ['--project', 'server*'] },
  { name: 'browser', build: true, args: ['--project', 'browser'] },
].filter((stage) => !only || stage.name === only);

const reportDir = fs.mkdtempSync(path.join(os.tmpdir(), 'hurryup-tests-'));
let passed = 0;
let failed = 0;
let skipped = 0;
let broken = false;

for (const stage of stages) {
  if (stage.build) {
    const build = spawnSync('npm', ['run', 'build'], { stdio: 'inherit' });
    if (build.status !== 0) {
      console.error('\nThe production build failed, so the browser tests cannot run.');
      broken = true;
      continue;
    }
  }
  const report = path.join(reportDir, `${stage.name}.json`);
  const run = spawnSync(
    'vitest',
    ['run', ...stage.args, '--reporter=default', '--reporter=json', `--outputFile.json=${report}`],
    { stdio: 'inherit' },
  );
  if (!fs.existsSync(report)) {
    console.error(`\nThe ${stage.name} tests did not produce a report (exit ${run.status}).`);
    broken = true;
    continue;
  }
  const result = JSON.parse(fs.readFileSync(report, 'utf8'));
  passed += result.numPassedTests;
  failed += result.numFailedTests;
  skipped += result.numPendingTests + result.numTodoTests;
  if (run.status !== 0 && result.numFailedTests === 0) broken = true;
}
fs.rmSync(reportDir, { recursive: true, force: true });

console.log(`\nTotal: ${passed} passed, ${failed} failed${skipped ? `, ${skipped} skipped` : ''}`);
process.exit(failed > 0 || broken ? 1 : 0);
