import {
  type ApiCall,
  type CallAnswer,
  type CallInput,
  errorResponses,
  multipartBodySchema,
} from '@hurryup/contracts/api-call';
import type { FastifyInstance, FastifyReply, FastifyRequest, RouteShorthandOptions } from 'fastify';
import { answerThrough, type CachedReadDeclaration, cachedReadOf, isExcepted } from './cached-reads.ts';
import { cacheablePublicRead } from './http-caching.ts';
import { prepareBodyEncoding, splitUploads } from './uploads.ts';

export type CallHandler<C extends ApiCall> = (
  input: CallInput<C>,
  request: FastifyRequest,
  reply: FastifyReply,
) => Promise<CallAnswer<C> | FastifyReply> | CallAnswer<C> | FastifyReply;

/** The OpenAPI security requirement of a call: none for public calls, the admin token otherwise. */
export function callSecurity(call: Pick<ApiCall, 'access'>) {
  return call.access === 'admin' ? [{ adminToken: [] }] : [];
}

/**
 * How a call is registered besides its contract: route config, and for a public read (a public GET not
 * marked `cacheable: false`) the kinds of content its answer shows, which it must give: its answers are
 * then kept in memory, compressed, until a write of one of them (shared/cached-reads.ts).
 */
export interface CallOptions<C extends ApiCall> {
  config?: RouteShorthandOptions['config'];
  cache?: CachedReadDeclaration<CallInput<C>['query']>;
}

/**
 * Registers the route of one call from its definition in packages/contracts: method, path, validation of
 * params/query/body, the answer's serialisation and its OpenAPI description all come from there.
 */
export function registerCall<C extends ApiCall>(
  app: FastifyInstance,
  call: C,
  handler: CallHandler<C>,
  options: CallOptions<C> = {},
) {
  if ((call.bodyEncoding ?? 'json') === 'json') {
    routeCall(app, call, handler, options);
    return;
  }
  // A form or multipart call gets a scope of its own, whose only body parser is its encoding's
  // (shared/uploads.ts): other calls keep answering 415 to forms and files, and it answers 415 to JSON.
  const { dataDir } = app.config;
  app.register(async (scope) => {
    await prepareBodyEncoding(scope, call, dataDir);
    routeCall(scope, call, handler, options);
  });
}

/** The body schema a route validates and documents, and the content type the document gives it. */
function requestBody(call: ApiCall) {
  if (call.bodyEncoding === 'multipart') {
    return { body: multipartBodySchema(call), consumes: ['multipart/form-data'] };
  }
  if (!call.body) return {};
  return call.bodyEncoding === 'form'
    ? { body: call.body, consumes: ['application/x-www-form-urlencoded'] }
    : { body: call.body };
}

function routeCall<C extends ApiCall>(
  app: FastifyInstance,
  call: C,
  handler: CallHandler<C>,
  options: CallOptions<C>,
) {
  const cached = cachedReadOf(app, call, options.cache as CachedReadDeclaration<never> | undefined);
  const withCache = cached ? { ...options.config, cachedRead: cached.route } : options.config;
  // The OpenAPI document shows a file answer as its media type (plugins/openapi.ts).
  const config =
    call.answer === 'file'
      ? { ...withCache, fileAnswerType: call.answerType ?? 'application/octet-stream' }
      : withCache;
  app.route({
    method: call.method,
    url: call.path,
    ...(call.bodyLimitBytes ? { bodyLimit: call.bodyLimitBytes } : {}),
    ...(config ? { config } : {}),
    // The same answer for everyone: validators and a short shared lifetime (docs/operations.md).
    ...(call.method === 'GET' && call.access === 'public' && call.cacheable !== false
      ? {
          onSend: options.cache?.except
            ? async (request: FastifyRequest, reply: FastifyReply, payload: unknown) => {
                if (!isExcepted(options.cache, request.url))
                  return cacheablePublicRead(request, reply, payload);
                // It did something for this caller: no cache may answer the next one with it.
                reply.header('cache-control', 'no-store');
                return payload;
              }
            : cacheablePublicRead,
        }
      : {}),
    schema: {
      operationId: call.operationId,
      summary: call.summary,
      ...(call.description ? { description: call.description } : {}),
      tags: [call.tag],
      security: callSecurity(call),
      ...(call.params ? { params: call.params } : {}),
      ...(call.query ? { querystring: call.query } : {}),
      ...requestBody(call),
      response: { [call.status]: call.response, ...errorResponses(call) },
    },
    handler: answerThrough(cached, async (request, reply) => {
      const { body, files } = splitUploads(call, request.body);
      const input = { params: request.params, query: request.query, body, files } as CallInput<C>;
      const answer = await handler(input, request, reply);
      if (reply.sent) return reply;
      reply.code(call.status);
      return call.status === 204 ? reply.send() : answer;
    }),
  });
}
