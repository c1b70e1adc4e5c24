import {
  defaultWebStoryThumbnail,
  imagePagePath,
  webStoryPath,
  webStoryPlayerPath,
} from '@hurryup/contracts/gallery-pages';
import { describe, expect, inject, it } from 'vitest';
import { galleryImages, videos, webStories } from './api.ts';
import { expectNoSeriousAxeViolations, openBrowserSession, waitForHydration } from './browser.ts';
import { checkHtml, formatHtmlProblem } from './html-check.ts';

const baseUrl = inject('baseUrl');
const session = openBrowserSession();

describe('image gallery (/infopic)', () => {
  it("shows 'Image Gallery' and a grid of every image, each opening its image page", async () => {
    const images = await galleryImages();
    expect(images.length).toBeGreaterThanOrEqual(12);
    await session.page.goto(`${baseUrl}/infopic`);
    await waitForHydration(session.page);
    expect(await session.page.getByRole('heading', { level: 1 }).textContent()).toBe('Image Gallery');
    const links = session.page.locator('.gallery__grid a');
    expect(await links.evaluateAll((els) => els.map((el) => el.getAttribute('href')))).toEqual(
      images.map((image) => imagePagePath(image.url)),
    );
    const attributes = await session.page.locator('.gallery__grid img').evaluateAll((els) =>
      els.map((el) => ({
        alt: el.getAttribute('alt'),
        width: el.getAttribute('width'),
        height: el.getAttribute('height'),
        loading: el.getAttribute('loading'),
      })),
    );
    expect(attributes.map((a) => a.alt)).toEqual(images.map((i) => i.alt));
    expect(attributes.every((a) => a.width === '1080' && a.height === '1350')).toBe(true);
    expect(attributes.slice(2).every((a) => a.loading === 'lazy')).toBe(true);
    await expectNoSeriousAxeViolations(session.page);

    await links.nth(1).click();
    await session.page.waitForURL(`${baseUrl}${imagePagePath(images[1]!.url)}`);
    expect(await session.page.locator('.image-page__figure img').getAttribute('alt')).toBe(images[1]!.alt);
    expect(session.problems).toEqual([]);
  });

  it('loads only small modern copies above the fold on a 390 px phone', async () => {
    const p = await session.browser.context.newPage();
    await p.setViewportSize({ width: 390, height: 844 });
    const loaded: string[] = [];
    p.on('requestfinished', (request) => {
      if (request.resourceType() === 'image') loaded.push(new URL(request.url()).pathname);
    });
    await p.goto(`${baseUrl}/infopic`, { waitUntil: 'networkidle' });
    const grid = loaded.filter(
      (url) => url.startsWith('/img/') || url.startsWith('/content/images/gallery/'),
    );
    expect(grid.length).toBeGreaterThan(0);
    expect(grid.every((url) => url.startsWith('/img/') && url.endsWith('.avif'))).toBe(true);
    await p.close();
  });
});

describe('video gallery (/webstories)', () => {
  it("shows 'Video Gallery', the 'Web Stories' cards (320 by 240, default picture) and the videos", async () => {
    const [stories, list] = [await webStories(), await videos()];
    expect(stories.length).toBeGreaterThanOrEqual(4);
    expect(list.length).toBeGreaterThanOrEqual(8);
    await session.page.goto(`${baseUrl}/webstories`);
    await waitForHydration(session.page);
    expect(await session.page.getByRole('heading', { level: 1 }).textContent()).toBe('Video Gallery');
    expect(await session.page.getByRole('heading', { level: 2, name: 'Web Stories' }).isVisible()).toBe(true);
    const cards = await session.page.locator('.story-card').evaluateAll((els) =>
      els.map((el) => {
        const img = el.querySelector('img')!;
        return {
          href: el.getAttribute('href'),
          src: img.getAttribute('src'),
          size: [img.getAttribute('width'), img.getAttribute('height')],
          shown: [img.getBoundingClientRect().width, img.getBoundingClientRect().height],
        };
      }),
    );
    expect(cards.map((c) => c.href)).toEqual(stories.map((s) => webStoryPath(s.id)));
    expect(cards.map((c) => c.src)).toEqual(stories.map((s) => s.thumbnailUrl ?? defaultWebStoryThumbnail));
    expect(cards.some((c) => c.src === defaultWebStoryThumbnail)).toBe(true);
    expect(cards.every((c) => c.size[0] === '320' && c.size[1] === '240')).toBe(true);
    expect(cards[0]!.shown).toEqual([320, 240]);

    const videoLinks = await session.page
      .locator('.video-card')
      .evaluateAll((els) =>
        els.map((el) => [el.getAttribute('href'), el.getAttribute('target'), el.getAttribute('rel')]),
      );
    expect(videoLinks).toEqual(list.map((v) => [v.vidurl, '_blank', 'noopener noreferrer']));
    await expectNoSeriousAxeViolations(session.page);
  });

  it('opens a web story page from its card', async () => {
    const [story] = await webStories();
    await session.page.goto(`${baseUrl}/webstories`);
    await waitForHydration(session.page);
    await session.page.route(/\/webstory\/.*\.data/, async (route) => {
      await new Promise((resolve) => setTimeout(resolve, 700));
      await route.continue();
    });
    await session.page.locator(`a[href="${webStoryPath(story!.id)}"]`).click();
    await session.page.getByText('Loading web story...').waitFor();
    await session.page.getByRole('heading', { level: 1, name: story!.title }).waitFor();
    await session.page.unrouteAll();
  });
});

describe('web story page (/webstory/:id) and its player', () => {
  it('shows the title, the story frame and Share, with preview tags in the HTML', async () => {
    const [story] = await webStories();
    const html = await (await fetch(`${baseUrl}${webStoryPath(story!.id)}`)).text();
    const cover = story!.thumbnailUrl ?? story!.pages[0]!.image;
    expect(html).toContain(`<meta property="og:image" content="${baseUrl}${cover}"/>`);
    expect(html).toContain(`<meta property="og:url" content="${baseUrl}${webStoryPath(story!.id)}"/>`);
    expect(html).toContain('<meta name="twitter:card" content="summary_large_image"/>');
    expect(story!.embedUrl).toBe(`${baseUrl}${webStoryPlayerPath(story!.id)}`);

    await session.page.goto(`${baseUrl}${webStoryPath(story!.id)}`);
    await waitForHydration(session.page);
    expect(await session.page.getByRole('heading', { level: 1 }).textContent()).toBe(story!.title);
    expect(await session.page.locator('iframe').getAttribute('src')).toBe(story!.embedUrl);
    expect(await session.page.getByRole('button', { name: 'Share' }).isVisible()).toBe(true);
    await expectNoSeriousAxeViolations(session.page);

    const frame = session.page.frameLocator('iframe');
    await frame.locator('.story__page[data-current]').waitFor();
    expect(await frame.locator('.story__page[data-current] img').getAttribute('src')).toBe(
      story!.pages[0]!.image,
    );
    expect(session.problems).toEqual([]);
  });

  it('plays page by page: tap right for next, left for previous, arrow keys, with a progress bar', async () => {
    const [story] = await webStories();
    const p = await session.browser.context.newPage();
    await p.setViewportSize({ width: 390, height: 844 });
    await p.goto(story!.embedUrl);
    const current = () => p.locator('body').getAttribute('data-page');
    expect(await current()).toBe('1');
    expect(await p.locator('.story__page[data-current] img').isVisible()).toBe(true);
    await p.mouse.click(300, 400);
    expect(await current()).toBe('2');
    expect(await p.locator('.story__progress li[data-seen]').count()).toBe(2);
    await p.keyboard.press('ArrowRight');
    expect(await current()).toBe('3');
    await p.mouse.click(60, 400);
    expect(await current()).toBe('2');
    await p.keyboard.press('ArrowLeft');
    await p.keyboard.press('ArrowLeft');
    expect(await current()).toBe('1');
    await p.keyboard.press('End');
    expect(await current()).toBe(String(story!.pages.length));
    expect(await p.getByRole('link', { name: 'Back to the story page' }).isVisible()).toBe(true);
    expect(await p.locator('.story__progress li').count()).toBe(story!.pages.length);
    await expectNoSeriousAxeViolations(p);
    const problems = await checkHtml([{ name: 'player', html: await (await fetch(story!.embedUrl)).text() }]);
    expect(problems.map(formatHtmlProblem)).toEqual([]);
    await p.close();
  });

  it('says so for a story that does not exist', async () => {
    const res = await session.page.goto(`${baseUrl}/webstory/999999`);
    expect(res?.status()).toBe(404);
    expect(await session.page.getByRole('alert').textContent()).toBe('There is no web story with this id.');
  });
});
