/**
 * `npm run lighthouse`: Lighthouse (mobile preset, Debian Chromium) on the content pages of the production
 * build, served by a fresh server with the seed content. Prints the four category scores and LCP, TBT, CLS
 * and the JavaScript bytes each page downloads. A measurement, not a test: it fails only when it cannot run.
 * LIGHTHOUSE_REPORT_DIR, when set, keeps each page's whole report (JSON) there. Each page is measured
 * LIGHTHOUSE_RUNS times (default 5) and the run with the median performance score is printed, as
 * Lighthouse's own guidance on variability advises; FCP and the blocking time's spread are printed too.
 * LIGHTHOUSE_PAGES, when set, chooses the pages (comma-separated paths, e.g. "/,/homeTools").
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse, { type RunnerResult } from 'lighthouse';
import { type BrowserContext, chromium, type Page } from 'playwright-core';
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
// The trading screens are measured with the real market and event data when these settings name it.
const dataSettings = Object.fromEntries(
  ['MARKET_DATA_DIR', 'EVENTS_DATA_DIR'].flatMap((name) => {
    const value = process.env[name];
    return value ? [[name, value]] : [];
  }),
);
const server = await startServer(dataDir, dataSettings);
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
  // LIGHTHOUSE_PAGES (comma-separated site paths, e.g. "/,/homeTools") measures those pages instead.
  const chosen = (process.env.LIGHTHOUSE_PAGES ?? '')
    .split(',')
    .map((page) => page.trim())
    .filter(Boolean);
  const pages =
    chosen.length > 0
      ? chosen
      : ['/blog', '/userforum', `/post/${encodeURIComponent(post!.title)}`, '/SearchPage?q=upi', '/aboutus'];
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
 * What hydrating at first use (docs/decisions/0018-content-pages-hydrate-on-use.md) costs the visitor. A
 * phone's tap (touch down, 80 ms, touch up) on the menu button of a page that has not hydrated: the time
 * from touch down to the menu being open, and the interaction's duration as the browser's Event Timing
 * reports it (what INP is made of); then the same tap once the page has hydrated. First visits (no HTTP or
 * code cache), the modules already fetched after the paint, with the CPU as fast as this machine's and
 * slowed four times, as Lighthouse's mobile preset assumes of a phone. The median of five visits a page.
 */
async function measureFirstTap(paths: string[]) {
  const browser = await chromium.connectOverCDP(`http://127.0.0.1:${chrome.port}`);
  const context = browser.contexts()[0] ?? (await browser.newContext());
  const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
  const columns = ['open', 'event', 'hydrated open', 'hydrated event'];
  console.log(
    '\nA tap on the menu button: touch down until the menu is open, and the Event Timing duration of the\n' +
      'interaction (ms, median of 5 first visits), first on the unhydrated page, then once it has hydrated\n\n' +
      `${''.padEnd(44)} ${'CPU as it is'.padStart(16).padEnd(64)}${'CPU slowed 4x'.padStart(16)}\n` +
      `${'page'.padEnd(44)} ${[...columns, ...columns].map((c) => c.padStart(16)).join('')}`,
  );
  for (const path of paths) {
    const cells: number[] = [];
    for (const rate of [1, 4]) {
      const taps: TapFigures[] = [];
      const hydratedTaps: TapFigures[] = [];
      for (let visit = 0; visit < 5; visit += 1) {
        const page = await context.newPage();
        const cdp = await context.newCDPSession(page);
        await cdp.send('Network.enable');
        await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
        await cdp.send('Emulation.setTouchEmulationEnabled', { enabled: true, maxTouchPoints: 1 });
        await cdp.send('Emulation.setCPUThrottlingRate', { rate });
        await page.goto(`${server.url}${path}`, { waitUntil: 'networkidle' });
        taps.push(await tapMenu(page, cdp));
        await tapAt(page, cdp, '.menu-button');
        await page.getByRole('button', { name: 'Open Menu' }).waitFor();
        hydratedTaps.push(await tapMenu(page, cdp));
        await page.close();
      }
      cells.push(
        median(taps.map((t) => t.open)),
        median(taps.map((t) => t.event)),
        median(hydratedTaps.map((t) => t.open)),
        median(hydratedTaps.map((t) => t.event)),
      );
    }
    console.log(`${path.slice(0, 43).padEnd(44)} ${cells.map((c) => c.toFixed(0).padStart(16)).join('')}`);
  }
  await browser.close();
}

interface TapFigures {
  /** Touch down to the menu saying it is open. */
  open: number;
  /** The longest Event Timing duration of the tap's events (0 when all were under 16 ms). */
  event: number;
}

type Cdp = Awaited<ReturnType<BrowserContext['newCDPSession']>>;

/** A touch down and up, 80 ms apart, at the middle of the element. */
async function tapAt(page: Page, cdp: Cdp, selector: string) {
  const box = (await page.locator(selector).boundingBox())!;
  const point = { x: box.x + box.width / 2, y: box.y + box.height / 2 };
  await cdp.send('Input.dispatchTouchEvent', { type: 'touchStart', touchPoints: [point] });
  await new Promise((resolve) => setTimeout(resolve, 80));
  await cdp.send('Input.dispatchTouchEvent', { type: 'touchEnd', touchPoints: [] });
}

/**
 * Taps the menu button and measures, in the page, the time until the menu says it is open and the tap's
 * Event Timing. The page's code is text: these scripts are compiled without the DOM's types.
 */
async function tapMenu(page: Page, cdp: Cdp): Promise<TapFigures> {
  await page.evaluate(`(() => {
    const button = document.querySelector('.menu-button');
    window.tapAt = undefined;
    window.openAt = undefined;
    window.eventMs = 0;
    window.addEventListener('pointerdown', () => { window.tapAt = performance.now(); }, { capture: true, once: true });
    const observer = new MutationObserver(() => {
      if (button.getAttribute('aria-expanded') !== 'true') return;
      window.openAt = performance.now();
      observer.disconnect();
    });
    observer.observe(button, { attributes: true });
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries()) {
        if (entry.interactionId && entry.startTime >= window.tapAt) window.eventMs = Math.max(window.eventMs, entry.duration);
      }
    }).observe({ type: 'event', durationThreshold: 16 });
  })()`);
  await tapAt(page, cdp, '.menu-button');
  await page.waitForFunction(() => (globalThis as { openAt?: number }).openAt !== undefined);
  // Event Timing reports an event after the frame that followed it.
  await page.waitForTimeout(300);
  return page.evaluate<TapFigures>('({ open: window.openAt - window.tapAt, event: window.eventMs })');
}

async function chromeVersion(port: number): Promise<string> {
  const info = (await (await fetch(`http://127.0.0.1:${port}/json/version`)).json()) as { Browser: string };
  return info.Browser.replace(/^\D+\//, '');
}
