import { z } from 'zod';
import { errorBodySchema } from './errors.ts';

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
export type ErrorStatus =
  | 400
  | 401
  | 403
  | 404
  | 408
  | 409
  | 410
  | 413
  | 415
  | 422
  | 429
  | 500
  | 502
  | 503
  | 504;

/**
 * Everything about one API call, written once: the server registers its route from it, the browser client
 * builds the request and parses the answer from it, and the OpenAPI document is generated from it.
 */
export interface ApiCall<
  Params extends z.ZodType | undefined = z.ZodType | undefined,
  Query extends z.ZodType | undefined = z.ZodType | undefined,
  Body extends z.ZodType | undefined = z.ZodType | undefined,
  Response extends z.ZodType = z.ZodType,
  Files extends FileFields | undefined = FileFields | undefined,
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
  /**
   * How the body travels: JSON (the default), an HTML form (`application/x-www-form-urlencoded`) or
   * `multipart/form-data` (text fields and files). A call accepts only its own encoding (others are 415); the
   * text fields of a form or multipart body are validated by `body`, which must then be a `z.object`.
   */
  bodyEncoding?: 'json' | 'form' | 'multipart';
  /**
   * The largest body this call reads, in bytes (the BODY_LIMIT_BYTES setting when absent). For a multipart
   * call it bounds its text fields together; files have their own limits in `files`.
   */
  bodyLimitBytes?: number;
  /** The file fields of a multipart call, by field name: what each accepts, decided from the file's bytes. */
  files?: Files;
  /** `file` answers (audio, text downloads) are bytes, not JSON; `response` then describes them only loosely. */
  answer?: 'json' | 'file';
  /** The media type of a `file` answer (`audio/mpeg`, `text/plain`), as the OpenAPI document shows it. */
  answerType?: string;
  /** The success status and its answer; `null` schema for 204. */
  status: 200 | 201 | 202 | 204;
  response: Response;
  /** Every error status the call can answer (all with the uniform error body). */
  errors: readonly ErrorStatus[];
}

/**
 * Statuses every call can answer whatever it does: limits, failures of the server itself, and 503 while the
 * database (or the queue) is away for a moment (with Retry-After; docs/decisions/0030).
 */
export const commonErrorStatuses = [429, 500, 503] as const satisfies readonly ErrorStatus[];

/**
 * One file field of a multipart call. The server streams the file to a temporary folder, refuses it before
 * the handler runs when it is too large (413) or its bytes are not of an accepted type (415: its name and
 * declared type are ignored), and deletes it once the answer is sent.
 */
export interface FileField {
  /**
   * Accepted types as MIME types, decided from the file's first bytes (`image/png`, `image/jpeg`,
   * `application/pdf`, … as the `file-type` library names them). `text/plain`, which has no signature, means
   * valid UTF-8 with no NUL byte that matches no other signature.
   */
  types: readonly [string, ...string[]];
  /** The largest accepted file, in bytes. */
  maxBytes: number;
  /** `false`: the field may be left empty. Required otherwise. */
  required?: boolean;
  /** How many files the field takes (1 when absent). With more than 1 the handler gets a list. */
  maxFiles?: number;
}
export type FileFields = Record<string, FileField>;

/** A file received by a multipart call, already checked against its `FileField`. */
export interface UploadedFile {
  /** Where it is on the server's disk, until the answer has been sent. */
  path: string;
  /** Its size. */
  bytes: number;
  /** Its type as decided from its bytes, one of the field's `types`. */
  type: string;
  /** The usual extension of that type (`png`, `pdf`, `txt`), not the one it was sent with. */
  extension: string;
  /** The file name the sender gave (informative only: never use it as a path). */
  originalName: string;
}

// Marks files the server made: a text field sent as `{"path": …}` can never pass as an upload.
const uploadedFileMark = Symbol.for('hurryup.uploadedFile');

/** Marks a file record as one the server received and checked (server side). */
export function markUploadedFile(file: UploadedFile): UploadedFile {
  return Object.defineProperty(file, uploadedFileMark, { value: true, enumerable: false });
}

const isUploadedFile = (value: unknown): value is UploadedFile =>
  typeof value === 'object' && value !== null && uploadedFileMark in value;

/** The sizes people read: 512 bytes, 300 KB, 1.5 MB, 10 MB (binary multiples). */
export function readableBytes(bytes: number): string {
  const units: Array<[number, string]> = [
    [1024 ** 3, 'GB'],
    [1024 ** 2, 'MB'],
    [1024, 'KB'],
  ];
  for (const [size, unit] of units) {
    if (bytes >= size) return `${Number((bytes / size).toFixed(1))} ${unit}`;
  }
  return `${bytes} bytes`;
}

/** What the documentation and messages say a field accepts: "image/png or image/jpeg, at most 10 MB". */
export function describeFileField(field: FileField): string {
  const types =
    field.types.length === 1
      ? field.types[0]
      : `${field.types.slice(0, -1).join(', ')} or ${field.types.at(-1)}`;
  const count = (field.maxFiles ?? 1) > 1 ? `Up to ${field.maxFiles} files: ` : '';
  return `${count}${types}, at most ${readableBytes(field.maxBytes)}${(field.maxFiles ?? 1) > 1 ? ' each' : ''}.`;
}

function fileFieldSchema(name: string, field: FileField) {
  const file = z
    .custom<UploadedFile>(isUploadedFile, { error: `Please choose a file for ${name}.` })
    .meta({ type: 'string', format: 'binary', description: describeFileField(field) });
  const required = field.required !== false;
  if ((field.maxFiles ?? 1) > 1) {
    return z
      .array(file)
      .min(required ? 1 : 0, `Please choose a file for ${name}.`)
      .max(field.maxFiles!, `Send at most ${field.maxFiles} files as ${name}.`);
  }
  return required ? file : file.optional();
}

/**
 * The body schema of a multipart call as the server validates and documents it: the text fields of `body`
 * plus one `format: binary` entry per file field (whose value is the server's `UploadedFile`).
 */
export function multipartBodySchema(call: Pick<ApiCall, 'body' | 'files' | 'operationId'>): z.ZodObject {
  const fields = call.body ?? z.object({});
  if (!(fields instanceof z.ZodObject)) {
    throw new Error(
      `${call.operationId}: the body of a multipart call must be a z.object of its text fields`,
    );
  }
  const files = Object.entries(call.files ?? {}).map(([name, field]) => [name, fileFieldSchema(name, field)]);
  return fields.extend(Object.fromEntries(files));
}

export function defineCall<
  const Params extends z.ZodType | undefined = undefined,
  const Query extends z.ZodType | undefined = undefined,
  const Body extends z.ZodType | undefined = undefined,
  const Response extends z.ZodType = z.ZodType,
  const Files extends FileFields | undefined = undefined,
>(call: ApiCall<Params, Query, Body, Response, Files>): ApiCall<Params, Query, Body, Response, Files> {
  return call;
}

// A part a call does not define (no query, say) is `undefined`; one it defines is its schema's type.
type Defined<S> = Exclude<S, undefined>;
type OutputOf<S> = [Defined<S>] extends [never] ? undefined : z.output<Defined<S>>;
type InputOf<S> = [Defined<S>] extends [never] ? undefined : z.input<Defined<S>>;

// One file, a list (maxFiles above 1, possibly empty when not required) or nothing (not required, not sent).
type ReceivedFile<F> = F extends { maxFiles: infer Most }
  ? Most extends 1 | undefined
    ? OneFile<F>
    : UploadedFile[]
  : OneFile<F>;
type OneFile<F> = F extends { required: false } ? UploadedFile | undefined : UploadedFile;
type FilesOf<F> = [Exclude<F, undefined>] extends [never]
  ? undefined
  : { [K in keyof Exclude<F, undefined>]: ReceivedFile<Exclude<F, undefined>[K]> };

/** What a handler receives, already validated. */
export interface CallInput<C extends ApiCall> {
  params: OutputOf<C['params']>;
  query: OutputOf<C['query']>;
  body: OutputOf<C['body']>;
  /** The files of a multipart call, checked and on disk until the answer is sent. */
  files: FilesOf<C['files']>;
}
/** What a handler returns: the answer before serialisation. */
export type CallAnswer<C extends ApiCall> = z.input<C['response']>;
/** What a caller sends: the schemas' input types (query values may be numbers; they become text). */
export interface CallRequest<C extends ApiCall> {
  params?: InputOf<C['params']>;
  query?: InputOf<C['query']>;
  body?: InputOf<C['body']>;
  /** The files of a multipart call by field name (a `File` keeps its name; a `Blob` is sent as `blob`). */
  files?: [Exclude<C['files'], undefined>] extends [never]
    ? undefined
    : { [K in keyof Exclude<C['files'], undefined>]?: Blob | readonly Blob[] };
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
export function errorStatuses(call: Pick<ApiCall, 'errors' | 'body' | 'files'>): number[] {
  const readsBody = call.body !== undefined || call.files !== undefined;
  return [
    ...new Set<number>([...call.errors, ...(readsBody ? bodyErrorStatuses : []), ...commonErrorStatuses]),
  ].sort();
}

/** The error answers of a call for its OpenAPI description. */
export function errorResponses(
  call: Pick<ApiCall, 'errors' | 'body' | 'files'>,
): Record<number, typeof errorBodySchema> {
  const statuses = errorStatuses(call);
  return Object.fromEntries(statuses.map((status) => [status, errorBodySchema]));
}

/** A 204 answer has no body. */
export const noContentSchema = z.null();

/** Stands for a file answer (bytes) in a call definition. */
export const fileAnswerSchema = z.string().meta({ format: 'binary' });
