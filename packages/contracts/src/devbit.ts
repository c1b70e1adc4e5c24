import { z } from 'zod';
import { defineAdminCrudCalls } from './admin-crud.ts';
import { defineCall } from './api-call.ts';
import { altTextSchema, imageSizeFields, imageUrlSchema, sizedImageFields } from './site-image.ts';
import { cleanText } from './text.ts';

export const devbitCategorySchema = cleanText('The category is required.')
  .trim()
  .toLowerCase()
  .regex(
    /^[a-z0-9][a-z0-9 +#.-]{0,39}$/,
    'The category must be 1 to 40 letters, digits, spaces or + # . - and start with a letter or digit.',
  );

export const devbitImageSchema = z.object(sizedImageFields).meta({ id: 'DevbitImage' });
export type DevbitImage = z.infer<typeof devbitImageSchema>;

/** The DevBit gallery as the specification's entity: an object keyed by category name. */
export const devbitGallerySchema = z
  .record(z.string(), z.array(devbitImageSchema))
  .meta({ id: 'DevbitGallery' });
export type DevbitGallery = z.infer<typeof devbitGallerySchema>;

/** One DevBit image as the operator manages it (with its category). */
export const devbitAdminImageSchema = devbitImageSchema
  .extend({ category: z.string() })
  .meta({ id: 'DevbitAdminImage' });
export type DevbitAdminImage = z.infer<typeof devbitAdminImageSchema>;

export const devbitImageInputSchema = z
  .object({
    id: z.number().int().positive().optional().describe('Only in imports: keeps ids stable across imports'),
    category: devbitCategorySchema,
    url: imageUrlSchema,
    alt: altTextSchema,
    ...imageSizeFields,
  })
  .strict();
export type DevbitImageInput = z.output<typeof devbitImageInputSchema>;

/** `gallery/devbit.json` is keyed by category; each of its images becomes one item with that category. */
export function devbitItemsOf(parsed: unknown): unknown[] {
  if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) {
    throw new Error('must be an object keyed by category, each value a list of images');
  }
  return Object.entries(parsed).flatMap(([category, images]) => {
    if (!Array.isArray(images)) throw new Error(`the value of "${category}" must be a list of images`);
    return images.map((image) =>
      typeof image === 'object' && image !== null ? { category, ...image } : image,
    );
  });
}

export const listDevbitImages = defineCall({
  method: 'GET',
  path: '/api/imgsDev',
  operationId: 'listDevbitImages',
  summary: 'The DevBit gallery, grouped by category (categories A to Z, images by id)',
  tag: 'galleries',
  access: 'public',
  status: 200,
  response: devbitGallerySchema,
  errors: [],
});

export const listDevbitImagesFlat = defineCall({
  method: 'GET',
  path: '/api/devbit-images',
  operationId: 'listDevbitImagesFlat',
  summary: 'Every DevBit image with its category, one flat list by id (what the admin calls manage)',
  tag: 'galleries',
  access: 'public',
  status: 200,
  response: z.array(devbitAdminImageSchema).meta({ id: 'DevbitAdminImageList' }),
  errors: [],
});

export const devbitAdminCalls = defineAdminCrudCalls({
  plural: 'devbit-images',
  noun: 'devbitImage',
  input: devbitImageInputSchema,
  output: devbitAdminImageSchema,
});
