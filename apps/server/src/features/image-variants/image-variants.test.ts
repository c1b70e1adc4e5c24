import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAppWithEngines } from '../../../test/engines/app-with-engines.ts';
import { createEnginePool } from '../../engines/engine-pool.ts';
import { imageVariantsFeature } from './image-variants.feature.ts';
import { createVariantStore } from './image-variants.ts';

const root = fs.mkdtempSync(path.join(os.tmpdir(), 'hurryup-variants-'));
const images = path.join(root, 'content/images');
const variants = path.join(root, 'data/images');

beforeAll(async () => {
  fs.mkdirSync(path.join(images, 'gallery'), { recursive: true });
  await sharp({ create: { width: 1080, height: 1350, channels: 3, background: '#0b5cad' } })
    .png()
    .toFile(path.join(images, 'gallery/blue.png'));
});
// The copies are encoded in the engine pool's threads, as in the running site.
const engines = createEnginePool({ threadBudget: 2 });
afterAll(async () => {
  await engines.close();
  fs.rmSync(root, { recursive: true, force: true });
});

describe('image copies', () => {
  it('makes AVIF and WebP copies of the widths smaller than the original, once', async () => {
    const store = createVariantStore(images, variants, engines);
    const image = { url: '/content/images/gallery/blue.png', alt: 'Blue', width: 1080, height: 1350 };
    expect(await store.makeMissing([image])).toBe(4);
    expect(engines.stats().engines).toEqual([expect.objectContaining({ name: 'image-copy', completed: 4 })]);
    const copy = await sharp(path.join(variants, '400/gallery/blue.png.avif')).metadata();
    expect([copy.format, copy.width, copy.height]).toEqual(['heif', 400, 500]);
    expect((await sharp(path.join(variants, '800/gallery/blue.png.webp')).metadata()).width).toBe(800);
    expect(await store.makeMissing([image])).toBe(0);
    // A small original gets no copies larger than itself; SVG and outside images get none.
    expect(
      await store.makeMissing([
        { ...image, width: 320 },
        { ...image, url: '/content/images/gallery/blue.svg' },
        { ...image, url: 'https://example.com/x.png' },
      ]),
    ).toBe(0);
  });

  it('makes a missing copy on request, shares one encode between requests, and refuses paths outside', async () => {
    const store = createVariantStore(images, variants, engines);
    fs.rmSync(path.join(variants, '400'), { recursive: true, force: true });
    const before = engines.stats().engines[0]!.completed;
    const [a, b] = await Promise.all([
      store.file('gallery/blue.png', 400, 'webp'),
      store.file('gallery/blue.png', 400, 'webp'),
    ]);
    expect(a).toBe(b);
    expect(engines.stats().engines[0]!.completed).toBe(before + 1);
    expect(fs.existsSync(a!)).toBe(true);
    expect(await store.file('gallery/none.png', 400, 'webp')).toBeUndefined();
    expect(await store.file('../../data/images/800/gallery/blue.png', 400, 'webp')).toBeUndefined();
  });
});

describe('image copies over HTTP', () => {
  it('serves a copy made on request, and answers 503 with Retry-After while the image-copy queue is full', async () => {
    // One thread and no queue: a second copy asked for while one is being made is refused at once.
    const tiny = createEnginePool({ threadBudget: 1, limits: { 'image-copy': { threads: 1, maxQueue: 0 } } });
    const { app, close } = await createAppWithEngines(tiny, [imageVariantsFeature], {
      CONTENT_DIR: path.join(root, 'content'),
      DATA_DIR: path.join(root, 'http-data'),
    });
    try {
      const first = app.inject({ method: 'GET', url: '/img/400/gallery/blue.png.avif' });
      await expect.poll(() => tiny.stats().running).toBe(1);
      const busy = await app.inject({ method: 'GET', url: '/img/800/gallery/blue.png.avif' });
      expect(busy.statusCode).toBe(503);
      expect(Number(busy.headers['retry-after'])).toBeGreaterThanOrEqual(1);
      expect(busy.json()).toEqual({
        error: expect.stringMatching(/^This tool is busy right now\. Please try again in \d+ seconds?\.$/),
        code: 'ENGINE_BUSY',
      });

      const served = await first;
      expect(served.statusCode).toBe(200);
      expect(served.headers['content-type']).toBe('image/avif');
      expect((await sharp(served.rawPayload).metadata()).width).toBe(400);
      // Once the thread is free the refused copy is made.
      const later = await app.inject({ method: 'GET', url: '/img/800/gallery/blue.png.avif' });
      expect(later.statusCode).toBe(200);
      expect(tiny.stats().engines[0]).toMatchObject({ completed: 2, refused: 1 });
    } finally {
      await close();
      await tiny.close();
    }
  });
});
