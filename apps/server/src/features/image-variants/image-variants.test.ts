import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
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
afterAll(() => fs.rmSync(root, { recursive: true, force: true }));

describe('image copies', () => {
  it('makes AVIF and WebP copies of the widths smaller than the original, once', async () => {
    const store = createVariantStore(images, variants);
    const image = { url: '/content/images/gallery/blue.png', alt: 'Blue', width: 1080, height: 1350 };
    expect(await store.makeMissing([image])).toBe(4);
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
    const store = createVariantStore(images, variants);
    fs.rmSync(path.join(variants, '400'), { recursive: true, force: true });
    const [a, b] = await Promise.all([
      store.file('gallery/blue.png', 400, 'webp'),
      store.file('gallery/blue.png', 400, 'webp'),
    ]);
    expect(a).toBe(b);
    expect(fs.existsSync(a!)).toBe(true);
    expect(await store.file('gallery/none.png', 400, 'webp')).toBeUndefined();
    expect(await store.file('../../data/images/800/gallery/blue.png', 400, 'webp')).toBeUndefined();
  });
});
