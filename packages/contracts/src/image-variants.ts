/*
 * The smaller AVIF and WebP copies of the site's own images: which exist and where they are served. Free of
 * zod: the pages that show pictures use it at first render, and the server when it makes the copies.
 */

/** Where the site's own image files are served from (the content folder's images). */
export const contentImagePrefix = '/content/images/';

/**
 * Every picture the site shows with its intrinsic size, so pages reserve its space (no layout shift) and
 * can offer smaller copies.
 */
export interface SizedImage {
  url: string;
  alt: string;
  width: number;
  height: number;
}

/** Widths of the smaller copies made of the site's own images (a 390 px phone at 1x and 2x). */
export const variantWidths = [400, 800] as const;
/** Modern formats offered before the original, best compression first. */
export const variantFormats = ['avif', 'webp'] as const;
export type VariantFormat = (typeof variantFormats)[number];

/** Where variants are served: `/img/<width>/<path under content/images>.<format>`. */
export const variantPrefix = '/img/';

/** Raster files of the site's own images get variants; SVG and outside URLs are used as they are. */
export function hasVariants(url: string): boolean {
  return url.startsWith(contentImagePrefix) && /\.(png|jpe?g)$/i.test(url);
}

export function variantUrl(url: string, width: number, format: VariantFormat): string {
  return `${variantPrefix}${width}/${url.slice(contentImagePrefix.length)}.${format}`;
}

/** The variant widths smaller than the original (a copy is never larger than its source). */
export function variantWidthsFor(image: Pick<SizedImage, 'width'>): number[] {
  return variantWidths.filter((width) => width < image.width);
}
