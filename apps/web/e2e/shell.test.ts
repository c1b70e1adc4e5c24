import { describe, expect, inject, it } from 'vitest';
import { footerLinks, sideMenuLinks } from '../app/features/shell/navigation.ts';
import {
  expectNoSeriousAxeViolations,
  openBrowserSession,
  waitForHydration,
  watchPageProblems,
} from './browser.ts';

const baseUrl = inject('baseUrl');
const session = openBrowserSession();

describe('the shell', () => {
  it('starts with the menu hidden and toggles it with Open Menu / Close Menu', async () => {
    await session.page.goto(`${baseUrl}/aboutus`);
    await waitForHydration(session.page);
    const button = session.page.getByRole('button', { name: 'Open Menu' });
    // Hidden elements have no role, so find the menu by its label.
    const menu = session.page.locator('nav[aria-label="Site menu"]');
    await expect.poll(() => button.getAttribute('aria-expanded')).toBe('false');
    expect(await menu.isHidden()).toBe(true);
    expect(await button.getAttribute('aria-controls')).toBe(await menu.getAttribute('id'));

    await button.click();
    const close = session.page.getByRole('button', { name: 'Close Menu' });
    expect(await close.getAttribute('aria-expanded')).toBe('true');
    expect(await menu.isVisible()).toBe(true);
    // Focus moves into the menu so keyboard users land on the first link.
    expect(await session.page.evaluate(() => document.activeElement?.getAttribute('href'))).toBe('/blog');

    await close.click();
    expect(await menu.isHidden()).toBe(true);
    expect(await session.page.getByRole('button', { name: 'Open Menu' }).isVisible()).toBe(true);
  });

  it('lists all 18 menu links with their labels, in order', async () => {
    await session.page.goto(`${baseUrl}/aboutus`);
    await waitForHydration(session.page);
    await session.page.getByRole('button', { name: 'Open Menu' }).click();
    const links = await session.page
      .getByRole('navigation', { name: 'Site menu' })
      .getByRole('link')
      .evaluateAll((els) => els.map((a) => ({ to: a.getAttribute('href'), label: a.textContent })));
    expect(links).toEqual(sideMenuLinks.map((l) => ({ to: l.to, label: l.label })));
    expect(links).toHaveLength(18);
    await expectNoSeriousAxeViolations(session.page);
  });

  it('closes the menu with Escape and returns focus to the button', async () => {
    await session.page.goto(`${baseUrl}/aboutus`);
    await waitForHydration(session.page);
    await session.page.getByRole('button', { name: 'Open Menu' }).click();
    await session.page.keyboard.press('Escape');
    expect(await session.page.locator('nav[aria-label="Site menu"]').isHidden()).toBe(true);
    expect(await session.page.evaluate(() => document.activeElement?.textContent)).toBe('Open Menu');
  });

  it('closes the menu after following one of its links', async () => {
    await session.page.goto(`${baseUrl}/aboutus`);
    await waitForHydration(session.page);
    await session.page.getByRole('button', { name: 'Open Menu' }).click();
    await session.page
      .getByRole('navigation', { name: 'Site menu' })
      .getByRole('link', { name: 'Contact Us' })
      .click();
    await session.page.waitForURL(`${baseUrl}/contact`);
    await expect.poll(() => session.page.locator('nav[aria-label="Site menu"]').isHidden()).toBe(true);
  });

  it('has the six footer links, and they lead to the legal pages', async () => {
    await session.page.goto(`${baseUrl}/disclaimer`);
    await waitForHydration(session.page);
    const footer = session.page.getByRole('contentinfo');
    const links = await footer
      .getByRole('link')
      .evaluateAll((els) => els.map((a) => ({ to: a.getAttribute('href'), label: a.textContent })));
    expect(links).toEqual(footerLinks.map((l) => ({ to: l.to, label: l.label })));
    await footer.getByRole('link', { name: 'Privacy Policy' }).click();
    await session.page.waitForURL(`${baseUrl}/privacy-policy`);
    await expect
      .poll(() => session.page.getByRole('heading', { level: 1 }).textContent())
      .toBe('Privacy Policy');
    expect(await session.page.title()).toBe('Privacy Policy | Hurry Up');
  });

  it('carries the whole stylesheet inline, links none, and starts its scripts after the first paint', async () => {
    // docs/decisions/0016-one-inlined-stylesheet.md: the page paints without waiting for a stylesheet.
    const html = await (await fetch(`${baseUrl}/blog`)).text();
    expect(html).not.toMatch(/<link[^>]*rel="stylesheet"/);
    const styles = [...html.matchAll(/<style id="site-styles"[^>]*>([\s\S]*?)<\/style>/g)];
    expect(styles).toHaveLength(1);
    const stylesheet = html.match(/\/assets\/[\w-]+\.css/)?.[0];
    expect(stylesheet, 'the page names no stylesheet file').toBeUndefined();
    expect(styles[0]![1]).toContain('.site-header');
    // docs/decisions/0017-scripts-after-first-paint.md: no module is fetched before the page has painted.
    expect(html).not.toContain('rel="modulepreload"');
    expect(html).not.toContain('type="module"');
    const inert = [...html.matchAll(/<script type="text\/x-after-first-paint" data-preloads="([^"]*)">/g)];
    expect(inert).toHaveLength(1);
    const preloads = inert[0]![1]!.split(' ');
    expect(preloads.length).toBeGreaterThan(2);
    for (const href of preloads) expect(href).toMatch(/^\/assets\/[\w.-]+\.js$/);

    // Styled before and after hydration, and navigating to a page with other styles keeps them styled.
    // The mouse out of the way: left over a control by an earlier step, it would be a use of the page (decision
    // 0018) and start its scripts before the paint this test measures against.
    await session.page.mouse.move(1, 1);
    // In front: a page hidden behind another tab of the session starts its scripts at once, by design.
    await session.page.bringToFront();
    await session.page.goto(`${baseUrl}/blog`);
    const headerBackground = () =>
      session.page.evaluate(() => getComputedStyle(document.querySelector('.site-header')!).position);
    expect(await headerBackground()).toBe('sticky');
    // waitForHydration presses a key on a page that hydrates on use, and a use before the first paint
    // rightly starts the scripts at once: on a busy machine the paint can come that late, so wait for it.
    await session.page.waitForFunction(
      () => performance.getEntriesByName('first-contentful-paint').length > 0,
    );
    await waitForHydration(session.page);
    const timing = await session.page.evaluate(() => ({
      paint: performance.getEntriesByName('first-contentful-paint')[0]?.startTime,
      scripts: performance
        .getEntriesByType('resource')
        .filter((entry) => /\/assets\/.*\.js$/.test(entry.name))
        .map((entry) => ({ name: entry.name, start: entry.startTime })),
    }));
    expect(timing.paint).toBeGreaterThan(0);
    expect(timing.scripts.map((script) => new URL(script.name).pathname)).toEqual(
      expect.arrayContaining(preloads),
    );
    for (const script of timing.scripts) expect(script.start).toBeGreaterThanOrEqual(timing.paint!);
    expect(await session.page.locator('style#site-styles').count()).toBe(1);
    expect(await session.page.locator('link[rel="stylesheet"]').count()).toBe(0);
    await session.page.getByRole('button', { name: 'Open Menu' }).click();
    await session.page
      .getByRole('navigation', { name: 'Site menu' })
      .getByRole('link', { name: /Search/ })
      .first()
      .click();
    await session.page.waitForURL(/SearchPage/);
    // The address changes a moment before the new route's elements are in the document.
    await session.page.locator('.search__form').waitFor();
    expect(await headerBackground()).toBe('sticky');
    expect(
      await session.page.evaluate(() => getComputedStyle(document.querySelector('.search__form')!).display),
    ).toBe('grid');
    expect(await session.page.locator('style#site-styles').count()).toBe(1);
  });

  it('sets the page description meta tag', async () => {
    await session.page.goto(`${baseUrl}/aboutus`);
    const description = await session.page.locator('meta[name="description"]').getAttribute('content');
    expect(description?.length).toBeGreaterThan(50);
  });

  it('serves a real 404 page with a link home for unknown paths', async () => {
    const response = await session.page.goto(`${baseUrl}/no/such/page`);
    expect(response?.status()).toBe(404);
    expect(await session.page.getByRole('heading', { level: 1 }).textContent()).toBe('Page not found');
    expect(await session.page.getByRole('link', { name: 'Go to the home page' }).getAttribute('href')).toBe(
      '/',
    );
    expect(await session.page.title()).toBe('Page not found | Hurry Up');
    expect(await session.page.locator('meta[name="robots"]').getAttribute('content')).toBe('noindex');
    await expectNoSeriousAxeViolations(session.page);
    // The link and the header's site name lead to the daily news home, a real page.
    await waitForHydration(session.page);
    await session.page.getByRole('link', { name: 'Go to the home page' }).click();
    await session.page.waitForURL(`${baseUrl}/`);
    await session.page.locator('.daily-news').waitFor();
    expect(await session.page.title()).toBe('Hurry Up!');
    expect(await session.page.locator('.site-header__brand').getAttribute('href')).toBe('/');
    expect((await fetch(`${baseUrl}/`)).status).toBe(200);
  });

  it('answers every unknown address with the one 404 page it keeps, which hydrates at any address', async () => {
    // Kept once for every unknown address (handle.cache.as): the first address renders it, the next is a hit.
    await fetch(`${baseUrl}/no/such/page/either`);
    const page = await session.browser.context.newPage();
    const problems = watchPageProblems(page);
    // Under a section of the menu: a page in no section marks none of its links, whatever the address.
    const response = await page.goto(`${baseUrl}/tradebot/no-such-view`);
    expect(response?.status()).toBe(404);
    expect(await response?.headerValue('x-page-cache')).toBe('hit');
    expect(await page.locator('link[rel="canonical"]').count()).toBe(0);
    await waitForHydration(page);
    await page.getByRole('button', { name: 'Open Menu' }).click();
    expect(await page.locator('.side-menu [aria-current]').count()).toBe(0);
    expect(problems.filter((p) => !p.includes('Failed to load resource'))).toEqual([]);
    await page.close();
  });

  it('works on a phone-sized screen', async () => {
    const phone = await session.browser.context.newPage();
    await phone.setViewportSize({ width: 375, height: 740 });
    await phone.goto(`${baseUrl}/terms-of-service`);
    await waitForHydration(phone);
    const scrollWidth = await phone.evaluate(() => document.documentElement.scrollWidth);
    expect(scrollWidth).toBeLessThanOrEqual(375);
    await phone.getByRole('button', { name: 'Open Menu' }).click();
    expect(await phone.getByRole('navigation', { name: 'Site menu' }).isVisible()).toBe(true);
    await expectNoSeriousAxeViolations(phone);
    await phone.close();
  });

  it('caused no CSP violations or script errors', () => {
    expect(session.problems.filter((p) => !p.includes('/contact'))).toEqual([]);
  });
});
