import type { ApiCall, FileField } from '@hurryup/contracts/api-call';
import fc from 'fast-check';
import { sampleFiles, sampleOfSize } from './sample-files.ts';

/*
 * Bodies of form and multipart calls for the fuzz tests, generated from the call definition alone (its `body`
 * schema's values and its `files` rules), so a new form or upload call is fuzzed with no work of its own.
 */

export interface FuzzFile {
  field: string;
  bytes: Uint8Array;
  filename: string;
  declaredType: string;
}

const declaredTypes = ['image/png', 'application/pdf', 'text/plain', 'application/octet-stream', ''];

/** Bytes that are sometimes of an accepted type (a real signature), sometimes anything, around the size limit. */
function fileBytes(rule: FileField): fc.Arbitrary<Uint8Array> {
  const known = rule.types.filter((type) => sampleFiles[type]);
  const sizes = fc.oneof(
    fc.integer({ min: 0, max: Math.min(rule.maxBytes, 600) }),
    fc.constantFrom(rule.maxBytes, rule.maxBytes + 1, rule.maxBytes * 2),
  );
  return fc.oneof(
    { weight: 3, arbitrary: fc.uint8Array({ maxLength: Math.min(rule.maxBytes + 10, 800) }) },
    ...(known.length
      ? [
          {
            weight: 6,
            arbitrary: fc
              .tuple(fc.constantFrom(...known), sizes)
              .map(([type, size]) => new Uint8Array(sampleOfSize(type, size))),
          },
        ]
      : []),
    // A valid file of another type, under a name that says otherwise.
    { weight: 1, arbitrary: fc.constantFrom(...Object.values(sampleFiles)).map((b) => new Uint8Array(b)) },
  );
}

// Never empty: FormData then leaves the filename out, and a part without one is a text field.
const filename = fc.oneof(
  fc.constantFrom('photo.png', 'notes.txt', 'a.pdf', '../../etc/passwd', 'ताज़ा.png'),
  fc.stringMatching(/^[\w .-]{1,20}$/),
);

/** Files for every file field of a call (none, some, or one too many), in random order, plus now and then a stray one. */
export function filesFor(call: ApiCall): fc.Arbitrary<FuzzFile[]> {
  if (call.bodyEncoding !== 'multipart') return fc.constant([]);
  const perField = Object.entries(call.files ?? {}).map(([field, rule]) =>
    fc.array(
      fc.record({
        field: fc.constant(field),
        bytes: fileBytes(rule),
        filename,
        declaredType: fc.constantFrom(...declaredTypes),
      }),
      { maxLength: (rule.maxFiles ?? 1) + 1 },
    ),
  );
  const stray = fc.array(
    fc.record({
      field: fc.string({ minLength: 1, maxLength: 8 }),
      bytes: fc.uint8Array({ maxLength: 50 }),
      filename,
      declaredType: fc.constant('image/png'),
    }),
    { maxLength: 1 },
  );
  return fc
    .tuple(fc.tuple(...perField), stray)
    .chain(([lists, extra]) => fc.shuffledSubarray([...lists.flat(), ...extra]));
}

const isPlainObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && Object.getPrototypeOf(value) === Object.prototype;

/** The text fields of a generated body, as a form sends them (text only, lone surrogates replaced). */
function textFields(body: unknown): Array<[string, string]> {
  if (body === undefined) return [];
  const entries = isPlainObject(body) ? Object.entries(body) : [['value', body] as [string, unknown]];
  const fields: Array<[string, string]> = [];
  for (const [name, value] of entries) {
    for (const item of Array.isArray(value) ? value : [value]) {
      const text = typeof item === 'string' ? item : JSON.stringify(item);
      if (text !== undefined) fields.push([name.toWellFormed(), text.toWellFormed()]);
    }
  }
  return fields;
}

/** What the server makes of the fields: repeated names become lists. */
function asReceived(fields: Array<[string, string]>): Record<string, string | string[]> {
  const received = new Map<string, string | string[]>();
  for (const [name, value] of fields) {
    const previous = received.get(name);
    received.set(
      name,
      previous === undefined ? value : [...(Array.isArray(previous) ? previous : [previous]), value],
    );
  }
  return Object.fromEntries(received);
}

/** The fields of a form body as the server parses it (a cut form is still a form, of other values). */
export function formFields(payload: Buffer): Record<string, string | string[]> {
  return asReceived([...new URLSearchParams(payload.toString('utf8'))]);
}

export interface EncodedBody {
  payload: Buffer;
  contentType: string;
  /** The text fields as the server receives them, to check what it accepted. */
  fields: Record<string, string | string[]>;
}

/** A generated body in the call's encoding: `application/x-www-form-urlencoded` or `multipart/form-data`. */
export async function encodeBody(call: ApiCall, body: unknown, files: FuzzFile[]): Promise<EncodedBody> {
  const fields = textFields(body);
  if (call.bodyEncoding === 'form') {
    return {
      payload: Buffer.from(new URLSearchParams(fields).toString()),
      contentType: 'application/x-www-form-urlencoded',
      fields: asReceived(fields),
    };
  }
  const form = new FormData();
  for (const [name, value] of fields) form.append(name, value);
  for (const file of files) {
    form.append(
      file.field,
      new Blob([file.bytes as Uint8Array<ArrayBuffer>], { type: file.declaredType }),
      file.filename,
    );
  }
  const request = new Request('http://fuzz.invalid/', { method: 'POST', body: form });
  return {
    payload: Buffer.from(await request.arrayBuffer()),
    contentType: request.headers.get('content-type')!,
    fields: asReceived(fields),
  };
}

/**
 * Whether files sent to a call could all have been accepted by its rules: no stray field, no field over its
 * count, every required field given a non-empty file, none over its size limit. (Types are not checked here:
 * random bytes may well be valid text.)
 */
export function filesWithinRules(call: ApiCall, files: FuzzFile[]): boolean {
  const rules = call.files ?? {};
  // An empty part is a file input left empty, whatever its name: it counts for nothing (shared/uploads.ts).
  for (const file of files) if (file.bytes.length > 0 && !Object.hasOwn(rules, file.field)) return false;
  return Object.entries(rules).every(([field, rule]) => {
    // An empty part is a file input left empty: it counts for nothing.
    const sent = files.filter((file) => file.field === field && file.bytes.length > 0);
    if (sent.length > (rule.maxFiles ?? 1)) return false;
    if (rule.required !== false && sent.length === 0) return false;
    return sent.every((file) => file.bytes.length <= rule.maxBytes);
  });
}
