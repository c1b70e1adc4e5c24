import { z } from 'zod';
import { defineAdminCrudCalls } from './admin-crud.ts';
import { defineCall } from './api-call.ts';
import { isoDateInputSchema } from './dates.ts';
import { idParamsSchema } from './numbers.ts';
import { publishingInputFields, publishingOutputFields } from './publishing.ts';
import { cleanText, isBlankText, maxInt32, requiredText } from './text.ts';

const titleSchema = requiredText('Title is required.', {
  length: 200,
  message: 'Title must be at most 200 characters.',
});

export const blogSchema = z
  .object({
    id: z.number().int(),
    title: z.string(),
    content: z
      .string()
      .describe('Markdown (CommonMark and GFM tables); a line break inside a paragraph is kept'),
    author: z.string(),
    createdAt: z.string().describe('ISO-8601 timestamp'),
    order: z.number().int().optional().describe('Blogs with an order come first, highest first'),
    ...publishingOutputFields,
  })
  .meta({ id: 'Blog' });
export type Blog = z.infer<typeof blogSchema>;

/** What the operator sends to create or replace a blog (admin API and content import). */
export const blogInputSchema = z
  .object({
    title: titleSchema,
    // Line breaks are meaningful, so the content is not trimmed; it must still show something.
    content: cleanText('Content is required.')
      .max(50_000, 'Content must be at most 50000 characters.')
      .refine((value) => !isBlankText(value), 'Content is required.'),
    author: requiredText('Author is required.', {
      length: 100,
      message: 'Author must be at most 100 characters.',
    }),
    createdAt: isoDateInputSchema,
    order: z
      .number({ error: 'Order must be a whole number.' })
      .int('Order must be a whole number.')
      .min(-maxInt32, 'Order is too small.')
      .max(maxInt32, 'Order is too large.')
      .optional(),
    ...publishingInputFields,
  })
  .strict();
export type BlogInput = z.output<typeof blogInputSchema>;

export const blogListSchema = z.array(blogSchema).meta({ id: 'BlogList' });

/**
 * Blog order (content-and-shell.md section 9): blogs with an order value first, highest first; then the
 * rest, newest first.
 */
export function compareBlogs(
  a: Pick<Blog, 'order' | 'createdAt' | 'id'>,
  b: Pick<Blog, 'order' | 'createdAt' | 'id'>,
) {
  const aHas = a.order !== undefined;
  const bHas = b.order !== undefined;
  if (aHas !== bHas) return aHas ? -1 : 1;
  if (aHas && bHas && a.order !== b.order) return b.order! - a.order!;
  if (a.createdAt !== b.createdAt) return a.createdAt < b.createdAt ? 1 : -1;
  return b.id - a.id;
}

export const listBlogs = defineCall({
  method: 'GET',
  path: '/api/blogs',
  operationId: 'listBlogs',
  summary: 'All blogs: those with an order first (highest first), then the rest newest first',
  tag: 'content',
  access: 'public',
  status: 200,
  response: blogListSchema,
  errors: [],
});

export const blogAdminCalls = defineAdminCrudCalls({
  plural: 'blogs',
  noun: 'blog',
  input: blogInputSchema,
  output: blogSchema,
});

export const getBlogForAdmin = defineCall({
  method: 'GET',
  path: '/api/admin/blogs/:id',
  operationId: 'getBlogForAdmin',
  summary: 'One blog by id, a draft or scheduled one included',
  tag: 'admin',
  access: 'admin',
  params: idParamsSchema,
  status: 200,
  response: blogSchema,
  errors: [400, 401, 404],
});
