import { postPath } from '@hurryup/contracts/post-slug';
import { describe, expect, inject, it } from 'vitest';
import { allPosts } from './api.ts';
import { openBrowserSession, waitForHydration } from './browser.ts';

const baseUrl = inject('baseUrl');
const session = openBrowserSession();

/** Which font files a fresh tab fetched while loading the page (the tab stays open as session.page). */
async function fontsFetched(path: string): Promise<string[]> {
  await session.page.close();
  session.page = await session.browser.context.newPage();
  const fonts: string[] = [];
  session.page.on('request', (request) => {
    if (request.resourceType() === 'font') fonts.push(request.url());
  });
  await session.page.goto(`${baseUrl}${path}`);
  await waitForHydration(session.page);
  await session.page.evaluate(() => document.fonts.ready);
  return fonts;
}

describe('the Devanagari web font', () => {
  it("renders 'हिन्दी' on the post page with the site's own Noto Sans Devanagari", async () => {
    const [post] = await allPosts();
    const fonts = await fontsFetched(postPath(post!.title));
    expect(fonts.length).toBeGreaterThan(0);
    expect(fonts.every((url) => url.startsWith(`${baseUrl}/assets/noto-sans-devanagari-devanagari-`))).toBe(
      true,
    );
    const label = session.page.locator('span[lang="hi"]', { hasText: 'हिन्दी' });
    expect(await label.evaluate((el) => getComputedStyle(el).fontFamily)).toMatch(/^"?Noto Sans Devanagari/);
    expect(
      await session.page.evaluate(() =>
        [...document.fonts].some((f) => f.family.includes('Noto Sans Devanagari') && f.status === 'loaded'),
      ),
    ).toBe(true);
  });

  it('is not downloaded by a page without Devanagari text', async () => {
    expect(await fontsFetched('/aboutus')).toEqual([]);
  });
});
