/**
 * `npm run lighthouse`: Lighthouse (mobile preset, Debian Chromium) on the content pages of the production
 * build, served by a fresh server with the seed content. Prints the four category scores and LCP, TBT, CLS
 * and the JavaScript bytes each page downloads. A measurement, not a test: it fails only when it cannot run.
 * LIGHTHOUSE_REPORT_DIR, when set, keeps each page's whole report (JSON) there. Each page is measured
 * LIGHTHOUSE_RUNS times (default 5) and the run with the median performance score is printed, as
 * Lighthouse's own guidance on variability advises; FCP and the blocking time's spread are printed too.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse, { type RunnerResult } from 'lighthouse';
import { requireBuild, startServer, stopServer, waitForBackgroundWork } from './production-server.ts';

requireBuild();
const chromePath = process.env.CHROME_PATH ?? process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
if (!fs.existsSync(chromePath)) {
  console.error(`Chromium is missing at ${chromePath}: apt-get install -y chromium, or set CHROME_PATH.`);
  process.exit(1);
}

const reportDir = process.env.LIGHTHOUSE_REPORT_DIR;
const runs = Number(process.env.LIGHTHOUSE_RUNS ?? 5);
if (!Number.isInteger(runs) || runs < 1) {
  console.error(`LIGHTHOUSE_RUNS must be a whole number from 1, not "${process.env.LIGHTHOUSE_RUNS}".`);
  process.exit(1);
}
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'hurryup-lighthouse-'));
const server = await startServer(dataDir);
await waitForBackgroundWork(dataDir);
const chrome = await chromeLauncher.launch({
  chromePath,
  chromeFlags: [
    '--headless=new',
    '--no-sandbox',
    '--disable-gpu',
    '--disable-dev-shm-usage',
    '--no-first-run',
  ],
});

try {
  const [post] = (await (await fetch(`${server.url}/api/posts?limit=1`)).json()) as { title: string }[];
  const pages = [
    '/blog',
    '/userforum',
    `/post/${encodeURIComponent(post!.title)}`,
    '/SearchPage?q=upi',
    '/aboutus',
  ];
  const score = (value: number | null | undefined) =>
    value == null ? '  -' : String(Math.round(value * 100)).padStart(3);
  console.log(
    `Lighthouse (mobile preset, Chromium ${await chromeVersion(chrome.port)})\n\n` +
      `${runs} runs a page; the median run by performance score\n\n` +
      `${'page'.padEnd(44)} perf  a11y  best   seo    FCP ms  LCP ms  TBT ms    CLS   JS (transferred)  perf of all runs`,
  );
  for (const page of pages) {
    // The first visit fills the page cache, as any visitor before would have.
    await fetch(`${server.url}${page}`);
    const results: RunnerResult[] = [];
    for (let run = 0; run < runs; run += 1) {
      const result = await lighthouse(`${server.url}${page}`, {
        port: chrome.port,
        output: 'json',
        logLevel: 'error',
        onlyCategories: ['performance', 'accessibility', 'best-practices', 'seo'],
      });
      if (!result) throw new Error(`Lighthouse gave no result for ${page}`);
      results.push(result);
    }
    const performanceOf = (r: (typeof results)[number]) => r.lhr.categories.performance?.score ?? 0;
    const sorted = [...results].sort((a, b) => performanceOf(a) - performanceOf(b));
    const result = sorted[Math.floor(sorted.length / 2)]!;
    const allRuns = results.map((r) => score(performanceOf(r)).trim()).join(' ');
    if (reportDir) {
      fs.mkdirSync(reportDir, { recursive: true });
      const name = `${page
        .replace(/^\//, '')
        .replace(/[^\w-]+/g, '_')
        .slice(0, 60)}.json`;
      fs.writeFileSync(path.join(reportDir, name), result.report as string);
    }
    const { categories, audits } = result.lhr;
    const numeric = (id: string) => audits[id]?.numericValue ?? Number.NaN;
    const resources = (
      audits['resource-summary']?.details as { items?: { resourceType: string; transferSize: number }[] }
    )?.items;
    const scriptBytes = resources?.find((item) => item.resourceType === 'script')?.transferSize ?? 0;
    console.log(
      `${page.slice(0, 43).padEnd(44)} ${score(categories.performance?.score)}   ${score(categories.accessibility?.score)}   ${score(categories['best-practices']?.score)}   ${score(categories.seo?.score)}   ${numeric('first-contentful-paint').toFixed(0).padStart(7)} ${numeric('largest-contentful-paint').toFixed(0).padStart(7)} ${numeric('total-blocking-time').toFixed(0).padStart(7)} ${numeric('cumulative-layout-shift').toFixed(3).padStart(7)}   ${`${(scriptBytes / 1024).toFixed(1)} KB`.padEnd(17)} ${allRuns}`,
    );
    for (const [id, category] of Object.entries(categories)) {
      if ((category.score ?? 1) >= 1) continue;
      const failing = category.auditRefs
        .filter((ref) => ref.weight > 0 && (audits[ref.id]?.score ?? 1) < 1)
        .map((ref) => `${ref.id} (${audits[ref.id]?.displayValue ?? audits[ref.id]?.score})`);
      if (failing.length > 0) console.log(`    ${id}: ${failing.join(', ')}`);
    }
  }
} finally {
  chrome.kill();
  await stopServer(server.child);
  fs.rmSync(dataDir, { recursive: true, force: true });
}

async function chromeVersion(port: number): Promise<string> {
  const info = (await (await fetch(`http://127.0.0.1:${port}/json/version`)).json()) as { Browser: string };
  return info.Browser.replace(/^\D+\//, '');
}
