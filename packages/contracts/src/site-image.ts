import { z } from 'zod';
import { cleanText } from './text.ts';

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

/** A stored picture with its size, as the galleries answer it. */
export const sizedImageFields = {
  id: z.number().int(),
  url: z.string(),
  alt: z.string(),
  width: z.number().int(),
  height: z.number().int(),
};
