import type { IncomingHttpHeaders, IncomingMessage, Server, ServerResponse } from 'node:http';
import type { Socket } from 'node:net';
import { PassThrough } from 'node:stream';
import { errorCodes } from '@hurryup/contracts/errors';
import type { FastifyInstance } from 'fastify';
import { clientKey } from '../shared/admin-auth.ts';
import type { Clock } from '../shared/clock.ts';
import type { Config } from '../shared/config.ts';
import { sendError } from '../shared/send-error.ts';
import { trustedPeer } from './client-address.ts';

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * How long this route waits for a JSON or form body to arrive, from the start of the request (absent:
     * `BODY_TIMEOUT_MS`). Multipart uploads, read by the upload parser itself, always get `REQUEST_TIMEOUT_MS`.
     */
    bodyTimeoutMs?: number;
  }
}

const isMultipart = (contentType: string | undefined) => /^\s*multipart\//i.test(contentType ?? '');

/** A request that says a body follows (its bytes may not have arrived yet). */
export const declaresBody = (headers: IncomingHttpHeaders) =>
  headers['transfer-encoding'] !== undefined || Number(headers['content-length']) > 0;

/** Methods whose body Fastify never reads (its `bodyless` methods): the deadline has nothing to guard. */
const bodyIgnored = new Set(['GET', 'HEAD', 'TRACE']);

/**
 * How much of a body nobody read is read and dropped after its answer, so the client gets to read the answer
 * before the connection closes; past it (or past `BODY_TIMEOUT_MS`) the connection is closed.
 */
export const drainLimitBytes = 1024 * 1024;

/**
 * Bounds a body's arrival time per call. Node's own `requestTimeout` is one figure for every route, sized for
 * the slowest upload, so a small JSON call trickled a byte at a time would hold its socket for minutes; here
 * each body gets the time its call needs and is answered 408 (and the connection closed) past it.
 *
 * The deadline belongs to one request and ends with it: it is cancelled when the answer is sent or the
 * connection closes, whoever read the body or not (a 413, 415, 405 or 401 is answered without reading it).
 * It runs on the platform clock, so tests fire it with `clock.advance`. The stream it puts between the
 * request and the body parser has a listener of its own for errors: an error with no reader is never
 * unhandled (issue 26: such an error ended the process).
 */
export function registerBodyDeadline(app: FastifyInstance, config: Config, clock: Clock) {
  app.addHook('preParsing', async (request, reply, payload) => {
    const { headers } = request;
    if (!declaresBody(headers) || request.raw.complete || bodyIgnored.has(request.method)) return payload;
    // @fastify/multipart reads the request itself, not this payload: an upload gets Node's request timeout.
    if (isMultipart(headers['content-type'])) return payload;
    const limit = request.routeOptions.config?.bodyTimeoutMs ?? config.bodyTimeoutMs;
    // Node's request timeout already ends anything slower than that.
    if (limit >= config.requestTimeoutMs) return payload;

    const guarded = new PassThrough();
    // The body parser listens while it reads; this one is there for when nothing reads.
    guarded.on('error', () => {});
    const response = reply.raw;
    const finish = () => {
      timer.cancel();
      payload.off('end', finish);
      payload.off('close', finish);
      response.off('finish', finish);
      response.off('close', finish);
      // The whole body arrived: the pipe ends the guard itself.
      if (payload.readableEnded) return;
      payload.unpipe(guarded);
      // Without an error: a parser still waiting on it is no longer needed (the answer is out or the client gone).
      if (!guarded.destroyed) guarded.destroy();
    };
    const timer = clock.setTimeout(() => {
      const sent = reply.sent;
      finish();
      if (sent || payload.readableEnded) return;
      // The rest of the body will not be read: the connection cannot carry another request.
      reply.header('connection', 'close');
      sendError(reply, 408, {
        error: 'The request body took too long to arrive.',
        code: errorCodes.requestTimeout,
      });
    }, limit);
    payload.once('end', finish);
    payload.once('close', finish);
    response.once('finish', finish);
    response.once('close', finish);
    payload.pipe(guarded);
    return guarded;
  });
}

/**
 * After an answer sent before its request's body had arrived (a refusal, a GET with a body, a cached page):
 * the rest is read and dropped, at most `drainLimitBytes` and `BODY_TIMEOUT_MS` on the platform clock, then
 * the connection is closed. Reading it lets an honest client that is still sending see its answer (closing
 * on unread bytes resets the connection); the bounds keep a client from holding the socket by sending more.
 * This listens on the HTTP server itself, so every answer is covered, including those written to the socket
 * directly (the page cache's hits).
 */
export function drainUnreadBodies(server: Server, clock: Clock, maxMs: number) {
  server.on('request', (request: IncomingMessage, response: ServerResponse) => {
    if (!declaresBody(request.headers)) return;
    response.once('finish', () => {
      const { socket } = request;
      if (request.complete || socket.destroyed) return;
      let drained = 0;
      const stop = () => {
        timer.cancel();
        request.off('data', count);
        request.off('end', stop);
        socket.off('close', stop);
      };
      const close = () => {
        stop();
        socket.destroy();
      };
      const count = (chunk: Buffer) => {
        drained += chunk.length;
        if (drained > drainLimitBytes) close();
      };
      const timer = clock.setTimeout(close, maxMs);
      request.unpipe();
      request.on('data', count);
      request.once('end', stop);
      socket.once('close', stop);
      request.resume();
    });
  });
}

/**
 * At most `MAX_CONNECTIONS_PER_CLIENT` open connections per client address (IPv6 per /64, as the limits
 * count): the surplus socket is closed at once, before a byte of it is read. Idle keep-alive and stalled
 * sockets are each cheap, but one address holding thousands of them starves everyone else's.
 */
export function limitConnectionsPerClient(app: FastifyInstance, config: Config) {
  // A proxy's connections carry many clients: the proxy bounds each of them (nginx's limit_conn).
  if (typeof config.trustProxy === 'number') return;
  const trusted = trustedPeer(config.trustProxy);
  const open = new Map<string, number>();
  app.server.on('connection', (socket: Socket) => {
    const address = socket.remoteAddress;
    if (!address || trusted(address)) return;
    const key = clientKey(address);
    const count = open.get(key) ?? 0;
    if (count >= config.maxConnectionsPerClient) {
      socket.destroy();
      return;
    }
    open.set(key, count + 1);
    socket.once('close', () => {
      const left = (open.get(key) ?? 1) - 1;
      if (left > 0) open.set(key, left);
      else open.delete(key);
    });
  });
}
