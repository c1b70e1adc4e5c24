import { z } from 'zod';
import { errorBodySchema } from './errors.ts';

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
export type ErrorStatus = 400 | 401 | 403 | 404 | 408 | 409 | 413 | 415 | 422 | 429 | 500 | 502 | 503;

/**
 * Everything about one API call, written once: the server registers its route from it, the browser client
 * builds the request and parses the answer from it, and the OpenAPI document is generated from it.
 */
export interface ApiCall<
  Params extends z.ZodType | undefined = z.ZodType | undefined,
  Query extends z.ZodType | undefined = z.ZodType | undefined,
  Body extends z.ZodType | undefined = z.ZodType | undefined,
  Response extends z.ZodType = z.ZodType,
> {
  method: HttpMethod;
  /** Fastify-style path, e.g. `/api/admin/posts/:id`. */
  path: string;
  /** Names the call in the OpenAPI document and for client generators, e.g. `listPosts`. */
  operationId: string;
  summary: string;
  description?: string;
  tag: string;
  /** `admin` calls need the operator's bearer token (and do not exist while it is unset). */
  access: 'public' | 'admin';
  /**
   * `false` for a public GET whose answer depends on the caller (their device, their items) or on the
   * moment (a live status): it is never given an ETag or a shared Cache-Control. Other public GET answers
   * are the same for everyone and carry both (docs/operations.md).
   */
  cacheable?: false;
  params?: Params;
  query?: Query;
  body?: Body;
  /** How the body travels: JSON (the default) or an HTML form (`application/x-www-form-urlencoded`). */
  bodyEncoding?: 'json' | 'form';
  /** `file` answers (audio, text downloads) are bytes, not JSON; `response` then describes them only loosely. */
  answer?: 'json' | 'file';
  /** The success status and its answer; `null` schema for 204. */
  status: 200 | 201 | 204;
  response: Response;
  /** Every error status the call can answer (all with the uniform error body). */
  errors: readonly ErrorStatus[];
}

/** Statuses every call can answer whatever it does: limits and failures of the server itself. */
export const commonErrorStatuses = [429, 500] as const satisfies readonly ErrorStatus[];

export function defineCall<
  const Params extends z.ZodType | undefined = undefined,
  const Query extends z.ZodType | undefined = undefined,
  const Body extends z.ZodType | undefined = undefined,
  const Response extends z.ZodType = z.ZodType,
>(call: ApiCall<Params, Query, Body, Response>): ApiCall<Params, Query, Body, Response> {
  return call;
}

// A part a call does not define (no query, say) is `undefined`; one it defines is its schema's type.
type Defined<S> = Exclude<S, undefined>;
type OutputOf<S> = [Defined<S>] extends [never] ? undefined : z.output<Defined<S>>;
type InputOf<S> = [Defined<S>] extends [never] ? undefined : z.input<Defined<S>>;

/** What a handler receives, already validated. */
export interface CallInput<C extends ApiCall> {
  params: OutputOf<C['params']>;
  query: OutputOf<C['query']>;
  body: OutputOf<C['body']>;
}
/** What a handler returns: the answer before serialisation. */
export type CallAnswer<C extends ApiCall> = z.input<C['response']>;
/** What a caller sends: the schemas' input types (query values may be numbers; they become text). */
export interface CallRequest<C extends ApiCall> {
  params?: InputOf<C['params']>;
  query?: InputOf<C['query']>;
  body?: InputOf<C['body']>;
}
export type CallResult<C extends ApiCall> = z.output<C['response']>;

/** The path with its `:name` segments filled in (each value URL-encoded as one segment). */
export function callPath(call: Pick<ApiCall, 'path'>, params: Record<string, unknown> = {}): string {
  return call.path.replace(/:(\w+)/g, (_, name: string) => {
    const value = params[name];
    if (value === undefined || value === null)
      throw new Error(`${call.path}: the ${name} parameter is missing`);
    return encodeURIComponent(String(value));
  });
}

/** The query string for a call (without `?`), skipping absent values. */
export function callQuery(query: Record<string, unknown> | undefined): string {
  if (!query) return '';
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value !== undefined && value !== null) search.set(key, String(value));
  }
  return search.toString();
}

/** What any call with a body can answer before its handler runs: bad JSON, too large, wrong content type. */
export const bodyErrorStatuses = [400, 413, 415] as const satisfies readonly ErrorStatus[];

/** The error statuses a call can answer, each with the uniform error body. */
export function errorStatuses(call: Pick<ApiCall, 'errors' | 'body'>): number[] {
  return [
    ...new Set<number>([...call.errors, ...(call.body ? bodyErrorStatuses : []), ...commonErrorStatuses]),
  ].sort();
}

/** The error answers of a call for its OpenAPI description. */
export function errorResponses(
  call: Pick<ApiCall, 'errors' | 'body'>,
): Record<number, typeof errorBodySchema> {
  const statuses = errorStatuses(call);
  return Object.fromEntries(statuses.map((status) => [status, errorBodySchema]));
}

/** A 204 answer has no body. */
export const noContentSchema = z.null();

/** Stands for a file answer (bytes) in a call definition. */
export const fileAnswerSchema = z.string().meta({ format: 'binary' });
