import type { ErrorBody } from '@hurryup/contracts/errors';
import type { FastifyReply } from 'fastify';

/** Sends the uniform error body (decisions.md section 2). */
export function sendError(reply: FastifyReply, status: number, body: ErrorBody) {
  return reply.code(status).type('application/json; charset=utf-8').send(body);
}
