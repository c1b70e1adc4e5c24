import { z } from 'zod';
import { defineCall, noContentSchema } from './api-call.ts';
import { wholeNumberText } from './numbers.ts';
import { activityPage, operatorPasswordMinLength } from './operator-rules.ts';
import { cleanText } from './text.ts';

/** Operators sign in to the console (docs/decisions/0040-operator-console.md). */
export const signInSchema = z
  .object({
    // cleanText: the email is looked up, and PostgreSQL refuses a NUL in a query.
    email: cleanText('Enter your email.')
      .trim()
      .min(1, 'Enter your email.')
      .max(320, 'An email has at most 320 characters.'),
    password: cleanText('Enter your password.')
      .min(1, 'Enter your password.')
      .max(1000, 'A password has at most 1000 characters.'),
  })
  .strict();
export type SignIn = z.infer<typeof signInSchema>;

export const operatorSchema = z
  .object({
    email: z.string().describe("The signed-in operator's email, or 'token' for the bearer token"),
  })
  .meta({ id: 'Operator' });
export type Operator = z.infer<typeof operatorSchema>;

const common = { tag: 'admin' } as const;

export const signIn = defineCall({
  ...common,
  access: 'public',
  method: 'POST',
  path: '/api/admin/sign-in',
  operationId: 'signIn',
  summary: "Sign an operator in: sets the console's session cookie",
  description:
    'Answers 401 for a wrong email or password (the same answer for both). Failed sign-ins are limited per ' +
    'email and per client address (429).',
  body: signInSchema,
  status: 200,
  response: operatorSchema,
  errors: [400, 401, 403, 415],
});

export const signOut = defineCall({
  ...common,
  access: 'public',
  method: 'POST',
  path: '/api/admin/sign-out',
  operationId: 'signOut',
  summary: "End the console session in the request's cookie (if any) and clear the cookie",
  status: 204,
  response: noContentSchema,
  errors: [403],
});

export const currentOperator = defineCall({
  ...common,
  access: 'admin',
  method: 'GET',
  path: '/api/admin/session',
  operationId: 'currentOperator',
  summary: 'Who the request is authenticated as',
  status: 200,
  response: operatorSchema,
  errors: [401],
});

export const activityEntrySchema = z
  .object({
    id: z.number().int(),
    at: z.string().describe('ISO-8601 timestamp'),
    actor: z.string().describe("The operator's email, or 'token' for the bearer token"),
    kind: z.string().describe("The kind of content, e.g. 'posts'"),
    itemId: z.string().nullable().describe("The item's id, when it has one"),
    item: z.string().describe("The item's title (or another name) when the change was made"),
    action: z.string().describe('create, update, delete, or what another admin call did (hide, disable, …)'),
  })
  .meta({ id: 'ActivityEntry' });
export type ActivityEntry = z.infer<typeof activityEntrySchema>;

export const activityListSchema = z
  .object({ items: z.array(activityEntrySchema), total: z.number().int() })
  .meta({ id: 'ActivityList' });
export type ActivityList = z.infer<typeof activityListSchema>;

export const activityQuerySchema = z
  .object({
    limit: wholeNumberText('limit', { min: 1, max: activityPage.maxLimit }).default(
      activityPage.defaultLimit,
    ),
    offset: wholeNumberText('offset').default(0),
  })
  .strict();

export const listActivity = defineCall({
  ...common,
  access: 'admin',
  method: 'GET',
  path: '/api/admin/activity',
  operationId: 'listActivity',
  summary: "The operators' and the token's changes, newest first",
  description: 'Entries outlive the items they name. `total` counts every entry.',
  query: activityQuerySchema,
  status: 200,
  response: activityListSchema,
  errors: [400, 401],
});

/** The password rule the CLI applies (kept here so its message is written once). */
export const operatorPasswordSchema = z
  .string()
  .min(operatorPasswordMinLength, `A password needs at least ${operatorPasswordMinLength} characters.`);
