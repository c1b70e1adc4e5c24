import { z } from 'zod';
import { defineCall, noContentSchema } from './api-call.ts';
import { idParamsSchema, wholeNumberText } from './numbers.ts';
import { adminListPage } from './operator-rules.ts';
import { cleanText } from './text.ts';

/** The console's list of one kind: a search text and a page. */
export const adminListQuerySchema = z
  .object({
    q: cleanText().max(200, 'The search text must be at most 200 characters.').default(''),
    id: wholeNumberText('id', { min: 1 }).optional(),
    limit: wholeNumberText('limit', { min: 1, max: adminListPage.maxLimit }).default(
      adminListPage.defaultLimit,
    ),
    offset: wholeNumberText('offset').default(0),
  })
  .strict();

const pascal = (text: string) =>
  text
    .split(/[^A-Za-z0-9]+/)
    .filter(Boolean)
    .map((word) => word.charAt(0).toUpperCase() + word.slice(1))
    .join('');

/**
 * The operator's list / create / replace / delete calls for one kind of content, under /api/admin/<plural>
 * (decisions.md section 4). `noun` names the operations: createPost, replacePost, deletePost; the list is
 * named after the plural (listAdminPosts): every item as the operator edits it (drafts too), newest first,
 * found by a search text.
 */
export function defineAdminCrudCalls<Input extends z.ZodType, Output extends z.ZodType>(options: {
  plural: string;
  noun: string;
  input: Input;
  output: Output;
}) {
  const { plural, noun, input, output } = options;
  // 'market event' → 'MarketEvent': operation ids are one word.
  const name = noun
    .split(/\s+/)
    .map((word) => word.charAt(0).toUpperCase() + word.slice(1))
    .join('');
  const common = { tag: 'admin', access: 'admin' } as const;
  return {
    list: defineCall({
      ...common,
      method: 'GET',
      path: `/api/admin/${plural}`,
      operationId: `listAdmin${pascal(plural)}`,
      summary: `List ${plural.replace(/-/g, ' ')} for the console, newest first`,
      description:
        '`q` keeps the items whose text contains it (any case), `id` the one item with that key; `total` counts what matches, before paging.',
      query: adminListQuerySchema,
      status: 200,
      response: z.object({ items: z.array(output), total: z.number().int() }),
      errors: [400, 401],
    }),
    create: defineCall({
      ...common,
      method: 'POST',
      path: `/api/admin/${plural}`,
      operationId: `create${name}`,
      summary: `Create a ${noun}`,
      body: input,
      status: 201,
      response: output,
      errors: [400, 401, 409, 413, 415],
    }),
    replace: defineCall({
      ...common,
      method: 'PUT',
      path: `/api/admin/${plural}/:id`,
      operationId: `replace${name}`,
      summary: `Replace a ${noun}`,
      params: idParamsSchema,
      body: input,
      status: 200,
      response: output,
      errors: [400, 401, 404, 409, 413, 415],
    }),
    delete: defineCall({
      ...common,
      method: 'DELETE',
      path: `/api/admin/${plural}/:id`,
      operationId: `delete${name}`,
      summary: `Delete a ${noun}`,
      params: idParamsSchema,
      status: 204,
      response: noContentSchema,
      errors: [400, 401, 404],
    }),
  };
}

export type AdminCrudCalls<Input extends z.ZodType, Output extends z.ZodType> = ReturnType<
  typeof defineAdminCrudCalls<Input, Output>
>;
