import type { FastifyRequest } from 'fastify';

/** Methods that change something (or run an engine): the ones another site must not make a visitor send. */
export const stateChangingMethods = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/** The origin of a URL as browsers write it in `Origin` (lower-case scheme and host, no default port). */
export function originOf(url: string): string | undefined {
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
 * Why a request that carries the console's session cookie may not change anything, or undefined: it must
 * say where it comes from (`Origin`, which browsers send with every same-origin POST, PUT, PATCH and
 * DELETE), and that must be this site. A cookie sent without an Origin is refused too: only a browser holds
 * the cookie, and a browser that names no origin cannot be told from another site's page.
 */
export function sessionOriginProblem(
  request: FastifyRequest,
  publicOrigin: string | undefined,
): string | undefined {
  if (request.headers.origin === undefined) return 'no Origin';
  return crossSiteReason(request, publicOrigin);
}
