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
import { chromium, type Page } from 'playwright-core';
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
    // A run Lighthouse could not finish scores 0; its reason is printed beside it.
    const allRuns = results
      .map(
        (r) =>
          `${score(performanceOf(r)).trim()}${r.lhr.runtimeError ? ` (${r.lhr.runtimeError.code})` : ''}`,
      )
      .join(' ');
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
  await measureFirstTap(pages);
} finally {
  chrome.kill();
  await stopServer(server.child);
  fs.rmSync(dataDir, { recursive: true, force: true });
}

/**
 * What hydrating at first use (docs/decisions/0018-content-pages-hydrate-on-use.md) costs the visitor: the
 * time from the first tap on the menu button of a page that has not hydrated to the menu being open, beside
 * the same tap once the page has hydrated. A first visit (no HTTP or code cache), its modules already
 * fetched after the paint; with the CPU as fast as this machine's and slowed four times, as Lighthouse's
 * mobile preset assumes of a phone. The median of five visits a page.
 */
async function measureFirstTap(paths: string[]) {
  const browser = await chromium.connectOverCDP(`http://127.0.0.1:${chrome.port}`);
  const context = browser.contexts()[0] ?? (await browser.newContext());
  const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
  console.log(
    '\nFirst tap on the menu button until the menu is open (ms, median of 5 first visits)\n\n' +
      `${'page'.padEnd(44)} first tap  hydrated   first tap ×4 CPU  hydrated ×4 CPU`,
  );
  for (const path of paths) {
    const cells: string[] = [];
    for (const rate of [1, 4]) {
      const first: number[] = [];
      const hydrated: number[] = [];
      for (let visit = 0; visit < 5; visit += 1) {
        const page = await context.newPage();
        const cdp = await context.newCDPSession(page);
        await cdp.send('Network.enable');
        await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
        await cdp.send('Emulation.setCPUThrottlingRate', { rate });
        await page.goto(`${server.url}${path}`, { waitUntil: 'networkidle' });
        first.push(await tapMenu(page));
        await page.getByRole('button', { name: 'Close Menu' }).click();
        hydrated.push(await tapMenu(page));
        await page.close();
      }
      cells.push(median(first).toFixed(0).padStart(9), median(hydrated).toFixed(0).padStart(9));
    }
    console.log(
      `${path.slice(0, 43).padEnd(44)} ${cells[0]}  ${cells[1]}   ${cells[2]!.padStart(16)}  ${cells[3]!.padStart(15)}`,
    );
  }
  await browser.close();
}

/**
 * Taps the menu button and gives the time until the menu says it is open, measured in the page. The page's
 * code is text: these scripts are compiled without the DOM's types.
 */
async function tapMenu(page: Page): Promise<number> {
  await page.evaluate(`(() => {
    const button = document.querySelector('.menu-button');
    window.tapAt = undefined;
    window.openAt = undefined;
    window.addEventListener('pointerdown', () => { window.tapAt = performance.now(); }, { capture: true, once: true });
    const observer = new MutationObserver(() => {
      if (button.getAttribute('aria-expanded') !== 'true') return;
      window.openAt = performance.now();
      observer.disconnect();
    });
    observer.observe(button, { attributes: true });
  })()`);
  await page.locator('.menu-button').click();
  await page.waitForFunction(() => (globalThis as { openAt?: number }).openAt !== undefined);
  return page.evaluate<number>('window.openAt - window.tapAt');
}

async function chromeVersion(port: number): Promise<string> {
  const info = (await (await fetch(`http://127.0.0.1:${port}/json/version`)).json()) as { Browser: string };
  return info.Browser.replace(/^\D+\//, '');
}
