import { z } from 'zod';
import { defineAdminCrudCalls } from './admin-crud.ts';
import { defineCall } from './api-call.ts';
import { isoDateInputSchema } from './dates.ts';
import { idParamsSchema, wholeNumberText } from './numbers.ts';
import { publishingInputFields, publishingOutputFields } from './publishing.ts';
import { sitePathOrUrlSchema as sitePathOrUrl } from './site-path.ts';
import { cleanText, isBlankText, requiredText } from './text.ts';

export const postTableSchema = z
  .object({
    headers: z.array(cleanText()).min(1, 'A table needs at least one header.'),
    rows: z.array(z.array(cleanText())),
  })
  .refine(
    (table) => table.rows.every((row) => row.length === table.headers.length),
    'Every table row must have as many cells as there are headers.',
  );

export const postSectionSchema = z
  .object({
    content: cleanText('Each section needs content text.'),
    bold: z.boolean().optional(),
    nobreak: z.boolean().optional().describe('Merged inline with the neighbouring sections'),
    img: sitePathOrUrl.optional(),
    alt: cleanText().trim().max(300).optional(),
    table: postTableSchema.optional(),
  })
  .strict()
  .refine((section) => !section.img || (section.alt && section.alt.length > 0), {
    message: 'An image needs alt text.',
    path: ['alt'],
  })
  .meta({ id: 'PostSection' });
export type PostSection = z.infer<typeof postSectionSchema>;

export const postSchema = z
  .object({
    id: z.number().int(),
    title: z.string(),
    author: z.string().optional(),
    createdAt: z.string().describe('ISO-8601 timestamp'),
    description: z.string().optional(),
    image: z.string().optional(),
    content: z
      .string()
      .optional()
      .describe(
        'Markdown (CommonMark and GFM tables); plain paragraphs separated by blank lines read the same',
      ),
    imgf: z.boolean().describe('Every section carries an image'),
    contentArray: z.array(postSectionSchema).optional(),
    hindi: z
      .string()
      .optional()
      .describe("The operator's Hindi version, shown instead of a machine translation"),
    ...publishingOutputFields,
  })
  .meta({ id: 'Post' });
export type Post = z.infer<typeof postSchema>;

export const postListSchema = z.array(postSchema).meta({ id: 'PostList' });

/** What the operator sends to create or replace a post (admin API and content import). */
export const postInputSchema = z
  .object({
    id: z.number().int().positive().optional().describe('Only in imports: keeps ids stable across imports'),
    title: requiredText('Title is required.', {
      length: 200,
      message: 'Title must be at most 200 characters.',
    })
      // '/post/..' would be read as a path step and '/post/x.data' as a data request.
      .refine((t) => t !== '.' && t !== '..', 'A title cannot be just dots.')
      .refine((t) => !t.endsWith('.data'), 'A title cannot end with ".data".'),
    author: cleanText().trim().max(100, 'Author must be at most 100 characters.').optional(),
    createdAt: isoDateInputSchema,
    description: cleanText().trim().max(500, 'Description must be at most 500 characters.').optional(),
    image: sitePathOrUrl.optional(),
    content: cleanText().max(100_000, 'Content must be at most 100000 characters.').optional(),
    text: cleanText()
      .max(100_000, 'Text must be at most 100000 characters.')
      .optional()
      .describe('Same as content'),
    imgf: z.boolean().optional(),
    contentArray: z.array(postSectionSchema).max(500, 'A post can have at most 500 sections.').optional(),
    hindi: cleanText()
      .trim()
      .max(100_000, 'The Hindi version must be at most 100000 characters.')
      .refine((text) => !isBlankText(text), 'The Hindi version is empty: leave it out instead.')
      .optional()
      .describe("The operator's Hindi version of the post, shown instead of a machine translation"),
    ...publishingInputFields,
  })
  .strict()
  .superRefine((post, ctx) => {
    const body = post.content ?? post.text;
    const hasBody = body !== undefined && !isBlankText(body);
    const hasSections = post.contentArray !== undefined && post.contentArray.length > 0;
    if (post.content !== undefined && post.text !== undefined) {
      ctx.addIssue({ code: 'custom', path: ['text'], message: 'Give content or text, not both.' });
    }
    if (!hasBody && !hasSections) {
      ctx.addIssue({
        code: 'custom',
        path: ['content'],
        message: 'A post needs content (or text) or contentArray.',
      });
    }
    if (hasBody && hasSections) {
      ctx.addIssue({
        code: 'custom',
        path: ['contentArray'],
        message: 'Give content or contentArray, not both.',
      });
    }
  })
  .transform(({ text, author, content, ...post }) => {
    const body = content ?? text;
    return { ...post, ...(author ? { author } : {}), ...(body !== undefined ? { content: body } : {}) };
  });
export type PostInput = z.output<typeof postInputSchema>;

/** A page of GET /api/posts: this many posts when the caller names no limit, and never more than the cap. */
export const postsPage = { defaultLimit: 20, maxLimit: 100 } as const;

export const postsQuerySchema = z
  .object({
    postId: wholeNumberText('postId', { min: 1 }).optional(),
    title: cleanText().max(500, 'title is too long.').optional(),
    limit: wholeNumberText('limit', { min: 1, max: postsPage.maxLimit }).optional(),
    offset: wholeNumberText('offset').optional(),
  })
  .strict();

export const postSearchQuerySchema = z.object({
  q: cleanText().max(200, 'The search text must be at most 200 characters.').default(''),
  limit: wholeNumberText('limit', { min: 1, max: 50 }).default(20),
});

export const postSearchHitSchema = z
  .object({ id: z.number().int(), title: z.string(), description: z.string().optional() })
  .meta({ id: 'PostSearchHit' });
export type PostSearchHit = z.infer<typeof postSearchHitSchema>;
export const postSearchResultSchema = z.array(postSearchHitSchema).meta({ id: 'PostSearchResult' });

/** One post, or a page of the list: what GET /api/posts answers depending on its query. */
export const postsAnswerSchema = z.union([postSchema, postListSchema]);

export const listPosts = defineCall({
  method: 'GET',
  path: '/api/posts',
  operationId: 'listPosts',
  summary: 'A page of posts, newest (highest id) first; or one post by postId or by title',
  description:
    `Without postId/title the answer is a page of the list: limit (default ${postsPage.defaultLimit}, at most ${postsPage.maxLimit}) ` +
    'posts from offset (default 0); X-Total-Count gives the total. ' +
    'With postId or title (URL-encoded, whitespace runs count as one space) the answer is one post.',
  tag: 'content',
  access: 'public',
  query: postsQuerySchema,
  status: 200,
  response: postsAnswerSchema,
  errors: [400, 404],
});

export const searchPosts = defineCall({
  method: 'GET',
  path: '/api/posts/search',
  operationId: 'searchPosts',
  summary: 'Search post titles (weighted 10×) and descriptions; fewer than 3 characters give an empty list',
  tag: 'content',
  access: 'public',
  query: postSearchQuerySchema,
  status: 200,
  response: postSearchResultSchema,
  errors: [400],
});

export const postAdminCalls = defineAdminCrudCalls({
  plural: 'posts',
  noun: 'post',
  input: postInputSchema,
  output: postSchema,
});

export const getPostForAdmin = defineCall({
  method: 'GET',
  path: '/api/admin/posts/:id',
  operationId: 'getPostForAdmin',
  summary: 'One post by id, a draft or scheduled one included',
  tag: 'admin',
  access: 'admin',
  params: idParamsSchema,
  status: 200,
  response: postSchema,
  errors: [400, 401, 404],
});
