import { z } from 'zod';
import { defineCall, noContentSchema } from './api-call.ts';
import { idParamsSchema, wholeNumberText } from './numbers.ts';
import { cleanText } from './text.ts';

/** Comment length after trimming (content-and-shell.md section 9). */
export const commentMinLength = 5;
export const commentMaxLength = 100;
/** A visitor must have the image page open this long before a comment is accepted (anti-spam). */
export const commentMinElapsedMs = 3000;
/** Comments one visitor (one IP address) may save. */
export const commentsPerMinute = 5;
export const commentsPerDay = 50;

/** The specification's alert texts (section 5) and our anti-spam refusals. */
export const commentMessages = {
  length: 'Comment must be between 5 and 100 characters.',
  imageMissing: 'Image URL is missing.',
  imageInvalid: 'Image URL is not valid.',
  imageUnknown: 'This image is not on this site, so it cannot take comments.',
  saved: 'Comment saved!',
  saveFailed: 'Failed to save comment.',
  link: 'Links are not allowed in comments. Please remove the web address and send again.',
  tooFast: 'That was very quick. Please take a few seconds with your comment and send it again.',
  honeypot: 'Your comment could not be accepted.',
  duplicate: 'This comment was just posted. Please write something new.',
  perMinute: 'You are commenting too fast: at most 5 comments a minute. Please wait a minute and try again.',
  perDay: 'You have reached the limit of 50 comments a day. Please come back tomorrow.',
} as const;

export const commentErrorCodes = {
  tooFast: 'TOO_FAST',
  spam: 'SPAM_REFUSED',
  duplicate: 'DUPLICATE_COMMENT',
} as const;

// An opening or closing tag, a comment or a doctype: what "HTML-like tags" means here. A lone '<' (as in
// "a < b", or a tag still being typed) stays until its '>' arrives.
const htmlLikeTag = /<\/?[A-Za-z!?][^<>]*>/g;

/** The comment with HTML-like tags removed (applied as the visitor types, and again by the server). */
export function stripTags(text: string): string {
  let previous: string;
  let current = text;
  // Repeated: removing one tag can join the halves of another ('<<b>script>').
  do {
    previous = current;
    current = current.replace(htmlLikeTag, '');
  } while (current !== previous);
  return current;
}

const linkPattern =
  /(https?:\/\/|www\.|\b[a-z0-9-]{2,}\.(com|in|net|org|io|xyz|ru|info|biz|co|me|ly|app|site|online|top|click|link|shop|live)\b)/i;

/** Whether the text carries a web address (comments may not: the link cap). */
export function hasLink(text: string): boolean {
  return linkPattern.test(text);
}

/** The comment as it is stored: tags stripped, trimmed. */
export const cleanComment = (text: string) => stripTags(text).trim();

/** Whether the cleaned comment's length is allowed. */
export function commentLengthOk(cleaned: string): boolean {
  const length = [...cleaned].length;
  return length >= commentMinLength && length <= commentMaxLength;
}

/** The image URL as sent (possibly still URL-encoded), decoded once; null when it cannot be. */
export function decodeImageUrl(imageUrl: string): string | null {
  try {
    const decoded = decodeURIComponent(imageUrl).trim();
    return decoded === '' ? null : decoded;
  } catch {
    return null;
  }
}

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

// An empty value is refused by the server with the specification's own alert text, not a schema message.
const imageUrlField = cleanText(commentMessages.imageMissing).max(2000, commentMessages.imageInvalid);

export const commentsQuerySchema = z.object({ imageUrl: imageUrlField }).strict();

export const saveCommentBodySchema = z
  .object({
    imageUrl: imageUrlField,
    comment: cleanText('The comment must be text.').max(2000, commentMessages.length),
    elapsedMs: z
      .number({ error: 'elapsedMs (how long the page was open, in milliseconds) is required.' })
      .int('elapsedMs must be a whole number.')
      .min(0, 'elapsedMs must not be negative.')
      .describe('How long the image page was open before sending, in milliseconds (anti-spam)'),
    website: z
      .string()
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
  summary: 'The comments of one image, oldest first',
  description:
    'imageUrl is the image URL (URL-encoded in the query). An image the site does not show is 404.',
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
    `and carry no web address. Anti-spam: the page must have been open ${commentMinElapsedMs / 1000} s ` +
    `(elapsedMs), the hidden website field must stay empty, at most ${commentsPerMinute} comments a minute and ` +
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
  summary: 'Every comment (hidden ones too), newest first; optionally of one image',
  query: adminCommentsQuerySchema,
  status: 200,
  response: z.array(adminCommentSchema).meta({ id: 'AdminCommentList' }),
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
