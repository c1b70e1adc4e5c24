// Each screen's own texts on every failure path (issue 18 item 7, docs/decisions/0010): a client-side
// navigation whose data request fails (a 500 without React Router's data, or no answer at all) shows the
// destination's specified failure state, styled, on a page whose policy allows the stylesheet by nonce; a
// comment save that fails without the server's message says 'Failed to save comment.'; a post or a web story
// that cannot be shown offers a way back.
import { commentMessages } from '@hurryup/contracts/comment-rules';
import { imagePagePath, webStoryPath } from '@hurryup/contracts/gallery-pages';
import { postPath } from '@hurryup/contracts/post-slug';
import type { Page, Route } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { allPosts, galleryImages, webStories } from './api.ts';
import { openBrowserSession, waitForHydration, watchPageProblems } from './browser.ts';

const baseUrl = inject('baseUrl');
const session = openBrowserSession();

/** A client-side navigation, as a link inside the app makes. */
async function navigateInApp(p: Page, to: string) {
  await p.evaluate((path) => {
    const router = (window as unknown as { __reactRouterDataRouter: { navigate(to: string): unknown } })
      .__reactRouterDataRouter;
    void router.navigate(path);
  }, to);
}

const isDataRequest = (url: URL) => url.pathname.endsWith('.data');
const failures = {
  '500': (route: Route) => route.fulfill({ status: 500, contentType: 'text/plain', body: 'Internal error' }),
  network: (route: Route) => route.abort('failed'),
} as const;

/** What shows the site's stylesheet applied (base.css), and that the inline style element is the one allowed. */
async function stylesApplied(p: Page) {
  return p.evaluate(() => {
    const style = document.getElementById('site-styles') as HTMLStyleElement | null;
    return {
      bodyDisplay: getComputedStyle(document.body).display,
      sheetRules: style?.sheet?.cssRules.length ?? 0,
      styleElements: document.querySelectorAll('style#site-styles').length,
    };
  });
}

describe('a client-side navigation whose data request fails', () => {
  let p: Page;
  let problems: string[];
  const targets: [string, string][] = [];

  beforeAll(async () => {
    p = await session.browser.context.newPage();
    problems = watchPageProblems(p);
    const [post] = await allPosts();
    const [story] = await webStories();
    const [image] = await galleryImages();
    targets.push(
      ['/blog', 'Error fetching blogs'],
      ['/userforum?page=2', 'Error fetching posts'],
      [postPath(post!.title), 'Error fetching post'],
      ['/SearchPage?q=upi', 'Search is not available right now. Please try again.'],
      ['/infopic', 'Error fetching images'],
      ['/webstories', 'Error fetching videos or web stories'],
      [webStoryPath(story!.id), 'The web story could not be loaded.'],
      ['/devbit', 'Error fetching images'],
      [imagePagePath(image!.url), 'Error fetching images'],
      ['/daylow', 'Failed to fetch stock data.'],
      ['/tradingViewData', 'Error: Error connecting to the server.'],
      ['/volat', 'Failed to fetch data. Please try again.'],
      ['/breakout', 'No alert currently.'],
      ['/stocks', 'Failed to fetch stock news'],
      ['/trendingNow?rows=30', 'Failed to fetch trends.'],
      ['/captions', 'Failed to fetch video titles.'],
    );
  });
  afterAll(() => p.close());

  // Issue 27: the home, the deal pages, contact, donate and the tools index (a test of their own, within its
  // time on a busy machine).
  const newerTargets: [string, string][] = [
    ['/', 'Error fetching news'],
    ['/offers', 'Error fetching offers'],
    ['/moversShakers', 'Error fetching trending products'],
    ['/refer', 'Error fetching referral programmes'],
    ['/contact', 'Write to us here and we will answer by email.'],
    ['/donate', 'The payment details could not be loaded. Please try again.'],
    ['/homeTools', 'Every tool on the site, free to use, with no sign-in.'],
  ];
  const targetSets = { older: targets, newer: newerTargets };

  /** Opens a page rendered per request (its policy allows the stylesheet by nonce) other than `target`. */
  async function startAwayFrom(target: string) {
    // A request with a cookie of the site is rendered for it, never answered from the page cache.
    const start = target.startsWith('/tradebot-save-9') ? '/tradebot?save=true' : '/tradebot-save-9';
    await p.unrouteAll();
    await p.context().addCookies([{ name: 'visitor_choice', value: '1', url: baseUrl }]);
    await p.goto(`${baseUrl}${start}`);
    await p.context().clearCookies();
    await waitForHydration(p);
    const nonce = await p.evaluate(() => (document.getElementById('site-styles') as HTMLStyleElement).nonce);
    expect(nonce, `${start} should be rendered with a nonce`).not.toBe('');
    problems.length = 0;
  }

  for (const [set, failure] of [
    ['older', '500'],
    ['older', 'network'],
    ['newer', '500'],
    ['newer', 'network'],
  ] as const) {
    it(`shows each screen's own failure text, styled (${set} screens, ${failure})`, async () => {
      const seen: string[] = [];
      const list = targetSets[set];
      for (const [target, text] of list) {
        await startAwayFrom(target);
        await p.route(isDataRequest, failures[failure]);
        const failed = p.waitForRequest((request) => isDataRequest(new URL(request.url())));
        await navigateInApp(p, target);
        await failed;
        await p.getByText(text, { exact: true }).first().waitFor();
        expect(await p.getByText('Something went wrong').count(), target).toBe(0);
        expect(new URL(p.url()).pathname, target).toBe(target.split('?')[0]);
        const styles = await stylesApplied(p);
        expect(styles.bodyDisplay, target).toBe('flex');
        expect(styles.styleElements, target).toBe(1);
        expect(styles.sheetRules, target).toBeGreaterThan(10);
        expect(
          problems.filter((problem) => problem.startsWith('CSP')),
          target,
        ).toEqual([]);
        seen.push(target);
      }
      expect(seen).toHaveLength(list.length);
    });
  }

  it('shows the failure text when a menu link is followed', async () => {
    await startAwayFrom('/blog');
    await p.route(isDataRequest, failures['500']);
    await p.getByRole('button', { name: 'Open Menu' }).click();
    await p.getByRole('navigation', { name: 'Site menu' }).getByRole('link', { name: 'Blog' }).click();
    await p.getByRole('alert').filter({ hasText: 'Error fetching blogs' }).waitFor();
    expect(await p.getByRole('heading', { level: 1 }).textContent()).toBe('Blogs');
  });

  it("keeps the site's styles under the root's own error page too (a page with no failure state)", async () => {
    // The root's boundary mounts the root layout anew, so React creates the style element again: the policy
    // allows it only with the page's nonce.
    await startAwayFrom('/no-such-page');
    await p.route(isDataRequest, failures['500']);
    await navigateInApp(p, '/no-such-page');
    await p.getByText('Something went wrong').waitFor();
    const styles = await stylesApplied(p);
    expect(styles.bodyDisplay).toBe('flex');
    expect(styles.styleElements).toBe(1);
    expect(styles.sheetRules).toBeGreaterThan(10);
    expect(problems.filter((problem) => problem.startsWith('CSP'))).toEqual([]);
  });

  it('shows the page again once its data can be had', async () => {
    await startAwayFrom('/blog');
    await p.route(isDataRequest, failures.network);
    await navigateInApp(p, '/blog');
    await p.getByText('Error fetching blogs').waitFor();
    await p.unrouteAll();
    await navigateInApp(p, '/blog?entry=1');
    await p.locator('.content-list__items').waitFor();
    expect(await p.getByText('Error fetching blogs').count()).toBe(0);
  });
});

describe('a comment save that fails', () => {
  let p: Page;
  const dialogs: string[] = [];

  beforeAll(async () => {
    p = await session.browser.context.newPage();
    p.on('dialog', (dialog) => {
      dialogs.push(dialog.message());
      void dialog.accept();
    });
    const [image] = await galleryImages();
    await p.goto(`${baseUrl}${imagePagePath(image!.url)}`);
    await waitForHydration(p);
  });
  afterAll(() => p.close());

  async function sendAnswered(answer: (route: Route) => Promise<void>): Promise<string> {
    await p.unrouteAll();
    await p.route('**/api/saveComment', answer);
    dialogs.length = 0;
    await p.getByPlaceholder('Add a comment...').fill('A very useful picture, thanks');
    await p.getByRole('button', { name: 'Send' }).click();
    await expect.poll(() => dialogs.length).toBe(1);
    return dialogs[0]!;
  }

  it("says 'Failed to save comment.' for a 500 without a message", async () => {
    expect(await sendAnswered((route) => route.fulfill({ status: 500, body: '' }))).toBe(
      commentMessages.saveFailed,
    );
  });

  it("says 'Failed to save comment.' when the server cannot be reached", async () => {
    expect(await sendAnswered((route) => route.abort('failed'))).toBe(commentMessages.saveFailed);
  });

  it("shows the server's message when there is one", async () => {
    const answer = (route: Route) =>
      route.fulfill({
        status: 429,
        contentType: 'application/json',
        body: JSON.stringify({ error: commentMessages.perMinute, code: 'RATE_LIMITED' }),
      });
    expect(await sendAnswered(answer)).toBe(commentMessages.perMinute);
  });
});

describe('the way back from what cannot be shown', () => {
  let p: Page;
  beforeAll(async () => {
    p = await session.browser.context.newPage();
  });
  afterAll(() => p.close());

  it('a missing post links to the forum and to search', async () => {
    const res = await p.goto(`${baseUrl}/post/No%20such%20post`);
    expect(res?.status()).toBe(404);
    await p.getByRole('alert').filter({ hasText: 'No post data found.' }).waitFor();
    const forum = p.getByRole('main').getByRole('link', { name: 'User Forum' });
    expect(await forum.getAttribute('href')).toBe('/userforum');
    const search = p.getByRole('main').getByRole('link', { name: 'Search posts' });
    expect(await search.getAttribute('href')).toBe('/SearchPage');
    // A page to read works as plain HTML before it hydrates: the link is a link.
    await forum.click();
    await p.waitForURL(`${baseUrl}/userforum`);
    await p.getByRole('heading', { level: 1, name: 'User Forum' }).waitFor();
  });

  it('a missing web story links to the web stories', async () => {
    const res = await p.goto(`${baseUrl}/webstory/999999`);
    expect(res?.status()).toBe(404);
    await p.getByRole('alert').filter({ hasText: 'There is no web story with this id.' }).waitFor();
    await waitForHydration(p);
    await p.getByRole('main').getByRole('link', { name: 'See all the web stories' }).click();
    await p.waitForURL(`${baseUrl}/webstories`);
    await p.getByRole('heading', { name: 'Web Stories' }).waitFor();
  });
});
