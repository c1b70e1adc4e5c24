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
import type { Engines } from '../../engines/engine.ts';
import { EngineBusyError } from '../../engines/engine-errors.ts';
import { makeImageCopy } from '../../engines/image-copy/image-copy.ts';
import { type Clock, systemClock } from '../../shared/clock.ts';

export interface VariantStore {
  /** The file of a variant, made first when missing; undefined when the source image does not exist. */
  file(relative: string, width: number, format: VariantFormat): Promise<string | undefined>;
  /** Makes every missing copy, one at a time (start-up and after imports); stops between copies once `signal` is aborted. */
  makeMissing(images: SizedImage[], signal?: AbortSignal): Promise<number>;
}

/**
 * Smaller AVIF and WebP copies of the site's own images, written under `<dataDir>/images/<width>/` and made
 * from `<contentDir>/images/` by the image-copy engine (engines/image-copy/, in the engine pool). A copy is
 * made once (file exists: nothing to do), so start-up and imports can call this every time. Two requests
 * for the same missing copy share one encode.
 */
export function createVariantStore(
  contentImagesDir: string,
  variantsDir: string,
  engines: Engines,
  clock: Pick<Clock, 'sleep'> = systemClock,
  /** Pictures kept elsewhere (site.imageFolders()): URLs under `prefix` are files in `dir`. */
  folders: () => { prefix: string; dir: string }[] = () => [],
): VariantStore {
  const pending = new Map<string, Promise<string | undefined>>();
  const sourceRoot = path.resolve(contentImagesDir);

  async function make(relative: string, width: number, format: VariantFormat): Promise<string | undefined> {
    const url = `${contentImagePrefix}${relative}`;
    const folder = folders().find((f) => url.startsWith(f.prefix));
    const root = folder ? path.resolve(folder.dir) : sourceRoot;
    const source = path.resolve(root, folder ? url.slice(folder.prefix.length) : relative);
    if (!source.startsWith(`${root}${path.sep}`)) return undefined;
    const target = path.join(variantsDir, String(width), `${relative}.${format}`);
    if (fs.existsSync(target)) return target;
    if (!fs.existsSync(source)) return undefined;
    await makeImageCopy(engines, { source, target: path.resolve(target), width, format });
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
            while (!fs.existsSync(target) && !signal?.aborted) {
              try {
                if (await file(relative, width, format)) made += 1;
                break;
              } catch (error) {
                // Visitors' copies filled the queue: this background one waits its turn instead of failing.
                if (!(error instanceof EngineBusyError)) throw error;
                await clock.sleep((error.retryAfterSeconds ?? 1) * 1000, signal).catch(() => {});
              }
            }
          }
        }
      }
      return made;
    },
  };
}
