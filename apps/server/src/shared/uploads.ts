import { isUtf8 } from 'node:buffer';
import { randomUUID } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import { Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import multipart, { type Multipart, type MultipartFile } from '@fastify/multipart';
import {
  type ApiCall,
  type FileField,
  markUploadedFile,
  readableBytes,
  type UploadedFile,
} from '@hurryup/contracts/api-call';
import { errorCodes } from '@hurryup/contracts/errors';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { HttpError } from './http-error.ts';

/*
 * Form and multipart bodies of the calls that declare them (`bodyEncoding` in packages/contracts). Each such
 * call is registered in a scope of its own (shared/register-call.ts) whose only body parser is its encoding's,
 * so a JSON call still answers 415 to a form or a file, and a form call 415 to JSON.
 *
 * Files are streamed to `<DATA_DIR>/tmp/uploads/`, never held whole in memory, and checked before the handler
 * runs: size while they arrive (413), type from their bytes once written (415). They are deleted when a check
 * fails, when the answer has been sent, when the client goes away, and by `sweepUploads` for whatever a crash
 * left behind.
 */

/** The folder of a site's temporary uploads. */
export function uploadsFolder(dataDir: string): string {
  return path.join(dataDir, 'tmp', 'uploads');
}

/** More fields than any form of the site has; past it a body is refused rather than parsed. */
const mostFormFields = 1000;
/** Field names longer than this are refused (busboy's default is 100 bytes). */
const longestFieldName = 100;

const invalidForm = (message: string) => new HttpError(400, 'INVALID_FORM', message);

/**
 * Parses `application/x-www-form-urlencoded` strictly: valid UTF-8, every %-escape decoding to UTF-8 text (the
 * usual parsers replace broken bytes with U+FFFD and store text the sender never meant), repeated names as
 * lists.
 */
export function parseFormBody(bytes: Buffer): Record<string, string | string[]> {
  if (!isUtf8(bytes))
    throw new HttpError(400, errorCodes.invalidUtf8, 'The request body is not valid UTF-8.');
  const values = new Map<string, string | string[]>();
  const pairs = bytes.toString('utf8').split('&');
  if (pairs.length > mostFormFields) {
    throw new HttpError(413, errorCodes.payloadTooLarge, `The form has more than ${mostFormFields} fields.`);
  }
  for (const pair of pairs) {
    if (pair === '') continue;
    const equals = pair.indexOf('=');
    const [rawName, rawValue] = equals === -1 ? [pair, ''] : [pair.slice(0, equals), pair.slice(equals + 1)];
    let name: string;
    let value: string;
    try {
      name = decodeURIComponent(rawName.replaceAll('+', ' '));
      value = decodeURIComponent(rawValue.replaceAll('+', ' '));
    } catch {
      throw invalidForm('The form body is not valid: each %-escape must encode UTF-8 text.');
    }
    const previous = values.get(name);
    values.set(
      name,
      previous === undefined ? value : [...(Array.isArray(previous) ? previous : [previous]), value],
    );
  }
  // fromEntries defines own properties, so a field named __proto__ is just a field (and zod drops it).
  return Object.fromEntries(values);
}

/** Removes temporary uploads older than `olderThanMs` (left by a crash or a killed process); returns how many. */
export async function sweepUploads(dir: string, olderThanMs: number, now: number): Promise<number> {
  let names: string[];
  try {
    names = await fs.readdir(dir);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return 0;
    throw error;
  }
  let removed = 0;
  for (const name of names) {
    const file = path.join(dir, name);
    try {
      const stat = await fs.stat(file);
      if (now - stat.mtimeMs < olderThanMs) continue;
      await fs.rm(file, { recursive: true, force: true });
      removed += 1;
    } catch (error) {
      // Deleted meanwhile by the request that owned it.
      if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
    }
  }
  return removed;
}

// The temporary files of each request, so that every way a request can end removes them.
const filesOfRequest = new WeakMap<FastifyRequest, string[]>();

async function removeFilesOf(request: FastifyRequest) {
  const files = filesOfRequest.get(request);
  if (!files?.length) return;
  const removing = files.splice(0);
  await Promise.all(removing.map((file) => fs.rm(file, { force: true })));
}

/** Throws `message` as a 413/415/400 about one field, with the field named for forms. */
function fieldError(status: number, code: string, field: string, message: string): HttpError {
  return new HttpError(status, code, message, { [field]: message });
}

/** Checks the size of a file while it passes, and whether it is plain text (for `text/plain`). */
function sizeAndTextCheck(field: string, rule: FileField) {
  const decoder = rule.types.includes('text/plain') ? new TextDecoder('utf-8', { fatal: true }) : undefined;
  const state = { bytes: 0, plainText: decoder !== undefined };
  const stream = new Transform({
    transform(chunk: Buffer, _encoding, callback) {
      state.bytes += chunk.length;
      if (state.bytes > rule.maxBytes) {
        callback(
          fieldError(
            413,
            errorCodes.payloadTooLarge,
            field,
            `The file sent as ${field} is larger than ${readableBytes(rule.maxBytes)}.`,
          ),
        );
        return;
      }
      if (state.plainText && decoder) {
        try {
          decoder.decode(chunk, { stream: true });
          if (chunk.includes(0)) state.plainText = false;
        } catch {
          state.plainText = false;
        }
      }
      callback(null, chunk);
    },
    flush(callback) {
      if (state.plainText && decoder) {
        try {
          decoder.decode();
        } catch {
          state.plainText = false;
        }
      }
      callback();
    },
  });
  return { stream, state };
}

/** The type of a written file from its bytes, if the field accepts it. */
async function acceptedType(file: string, rule: FileField, plainText: boolean) {
  // Loaded with the first file checked: a process that is sent none never holds it.
  const { fileTypeFromFile } = await import('file-type');
  const sniffed = await fileTypeFromFile(file);
  if (sniffed)
    return rule.types.includes(sniffed.mime) ? { type: sniffed.mime, extension: sniffed.ext } : undefined;
  return plainText && rule.types.includes('text/plain')
    ? { type: 'text/plain', extension: 'txt' }
    : undefined;
}

function acceptedTypesText(rule: FileField): string {
  return rule.types.length === 1
    ? rule.types[0]
    : `${rule.types.slice(0, -1).join(', ')} or ${rule.types.at(-1)}`;
}

/** Writes one file part to the uploads folder and checks it; undefined for an empty part (no file chosen). */
async function receiveFile(
  request: FastifyRequest,
  part: MultipartFile,
  rule: FileField,
  dir: string,
): Promise<UploadedFile | undefined> {
  const field = part.fieldname;
  await fs.mkdir(dir, { recursive: true });
  const target = path.join(dir, `${randomUUID()}.upload`);
  // Opened before any byte is streamed, so the file exists to be removed whenever the stream fails.
  const handle = await fs.open(target, 'wx');
  filesOfRequest.get(request)!.push(target);
  const { stream: check, state } = sizeAndTextCheck(field, rule);
  await pipeline(part.file, check, handle.createWriteStream());
  if (part.file.truncated) {
    throw fieldError(
      413,
      errorCodes.payloadTooLarge,
      field,
      `The file sent as ${field} is larger than ${readableBytes(rule.maxBytes)}.`,
    );
  }
  // A form's file input left empty still sends a part, with no name and no bytes.
  if (state.bytes === 0) return undefined;
  const decided = await acceptedType(target, rule, state.plainText);
  if (!decided) {
    throw fieldError(
      415,
      errorCodes.unsupportedMediaType,
      field,
      `The file sent as ${field} is not of an accepted type (decided from its content, not its name): send ${acceptedTypesText(rule)}.`,
    );
  }
  return markUploadedFile({
    path: target,
    bytes: state.bytes,
    ...decided,
    originalName: path.basename(part.filename.replaceAll('\\', '/')),
  });
}

/** Errors of @fastify/multipart and busboy as answers a person can read (they have codes, or only a message). */
function multipartAnswer(error: unknown, call: ApiCall): unknown {
  if (error instanceof HttpError) return error;
  // The server's own trouble (a full disk, a folder it may not write): not the sender's fault, so not a 4xx.
  if (typeof (error as NodeJS.ErrnoException).syscall === 'string') return error;
  switch ((error as { code?: string }).code) {
    case 'FST_REQ_FILE_TOO_LARGE':
      return new HttpError(413, errorCodes.payloadTooLarge, 'A file is larger than this call accepts.');
    case 'FST_FILES_LIMIT':
      return new HttpError(
        413,
        errorCodes.payloadTooLarge,
        `Too many files: send at most ${filesAllowed(call)} to this address.`,
      );
    case 'FST_FIELDS_LIMIT':
    case 'FST_PARTS_LIMIT':
      return new HttpError(413, errorCodes.payloadTooLarge, 'The form has more fields than this call takes.');
    case 'FST_PROTO_VIOLATION':
      return invalidForm('A field name is not allowed.');
    case 'FST_INVALID_JSON_FIELD_ERROR':
      return invalidForm('A field declared as JSON is not valid JSON.');
    default:
      // Broken framing (no boundary, a part cut short, a client that went away): the sender's doing.
      return invalidForm('The multipart body is not valid: it ends early or its parts are malformed.');
  }
}

function filesAllowed(call: ApiCall): number {
  return Object.values(call.files ?? {}).reduce((sum, rule) => sum + (rule.maxFiles ?? 1), 0);
}

/** The limits busboy enforces while it parses, from the call definition. */
function multipartLimits(call: ApiCall, textLimit: number) {
  const rules = Object.values(call.files ?? {});
  // One file more than the fields take: the first file too many is refused by name (receiveMultipart).
  const files = filesAllowed(call) + 1;
  // Their total size is checked as they arrive (receiveMultipart); the count only bounds the work.
  const fields = 100;
  return {
    fieldNameSize: longestFieldName,
    fieldSize: textLimit,
    fields,
    // One byte over the largest limit: the size check of each field then says which limit was passed.
    fileSize: Math.max(0, ...rules.map((rule) => rule.maxBytes)) + 1,
    files,
    parts: fields + files,
    headerPairs: 100,
  };
}

/** Room for the parts' own headers and boundaries in a multipart body, beyond its files and text. */
const multipartFramingBytes = 64 * 1024;

/** The most bytes a multipart body of this call can hold within its limits; a longer one is refused unread. */
export function largestMultipartBody(call: ApiCall, textLimit: number): number {
  const files = Object.values(call.files ?? {}).reduce(
    (sum, rule) => sum + rule.maxBytes * (rule.maxFiles ?? 1),
    0,
  );
  return files + textLimit + multipartFramingBytes;
}

/**
 * Reads a multipart body: text fields into `request.body` (validated next by the call's schema), files to disk,
 * each checked against its `FileField`, as `UploadedFile` values under their field's name.
 */
async function receiveMultipart(request: FastifyRequest, call: ApiCall, dir: string, textLimit: number) {
  // Without a body there is nothing to read; validation says what is missing.
  if (!request.isMultipart()) return;
  // A body longer than its limits allow says so in its Content-Length: refused before a byte is read.
  const largest = largestMultipartBody(call, textLimit);
  if (Number(request.headers['content-length']) > largest) {
    throw new HttpError(
      413,
      errorCodes.payloadTooLarge,
      `The request body is larger than ${readableBytes(largest)}, the most this call takes.`,
    );
  }
  const rules = call.files ?? {};
  filesOfRequest.set(request, []);
  const fields: Record<string, unknown> = {};
  const files: Record<string, UploadedFile[]> = {};
  let textBytes = 0;
  try {
    for await (const part of request.parts({
      limits: multipartLimits(call, textLimit),
    }) as AsyncIterable<Multipart>) {
      const name = part.fieldname;
      if (part.type === 'field') {
        if (part.fieldnameTruncated) throw invalidForm('A field name is too long.');
        if (Object.hasOwn(rules, name)) {
          throw fieldError(400, errorCodes.validation, name, `${name} must be sent as a file.`);
        }
        // A call without text fields refuses one rather than ignoring it: a file part whose disposition
        // the parser read differently from its sender (a name ending in a backslash) arrives as text, and
        // answering 200 would say the file was taken.
        if (!call.body) {
          throw fieldError(400, errorCodes.validation, name, `${name} is not a field of this call.`);
        }
        textBytes += Buffer.byteLength(String(part.value)) + Buffer.byteLength(name);
        if (part.valueTruncated || textBytes > textLimit) {
          throw new HttpError(
            413,
            errorCodes.payloadTooLarge,
            `The text fields of the form are larger than ${readableBytes(textLimit)} in all.`,
          );
        }
        const previous = fields[name];
        fields[name] =
          previous === undefined
            ? part.value
            : [...(Array.isArray(previous) ? previous : [previous]), part.value];
        continue;
      }
      const rule = Object.hasOwn(rules, name) ? rules[name] : undefined;
      if (!rule) {
        part.file.destroy();
        throw fieldError(400, errorCodes.validation, name, `${name} is not a file field of this call.`);
      }
      const received = files[name] ?? [];
      files[name] = received;
      if (received.length >= (rule.maxFiles ?? 1)) {
        part.file.destroy();
        const most = rule.maxFiles ?? 1;
        throw fieldError(
          400,
          errorCodes.validation,
          name,
          `Send at most ${most} file${most === 1 ? '' : 's'} as ${name}.`,
        );
      }
      const file = await receiveFile(request, part, rule, dir);
      if (file) received.push(file);
    }
  } catch (error) {
    await removeFilesOf(request);
    throw multipartAnswer(error, call);
  }
  const body: Record<string, unknown> = { ...fields };
  for (const [name, rule] of Object.entries(rules)) {
    const received = files[name] ?? [];
    // A one-file field holds the file itself, or nothing when none was sent.
    if ((rule.maxFiles ?? 1) > 1) body[name] = received;
    else if (received[0]) body[name] = received[0];
  }
  request.body = body;
}

/** Splits a validated multipart body into its text fields and its files, as handlers receive them. */
export function splitUploads(call: ApiCall, body: unknown): { body: unknown; files: unknown } {
  if (call.bodyEncoding !== 'multipart') return { body, files: undefined };
  const fields = { ...(body as Record<string, unknown>) };
  const files: Record<string, unknown> = {};
  for (const name of Object.keys(call.files ?? {})) {
    if (name in fields) files[name] = fields[name];
    delete fields[name];
  }
  return { body: call.body ? fields : undefined, files };
}

/** Every file type a registered call accepts, by call and field, for `unrecognisableFileTypes`. */
const declaredFileTypes = new Map<string, readonly string[]>();

/**
 * The file types registered calls accept that no check can recognise from a file's bytes (a typo would
 * refuse every file), as `<operationId>: <field> accepts <type>`. Asked by a test of the whole app
 * (uploads.test.ts), not at start: the sniffing library is loaded with the first file sent.
 */
export async function unrecognisableFileTypes(): Promise<string[]> {
  const { supportedMimeTypes } = await import('file-type');
  const problems: string[] = [];
  for (const [field, types] of declaredFileTypes)
    for (const type of types)
      if (type !== 'text/plain' && !supportedMimeTypes.has(type as never))
        problems.push(`${field} accepts ${type}, which cannot be recognised from a file's bytes`);
  return problems;
}

/** Fails at start-up when a call's file fields cannot work (no multipart body, no limits). */
function checkFileRules(call: ApiCall) {
  if (call.files && call.bodyEncoding !== 'multipart') {
    throw new Error(`${call.operationId} declares files, so its bodyEncoding must be 'multipart'`);
  }
  for (const [name, rule] of Object.entries(call.files ?? {})) {
    declaredFileTypes.set(`${call.operationId}: ${name}`, rule.types);
    if (!(rule.maxBytes > 0) || !((rule.maxFiles ?? 1) >= 1)) {
      throw new Error(`${call.operationId}: ${name} needs a positive maxBytes and maxFiles`);
    }
  }
}

/**
 * Prepares the scope of one form or multipart call: its encoding's parser as the only one, and for multipart
 * the reading and checking of files before validation, and their removal however the request ends.
 */
export async function prepareBodyEncoding(scope: FastifyInstance, call: ApiCall, dataDir: string) {
  checkFileRules(call);
  const textLimit = call.bodyLimitBytes ?? scope.initialConfig.bodyLimit ?? 1024 * 1024;
  scope.removeAllContentTypeParsers();
  if (call.bodyEncoding === 'form') {
    scope.addContentTypeParser(
      'application/x-www-form-urlencoded',
      { parseAs: 'buffer' },
      (_request, body, done) => {
        try {
          done(null, parseFormBody(body as Buffer));
        } catch (error) {
          done(error as Error, undefined);
        }
      },
    );
    return;
  }
  const dir = uploadsFolder(dataDir);
  await scope.register(multipart, { throwFileSizeLimit: true });
  scope.addHook('preValidation', async (request) => receiveMultipart(request, call, dir, textLimit));
  scope.addHook('onResponse', async (request) => removeFilesOf(request));
  scope.addHook('onRequestAbort', async (request) => removeFilesOf(request));
}
