import { devbitImagePath, imagePagePath, webStoryPath } from '@hurryup/contracts/gallery-pages';
import { describe, expect, inject, it } from 'vitest';
import { devbitGallery, galleryImages, webStories } from './api.ts';
import { openBrowserSession, waitForHydration } from './browser.ts';
import { startServer, stopServer } from './global-setup.ts';
import { pagePaths } from './page-routes.ts';

const baseUrl = inject('baseUrl');
const session = openBrowserSession();

describe('every page', () => {
  it('logs no console warning or error (Permissions-Policy features Chromium does not know, say)', async () => {
    const page = await session.browser.context.newPage();
    const messages: string[] = [];
    let current = '';
    page.on('console', (message) => {
      if (message.type() !== 'warning' && message.type() !== 'error') return;
      // A resource that did not load is a network event, not the page's warning: pages that answer 404 or 400
      // on purpose ('Page not found', 'Invalid post ID') and pictures of outside hosts this machine cannot
      // reach. Anything else the page or Chromium says (a policy it does not know, a script error) counts.
      if (message.text().startsWith('Failed to load resource:')) return;
      messages.push(`${current}: ${message.type()}: ${message.text()}`);
    });
    for (const path of await pagePaths()) {
      current = path;
      await page.goto(`${baseUrl}${path}`, { waitUntil: 'load' });
    }
    await page.close();
    expect(messages).toEqual([]);
  });
});

/** The horizontal centre of an element against the viewport's, in pixels. */
async function offCentre(path: string, selector: string) {
  const page = await session.browser.context.newPage();
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto(`${baseUrl}${path}`);
  await waitForHydration(page);
  const box = (await page.locator(selector).first().boundingBox())!;
  const width = await page.evaluate(() => document.documentElement.clientWidth);
  await page.close();
  return { offset: Math.abs(box.x + box.width / 2 - width / 2), width: box.width, viewport: width };
}

describe('layout at 1280 px', () => {
  it('centres the image page and the web story like the other pages', async () => {
    const [image] = await galleryImages();
    const [story] = await webStories();
    const reference = await offCentre('/aboutus', 'main .page');
    for (const [path, selector] of [
      [imagePagePath(image!.url), '.image-page'],
      [webStoryPath(story!.id), '.web-story'],
    ] as const) {
      const placed = await offCentre(path, selector);
      expect(placed.width, path).toBeLessThan(placed.viewport);
      expect(placed.offset, path).toBeLessThanOrEqual(reference.offset + 2);
    }
  });

  it('never draws the chosen DevBit picture wider than its source', async () => {
    const gallery = await devbitGallery();
    const chosen = Object.values(gallery).flat()[0]!;
    const page = await session.browser.context.newPage();
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.goto(`${baseUrl}${devbitImagePath(chosen.url)}`);
    const drawn = await page.locator('.devbit__chosen img').evaluate((img: HTMLImageElement) => ({
      width: img.getBoundingClientRect().width,
      attribute: Number(img.getAttribute('width')),
    }));
    await page.close();
    expect(drawn.attribute).toBe(chosen.width);
    expect(drawn.width).toBeLessThanOrEqual(chosen.width);
  });
});

describe('empty-state boxes', () => {
  it('keep their distance from the controls beside them', async () => {
    // A server of its own with nothing fetched and no market data: every one of these pages shows its box.
    const empty = await startServer();
    const page = await session.browser.context.newPage();
    await page.setViewportSize({ width: 390, height: 844 });
    let checked = 0;
    for (const path of ['/trendingNow', '/captions', '/stocks', '/daylow', '/volat']) {
      await page.goto(`${empty.url}${path}`);
      const gaps = await page.evaluate(() => {
        const boxes = [...document.querySelectorAll('main .feed-empty, main .status')];
        return boxes.flatMap((box) => {
          const rect = box.getBoundingClientRect();
          const controls = 'button, select, textarea, input, form, div, p';
          const neighbours = [box.previousElementSibling, box.nextElementSibling].filter(
            (el): el is Element => el?.matches(controls) === true,
          );
          return neighbours.map((el) => {
            const other = el.getBoundingClientRect();
            return other.bottom <= rect.top ? rect.top - other.bottom : other.top - rect.bottom;
          });
        });
      });
      checked += gaps.length;
      for (const gap of gaps) expect(gap, path).toBeGreaterThanOrEqual(8);
    }
    await page.close();
    await stopServer(empty);
    expect(checked).toBeGreaterThanOrEqual(5);
  });
});
