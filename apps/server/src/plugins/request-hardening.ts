import { isUtf8 } from 'node:buffer';
import { type IncomingMessage, type ServerResponse, STATUS_CODES } from 'node:http';
import type { Duplex } from 'node:stream';
import { type ErrorBody, errorCodes } from '@hurryup/contracts/errors';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { HttpError } from '../shared/http-error.ts';
import { sendError } from '../shared/send-error.ts';

const singleDot = /^(\.|%2e)$/i;
const doubleDot = /^(\.|%2e){2}$/i;

/**
 * The normal form of a URL path, the way a browser's URL parser would read it: backslashes are slashes,
 * `.`/`..` segments (also written `%2e`) are resolved, and empty segments (`//`) are dropped; a trailing slash
 * is kept. Always starts with exactly one `/`.
 */
export function normalPath(pathname: string): string {
  const segments: string[] = [];
  for (const segment of pathname.split(/[/\\]/)) {
    if (segment === '' || singleDot.test(segment)) continue;
    if (doubleDot.test(segment)) segments.pop();
    else segments.push(segment);
  }
  const trailing = /[/\\]$/.test(pathname) && segments.length > 0 ? '/' : '';
  return `/${segments.join('/')}${trailing}`;
}

/**
 * Query parsing keeps a broken %-escape as literal text (`%ED%A0%80`), so API calls would see text the
 * client never meant; they get a 400 instead.
 */
function isWellEncoded(query: string): boolean {
  try {
    decodeURIComponent(query.replaceAll('+', ' '));
    return true;
  } catch {
    return false;
  }
}

/**
 * A NUL character (`%00`) in a URL: no path or query value of this site holds one, and PostgreSQL refuses it
 * in text (500) where SQLite stores it, so it is refused before any feature sees it.
 */
export const hasEncodedNul = (url: string) => /%00/i.test(url);

const isApiPath = (pathname: string) => pathname === '/api' || pathname.startsWith('/api/');

/**
 * Every request's path must already be in its normal form, before any routing decision counts: the rate
 * limit's exemption for built files, the API's JSON 404 and the page renderer (which resolves `..` itself)
 * would otherwise each see a different path. Pages asked for with GET or HEAD are redirected to the normal
 * form; anything else is refused with 400.
 */
async function requireNormalPath(request: FastifyRequest, reply: FastifyReply) {
  const url = request.originalUrl;
  const queryStart = url.indexOf('?');
  const pathname = queryStart === -1 ? url : url.slice(0, queryStart);
  if (!pathname.startsWith('/')) {
    return sendError(reply, 400, { error: 'The request URL is not valid.', code: errorCodes.badUrl });
  }
  if (request.url !== url && !isApiPath(pathname)) {
    // A page path with broken %-escapes, rewritten for routing (app/build-app.ts). The page renderer reads
    // the original URL and would log a warning per render, so the visitor is sent to the rewritten page.
    return request.method === 'GET' || request.method === 'HEAD'
      ? reply.redirect(request.url, 308)
      : sendError(reply, 400, { error: 'The request URL is not valid.', code: errorCodes.badUrl });
  }
  if (isApiPath(pathname) && hasEncodedNul(url)) {
    return sendError(reply, 400, {
      error: 'The request URL must not contain NUL characters (%00).',
      code: errorCodes.badUrl,
    });
  }
  const normal = normalPath(pathname);
  if (normal === pathname) {
    if (queryStart !== -1 && isApiPath(pathname) && !isWellEncoded(url.slice(queryStart + 1))) {
      return sendError(reply, 400, {
        error: 'The query string is not valid: each %-escape must encode UTF-8 text.',
        code: errorCodes.badUrl,
      });
    }
    return;
  }
  if ((request.method === 'GET' || request.method === 'HEAD') && !isApiPath(normal)) {
    return reply.redirect(normal + (queryStart === -1 ? '' : url.slice(queryStart)), 308);
  }
  return sendError(reply, 400, {
    error: `The request path is not in its normal form; use ${normal}.`,
    code: errorCodes.nonCanonicalPath,
  });
}

/** HTTP/1.1 requires a Host header; a Host that cannot form a URL would make the page renderer throw. */
async function requireValidHost(request: FastifyRequest, reply: FastifyReply) {
  if (request.headers.host === undefined && request.raw.httpVersion !== '1.0') {
    return sendError(reply, 400, { error: 'The Host header is missing.', code: errorCodes.missingHost });
  }
  // request.host is what the page renderer builds its URL from (X-Forwarded-Host behind a trusted proxy).
  if (request.host && !URL.canParse(`http://${request.host}/`)) {
    return sendError(reply, 400, { error: 'The Host header is not valid.', code: errorCodes.badHost });
  }
}

/** Checks on every request before it is routed any further: a usable Host and a path in its normal form. */
export function registerRequestChecks(app: FastifyInstance) {
  app.addHook('onRequest', requireValidHost);
  app.addHook('onRequest', requireNormalPath);
}

/**
 * JSON bodies must be valid UTF-8: the default parser would turn broken bytes into U+FFFD and store them as
 * if the sender had meant that character. Otherwise Fastify's own parser (with its prototype-poisoning
 * protection) does the work.
 */
export function registerStrictJsonParser(app: FastifyInstance) {
  const parseJson = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'buffer' }, (request, body, done) => {
    const bytes = body as Buffer;
    if (!isUtf8(bytes)) {
      done(new HttpError(400, errorCodes.invalidUtf8, 'The request body is not valid UTF-8.'), undefined);
      return;
    }
    parseJson(request, bytes.toString('utf8'), done);
  });
}

/** What a request the HTTP parser could not read, or a client too slow to finish one, is answered. */
function clientErrorAnswer(code: string | undefined): { status: number; body: ErrorBody } {
  switch (code) {
    case 'ERR_HTTP_REQUEST_TIMEOUT':
      return {
        status: 408,
        body: { error: 'The request took too long to arrive.', code: errorCodes.requestTimeout },
      };
    case 'HPE_HEADER_OVERFLOW':
      return {
        status: 431,
        body: { error: 'The request URL or headers are too large.', code: errorCodes.headersTooLarge },
      };
    case 'HPE_INVALID_METHOD':
      return {
        status: 400,
        body: { error: 'The request method is not one this server knows.', code: errorCodes.unknownMethod },
      };
    default:
      return {
        status: 400,
        body: { error: 'The request is not valid HTTP.', code: errorCodes.badHttpRequest },
      };
  }
}

/**
 * Node's HTTP parser rejects some requests before Fastify sees them (an unknown method, a URL or headers over
 * 16 KB, broken framing, a request timeout); they get the uniform error body too. Nothing is logged: such
 * requests are the client's problem and anyone can send them in bulk.
 */
export function answerClientError(error: NodeJS.ErrnoException, socket: Duplex) {
  if (error.code === 'ECONNRESET' || socket.destroyed) return;
  // An answer already on its way cannot be followed by another one on the same connection.
  const inFlight = (socket as Duplex & { _httpMessage?: ServerResponse | null })._httpMessage;
  if (!socket.writable || inFlight?.headersSent) {
    socket.destroy();
    return;
  }
  const { status, body } = clientErrorAnswer(error.code);
  writeRawAnswer(socket, status, body);
}

/** An answer written straight to the socket (no request object exists), after which the connection closes. */
function writeRawAnswer(socket: Duplex, status: number, body: ErrorBody, extraHeaders = '') {
  const json = JSON.stringify(body);
  socket.end(
    `HTTP/1.1 ${status} ${STATUS_CODES[status]}\r\nContent-Type: application/json; charset=utf-8\r\n` +
      `Content-Length: ${Buffer.byteLength(json)}\r\n${extraHeaders}Connection: close\r\n\r\n${json}`,
    () => socket.destroy(),
  );
}

/** This is no proxy: CONNECT (which Node hands over as a bare socket, and would otherwise drop) gets a 405. */
export function answerConnect(_request: IncomingMessage, socket: Duplex) {
  socket.on('error', () => socket.destroy());
  writeRawAnswer(
    socket,
    405,
    { error: 'This server is not a proxy: CONNECT is not allowed.', code: errorCodes.methodNotAllowed },
    'Allow: GET, HEAD, POST, PUT, DELETE\r\n',
  );
}

/**
 * Node answers an `Expect` header other than `100-continue` with an empty 417 unless told otherwise; this
 * gives that answer the uniform body.
 */
export function answerUnmetExpectation(_request: IncomingMessage, response: ServerResponse) {
  const json = JSON.stringify({
    error: 'The Expect header asks for something this server does not do.',
    code: errorCodes.expectationFailed,
  } satisfies ErrorBody);
  response.writeHead(417, {
    'content-type': 'application/json; charset=utf-8',
    'content-length': Buffer.byteLength(json),
    connection: 'close',
  });
  response.end(json);
}

/**
 * Features the site never uses are switched off for every page and every frame it embeds (ads included).
 * Speech playback needs no microphone; the video pages may go full screen. Only features Chromium knows:
 * each unknown one (`ambient-light-sensor`, `bluetooth` in Chromium 156) costs a console warning on every
 * page and switches nothing off.
 */
export const permissionsPolicy = [
  'accelerometer=()',
  'camera=()',
  'display-capture=()',
  'fullscreen=(self)',
  'geolocation=()',
  'gyroscope=()',
  'hid=()',
  'idle-detection=()',
  'magnetometer=()',
  'microphone=()',
  'midi=()',
  'payment=()',
  'publickey-credentials-get=()',
  'screen-wake-lock=()',
  'serial=()',
  'usb=()',
  'xr-spatial-tracking=()',
].join(', ');

/**
 * Response headers beyond helmet's: the Permissions-Policy on every answer, and API answers readable only by
 * this site (pages and images stay `cross-origin`: ad frames and link-preview fetchers load them).
 */
export function registerResponseHeaders(app: FastifyInstance) {
  app.addHook('onRequest', async (request, reply) => {
    reply.header('permissions-policy', permissionsPolicy);
    if (isApiPath(request.url.split('?')[0]!)) reply.header('cross-origin-resource-policy', 'same-site');
  });
}
