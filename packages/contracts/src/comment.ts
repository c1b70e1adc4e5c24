import { z } from 'zod';
import { defineCall, noContentSchema } from './api-call.ts';
import {
  commentMaxLength,
  commentMessages,
  commentMinLength,
  commentsPageSize,
  commentsPerDay,
  commentsPerMinute,
} from './comment-rules.ts';
import { idParamsSchema, wholeNumberText } from './numbers.ts';
import { cleanText } from './text.ts';

export const commentSchema = z
  .object({
    id: z.number().int(),
    comment: z.string(),
    createdAt: z.string().describe('ISO-8601 timestamp'),
  })
  .meta({ id: 'Comment' });
export type Comment = z.infer<typeof commentSchema>;

export const adminCommentSchema = commentSchema
  .extend({ imageUrl: z.string(), hidden: z.boolean() })
  .meta({ id: 'AdminComment' });
export type AdminComment = z.infer<typeof adminCommentSchema>;

export const adminCommentListItemSchema = adminCommentSchema
  .extend({
    imagePagePath: z
      .string()
      .nullable()
      .describe('The page that shows the image; null when the site no longer does'),
    reports: z
      .int()
      .min(0)
      .describe('Visitors’ reports of this comment (POST /api/reports), closed ones too'),
  })
  .meta({ id: 'AdminCommentListItem' });
export type AdminCommentListItem = z.infer<typeof adminCommentListItemSchema>;

// An empty value is refused by the server with the specification's own alert text, not a schema message.
const imageUrlField = cleanText(commentMessages.imageMissing).max(2000, commentMessages.imageInvalid);

export const commentsQuerySchema = z
  .object({
    imageUrl: imageUrlField,
    before: wholeNumberText('before', { min: 1 })
      .optional()
      .describe('Only comments older than the comment with this id (the first id of the page shown)'),
  })
  .strict();

/** One page of an image's visible comments, oldest first, and how many it has in all. */
export interface CommentPage {
  comments: Comment[];
  total: number;
}

export const saveCommentBodySchema = z
  .object({
    imageUrl: imageUrlField,
    comment: cleanText('The comment must be text.').max(2000, commentMessages.length),
    // Sent by earlier versions of the page. A number the client chooses is no defence (a robot sends 3000),
    // so it is accepted and ignored; the server's own defences follow in the service.
    elapsedMs: z
      .number()
      .int('elapsedMs must be a whole number.')
      .min(0, 'elapsedMs must not be negative.')
      .optional()
      .describe('Ignored; accepted for earlier versions of the page'),
    website: cleanText()
      .max(500)
      .optional()
      .describe('Leave out or empty: a field people never see, that only robots fill in'),
  })
  .strict();
export type SaveCommentBody = z.input<typeof saveCommentBodySchema>;

export const listComments = defineCall({
  method: 'GET',
  path: '/api/comments',
  operationId: 'listComments',
  summary: 'The newest comments of one image, oldest first; older ones a page at a time',
  description:
    'imageUrl is the image URL (URL-encoded in the query). An image the site does not show is 404. ' +
    `The answer holds at most ${commentsPageSize} comments: the newest ones, listed oldest first. ` +
    'The `X-Total-Count` header gives how many comments the image has in all. For the page before, ' +
    'send `before` with the id of the first (oldest) comment of the page you have; an empty list means ' +
    'there are no older ones.',
  tag: 'comments',
  access: 'public',
  query: commentsQuerySchema,
  status: 200,
  response: z.array(commentSchema).meta({ id: 'CommentList' }),
  errors: [400, 404],
});

export const saveComment = defineCall({
  method: 'POST',
  path: '/api/saveComment',
  operationId: 'saveComment',
  summary: 'Add an anonymous comment to an image',
  description:
    `Tags are stripped and the text trimmed; it must then be ${commentMinLength} to ${commentMaxLength} characters ` +
    `and carry no web address. Anti-spam: the hidden website field must stay empty, at most ${commentsPerMinute} comments a minute and ` +
    `${commentsPerDay} a day per visitor (429), and the same comment on the same image twice within a minute is 409.`,
  tag: 'comments',
  access: 'public',
  body: saveCommentBodySchema,
  status: 201,
  response: commentSchema,
  errors: [400, 404, 409, 413, 415],
});

export const adminCommentsQuerySchema = z
  .object({
    imageUrl: cleanText().max(2000).optional(),
    shown: z
      .enum(['all', 'visible', 'hidden'], { error: 'shown must be all, visible or hidden.' })
      .default('all')
      .describe('all (the default), only the comments visitors see, or only the hidden ones'),
    limit: wholeNumberText('limit', { min: 1, max: 500 }).default(100),
    offset: wholeNumberText('offset').default(0),
  })
  .strict();

const adminCommon = { tag: 'admin', access: 'admin' } as const;

export const listAdminComments = defineCall({
  ...adminCommon,
  method: 'GET',
  path: '/api/admin/comments',
  operationId: 'listAdminComments',
  summary:
    'Every comment (hidden ones too), newest first; optionally of one image, or only hidden or visible ones',
  query: adminCommentsQuerySchema,
  status: 200,
  response: z.array(adminCommentListItemSchema).meta({ id: 'AdminCommentList' }),
  errors: [400, 401],
});

export const setCommentHidden = defineCall({
  ...adminCommon,
  method: 'PATCH',
  path: '/api/admin/comments/:id',
  operationId: 'setCommentHidden',
  summary: 'Hide a comment from visitors, or show it again',
  params: idParamsSchema,
  body: z.object({ hidden: z.boolean({ error: 'hidden must be true or false.' }) }).strict(),
  status: 200,
  response: adminCommentSchema,
  errors: [400, 401, 404, 415],
});

export const deleteComment = defineCall({
  ...adminCommon,
  method: 'DELETE',
  path: '/api/admin/comments/:id',
  operationId: 'deleteComment',
  summary: 'Delete a comment',
  params: idParamsSchema,
  status: 204,
  response: noContentSchema,
  errors: [400, 401, 404],
});
