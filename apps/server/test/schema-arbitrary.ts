import fc from 'fast-check';
import { z } from 'zod';

/** The subset of JSON Schema (draft 2020-12) zod writes for request schemas. */
interface JsonSchema {
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  additionalProperties?: boolean | JsonSchema;
  items?: JsonSchema;
  minItems?: number;
  maxItems?: number;
  minLength?: number;
  maxLength?: number;
  pattern?: string;
  format?: string;
  enum?: unknown[];
  const?: unknown;
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: number;
  exclusiveMaximum?: number;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
  examples?: unknown[];
  default?: unknown;
  $ref?: string;
  $defs?: Record<string, JsonSchema>;
}

// Long enough to cross short limits, short enough to keep a few thousand requests fast.
const longestString = 120;
const longestArray = 4;

/** Text of every kind: ASCII, any code point, grapheme clusters, and raw UTF-16 units (lone surrogates). */
const anyText = (minLength: number, maxLength: number) =>
  fc.oneof(
    fc.string({ minLength, maxLength }),
    fc.string({ unit: 'binary', minLength, maxLength }),
    fc.string({ unit: 'grapheme', minLength, maxLength }),
    fc.string({
      unit: fc.integer({ min: 0, max: 0xffff }).map((code) => String.fromCharCode(code)),
      minLength,
      maxLength,
    }),
    fc.constantFrom('', ' ', '\u200b\u200e\u202e', '\0', '..', '<script>alert(1)</script>', '/post/..'),
  );

function patternArbitrary(pattern: string): fc.Arbitrary<string> | undefined {
  for (const flags of ['u', '']) {
    try {
      const regex = new RegExp(pattern, flags);
      const matching = fc.stringMatching(regex);
      // Patterns of digits (ids, limits) also get small numbers, so that they name things that exist.
      return regex.test('1') ? fc.oneof(matching, fc.integer({ min: 0, max: 40 }).map(String)) : matching;
    } catch {
      // fast-check does not read every regular expression; try without flags, else plain text.
    }
  }
  return undefined;
}

function stringArbitrary(schema: JsonSchema): fc.Arbitrary<string> {
  const min = schema.minLength ?? 0;
  const max = Math.max(min, Math.min(schema.maxLength ?? longestString, longestString));
  // Plain words pass most text rules, so that many generated requests get past validation to the handlers.
  const words = fc
    .array(fc.stringMatching(/^[A-Za-z0-9]{1,8}$/), { minLength: 1, maxLength: 5 })
    .map((parts) => parts.join(' '))
    .filter((text) => text.length >= min && text.length <= max);
  const options: fc.WeightedArbitrary<string>[] = [
    { weight: 2, arbitrary: anyText(min, max) },
    { weight: schema.pattern ? 0 : 4, arbitrary: words },
  ];
  const fromPattern = schema.pattern ? patternArbitrary(schema.pattern) : undefined;
  if (fromPattern) options.push({ weight: 3, arbitrary: fromPattern });
  if (schema.examples?.length)
    options.push({ weight: 5, arbitrary: fc.constantFrom(...(schema.examples as string[])) });
  if (schema.maxLength !== undefined && schema.maxLength <= 2000) {
    const limits = fc.constantFrom('x'.repeat(schema.maxLength), 'x'.repeat(schema.maxLength + 1));
    options.push({ weight: 1, arbitrary: limits });
  }
  return fc.oneof(...options.filter((option) => option.weight > 0));
}

function numberArbitrary(schema: JsonSchema, integer: boolean): fc.Arbitrary<number> {
  const min = schema.minimum ?? (schema.exclusiveMinimum !== undefined ? schema.exclusiveMinimum + 1 : -1e6);
  const max = schema.maximum ?? (schema.exclusiveMaximum !== undefined ? schema.exclusiveMaximum - 1 : 1e6);
  const lo = Math.max(min, -Number.MAX_SAFE_INTEGER);
  const hi = Math.min(max, Number.MAX_SAFE_INTEGER);
  return fc.oneof(
    integer
      ? fc.integer({ min: Math.max(lo, -(2 ** 31)), max: Math.min(hi, 2 ** 31 - 1) })
      : fc.double({ min: lo, max: hi, noNaN: true }),
    fc.constantFrom(lo, hi, 0, -1, 2 ** 31, 1.5, Number.MAX_SAFE_INTEGER),
  );
}

/** Arbitrary JSON-compatible values shaped by the schema (and sometimes not: see `requestValue`). */
function fromSchema(schema: JsonSchema, root: JsonSchema, depth: number): fc.Arbitrary<unknown> {
  if (schema.$ref) {
    const name = schema.$ref.replace('#/$defs/', '');
    return fromSchema(root.$defs?.[name] ?? {}, root, depth);
  }
  if (schema.const !== undefined) return fc.constant(schema.const);
  if (schema.enum) return fc.constantFrom(...schema.enum);
  const alternatives = schema.anyOf ?? schema.oneOf;
  if (alternatives) return fc.oneof(...alternatives.map((s) => fromSchema(s, root, depth)));
  if (schema.allOf?.length) return fromSchema(schema.allOf[0]!, root, depth);
  const type = Array.isArray(schema.type) ? schema.type[0] : schema.type;
  switch (type) {
    case 'string':
      return stringArbitrary(schema);
    case 'integer':
      return numberArbitrary(schema, true);
    case 'number':
      return numberArbitrary(schema, false);
    case 'boolean':
      return fc.boolean();
    case 'null':
      return fc.constant(null);
    case 'array': {
      if (depth > 4) return fc.constant([]);
      const minLength = schema.minItems ?? 0;
      const maxLength = Math.max(minLength, Math.min(schema.maxItems ?? longestArray, longestArray));
      return fc.array(fromSchema(schema.items ?? {}, root, depth + 1), { minLength, maxLength });
    }
    case 'object': {
      if (depth > 4) return fc.constant({});
      const properties = schema.properties ?? {};
      const model = Object.fromEntries(
        Object.entries(properties).map(([key, value]) => [key, fromSchema(value, root, depth + 1)]),
      );
      const requiredKeys = (schema.required ?? []).filter((k) => k in properties);
      const optionalKeys = Object.keys(properties).filter((k) => !requiredKeys.includes(k));
      const anyKeys = fc.record(model, { requiredKeys });
      if (optionalKeys.length === 0) return anyKeys;
      // Optional fields often exclude each other (content or contentArray): the required ones plus a single
      // optional one is a shape that often passes.
      const required = fc.record(Object.fromEntries(requiredKeys.map((k) => [k, model[k]!])));
      const plusOne = fc
        .constantFrom(...optionalKeys)
        .chain((key) => fc.tuple(required, fc.constant(key), model[key]!))
        .map(([base, key, value]) => ({ ...base, [key]: value }));
      return fc.oneof(anyKeys, plusOne);
    }
    default:
      return fc.jsonValue({ maxDepth: 2 });
  }
}

/**
 * Values for one part of a request (params, query or body), derived from its zod schema's JSON Schema (input
 * side): mostly shaped like the schema, so many pass validation and reach the handlers, and now and then
 * something else entirely (wrong types, extra keys, any JSON), so the validation itself is tried too.
 */
export function requestValue(schema: z.ZodType): fc.Arbitrary<unknown> {
  const json = z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any' }) as JsonSchema;
  const shaped = fromSchema(json, json, 0);
  return fc.oneof(
    { weight: 8, arbitrary: shaped },
    {
      weight: 1,
      arbitrary: fc
        .tuple(shaped, fc.string({ maxLength: 8 }), fc.jsonValue({ maxDepth: 1 }))
        .map(([value, key, extra]) =>
          value && typeof value === 'object' && !Array.isArray(value) ? { ...value, [key]: extra } : value,
        ),
    },
    { weight: 1, arbitrary: fc.jsonValue({ maxDepth: 3 }) },
  );
}
