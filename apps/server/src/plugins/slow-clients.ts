import type { Socket } from 'node:net';
import { PassThrough } from 'node:stream';
import { errorCodes } from '@hurryup/contracts/errors';
import type { FastifyInstance } from 'fastify';
import { clientKey } from '../shared/admin-auth.ts';
import type { Config } from '../shared/config.ts';
import { HttpError } from '../shared/http-error.ts';
import { trustedPeer } from './client-address.ts';

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * How long this route waits for a request body to arrive, from the start of the request. Absent: the
     * short `BODY_TIMEOUT_MS` for JSON and form bodies, `REQUEST_TIMEOUT_MS` for multipart uploads.
     */
    bodyTimeoutMs?: number;
  }
}

const isMultipart = (contentType: string | undefined) => /^\s*multipart\//i.test(contentType ?? '');

/**
 * Bounds a body's arrival time per call. Node's own `requestTimeout` is one figure for every route, sized for
 * the slowest upload, so a small JSON call trickled a byte at a time would hold its socket for minutes; here
 * each body gets the time its call needs and is answered 408 (and the connection closed) past it.
 */
export function registerBodyDeadline(app: FastifyInstance, config: Config) {
  app.addHook('preParsing', async (request, reply, payload) => {
    const { headers } = request;
    const hasBody = headers['transfer-encoding'] !== undefined || Number(headers['content-length']) > 0;
    if (!hasBody || request.raw.complete) return payload;
    const limit =
      request.routeOptions.config?.bodyTimeoutMs ??
      (isMultipart(headers['content-type']) ? config.requestTimeoutMs : config.bodyTimeoutMs);
    // Node's request timeout already ends anything slower than that.
    if (limit >= config.requestTimeoutMs) return payload;

    const guarded = new PassThrough();
    const timer = setTimeout(() => {
      if (payload.readableEnded) return;
      payload.unpipe(guarded);
      // The rest of the body will not be read: the connection cannot carry another request.
      if (!reply.sent) reply.header('connection', 'close');
      guarded.destroy(
        new HttpError(408, errorCodes.requestTimeout, 'The request body took too long to arrive.'),
      );
    }, limit);
    timer.unref();
    const stop = () => clearTimeout(timer);
    payload.once('end', stop);
    payload.once('close', stop);
    guarded.once('close', stop);
    payload.pipe(guarded);
    return guarded;
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
