// Checks of the site's look that do not depend on taste (issue 27): no CSP violation when a page calls the
// API (zod's eval probe), button-styled links readable in every state, and over every route at 390 px: no
// sideways scroll, every form control on the site's own styles, tap targets of at least 24 px.
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { launchBrowser, unreadableButtons, waitForHydration, watchPageProblems } from './browser.ts';
import { pagePaths } from './page-routes.ts';

const baseUrl = inject('baseUrl');

describe('a page that calls the API', () => {
  let browser: Awaited<ReturnType<typeof launchBrowser>>;
  let page: Page;
  let problems: string[];
  beforeAll(async () => {
    browser = await launchBrowser();
    page = await browser.context.newPage();
    problems = watchPageProblems(page);
    // What the page's policy refused, as the page itself is told (a caught `new Function` is reported too).
    await page.addInitScript(() => {
      const seen: string[] = [];
      Object.assign(window, { __violations: seen });
      document.addEventListener('securitypolicyviolation', (event) =>
        seen.push(`${event.effectiveDirective} ${event.blockedURI}`),
      );
    });
  });
  afterAll(() => browser.close());

  it('logs no CSP violation: zod parses the answers without probing for eval', async () => {
    await page.goto(`${baseUrl}/dict`);
    await waitForHydration(page);
    await page.getByLabel('Word').fill('dog');
    await page.getByRole('button', { name: 'Fetch Meaning' }).click();
    // The answer came from the API and was parsed by zod (the client's schemas) when the meaning shows.
    await page.getByRole('heading', { level: 2, name: 'dog' }).waitFor({ timeout: 60_000 });
    expect(await page.evaluate(() => (window as unknown as { __violations: string[] }).__violations)).toEqual(
      [],
    );
    expect(problems).toEqual([]);
  });
});

describe('button-styled links', () => {
  let browser: Awaited<ReturnType<typeof launchBrowser>>;
  let page: Page;
  beforeAll(async () => {
    browser = await launchBrowser();
    page = await browser.context.newPage();
  });
  afterAll(() => browser.close());

  it('stay readable under the pointer, focused and while tapped (a:hover does not blank them)', async () => {
    await page.goto(`${baseUrl}/homeTools`);
    // A link styled as the site's button, as the download links and the donate buttons are.
    await page.evaluate(() => {
      const link = document.createElement('a');
      link.className = 'button';
      link.href = '#sample';
      link.textContent = 'Download Sample';
      document.querySelector('main')!.prepend(link);
    });
    expect(await unreadableButtons(page)).toEqual([]);
  });
});

/**
 * What a page shows on a 390 px phone that does not depend on taste: its width (no sideways scroll), form
 * controls on the browser's grey defaults, tap targets under 24 px (a control, or the label it sits in).
 */
async function layoutProblems(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const problems: string[] = [];
    const root = document.documentElement;
    if (root.scrollWidth > root.clientWidth)
      problems.push(`scrolls sideways: ${root.scrollWidth} px wide in ${root.clientWidth} px`);
    const name = (el: Element) =>
      `${el.tagName.toLowerCase()}${el.id ? `#${el.id}` : ''}${[...el.classList].map((c) => `.${c}`).join('')}${
        el instanceof HTMLInputElement ? `[type=${el.type}]` : ''
      } "${(el.textContent || el.getAttribute('aria-label') || el.getAttribute('name') || '').trim().slice(0, 30)}"`;
    const visible = (el: Element) => {
      const box = el.getBoundingClientRect();
      const style = getComputedStyle(el);
      return box.width > 0 && box.height > 0 && style.visibility !== 'hidden' && !el.closest('[hidden]');
    };
    const controls = [
      ...document.querySelectorAll('main button, main select, main textarea, main input, main a.button'),
    ]
      .filter((el) => !(el instanceof HTMLInputElement && ['hidden', 'file'].includes(el.type)))
      .filter((el) => !el.closest('.visually-hidden, [aria-hidden="true"]') && visible(el));
    for (const el of controls) {
      const style = getComputedStyle(el);
      const input = el instanceof HTMLInputElement ? el : undefined;
      if (input && (input.type === 'checkbox' || input.type === 'radio')) {
        if (style.accentColor === 'auto') problems.push(`${name(el)}: the browser's own checkbox colour`);
      } else if (el.tagName === 'BUTTON' || (input && ['submit', 'button', 'reset'].includes(input.type))) {
        if (style.backgroundColor === 'rgb(239, 239, 239)' || style.borderTopStyle === 'outset')
          problems.push(`${name(el)}: the browser's grey button`);
      } else if (el.tagName !== 'A' && !(input && input.type === 'range')) {
        if (style.borderTopColor === 'rgb(118, 118, 118)' || style.borderTopStyle === 'inset')
          problems.push(`${name(el)}: the browser's own field border`);
      }
      // The target a finger hits: the control, or the label it sits in.
      const label = el.closest('label');
      const box = (label && visible(label) ? label : el).getBoundingClientRect();
      if (Math.round(box.width) < 24 || Math.round(box.height) < 24)
        problems.push(`${name(el)}: tap target ${Math.round(box.width)}×${Math.round(box.height)} px`);
    }
    return problems;
  });
}

describe('every page on a 390 px phone', () => {
  let browser: Awaited<ReturnType<typeof launchBrowser>>;
  let page: Page;
  beforeAll(async () => {
    browser = await launchBrowser({ viewport: { width: 390, height: 844 } });
    page = await browser.context.newPage();
  });
  afterAll(() => browser.close());

  it('has no sideways scroll, no native grey controls, tap targets of 24 px, readable buttons in every state', async () => {
    const found: string[] = [];
    for (const path of await pagePaths()) {
      await page.goto(`${baseUrl}${path}`);
      await waitForHydration(page);
      const problems = [...(await layoutProblems(page)), ...(await unreadableButtons(page))];
      found.push(...problems.map((problem) => `${path}: ${problem}`));
    }
    expect(found).toEqual([]);
  }, 900_000);
});

describe('the tool pages at 1280 px', () => {
  let browser: Awaited<ReturnType<typeof launchBrowser>>;
  let page: Page;
  beforeAll(async () => {
    browser = await launchBrowser({ viewport: { width: 1280, height: 800 } });
    page = await browser.context.newPage();
  });
  afterAll(() => browser.close());

  it('share one column: the same left edge and width (one layout for sibling tools)', async () => {
    const columns: Record<string, string> = {};
    for (const path of [
      '/compress',
      '/dict',
      '/nutrition',
      '/pdfToText',
      '/imgToText',
      '/textToAudio',
      '/portUrl',
    ]) {
      await page.goto(`${baseUrl}${path}`);
      const box = await page
        .locator('main h1')
        .first()
        .evaluate((h1) => {
          const column = h1.closest('.page')!.getBoundingClientRect();
          return `${Math.round(column.left)} ${Math.round(column.width)}`;
        });
      columns[path] = box;
    }
    expect(new Set(Object.values(columns)).size, JSON.stringify(columns)).toBe(1);
  });
});
