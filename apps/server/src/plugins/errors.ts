import { readableBytes } from '@hurryup/contracts/api-call';
import { errorCodes } from '@hurryup/contracts/errors';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from 'fastify-type-provider-zod';
import { databaseFailureIn } from '../db/database-unavailable.ts';
import { EngineError } from '../engines/engine-errors.ts';
import { HttpError } from '../shared/http-error.ts';
import { sendError } from '../shared/send-error.ts';

const fastifyCodes: Record<string, { status: number; code: string; message: string }> = {
  FST_ERR_CTP_INVALID_JSON_BODY: {
    status: 400,
    code: errorCodes.invalidJson,
    message: 'The request body is not valid JSON.',
  },
  FST_ERR_CTP_EMPTY_JSON_BODY: {
    status: 400,
    code: errorCodes.invalidJson,
    message: 'The request body is empty but the content type says JSON.',
  },
  FST_ERR_CTP_INVALID_MEDIA_TYPE: {
    status: 415,
    code: errorCodes.unsupportedMediaType,
    message: 'This content type is not accepted here.',
  },
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: {
    status: 400,
    code: 'INVALID_CONTENT_LENGTH',
    message: 'The Content-Length header does not match the body.',
  },
  FST_ERR_CTP_BODY_TOO_LARGE: {
    status: 413,
    code: errorCodes.payloadTooLarge,
    message: 'The request body is too large.',
  },
  FST_ERR_CTP_INVALID_TYPE: {
    status: 400,
    code: 'INVALID_CONTENT_TYPE',
    message: 'The Content-Type header is not valid.',
  },
  FST_ERR_BAD_URL: { status: 400, code: 'BAD_URL', message: 'The request URL is not valid.' },
  // @fastify/multipart's limits and refusals (shared/uploads.ts answers most of them itself, more precisely).
  FST_REQ_FILE_TOO_LARGE: {
    status: 413,
    code: errorCodes.payloadTooLarge,
    message: 'A file is larger than this call accepts.',
  },
  FST_FILES_LIMIT: { status: 413, code: errorCodes.payloadTooLarge, message: 'Too many files were sent.' },
  FST_FIELDS_LIMIT: {
    status: 413,
    code: errorCodes.payloadTooLarge,
    message: 'The form has too many fields.',
  },
  FST_PARTS_LIMIT: { status: 413, code: errorCodes.payloadTooLarge, message: 'The form has too many parts.' },
  FST_PROTO_VIOLATION: { status: 400, code: 'INVALID_FORM', message: 'A field name is not allowed.' },
  FST_INVALID_JSON_FIELD_ERROR: {
    status: 400,
    code: 'INVALID_FORM',
    message: 'A field declared as JSON is not valid JSON.',
  },
  FST_MP_PREMATURE_CLOSE: {
    status: 400,
    code: 'INVALID_FORM',
    message: 'The form ended before it was complete.',
  },
  FST_INVALID_MULTIPART_CONTENT_TYPE: {
    status: 415,
    code: errorCodes.unsupportedMediaType,
    message: 'This call takes a multipart/form-data body.',
  },
  FST_ERR_ASYNC_CONSTRAINT: { status: 400, code: 'BAD_REQUEST', message: 'The request is not valid.' },
};

const statusCodes: Record<number, { code: string; message: string }> = {
  403: { code: errorCodes.forbidden, message: 'This address cannot be served.' },
  405: { code: errorCodes.methodNotAllowed, message: 'This method is not allowed here.' },
  408: { code: errorCodes.requestTimeout, message: 'The request took too long to arrive.' },
  416: {
    code: errorCodes.rangeNotSatisfiable,
    message: 'The requested range is outside the file.',
  },
};

function fieldMessages(error: FastifyError): Record<string, string> {
  const fields: Record<string, string> = {};
  if (!hasZodFastifySchemaValidationErrors(error)) return fields;
  for (const issue of error.validation) {
    const where =
      issue.instancePath.replace(/^\//, '').replaceAll('/', '.') || error.validationContext || 'body';
    fields[where] ??= issue.message ?? 'This value is not valid.';
  }
  return fields;
}

/**
 * The longest path parameter the router matches (its `maxParamLength`). A longer one matches no route, so
 * the API's not-found answer must know it too, or it would take a known path for another method's (405).
 */
export const longestPathParameter = 2048;

/** Paths up to this long are named in a 404 or 405 message; a longer one is not echoed back. */
const longestEchoedPath = 200;

/** One error shape for every failure: `{error, code, fields?}` (decisions.md section 2). */
export function registerErrorHandling(app: FastifyInstance) {
  app.setErrorHandler((error: FastifyError, request: FastifyRequest, reply: FastifyReply) => {
    if (hasZodFastifySchemaValidationErrors(error)) {
      return sendError(reply, 400, {
        error: 'Some values are not valid.',
        code: errorCodes.validation,
        fields: fieldMessages(error),
      });
    }
    // The database away (restarting, failing over) or a connection dropped: 503, try again shortly.
    const databaseFailure = databaseFailureIn(error);
    if (databaseFailure) {
      request.log.warn({ err: error }, 'database unavailable');
      reply.header('retry-after', String(databaseFailure.retryAfterSeconds));
      return sendError(reply, 503, { error: databaseFailure.message, code: errorCodes.databaseUnavailable });
    }
    // A text PostgreSQL cannot hold (a NUL) that a contract let through: the client's fault, so 400, and a
    // warning, because every text field should refuse it first (cleanText, packages/contracts/src/text.ts).
    if (error.code === '22021' || error.code === '22P05') {
      request.log.warn({ err: error }, 'a text the database cannot hold reached a query');
      return sendError(reply, 400, {
        error: 'Text must not contain NUL characters.',
        code: errorCodes.validation,
      });
    }
    // Limits and busy engines say when to try again.
    const retryAfter = (error as { retryAfterSeconds?: unknown }).retryAfterSeconds;
    if (typeof retryAfter === 'number' && Number.isFinite(retryAfter))
      reply.header('retry-after', String(Math.max(1, Math.ceil(retryAfter))));
    if (error instanceof HttpError) {
      return sendError(reply, error.statusCode, {
        error: error.message,
        code: error.code,
        ...(error.fields ? { fields: error.fields } : {}),
      });
    }
    // Engine pool (engines/engine-errors.ts): busy 503, time limit 504, bad input 400, failed task 500.
    if (error instanceof EngineError) {
      if (error.statusCode === 500)
        request.log.error({ err: error, cause: error.cause }, 'engine task failed');
      return sendError(reply, error.statusCode, {
        error: error.message,
        code: error.code,
        ...(error.fields ? { fields: error.fields } : {}),
      });
    }
    const known = error.code ? fastifyCodes[error.code] : undefined;
    if (error.code === 'FST_ERR_CTP_BODY_TOO_LARGE' && request.routeOptions.bodyLimit) {
      // Each call may have its own limit (bodyLimitBytes): say which.
      return sendError(reply, 413, {
        error: `The request body is larger than ${readableBytes(request.routeOptions.bodyLimit)}.`,
        code: errorCodes.payloadTooLarge,
      });
    }
    if (known) return sendError(reply, known.status, { error: known.message, code: known.code });
    if (error.statusCode === 429) {
      // The limiter throws the body its builder made (plugins/security.ts), whose text says how long to wait.
      const limiterText = (error as { error?: unknown }).error;
      return sendError(reply, 429, {
        error:
          typeof limiterText === 'string'
            ? limiterText
            : 'Too many requests. Please wait a moment and try again.',
        code: errorCodes.rateLimited,
      });
    }
    if (isResponseSerializationError(error)) {
      request.log.error({ err: error }, 'response did not match its schema');
    } else if (error.statusCode && error.statusCode >= 400 && error.statusCode < 500) {
      // Errors of plugins (the static file server's 403 and 416, say) carry a status but no code of ours.
      const byStatus = statusCodes[error.statusCode];
      return sendError(reply, error.statusCode, {
        error: byStatus?.message ?? error.message,
        code: byStatus?.code ?? 'BAD_REQUEST',
      });
    } else {
      request.log.error({ err: error }, 'unhandled error');
    }
    return sendError(reply, 500, {
      error: 'Something went wrong on our side. Please try again.',
      code: errorCodes.internal,
    });
  });

  const apiRoutes = collectApiRoutes(app);
  const notFound = (request: FastifyRequest, reply: FastifyReply) => {
    const path = request.url.split('?')[0]!;
    // No route takes a segment this long (the router gives up on it): a short answer that does not echo it.
    if (path.split('/').some((segment) => segment.length > longestPathParameter)) {
      return sendError(reply, 414, {
        error: `The request path is too long: no part of an API path is longer than ${longestPathParameter} characters.`,
        code: 'URI_TOO_LONG',
      });
    }
    if (path.length > longestEchoedPath) {
      return sendError(reply, 404, {
        error: `There is no API endpoint ${request.method} at this path.`,
        code: errorCodes.notFound,
      });
    }
    // A known path asked with another method: 405 and the methods it has, not "no such endpoint".
    const allowed = apiRoutes.methodsOf(path);
    if (allowed.length > 0) {
      reply.header('allow', allowed.join(', '));
      return sendError(reply, 405, {
        error: `${path} does not take ${request.method}; it takes ${allowed.join(', ')}.`,
        code: errorCodes.methodNotAllowed,
      });
    }
    return sendError(reply, 404, {
      error: `There is no API endpoint ${request.method} ${path}.`,
      code: errorCodes.notFound,
    });
  };
  // The web catch-all would otherwise render unknown /api paths as HTML pages.
  app.all('/api/*', { schema: { hide: true } }, notFound);
  app.all('/api', { schema: { hide: true } }, notFound);
  app.setNotFoundHandler(notFound);
}

/**
 * The API's routes as they are registered (after this call), to tell a wrong method on a known path from an
 * unknown path. Patterns are matched as the router does: `:name` is one path segment, `*` the rest.
 */
function collectApiRoutes(app: FastifyInstance) {
  const routes: { pattern: RegExp; methods: string[] }[] = [];
  app.addHook('onRoute', (route) => {
    if (!route.url.startsWith('/api/') || route.url === '/api/*') return;
    const source = route.url
      .split('/')
      .map((segment) =>
        segment.startsWith(':')
          ? `[^/]{1,${longestPathParameter}}`
          : segment === '*'
            ? '.*'
            : segment.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'),
      )
      .join('/');
    const methods = [route.method].flat();
    routes.push({ pattern: new RegExp(`^${source}$`), methods });
  });
  return {
    methodsOf(path: string): string[] {
      const methods = new Set<string>();
      for (const route of routes) {
        if (route.pattern.test(path)) for (const method of route.methods) methods.add(method);
      }
      if (methods.has('GET')) methods.add('HEAD');
      return [...methods].sort();
    },
  };
}
