import { shortLinkKind } from '@hurryup/contracts/content-kinds';
import { errorCodes } from '@hurryup/contracts/errors';
import {
  deleteShortLink,
  getShortLink,
  listAdminShortLinks,
  setShortLinkDisabled,
  shortenUrl,
} from '@hurryup/contracts/shortener';
import {
  linksPerWindow,
  linksWindowMinutes,
  previewPath,
  shortenerMessages,
  unknownLinkPath,
} from '@hurryup/contracts/shortener-rules';
import type { ShortenerPageData } from '@hurryup/web/features/shortener/page-data';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { tablesOf } from '../../db/tables-of.ts';
import { clientKey } from '../../shared/admin-auth.ts';
import { registerAdminCalls } from '../../shared/admin-crud.ts';
import { defineFeature } from '../../shared/feature.ts';
import { HttpError } from '../../shared/http-error.ts';
import { registerCall } from '../../shared/register-call.ts';
import { shortenerMigrations } from './shortener.migrations.ts';
import { createShortenerRepository } from './shortener.repository.ts';
import { createClickCounter, createShortenerService, gone, notInMemory } from './shortener.service.ts';
import type { ShortenerTables } from './shortener.tables.ts';

/** Headers of the rendered 404 page that belong to its own exchange. */
const notCopied = new Set([
  'connection',
  'content-length',
  'date',
  'keep-alive',
  'transfer-encoding',
  'x-request-id',
  'x-ratelimit-limit',
  'x-ratelimit-remaining',
  'x-ratelimit-reset',
]);

/** How old a batch of clicks gets before it is written. */
const clickFlushMs = 1_000;

/**
 * The URL shortener (tools-and-trading.md "URL shortener", issue 21 items 5 and 6): `POST /api/shorten`
 * stores a link; `/s/<code>` redirects (302) to its long URL and counts the click; `/s/<code>+` is its
 * preview page (apps/web routes/short-link.tsx), and an unknown code gets the site's 404 page.
 * The redirect is a plain Fastify route, answered from memory for hot links, with clicks counted in memory
 * and added to the database in batches (docs/decisions/0022-url-shortener.md). A click changes no page:
 * it never calls `site.contentChanged`. The operator lists, disables and deletes links
 * (`/api/admin/short-links`); a disabled or deleted link answers 410 with the site's page saying so, in
 * every process at once: the change moves the content revision `short-links:<code>`, which the redirect
 * checks against its memory (docs/decisions/0042-moderation-and-inbox.md).
 */
export const shortenerFeature = defineFeature({
  name: 'shortener',
  migrations: shortenerMigrations,
  async plugin(app, { database, config, site, clock, limits, log }) {
    const repository = createShortenerRepository(tablesOf<ShortenerTables>(database.db));
    const clicks = createClickCounter({ repository, clock, log, flushAfterMs: clickFlushMs });
    // Every process stores the clicks it counted about once a second, with Redis or without, whether more
    // clicks come or not; and on shutdown (docs/decisions/0022-url-shortener.md).
    const flushing = clock.every(clickFlushMs, () => void clicks.flush());
    const shortener = createShortenerService({
      repository,
      clicks,
      clock,
      baseUrl: config.publicBaseUrl,
      revisions: site.contentRevision,
      changed: (code) => site.contentChanged([shortLinkKind(code)], { pictures: false }),
      reportCounts: (codes) => site.reportCounts('short-link', codes),
      limit: limits.define({
        name: 'shortener.links',
        description: `Short links created per visitor in ${linksWindowMinutes} minutes (client address; IPv6 per /64)`,
        max: linksPerWindow,
        windowMs: linksWindowMinutes * 60_000,
        message: () => shortenerMessages.tooMany,
      }),
    });
    // Clicks still in memory are stored before the database closes.
    app.addHook('onClose', async () => {
      flushing.cancel();
      await clicks.flush();
    });

    registerCall(app, shortenUrl, ({ body }, request) => shortener.shorten(body, clientKey(request.ip)));
    registerCall(app, getShortLink, async ({ params }) => {
      const link = await shortener.find(params.code);
      if (!link) throw new HttpError(404, errorCodes.notFound, shortenerMessages.notFound);
      if (link === gone) throw new HttpError(410, errorCodes.gone, shortenerMessages.disabled);
      return link;
    });
    await registerAdminCalls(app, config.adminToken, (admin) => {
      registerCall(admin, listAdminShortLinks, ({ query }) => shortener.listForAdmin(query));
      registerCall(admin, setShortLinkDisabled, async ({ params, body }, request) => {
        const link = await shortener.setDisabled(params.code, body.disabled);
        await app.adminActivity.record(request, {
          kind: 'short-links',
          itemId: params.code,
          item: `Short link ${params.code}`,
          action: body.disabled ? 'disable' : 'enable',
        });
        return link;
      });
      registerCall(admin, deleteShortLink, async ({ params }, request) => {
        await shortener.delete(params.code);
        await app.adminActivity.record(request, {
          kind: 'short-links',
          itemId: params.code,
          item: `Short link ${params.code}`,
          action: 'delete',
        });
        return null;
      });
    });
    site.addReportable('short-link', { find: (code) => shortener.reportable(code) });

    /**
     * An unknown code: the site's 404 page; a link the site disabled or deleted: 410 with the page saying so
     * (its preview's). Rendered by the pages as for any other address.
     */
    async function sitePage(request: FastifyRequest, reply: FastifyReply, code: string, status: 404 | 410) {
      // Every unknown code: the one kept page, sent from memory (a dead link asked for again and again).
      if (
        status === 404 &&
        app.hasDecorator('answerCache') &&
        app.answerCache.sendKept(request, reply, unknownLinkPath)
      )
        return reply;
      const page = await app.inject({
        method: 'GET',
        // Every unknown code shows one page, kept once (`unknownLinkPath`); a disabled link its own.
        url: status === 404 ? unknownLinkPath : previewPath(code),
        headers: {
          host: request.headers.host ?? new URL(config.publicBaseUrl).host,
          accept: 'text/html',
          // Compressed by the page route as for any page: this route itself compresses nothing (a 302 has no body).
          'accept-encoding': request.headers['accept-encoding'] ?? '',
          'user-agent': request.headers['user-agent'] ?? '',
        },
        remoteAddress: request.ip,
      });
      reply.code(status);
      // The page's own headers (its policy, helmet's), not those of the connection or of the inner request.
      for (const [name, value] of Object.entries(page.headers))
        if (value !== undefined && !notCopied.has(name)) reply.header(name, value);
      return reply.send(page.rawPayload);
    }

    const redirectHeaders = {
      // Every click reaches the server, so it is counted: never kept by a browser or a proxy.
      'cache-control': 'private, no-store',
      // The site's policy (plugins/security.ts): the destination learns the site, not the short link.
      'referrer-policy': 'strict-origin-when-cross-origin',
      'x-content-type-options': 'nosniff',
      ...(config.publicBaseUrl.startsWith('https:')
        ? { 'strict-transport-security': 'max-age=15552000; includeSubDomains' }
        : {}),
    };
    // Codes are 3 to 32 of A-Z a-z 0-9 _ -: anything else under /s/ (a preview's +) goes to the pages.
    const redirectRoute = '/s/:code(^[A-Za-z0-9_-]{3,32}$)';
    const codeForm = /^[A-Za-z0-9_-]{3,32}$/;
    // A hot link's redirect, and the page of a code known to be unknown, are sent at the answer cache's front
    // door, before Fastify sees the request (decision 0048); the route below answers everything else.
    if (app.hasDecorator('answerCache'))
      app.answerCache.answerAtFrontDoor({
        prefix: '/s/',
        route: redirectRoute,
        answer(url) {
          const code = url.slice('/s/'.length);
          if (!codeForm.test(code)) return undefined;
          const target = shortener.destinationInMemory(code);
          if (target === notInMemory || target === gone) return undefined;
          if (target === undefined) return { keptPage: unknownLinkPath };
          return {
            status: 302,
            headers: { ...redirectHeaders, location: target },
            sent: () => shortener.clicked(code),
          };
        },
      });
    app.get(
      redirectRoute,
      {
        schema: { hide: true },
        // A 302 has no document to protect, so helmet (which builds its middleware, a policy and nonces for
        // every request) stays out; the headers that matter to a redirect are set below, once computed.
        helmet: false,
        // Nothing to compress (the 404 and 410 pages come compressed from the page route), and a click is not
        // logged request by request at info (web/cached-page-answers.ts): both measured on the hot path.
        compress: false,
        config: { logRequests: false },
      },
      async (request: FastifyRequest<{ Params: { code: string } }>, reply) => {
        const { code } = request.params;
        const found = shortener.destination(code);
        const target = found instanceof Promise ? await found : found;
        if (target === undefined) return sitePage(request, reply, code, 404);
        if (target === gone) return sitePage(request, reply, code, 410);
        // A HEAD (a checker, a crawler asking where it leads) is no visit.
        if (request.method === 'GET') shortener.clicked(code);
        reply.headers(redirectHeaders);
        return reply.redirect(target, 302);
      },
    );

    site.providePageData('shortener', {
      preview: (code) => shortener.preview(code),
    } satisfies ShortenerPageData);
  },
});
