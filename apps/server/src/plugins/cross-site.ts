import { errorCodes } from '@hurryup/contracts/errors';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { sendError } from '../shared/send-error.ts';

/** Methods that change something (or run an engine): the ones another site must not make a visitor send. */
const stateChanging = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

const isApiPath = (pathname: string) => pathname === '/api' || pathname.startsWith('/api/');

/** The origin of a URL as browsers write it in `Origin` (lower-case scheme and host, no default port). */
function originOf(url: string): string | undefined {
  try {
    const origin = new URL(url).origin;
    return origin === 'null' ? undefined : origin;
  } catch {
    return undefined;
  }
}

/**
 * Why a request comes from another site, or undefined when it does not: `Sec-Fetch-Site: cross-site`, or an
 * `Origin` that is neither the site's public origin (`PUBLIC_BASE_URL`) nor the origin the request was sent
 * to (its own Host: a test server, a second name of the site). A request with neither header (curl, a
 * server, the operator's scripts with the admin token) is no browser's and passes; so do `same-origin`,
 * `same-site` and `none` (typed into the address bar) with the site's own Origin.
 */
export function crossSiteReason(
  request: FastifyRequest,
  publicOrigin: string | undefined,
): string | undefined {
  const fetchSite = request.headers['sec-fetch-site'];
  if (fetchSite === 'cross-site') return 'Sec-Fetch-Site: cross-site';
  const origin = request.headers.origin;
  if (origin === undefined) return undefined;
  const own = originOf(`${request.protocol}://${request.host}`);
  const given = originOf(origin);
  if (given !== undefined && (given === publicOrigin || given === own)) return undefined;
  return `Origin: ${origin.slice(0, 100)}`;
}

/**
 * Refuses state-changing API calls that another site's page makes a visitor's browser send (issue 26): a
 * form or multipart post needs no CORS preflight, so without this any site could make its visitors run our
 * engines, post comments or send contact mail, each visitor a new address for the limits. 403 with the
 * uniform body, before the body is read.
 */
export function registerCrossSiteRefusal(app: FastifyInstance, publicBaseUrl: string) {
  const publicOrigin = originOf(publicBaseUrl);
  app.addHook('onRequest', async function refuseCrossSite(request: FastifyRequest, reply: FastifyReply) {
    if (!stateChanging.has(request.method) || !isApiPath(request.url.split('?')[0]!)) return;
    const reason = crossSiteReason(request, publicOrigin);
    if (reason === undefined) return;
    return sendError(reply, 403, {
      error: `Requests from other sites are not accepted: this call can be made only from ${publicOrigin ?? 'this site'}'s own pages.`,
      code: errorCodes.forbidden,
    });
  });
}
