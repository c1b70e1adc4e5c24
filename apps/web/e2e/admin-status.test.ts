import { describe, expect, inject, it } from 'vitest';
import { expectNoSeriousAxeViolations, openBrowserSession, waitForHydration } from './browser.ts';

const baseUrl = inject('baseUrl');
const session = openBrowserSession();

/**
 * The console's status screen for a visitor who has not signed in: the console's sign-in form in its place,
 * kept by the server only (decision 0037: no-store, never indexed); its JavaScript is not on public pages. (The
 * signed-in screen is tested with the console's sign-in.)
 */
describe('The status screen (/admin/status), signed out', () => {
  it('answers with the sign-in form, kept by the server only and never indexed, and passes axe', async () => {
    // Without a cookie every visitor gets the same sign-in form: the second answer is the server's kept one,
    // and neither may be kept by a browser or a proxy, nor indexed.
    const consolePages = ['', '/content', '/content/posts', '/activity', '/comments', '/reports'];
    for (const address of [...consolePages, '/short-links', '/inbox', '/status'].map((p) => `/admin${p}`)) {
      const first = await session.page.request.get(`${baseUrl}${address}`);
      const again = await session.page.request.get(`${baseUrl}${address}`);
      expect(again.headers()['x-page-cache'], address).toBe('hit');
      for (const answer of [first, again]) {
        expect(answer.headers()['cache-control'], address).toBe('no-store');
        expect(answer.headers()['x-robots-tag'], address).toBe('noindex, nofollow');
      }
    }

    const answers: number[] = [];
    session.page.on('response', (response) => {
      if (response.url().endsWith('/api/admin/status')) answers.push(response.status());
    });
    const response = await session.page.goto(`${baseUrl}/admin/status`);
    expect(response?.status()).toBe(200);
    expect(response?.headers()['cache-control']).toBe('no-store');
    await waitForHydration(session.page);
    // Signed out, the console's frame shows its sign-in form instead of the screen: nothing is asked of the API.
    expect(await session.page.getByRole('heading', { level: 1 }).textContent()).toBe(
      'Sign in to the console',
    );
    await session.page.getByLabel('Email').waitFor();
    await session.page.getByLabel('Password').waitFor();
    await session.page.getByRole('button', { name: 'Sign in' }).waitFor();
    expect(answers).toEqual([]);
    expect(await session.page.locator('meta[name="robots"]').getAttribute('content')).toBe('noindex');
    await expectNoSeriousAxeViolations(session.page);
  });

  it('keeps its JavaScript off public pages', async () => {
    const scripts: string[] = [];
    session.page.on('request', (request) => {
      if (request.resourceType() === 'script') scripts.push(request.url());
    });
    await session.page.goto(`${baseUrl}/`);
    await waitForHydration(session.page);
    const preloaded = await session.page
      .locator('link[rel="modulepreload"], script[src]')
      .evaluateAll((nodes) =>
        nodes.map((node) => node.getAttribute('href') ?? node.getAttribute('src') ?? ''),
      );
    expect(scripts.length + preloaded.length).toBeGreaterThan(0);
    expect([...scripts, ...preloaded].filter((url) => /admin-status|AdminStatus/.test(url))).toEqual([]);
  });
});
