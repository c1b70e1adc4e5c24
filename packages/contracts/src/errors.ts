import { z } from 'zod';

/** The one error shape every `/api` answer uses (decisions.md section 2). */
export const errorBodySchema = z
  .object({
    error: z.string().describe('A message a person can read'),
    code: z.string().describe('A stable machine-readable code, e.g. VALIDATION_ERROR'),
    fields: z
      .record(z.string(), z.string())
      .optional()
      .describe('Per-field validation messages, keyed by field name'),
  })
  .meta({ id: 'ErrorBody' });

export type ErrorBody = z.infer<typeof errorBodySchema>;

export const errorCodes = {
  validation: 'VALIDATION_ERROR',
  invalidJson: 'INVALID_JSON',
  unsupportedMediaType: 'UNSUPPORTED_MEDIA_TYPE',
  payloadTooLarge: 'PAYLOAD_TOO_LARGE',
  notFound: 'NOT_FOUND',
  gone: 'GONE',
  rateLimited: 'RATE_LIMITED',
  unauthorized: 'UNAUTHORIZED',
  conflict: 'CONFLICT',
  databaseUnavailable: 'DATABASE_UNAVAILABLE',
  internal: 'INTERNAL_ERROR',
  badUrl: 'BAD_URL',
  nonCanonicalPath: 'NON_CANONICAL_PATH',
  badHost: 'BAD_HOST',
  missingHost: 'MISSING_HOST',
  methodNotAllowed: 'METHOD_NOT_ALLOWED',
  unknownMethod: 'UNKNOWN_METHOD',
  badHttpRequest: 'BAD_HTTP_REQUEST',
  headersTooLarge: 'HEADERS_TOO_LARGE',
  requestTimeout: 'REQUEST_TIMEOUT',
  invalidUtf8: 'INVALID_UTF8',
  forbidden: 'FORBIDDEN',
  rangeNotSatisfiable: 'RANGE_NOT_SATISFIABLE',
  expectationFailed: 'EXPECTATION_FAILED',
} as const;
