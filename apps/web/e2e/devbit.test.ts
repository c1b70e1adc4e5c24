import { devbitImagePath } from '@hurryup/contracts/gallery-pages';
import { variantUrl } from '@hurryup/contracts/image-variants';
import { describe, expect, inject, it } from 'vitest';
import { devbitGallery } from './api.ts';
import { expectNoSeriousAxeViolations, openBrowserSession, waitForHydration } from './browser.ts';

const baseUrl = inject('baseUrl');
const session = openBrowserSession();

describe('DevBit gallery (/devbit)', () => {
  it("reserves the chosen image's height before it arrives (no layout shift)", async () => {
    const [first] = Object.values(await devbitGallery()).flat();
    const page = await session.browser.context.newPage();
    try {
      // The pictures never arrive: the box must still have the picture's shape.
      await page.route(/\/content\/images\//, () => undefined);
      await page.goto(`${baseUrl}${devbitImagePath(first!.url)}`, { waitUntil: 'domcontentloaded' });
      const box = await page.locator('.devbit__chosen img').boundingBox();
      expect(box!.width).toBeGreaterThan(100);
      expect(box!.height).toBeCloseTo((box!.width * first!.height) / first!.width, 0);
    } finally {
      await page.close();
    }
  });

  it('groups images by category under upper-case headings, each linking to its own page', async () => {
    const gallery = await devbitGallery();
    const categories = Object.keys(gallery);
    expect(categories.length).toBeGreaterThanOrEqual(3);
    await session.page.goto(`${baseUrl}/devbit`);
    await waitForHydration(session.page);
    expect(await session.page.getByRole('heading', { level: 1 }).textContent()).toBe('DevBit');
    expect(await session.page.getByRole('heading', { level: 2 }).allTextContents()).toEqual(
      categories.map((c) => c.toUpperCase()),
    );
    const links = await session.page
      .locator('.image-grid__link')
      .evaluateAll((els) => els.map((el) => el.getAttribute('href')));
    expect(links).toEqual(
      Object.values(gallery)
        .flat()
        .map((image) => devbitImagePath(image.url)),
    );
    // Every picture has its size (no layout shift); only the first is loaded at once.
    const images = await session.page
      .locator('.image-grid img')
      .evaluateAll((els) =>
        els.map((el) => [el.getAttribute('width'), el.getAttribute('height'), el.getAttribute('loading')]),
      );
    expect(images.every(([w, h]) => Number(w) > 0 && Number(h) > 0)).toBe(true);
    expect(images[0]![2]).toBe('eager');
    expect(images.slice(1).every(([, , loading]) => loading === 'lazy')).toBe(true);
    expect(await session.page.locator('.image-grid source[type="image/avif"]').count()).toBe(images.length);
    await expectNoSeriousAxeViolations(session.page);
    expect(session.problems).toEqual([]);
  });

  it('serves the smaller AVIF and WebP copies the page offers', async () => {
    const [first] = Object.values(await devbitGallery()).flat();
    for (const [format, type] of [
      ['avif', 'image/avif'],
      ['webp', 'image/webp'],
    ] as const) {
      const res = await fetch(`${baseUrl}${variantUrl(first!.url, 400, format)}`);
      expect(res.status).toBe(200);
      expect(res.headers.get('content-type')).toBe(type);
      const original = await fetch(`${baseUrl}${first!.url}`);
      expect((await res.arrayBuffer()).byteLength).toBeLessThan((await original.arrayBuffer()).byteLength);
    }
    expect((await fetch(`${baseUrl}/img/400/devbit/none.png.avif`)).status).toBe(404);
    expect((await fetch(`${baseUrl}/img/123/devbit/java/records.png.avif`)).status).toBe(404);
  });

  it("shows 'Loading images...', then the chosen image large with its alt text, category and Share", async () => {
    const [category, images] = Object.entries(await devbitGallery())[1]!;
    const chosen = images[0]!;
    await session.page.goto(`${baseUrl}/devbit`);
    await waitForHydration(session.page);
    await session.page.route(/\/devbit\/.*\.data/, async (route) => {
      await new Promise((resolve) => setTimeout(resolve, 700));
      await route.continue();
    });
    await session.page.locator(`a[href="${devbitImagePath(chosen.url)}"]`).click();
    await session.page.getByText('Loading images...').waitFor();
    const figure = session.page.locator('.devbit__chosen');
    await figure.waitFor();
    await session.page.unrouteAll();
    expect(new URL(session.page.url()).pathname).toBe(devbitImagePath(chosen.url));
    expect(await figure.locator('img').getAttribute('alt')).toBe(chosen.alt);
    expect(await figure.locator('figcaption').textContent()).toBe(`${category.toUpperCase()} ${chosen.alt}`);
    expect(await figure.getByRole('button', { name: 'Share' }).isVisible()).toBe(true);
    await expectNoSeriousAxeViolations(session.page);
  });

  it('arrives with its preview tags, and an unknown image is a 404 that says so', async () => {
    const [first] = Object.values(await devbitGallery()).flat();
    const html = await (await fetch(`${baseUrl}${devbitImagePath(first!.url)}`)).text();
    expect(html).toContain(`<meta property="og:image" content="${baseUrl}${first!.url}"/>`);
    expect(html).toContain(`<meta property="og:url" content="${baseUrl}${devbitImagePath(first!.url)}"/>`);
    const missing = await session.page.goto(`${baseUrl}/devbit/%2Fcontent%2Fimages%2Fnone.png`);
    expect(missing?.status()).toBe(404);
    expect(await session.page.getByRole('alert').textContent()).toBe('No image available');
  });
});
