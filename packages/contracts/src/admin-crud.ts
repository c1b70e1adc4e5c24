import type { z } from 'zod';
import { defineCall, noContentSchema } from './api-call.ts';
import { idParamsSchema } from './numbers.ts';

/**
 * The operator's create / replace / delete calls for one kind of content, under /api/admin/<plural>
 * (decisions.md section 4). `noun` names the operations: createPost, replacePost, deletePost.
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
