import fs from 'node:fs';
import path from 'node:path';
import {
  contentImagePrefix,
  hasVariants,
  type SizedImage,
  type VariantFormat,
  variantFormats,
  variantWidthsFor,
} from '@hurryup/contracts/image-variants';
import sharp, { type Sharp } from 'sharp';

// One libvips thread: copies are made beside visitors' requests, on machines with few cores.
sharp.concurrency(1);

// Quality settings chosen by eye on the seed infographics: text stays crisp, files are a fifth of the PNG.
const encoders: Record<VariantFormat, (image: Sharp) => Sharp> = {
  avif: (image) => image.avif({ quality: 55, effort: 2 }),
  webp: (image) => image.webp({ quality: 78 }),
};

export interface VariantStore {
  /** The file of a variant, made first when missing; undefined when the source image does not exist. */
  file(relative: string, width: number, format: VariantFormat): Promise<string | undefined>;
  /** Makes every missing variant of these images, one at a time (start-up and after imports). */
  /** Makes every missing copy, one at a time; stops between copies once `signal` is aborted. */
  makeMissing(images: SizedImage[], signal?: AbortSignal): Promise<number>;
}

/**
 * Smaller AVIF and WebP copies of the site's own images, written under `<dataDir>/images/<width>/` and made
 * from `<contentDir>/images/`. A copy is made once (file exists: nothing to do), so start-up and imports
 * can call this every time. Two requests for the same missing copy share one encode.
 */
export function createVariantStore(contentImagesDir: string, variantsDir: string): VariantStore {
  const pending = new Map<string, Promise<string | undefined>>();
  const sourceRoot = path.resolve(contentImagesDir);

  async function make(relative: string, width: number, format: VariantFormat): Promise<string | undefined> {
    const source = path.resolve(sourceRoot, relative);
    if (!source.startsWith(`${sourceRoot}${path.sep}`)) return undefined;
    const target = path.join(variantsDir, String(width), `${relative}.${format}`);
    if (fs.existsSync(target)) return target;
    if (!fs.existsSync(source)) return undefined;
    await fs.promises.mkdir(path.dirname(target), { recursive: true });
    // Written under a temporary name and renamed: a half-written file is never served.
    const temporary = `${target}.${process.pid}.${Date.now()}.tmp`;
    await encoders[format](sharp(source).resize({ width, withoutEnlargement: true })).toFile(temporary);
    await fs.promises.rename(temporary, target);
    return target;
  }

  function file(relative: string, width: number, format: VariantFormat) {
    const key = `${width}/${relative}.${format}`;
    let job = pending.get(key);
    if (!job) {
      job = make(relative, width, format).finally(() => pending.delete(key));
      pending.set(key, job);
    }
    return job;
  }

  return {
    file,
    async makeMissing(images, signal) {
      let made = 0;
      for (const image of images) {
        if (signal?.aborted) break;
        if (!hasVariants(image.url)) continue;
        const relative = image.url.slice(contentImagePrefix.length);
        for (const width of variantWidthsFor(image)) {
          for (const format of variantFormats) {
            const target = path.join(variantsDir, String(width), `${relative}.${format}`);
            if (fs.existsSync(target) || signal?.aborted) continue;
            if (await file(relative, width, format)) made += 1;
          }
        }
      }
      return made;
    },
  };
}
