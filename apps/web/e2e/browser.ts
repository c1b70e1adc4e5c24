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

/** WCAG contrast ratio of two `rgb()`/`rgba()` colours (alpha ignored: opaque colours are compared). */
export function contrastRatio(a: string, b: string): number {
  const luminance = (color: string) => {
    const [r, g, b] = (color.match(/[\d.]+/g) ?? ['0', '0', '0']).slice(0, 3).map((c) => {
      const v = Number(c) / 255;
      return v <= 0.03928 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4;
    });
    return 0.2126 * r! + 0.7152 * g! + 0.0722 * b!;
  };
  const [light, dark] = [luminance(a), luminance(b)].sort((x, y) => y - x);
  return (light! + 0.05) / (dark! + 0.05);
}

/** The states a button-styled control is measured in. */
export const interactionStates = ['rest', 'hover', 'focus', 'active'] as const;

/**
 * Text and background colours of every visible button-styled control (`.button`, `button`, links whose
 * class names a button) in each state, the state forced through the DevTools protocol as a pointer or a
 * tap leaves it. The background is the first opaque one from the element up.
 */
export async function buttonColours(
  page: Page,
): Promise<{ name: string; state: string; color: string; background: string; ratio: number }[]> {
  const selector = '.button, button, a[class*="button"], input[type="submit"], input[type="button"]';
  const cdp = await page.context().newCDPSession(page);
  try {
    await cdp.send('DOM.enable');
    await cdp.send('CSS.enable');
    const { root } = await cdp.send('DOM.getDocument', { depth: -1 });
    const { nodeIds } = await cdp.send('DOM.querySelectorAll', { nodeId: root.nodeId, selector });
    const handles = await page.$$(selector);
    const seen: { name: string; state: string; color: string; background: string; ratio: number }[] = [];
    for (const state of interactionStates) {
      for (const nodeId of nodeIds) {
        await cdp.send('CSS.forcePseudoState', {
          nodeId,
          forcedPseudoClasses:
            state === 'rest' ? [] : state === 'focus' ? ['focus', 'focus-visible'] : [state],
        });
      }
      for (const handle of handles) {
        const colours = await handle.evaluate((el) => {
          const box = el.getBoundingClientRect();
          const style = getComputedStyle(el);
          if (box.width === 0 || box.height === 0 || style.visibility === 'hidden') return undefined;
          let background = 'rgba(0, 0, 0, 0)';
          for (let node: Element | null = el; node; node = node.parentElement) {
            const bg = getComputedStyle(node).backgroundColor;
            if (!/rgba\(.*, 0\)$/.test(bg) && bg !== 'transparent') {
              background = bg;
              break;
            }
          }
          if (background === 'rgba(0, 0, 0, 0)') background = 'rgb(255, 255, 255)';
          const name = `${el.tagName.toLowerCase()}.${[...el.classList].join('.')} "${(el.textContent ?? '').trim().slice(0, 40)}"`;
          return { name, color: style.color, background };
        });
        if (colours)
          seen.push({ ...colours, state, ratio: contrastRatio(colours.color, colours.background) });
      }
    }
    for (const nodeId of nodeIds) await cdp.send('CSS.forcePseudoState', { nodeId, forcedPseudoClasses: [] });
    return seen;
  } finally {
    await cdp.detach();
  }
}

/** Button-styled controls whose text falls below 4.5:1 against its background in any state. */
export async function unreadableButtons(page: Page): Promise<string[]> {
  return (await buttonColours(page))
    .filter((c) => c.ratio < 4.5)
    .map((c) => `${c.name} ${c.state}: ${c.color} on ${c.background} (${c.ratio.toFixed(2)}:1)`);
}
