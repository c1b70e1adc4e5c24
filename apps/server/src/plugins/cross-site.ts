import { errorCodes } from '@hurryup/contracts/errors';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { crossSiteReason, originOf, stateChangingMethods } from '../shared/request-origin.ts';
import { sendError } from '../shared/send-error.ts';

export { crossSiteReason } from '../shared/request-origin.ts';

const isApiPath = (pathname: string) => pathname === '/api' || pathname.startsWith('/api/');

/**
 * Refuses state-changing API calls that another site's page makes a visitor's browser send (issue 26): a
 * form or multipart post needs no CORS preflight, so without this any site could make its visitors run our
 * engines, post comments or send contact mail, each visitor a new address for the limits. 403 with the
 * uniform body, before the body is read.
 */
export function registerCrossSiteRefusal(app: FastifyInstance, publicBaseUrl: string) {
  const publicOrigin = originOf(publicBaseUrl);
  app.addHook('onRequest', async function refuseCrossSite(request: FastifyRequest, reply: FastifyReply) {
    if (!stateChangingMethods.has(request.method) || !isApiPath(request.url.split('?')[0]!)) return;
    const reason = crossSiteReason(request, publicOrigin);
    if (reason === undefined) return;
    return sendError(reply, 403, {
      error: `Requests from other sites are not accepted: this call can be made only from ${publicOrigin ?? 'this site'}'s own pages.`,
      code: errorCodes.forbidden,
    });
  });
}
