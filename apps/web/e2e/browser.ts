import fs from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { type BrowserContext, chromium, type Page } from 'playwright-core';
import { afterAll, beforeAll, expect } from 'vitest';

const chromiumPath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const axeSource = fs.readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

export interface Browser {
  context: BrowserContext;
  close(): Promise<void>;
}

/** Debian's Chromium with a fresh profile; never a downloaded browser. */
export async function launchBrowser(
  options: { viewport?: { width: number; height: number } } = {},
): Promise<Browser> {
  if (!fs.existsSync(chromiumPath)) {
    throw new Error(`Chromium is missing at ${chromiumPath}: apt-get install -y chromium`);
  }
  const profile = fs.mkdtempSync(path.join(os.tmpdir(), 'hurryup-chromium-'));
  const context = await chromium.launchPersistentContext(profile, {
    executablePath: chromiumPath,
    headless: true,
    viewport: options.viewport ?? { width: 1280, height: 800 },
    args: [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
    ],
  });
  return {
    context,
    async close() {
      await context.close();
      fs.rmSync(profile, { recursive: true, force: true });
    },
  };
}

/** Collects Content-Security-Policy violations and script errors, so tests can assert there were none. */
export function watchPageProblems(page: Page): string[] {
  const problems: string[] = [];
  page.on('console', (message) => {
    const text = message.text();
    if (/Content Security Policy|Refused to/i.test(text)) problems.push(`CSP: ${text}`);
    else if (message.type() === 'error' && !/status of 404/.test(text)) problems.push(`console: ${text}`);
  });
  page.on('pageerror', (error) => problems.push(`page error: ${error.message}`));
  return problems;
}

/** Runs axe-core in the page and fails on any serious or critical violation. */
export async function expectNoSeriousAxeViolations(page: Page) {
  // evaluate() is not subject to the page's CSP, unlike an injected script tag.
  await page.evaluate(axeSource);
  const violations = await page.evaluate(async () => {
    const axe = (window as unknown as { axe: { run(): Promise<{ violations: AxeViolation[] }> } }).axe;
    interface AxeViolation {
      id: string;
      impact: string | null;
      help: string;
      nodes: { target: unknown[] }[];
    }
    const result = await axe.run();
    return result.violations
      .filter((v) => v.impact === 'serious' || v.impact === 'critical')
      .map((v) => `${v.impact} ${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(' ')).join(', ')})`);
  });
  expect(violations, `axe violations on ${page.url()}`).toEqual([]);
}

/**
 * Waits until React has hydrated the page, so clicks reach React handlers. A page to read hydrates at the
 * visitor's first use (docs/decisions/0018-content-pages-hydrate-on-use.md): a key press is one, and the
 * least a test can do.
 */
export async function waitForHydration(page: Page) {
  const waitsForUse = await page.evaluate(
    () =>
      document.documentElement.dataset.hydrated !== 'true' &&
      document.querySelector('script[data-start="on-use"]') !== null,
  );
  if (waitsForUse) await page.keyboard.press('Shift');
  await page.waitForFunction(() => document.documentElement.dataset.hydrated === 'true');
}

export interface BrowserSession {
  browser: Browser;
  page: Page;
  /** CSP violations and script errors seen on `page`. */
  problems: string[];
}

/** One browser and page for a test file, started before its tests and closed after them. */
export function openBrowserSession(): BrowserSession {
  const session = {} as BrowserSession;
  beforeAll(async () => {
    session.browser = await launchBrowser();
    session.page = await session.browser.context.newPage();
    session.problems = watchPageProblems(session.page);
  });
  afterAll(() => session.browser.close());
  return session;
}
