// `npm test`: every test layer in order, then one closing line with the totals.
// Stages: unit + component, server (SQLite, and PostgreSQL when TEST_DATABASE_URL is set), the production
// build, browser. Runs all stages even when one fails, so a single run shows every failure. Before running
// anything it makes sure the browser tests' Chromium is there (installing Debian's when it can).
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { ensureChromium } from './chromium.ts';
import { addTotals, stageTotals, totalLine } from './test-summary.ts';

const only = process.argv[2]; // optional: unit | server | browser
const stages = [
  { name: 'unit', args: ['--project', 'unit', '--project', 'component'] },
  { name: 'server', args: ['--project', 'server*'] },
  { name: 'browser', build: true, args: ['--project', 'browser'] },
].filter((stage) => !only || stage.name === only);

if (stages.some((stage) => stage.name === 'browser')) ensureChromium();

const reportDir = fs.mkdtempSync(path.join(os.tmpdir(), 'hurryup-tests-'));
const results = [];

for (const stage of stages) {
  if (stage.build) {
    const build = spawnSync('npm', ['run', 'build'], { stdio: 'inherit' });
    if (build.status !== 0) {
      console.error(`\nThe production build failed, so the ${stage.name} tests cannot run.`);
      results.push(
        stageTotals({
          name: stage.name,
          exitCode: build.status,
          reason: 'not run: the production build failed',
        }),
      );
      continue;
    }
  }
  const report = path.join(reportDir, `${stage.name}.json`);
  const run = spawnSync(
    'vitest',
    ['run', ...stage.args, '--reporter=default', '--reporter=json', `--outputFile.json=${report}`],
    { stdio: 'inherit' },
  );
  const parsed = fs.existsSync(report) ? JSON.parse(fs.readFileSync(report, 'utf8')) : null;
  results.push(stageTotals({ name: stage.name, exitCode: run.status, report: parsed }));
}
fs.rmSync(reportDir, { recursive: true, force: true });

const totals = addTotals(results);
if (totals.skips.length > 0) {
  console.log('\nSkipped:');
  for (const skip of totals.skips) console.log(`  ${skip}`);
}
if (totals.failures.length > 0) {
  console.log('\nFailed:');
  for (const failure of totals.failures) console.log(`  ${failure}`);
}
if (totals.problems.length > 0) {
  console.log('\nFailed without a failing test (each counted as one failure):');
  for (const problem of totals.problems) console.log(`  ${problem}`);
}
console.log(`\n${totalLine(totals)}`);
process.exit(totals.failed > 0 ? 1 : 0);
