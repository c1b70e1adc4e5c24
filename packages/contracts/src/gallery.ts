import { z } from 'zod';
import { defineAdminCrudCalls } from './admin-crud.ts';
import { defineCall } from './api-call.ts';
import { videoThumbnailSize } from './gallery-pages.ts';
import { wholeNumberText } from './numbers.ts';
import { altTextSchema, imageSizeFields, imageUrlSchema, sizedImageFields } from './site-image.ts';
import { cleanText } from './text.ts';

const importId = z
  .number()
  .int()
  .positive()
  .optional()
  .describe('Only in imports: keeps ids stable across imports');
const titleSchema = cleanText('Title is required.')
  .trim()
  .min(1, 'Title is required.')
  .max(200, 'Title must be at most 200 characters.');

// Image gallery ------------------------------------------------------------------------------------------

export const galleryImageSchema = z.object(sizedImageFields).meta({ id: 'GalleryImage' });
export type GalleryImage = z.infer<typeof galleryImageSchema>;

export const galleryImageInputSchema = z
  .object({ id: importId, url: imageUrlSchema, alt: altTextSchema, ...imageSizeFields })
  .strict();
export type GalleryImageInput = z.output<typeof galleryImageInputSchema>;

// Videos -------------------------------------------------------------------------------------------------

export const videoSchema = z
  .object({
    id: z.number().int(),
    title: z.string(),
    vidurl: z.string().describe('The video link, opened in a new tab'),
    imageUrl: z.string().describe('The thumbnail'),
    width: z.number().int().describe('Thumbnail width in pixels'),
    height: z.number().int().describe('Thumbnail height in pixels'),
  })
  .meta({ id: 'Video' });
export type Video = z.infer<typeof videoSchema>;

export const videoInputSchema = z
  .object({
    id: importId,
    title: titleSchema,
    vidurl: cleanText('The video link is required.')
      .trim()
      .max(2000, 'The video link must be at most 2000 characters.')
      .regex(/^https:\/\/[^\s"'<>]+$/, 'The video link must be an https URL.'),
    imageUrl: imageUrlSchema,
    width: imageSizeFields.width.default(videoThumbnailSize.width),
    height: imageSizeFields.height.default(videoThumbnailSize.height),
  })
  .strict();
export type VideoInput = z.output<typeof videoInputSchema>;

// Web stories --------------------------------------------------------------------------------------------

export const webStoryPageSchema = z
  .object({
    image: imageUrlSchema,
    alt: altTextSchema,
    heading: cleanText('Each page needs a heading.')
      .trim()
      .min(1, 'Each page needs a heading.')
      .max(60, 'A page heading must be at most 60 characters.'),
    text: cleanText().trim().max(200, 'A page text must be at most 200 characters.'),
  })
  .strict()
  .meta({ id: 'WebStoryPage' });
export type WebStoryPage = z.infer<typeof webStoryPageSchema>;

export const webStorySchema = z
  .object({
    id: z.number().int(),
    title: z.string(),
    thumbnailUrl: z.string().optional(),
    embedUrl: z.string().describe('The story player on this site (an absolute URL), for an iframe'),
    pages: z.array(webStoryPageSchema),
  })
  .meta({ id: 'WebStory' });
export type WebStory = z.infer<typeof webStorySchema>;

export const webStoryInputSchema = z
  .object({
    id: importId,
    title: titleSchema,
    thumbnailUrl: imageUrlSchema.optional(),
    pages: z
      .array(webStoryPageSchema)
      .min(1, 'A story needs at least one page.')
      .max(30, 'A story can have at most 30 pages.'),
  })
  .strict();
export type WebStoryInput = z.output<typeof webStoryInputSchema>;

// Calls --------------------------------------------------------------------------------------------------

export const listImages = defineCall({
  method: 'GET',
  path: '/api/images',
  operationId: 'listImages',
  summary: 'The image gallery, newest (highest id) first',
  tag: 'galleries',
  access: 'public',
  status: 200,
  response: z.array(galleryImageSchema).meta({ id: 'GalleryImageList' }),
  errors: [],
});

export const listVideos = defineCall({
  method: 'GET',
  path: '/api/videos',
  operationId: 'listVideos',
  summary: 'The video gallery, newest (highest id) first',
  tag: 'galleries',
  access: 'public',
  status: 200,
  response: z.array(videoSchema).meta({ id: 'VideoList' }),
  errors: [],
});

export const webStoriesQuerySchema = z.object({ id: wholeNumberText('id', { min: 1 }).optional() }).strict();

export const listWebStories = defineCall({
  method: 'GET',
  path: '/api/webstories',
  operationId: 'listWebStories',
  summary: 'All web stories, id descending; or one story by id',
  description: 'Each story has an embedUrl: the tap-through player this site serves for it.',
  tag: 'galleries',
  access: 'public',
  query: webStoriesQuerySchema,
  status: 200,
  response: z.union([webStorySchema, z.array(webStorySchema).meta({ id: 'WebStoryList' })]),
  errors: [400, 404],
});

export const galleryImageAdminCalls = defineAdminCrudCalls({
  plural: 'images',
  noun: 'galleryImage',
  input: galleryImageInputSchema,
  output: galleryImageSchema,
});
export const videoAdminCalls = defineAdminCrudCalls({
  plural: 'videos',
  noun: 'video',
  input: videoInputSchema,
  output: videoSchema,
});
export const webStoryAdminCalls = defineAdminCrudCalls({
  plural: 'webstories',
  noun: 'webStory',
  input: webStoryInputSchema,
  output: webStorySchema,
});
