import { z } from 'zod';
import { defineCall } from './api-call.ts';
import { altTextSchema } from './site-image.ts';
import { cleanText } from './text.ts';
import { uploadImageTypes, uploadMaxBytes } from './upload-rules.ts';

export const uploadSchema = z
  .object({
    id: z.number().int(),
    url: z.string().describe('A site image path: use it in Markdown, a gallery, DevBit or an offer'),
    alt: z.string(),
    width: z.number().int(),
    height: z.number().int(),
    bytes: z.number().int(),
    createdAt: z.string().describe('ISO-8601 timestamp'),
  })
  .meta({ id: 'Upload' });
export type Upload = z.infer<typeof uploadSchema>;

export const uploadImage = defineCall({
  method: 'POST',
  path: '/api/admin/uploads',
  operationId: 'uploadImage',
  summary: 'Upload a picture (JPEG, PNG, WebP, AVIF or HEIC by its bytes, at most 15 MB) with its alt text',
  description:
    'The picture is turned upright, its metadata dropped, stored as JPEG (PNG when it has transparency) under ' +
    'DATA_DIR, and given the same AVIF/WebP copies as gallery pictures. The answer gives its url.',
  tag: 'admin',
  access: 'admin',
  bodyEncoding: 'multipart',
  body: z.object({ alt: altTextSchema }),
  files: { file: { types: uploadImageTypes, maxBytes: uploadMaxBytes } },
  status: 201,
  response: uploadSchema,
  errors: [400, 401, 413, 415, 422, 503],
});

export const listUploads = defineCall({
  method: 'GET',
  path: '/api/admin/uploads',
  operationId: 'listUploads',
  summary: 'Uploaded pictures, newest first',
  tag: 'admin',
  access: 'admin',
  status: 200,
  response: z.array(uploadSchema).meta({ id: 'UploadList' }),
  errors: [401],
});

export const markdownPreviewSchema = z.object({
  markdown: cleanText().max(100_000, 'The text must be at most 100000 characters.'),
  kind: z.enum(['post', 'blog']).default('post').describe('Headings are placed as on that kind of page'),
});

export const previewMarkdown = defineCall({
  method: 'POST',
  path: '/api/admin/markdown/preview',
  operationId: 'previewMarkdown',
  summary: 'A body rendered as its page shows it: the same renderer as posts and blogs',
  tag: 'admin',
  access: 'admin',
  body: markdownPreviewSchema,
  status: 200,
  response: z.object({ html: z.string() }).meta({ id: 'MarkdownPreview' }),
  errors: [400, 401, 413, 415],
});
