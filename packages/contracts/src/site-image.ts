import { z } from 'zod';
import { cleanText } from './text.ts';

/** Where the site's own image files are served from (the content folder's images). */
export const contentImagePrefix = '/content/images/';

/** An image address content may use: one of the site's own files, or an https URL. */
export const imageUrlSchema = cleanText('The image URL is required.')
  .trim()
  .min(1, 'The image URL is required.')
  .max(500, 'The image URL must be at most 500 characters.')
  .regex(
    /^(\/content\/images\/[A-Za-z0-9._/-]+\.(png|jpe?g|webp|gif|svg)|https:\/\/[^\s"'<>]+)$/,
    'Must be a site image path like /content/images/gallery/x.png or an https URL.',
  )
  .refine((url) => !url.includes('..'), 'The image URL must not contain "..".');

export const altTextSchema = cleanText('Alt text is required.')
  .trim()
  .min(3, 'Alt text must be at least 3 characters.')
  .max(300, 'Alt text must be at most 300 characters.');

const pixels = (field: string) =>
  z
    .number({ error: `${field} must be a number of pixels.` })
    .int(`${field} must be a whole number of pixels.`)
    .min(1, `${field} must be at least 1 pixel.`)
    .max(10_000, `${field} must be at most 10000 pixels.`);

export const imageSizeFields = { width: pixels('width'), height: pixels('height') };

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

/**
 * The image URL carried in a page path segment (`/image/:imageUrl`, `/devbit/:imageUrl`), decoded once.
 * Undefined for a missing segment and null for a malformed escape or a blank URL.
 */
export function imageUrlFromSegment(segment: string | undefined): string | null | undefined {
  if (segment === undefined || segment === '') return undefined;
  try {
    const url = decodeURIComponent(segment);
    return url.trim() === '' ? null : url;
  } catch {
    return null;
  }
}
