import { type ApiCall, type CallAnswer, type CallInput, errorResponses } from '@hurryup/contracts/api-call';
import type { FastifyInstance, FastifyReply, FastifyRequest, RouteShorthandOptions } from 'fastify';
import { cacheablePublicRead } from './http-caching.ts';

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
 * Registers the route of one call from its definition in packages/contracts: method, path, validation of
 * params/query/body, the answer's serialisation and its OpenAPI description all come from there.
 */
export function registerCall<C extends ApiCall>(
  app: FastifyInstance,
  call: C,
  handler: CallHandler<C>,
  options: { config?: RouteShorthandOptions['config'] } = {},
) {
  app.route({
    method: call.method,
    url: call.path,
    ...(options.config ? { config: options.config } : {}),
    // The same answer for everyone: validators and a short shared lifetime (docs/operations.md).
    ...(call.method === 'GET' && call.access === 'public' && call.cacheable !== false
      ? { onSend: cacheablePublicRead }
      : {}),
    schema: {
      operationId: call.operationId,
      summary: call.summary,
      ...(call.description ? { description: call.description } : {}),
      tags: [call.tag],
      security: callSecurity(call),
      ...(call.params ? { params: call.params } : {}),
      ...(call.query ? { querystring: call.query } : {}),
      ...(call.body ? { body: call.body } : {}),
      response: { [call.status]: call.response, ...errorResponses(call) },
    },
    handler: async (request, reply) => {
      const input = { params: request.params, query: request.query, body: request.body } as CallInput<C>;
      const answer = await handler(input, request, reply);
      if (reply.sent) return reply;
      reply.code(call.status);
      return call.status === 204 ? reply.send() : answer;
    },
  });
}
