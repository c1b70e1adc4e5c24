import type { PostSearchHit } from '@hurryup/contracts/post';
import { postPath } from '@hurryup/contracts/post-slug';
import type { Page } from 'playwright-core';
import { afterEach, describe, expect, inject, it } from 'vitest';
import { heldClickMs } from '../app/shared/start-page-scripts.ts';
import { allBlogs, allPosts, getJson } from './api.ts';
import { openBrowserSession, waitForHydration } from './browser.ts';

// docs/decisions/0018-content-pages-hydrate-on-use.md
const baseUrl = inject('baseUrl');
const session = openBrowserSession();

const isHydrated = (page: Page) => page.evaluate(() => document.documentElement.dataset.hydrated === 'true');

/** Holds every module of the page back until `release()`, so a test can act before the page hydrates. */
async function holdScripts(page: Page) {
  let release!: () => void;
  const released = new Promise<void>((resolve) => {
    release = resolve;
  });
  let held = 0;
  await page.route(/\/assets\/.*\.js$/, async (route) => {
    held += 1;
    await released;
    await route.continue().catch(() => {});
  });
  return {
    release,
    held: () => held,
  };
}

/** Opens /blog with its modules held back and clicks the first entry's toggle. */
async function toggleFirstBlogBeforeHydration(page: Page) {
  const [first] = await allBlogs();
  const scripts = await holdScripts(page);
  await page.goto(`${baseUrl}/blog`);
  const toggle = page.getByRole('button', { name: first!.title });
  await toggle.click();
  return { first: first!, toggle, scripts };
}

afterEach(async () => {
  await session.page.unrouteAll({ behavior: 'ignoreErrors' });
});

describe('a page to read hydrates at first use', () => {
  it('fetches its modules after the first paint but runs none until the visitor does something', async () => {
    const { page } = session;
    await page.goto(`${baseUrl}/aboutus`);
    const preloads = await page.evaluate(() =>
      (
        document.querySelector('script[type="text/x-after-first-paint"]')?.getAttribute('data-preloads') ?? ''
      ).split(' '),
    );
    expect(preloads.length).toBeGreaterThan(2);
    // Every module arrives...
    await expect
      .poll(() =>
        page.evaluate(
          (hrefs) =>
            hrefs.every((href) =>
              (performance.getEntriesByType('resource') as PerformanceResourceTiming[]).some(
                (entry) => new URL(entry.name).pathname === href && entry.responseEnd > 0,
              ),
            ),
          preloads,
        ),
      )
      .toBe(true);
    // ...and none runs: no module script, no router, no hydration.
    await page.waitForTimeout(500);
    expect(await page.locator('script[type="module"]').count()).toBe(0);
    expect(await page.evaluate(() => '__reactRouterRouteModules' in window)).toBe(false);
    expect(await isHydrated(page)).toBe(false);

    // The first click is both the use that starts the page and the click the menu button answers.
    await page.getByRole('button', { name: 'Open Menu' }).click();
    await page.getByRole('navigation', { name: 'Site menu' }).waitFor();
    expect(await page.getByRole('button', { name: 'Close Menu' }).getAttribute('aria-expanded')).toBe('true');
    expect(await isHydrated(page)).toBe(true);
    expect(session.problems).toEqual([]);
  });

  it('replays a click on a button the application answers once it has hydrated', async () => {
    const { page } = session;
    const { first, toggle, scripts } = await toggleFirstBlogBeforeHydration(page);
    expect(scripts.held()).toBeGreaterThan(0);
    expect(await toggle.getAttribute('aria-expanded')).toBe('false');
    expect(await isHydrated(page)).toBe(false);
    scripts.release();
    await expect.poll(() => toggle.getAttribute('aria-expanded')).toBe('true');
    expect(await page.locator(`#blog-${first.id} .content-item__body`).isVisible()).toBe(true);
    expect(session.problems).toEqual([]);
  });

  it('holds a radio button the application answers, then chooses it once it has hydrated', async () => {
    const { page } = session;
    const [post] = await allPosts();
    const scripts = await holdScripts(page);
    await page.route('**/api/translateText', (route) =>
      route.fulfill({ json: { translatedText: 'नमस्ते, यह अनुवाद है।' } }),
    );
    await page.goto(`${baseUrl}${postPath(post!.title)}`);
    const hindi = page.getByLabel('हिन्दी (Hindi)');
    await hindi.click();
    // The browser does not tick what the application does not know of yet.
    expect(await hindi.isChecked()).toBe(false);
    expect(await page.getByLabel('English').isChecked()).toBe(true);
    scripts.release();
    await expect.poll(() => hindi.isChecked()).toBe(true);
    await page.getByRole('region', { name: 'Hindi translation' }).getByText('नमस्ते, यह अनुवाद है।').waitFor();
    expect(session.problems).toEqual([]);
  });

  it('searches for what the visitor typed before the page hydrated', async () => {
    const { page } = session;
    const query = 'money';
    const hits = await getJson<PostSearchHit[]>(`/api/posts/search?q=${query}`);
    expect(hits.length).toBeGreaterThan(0);
    const scripts = await holdScripts(page);
    await page.goto(`${baseUrl}/SearchPage?q=upi`);
    const status = page.getByRole('status');
    const before = await status.textContent();
    const field = page.getByLabel('Search posts by title or description');
    await field.fill(query);
    expect(await isHydrated(page)).toBe(false);
    expect(await status.textContent()).toBe(before);
    scripts.release();
    await expect
      .poll(() => status.textContent())
      .toBe(`${hits.length} ${hits.length === 1 ? 'post' : 'posts'} found.`);
    expect(await field.inputValue()).toBe(query);
    await expect.poll(() => page.evaluate(() => new URL(location.href).searchParams.get('q'))).toBe(query);
    expect(session.problems).toEqual([]);
  });

  it('does not take scrolling for use, and keeps the place of a reader who comes back', async () => {
    const { page } = session;
    const path = `${baseUrl}/privacy-policy/full`;
    await page.goto(path);
    await waitForHydration(page);
    await page.evaluate(() => window.scrollTo(0, 600));
    // Leaving the page saves its place; coming back (a reload) restores it before the first paint.
    await page.reload();
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(600);
    expect(await isHydrated(page)).toBe(false);

    // Reading on: keys that scroll, a wheel, and a touch that turns into a scroll.
    await page.keyboard.press('PageDown');
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('Space');
    await page.mouse.wheel(0, 200);
    await page.evaluate(() => {
      const text = document.querySelector('main p')!;
      text.dispatchEvent(new PointerEvent('pointerdown', { pointerType: 'touch', bubbles: true }));
      text.dispatchEvent(new PointerEvent('pointercancel', { pointerType: 'touch', bubbles: true }));
    });
    await page.waitForTimeout(500);
    expect(await isHydrated(page)).toBe(false);
    const readTo = await page.evaluate(() => window.scrollY);
    expect(readTo).toBeGreaterThan(600);

    // A tap is a use; hydrating leaves the reader where they are, not at the place saved before.
    await page.evaluate(() =>
      document
        .querySelector('main p')!
        .dispatchEvent(new PointerEvent('pointerup', { pointerType: 'touch', bubbles: true })),
    );
    await page.waitForFunction(() => document.documentElement.dataset.hydrated === 'true');
    await page.waitForTimeout(200);
    expect(await page.evaluate(() => window.scrollY)).toBe(readTo);
  });

  it('drops a held click the page took too long to answer', async () => {
    const { page } = session;
    const { toggle, scripts } = await toggleFirstBlogBeforeHydration(page);
    await page.waitForTimeout(heldClickMs + 300);
    scripts.release();
    await page.waitForFunction(() => document.documentElement.dataset.hydrated === 'true');
    await page.waitForTimeout(200);
    expect(await toggle.getAttribute('aria-expanded')).toBe('false');
    await toggle.click();
    expect(await toggle.getAttribute('aria-expanded')).toBe('true');
  });

  it('works as plain HTML again when its modules cannot be loaded', async () => {
    const page = await session.browser.context.newPage();
    const [post] = await allPosts();
    await page.route(/\/assets\/.*\.js$/, (route) => route.abort());
    await page.goto(`${baseUrl}${postPath(post!.title)}`);
    const hindi = page.getByLabel('हिन्दी (Hindi)');
    // The first click is held, as if the application were coming...
    await hindi.click();
    expect(await hindi.isChecked()).toBe(false);
    // ...and once its modules have failed, the radio button ticks as HTML does.
    await expect
      .poll(async () => {
        await hindi.click();
        return hindi.isChecked();
      })
      .toBe(true);
    expect(await isHydrated(page)).toBe(false);
    await page.close();
  });

  it('follows links and submits forms as plain HTML while its modules have not arrived', async () => {
    const { page } = session;
    const [post] = await allPosts();
    const scripts = await holdScripts(page);
    await page.goto(`${baseUrl}/userforum`);
    await page.getByRole('button', { name: 'Next' }).click();
    await page.waitForURL(/\/userforum\?page=2$/);
    await page.getByText('Page 2 of').waitFor();
    await page.goto(`${baseUrl}/userforum`);
    await page.getByRole('link', { name: post!.title }).click();
    await page.waitForURL(`${baseUrl}${postPath(post!.title)}`);
    await page.getByRole('heading', { level: 1, name: post!.title }).waitFor();
    expect(await isHydrated(page)).toBe(false);
    scripts.release();
  });

  it('leaves other pages to hydrate as soon as they have painted', async () => {
    const { page } = session;
    await page.goto(`${baseUrl}/infopic`);
    expect(await page.locator('script[data-start="on-use"]').count()).toBe(0);
    await page.waitForFunction(() => document.documentElement.dataset.hydrated === 'true');
  });
});
