import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import fastifyStatic from '@fastify/static';
import { errorCodes } from '@hurryup/contracts/errors';
import {
  afterFirstPaintScriptType,
  appContext,
  type PageCacheHandle,
  type PageLog,
  type PageMoment,
} from '@hurryup/web/load-context';
import { createRequest, fastifyReactRouter, sendResponse } from '@mcansh/react-router-fastify';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import {
  createRequestHandler,
  matchRoutes,
  type RouteObject,
  RouterContextProvider,
  type ServerBuild,
} from 'react-router';
import type { ViteDevServer } from 'vite';
import { adHosts, analyticsHosts, cspDirectives, fixedPageHeaders } from '../plugins/security.ts';
import type { Config } from '../shared/config.ts';
import { isDecodable } from '../shared/decodable.ts';
import { sharedCachingHeaders, weakEtag } from '../shared/http-caching.ts';
import { sendError } from '../shared/send-error.ts';
import type { SiteRegistry } from '../shared/site-registry.ts';
import { type CachedPageAnswers, type SentPage, sendPage } from './cached-page-answers.ts';
import {
  cachedPagePolicy,
  canonicalAddress,
  compressPage,
  inlineHashes,
  isPersonalRequest,
  keptEntry,
} from './page-cache.ts';

const webRoot = path.dirname(createRequire(import.meta.url).resolve('@hurryup/web/package.json'));
const webBuildPaths = {
  server: path.join(webRoot, 'build/server/index.js'),
  client: path.join(webRoot, 'build/client'),
};

export class MissingWebBuildError extends Error {
  constructor() {
    super(
      `The web build is missing (${webBuildPaths.server}). Run "npm run build" first, or use "npm start".`,
    );
  }
}

/**
 * Pages are read, never written to: other methods get 405 before the renderer sees them (it would answer 500
 * to TRACE and log a stack trace for every PUT or POST).
 */
const pageRouteOptions = {
  async onRequest(request: FastifyRequest, reply: FastifyReply) {
    if (request.method === 'GET' || request.method === 'HEAD') return;
    reply.header('allow', 'GET, HEAD');
    return sendError(reply, 405, {
      error: `Pages answer GET and HEAD, not ${request.method}.`,
      code: errorCodes.methodNotAllowed,
    });
  },
};

export type PagesMode = { kind: 'production' } | { kind: 'development'; vite: ViteDevServer };

/**
 * Serves the React Router site (server-rendered pages and the built client files) from this Fastify app.
 * The pages' loaders read the page data every feature provided to the site registry; the pages without
 * parameters join the sitemap. In production, pages that are the same for every visitor come from the
 * page cache.
 */
export async function registerPages(
  app: FastifyInstance,
  config: Config,
  site: SiteRegistry,
  mode: PagesMode,
  cachedPages: CachedPageAnswers,
): Promise<void> {
  const siteSettings = {
    name: config.siteName,
    baseUrl: config.publicBaseUrl,
    ads: config.ads,
    analyticsId: config.analyticsId,
  };
  let css: string | undefined;
  const loadContext: LoadContextFor = (nonces, shared, log) => {
    const context = new RouterContextProvider();
    context.set(appContext, {
      site: siteSettings,
      nonce: nonces.script,
      styles: css === undefined ? undefined : { css, nonce: nonces.style },
      shared,
      pageData: site.pageData,
      log,
    });
    return context;
  };

  if (mode.kind === 'development') {
    await app.register(fastifyReactRouter, {
      devServer: mode.vite,
      getLoadContext: (_request: unknown, reply: FastifyReply) =>
        loadContext(reply.cspNonce ?? {}, false, reply.log),
      routeOptions: pageRouteOptions,
    });
    return;
  }
  if (!fs.existsSync(webBuildPaths.server)) throw new MissingWebBuildError();
  css = readSiteStylesheet(path.join(webBuildPaths.client, 'assets'));
  // Imported once at start, so a broken build fails the start instead of the first visitor.
  const build = (await import(pathToFileURL(webBuildPaths.server).href)) as ServerBuild;
  await app.register(async (pages) => {
    // Before the page cache and the client files: pages and built files are read, never written to.
    pages.addHook('onRequest', pageRouteOptions.onRequest);
    await registerClientFiles(pages, webBuildPaths.client);
    // Bodies reach React Router untouched (its actions parse them).
    pages.removeAllContentTypeParsers();
    pages.addContentTypeParser('*', (_request, payload, done) => done(null, payload));
    registerPageRoute(pages, config, site, build, loadContext, cachedPages);
  });
  // The static pages change when the build does.
  const builtAt = fs.statSync(webBuildPaths.server).mtime.toISOString();
  const paths = staticPagePaths(build);
  site.addSitemapSource(() => paths.map((p) => ({ path: p, lastmod: builtAt })));
}

/**
 * The page's load context, given the request's CSP nonces (none for a page rendered for everyone) and the
 * logger its loaders report to (the request's, or the process's for a page rendered for everyone).
 */
export type LoadContextFor = (
  nonces: { script?: string; style?: string },
  shared: boolean,
  log: PageLog,
) => RouterContextProvider;

/**
 * The site's one stylesheet of the client build (app/site.css), read once: the pages inline it
 * (docs/decisions/0016-one-inlined-stylesheet.md). The operator console's own stylesheet
 * (app/shared/admin/admin.css, built as `admin-<hash>.css`) is no page's: only console pages link it
 * (docs/decisions/0040-operator-console.md).
 */
export function readSiteStylesheet(assetsDir: string): string {
  const files = fs
    .readdirSync(assetsDir)
    .filter((name) => name.endsWith('.css') && !/^admin-[\w-]+\.css$/.test(name));
  if (files.length !== 1)
    throw new Error(
      `The web build should hold exactly one stylesheet in ${assetsDir}, not ${files.length}. Run "npm run build".`,
    );
  const css = fs.readFileSync(path.join(assetsDir, files[0]!), 'utf8');
  // Inlined as the text of a <style> element, which this would end early.
  if (/<\/style/i.test(css))
    throw new Error(`The stylesheet ${files[0]} contains "</style" and cannot be inlined.`);
  return css;
}

/** The built client files: hashed assets cached for a year, pre-compressed copies sent as they are. */
async function registerClientFiles(app: FastifyInstance, root: string) {
  const assets = path.join(root, 'assets');
  await app.register(fastifyStatic, {
    root,
    prefix: '/',
    wildcard: false,
    cacheControl: false,
    dotfiles: 'ignore',
    etag: true,
    lastModified: true,
    // The build writes .br and .gz copies of every client file (apps/web/scripts/postbuild.ts).
    preCompressed: true,
    setHeaders(res, filePath) {
      res.setHeader(
        'cache-control',
        filePath.startsWith(assets) ? 'public, max-age=31536000, immutable' : 'public, max-age=3600',
      );
    },
  });
}

/**
 * The catch-all page route with its page cache (docs/decisions/0012-page-cache.md): pages whose route
 * opts in (`handle.cache`) are rendered once per content revision for every visitor and answered from
 * memory, already compressed, by the app's first onRequest hook (cached-page-answers.ts); everything else
 * is rendered per request with the request's CSP nonce.
 */
export function registerPageRoute(
  app: FastifyInstance,
  config: Config,
  site: SiteRegistry,
  build: Pick<ServerBuild, 'routes'>,
  loadContext: LoadContextFor,
  cachedPages: CachedPageAnswers,
  // Tests render with a stand-in for React Router.
  render: ReturnType<typeof createRequestHandler> = createRequestHandler(build as ServerBuild, 'production'),
) {
  const cache = cachedPages.cache;
  const now = cachedPages.now;
  const planOf = pageCachePlans(build, now);
  const revisions = site.contentRevision;
  // How each page path is keyed, for the hit path (matching routes costs more than a hit): the address its
  // page is kept under when it stands for many (`handle.cache.as`), else the query parameters it reads;
  // null for a path whose route is never kept (whether and how a page is kept depends on its path alone).
  const keyingByPath = new Map<string, { as?: string; reads: readonly string[] } | null>();
  const keyOf = (url: string): string | undefined => {
    const question = url.indexOf('?');
    const pathname = question < 0 ? url : url.slice(0, question);
    let keying = keyingByPath.get(pathname);
    if (keying === undefined) {
      // An address that cannot be decoded is redirected before any render (plugins/request-hardening.ts):
      // never kept, and never matched against the routes (React Router would log it as malformed).
      const plan = isDecodable(pathname) && planOf(url);
      keying = plan ? { reads: plan.query, ...(plan.as === undefined ? {} : { as: plan.as }) } : null;
      // Bounded: a scan of invented addresses only starts it over.
      if (keyingByPath.size >= 1000) keyingByPath.clear();
      keyingByPath.set(pathname, keying);
    }
    if (keying === null) return undefined;
    if (keying.as !== undefined) return keying.as;
    return question < 0 ? url : canonicalAddress(url, keying.reads);
  };
  const directives = cspDirectives(config);
  const scriptHosts = [
    ...(config.ads.clientId ? adHosts : []),
    ...(config.analyticsId ? analyticsHosts : []),
  ];
  const rendering = new Map<string, Promise<SentPage>>();

  const rateLimit = app.hasDecorator('rateLimit') ? app.rateLimit() : undefined;
  if (config.pageCache.maxEntries > 0)
    cachedPages.serveFrom({
      keyOf,
      rateLimit: rateLimit && ((request, reply) => rateLimit.call(app, request, reply)),
      fixedHeaders: fixedPageHeaders(config),
    });

  /** Renders a page for every visitor (no nonce, the whole document) and keeps it when it may be kept. */
  async function renderShared(url: string, plan: PagePlan): Promise<SentPage> {
    // Before the loaders read anything: a write after this makes the page stale, never lost.
    const since = await revisions.current();
    // A scheduled item of what the page shows appears then: the page is kept until that time at most.
    const scheduled = await revisions.nextScheduledChange(plan.shows);
    const renderedAt = now();
    // A page whose figures move with time (the market minute, the India date) is kept until they move.
    const movesAt =
      plan.follows.length > 0
        ? await site.pageMomentsEnd(plan.follows, new Date(renderedAt))
        : Number.POSITIVE_INFINITY;
    const response = await render(
      new Request(`${config.publicBaseUrl}${url}`, { headers: { accept: 'text/html' } }),
      // Rendered once for many visitors: its loaders report to the process's logger, not one request's.
      loadContext({}, true, app.log),
    );
    const html = finishDocument(await response.text());
    const identity = Buffer.from(html);
    const headers: Record<string, string> = {};
    for (const [name, value] of response.headers) headers[name] = value;
    const expiresAt = Math.min(
      movesAt,
      plan.maxAgeSeconds === undefined ? Number.POSITIVE_INFINITY : renderedAt + plan.maxAgeSeconds * 1000,
      headers['x-page-expires']
        ? Date.parse(headers['x-page-expires']) || renderedAt
        : Number.POSITIVE_INFINITY,
      scheduled,
    );
    delete headers['x-page-expires'];
    if (response.status === 503) headers['retry-after'] ??= '5';
    // A page kept privately says `no-store` itself (the console's screens do): that is for the caches
    // outside the server. `private` is a page rendered for one visitor, never kept. A page that says
    // something is missing or its address is wrong (400, 404, 410) is kept apart, a minute at most
    // (PageCache); no other error is kept.
    const storable =
      (response.status === 200 || keptErrorStatuses.has(response.status)) &&
      !response.headers.has('set-cookie') &&
      !(plan.privately ? /private/ : /no-store|private/).test(headers['cache-control'] ?? '') &&
      expiresAt > renderedAt;
    headers['content-security-policy'] = cachedPagePolicy(directives, scriptHosts, {
      scripts: inlineHashes(html, 'script'),
      styles: inlineHashes(html, 'style'),
    });
    Object.assign(
      headers,
      plan.privately
        ? { 'cache-control': 'no-store' }
        : storable
          ? sharedCaching(expiresAt - renderedAt)
          : { 'cache-control': 'no-cache' },
    );
    const base = {
      status: response.status,
      headers,
      etag: weakEtag(identity),
      identity,
      expiresAt,
      shows: plan.shows,
      since,
    };
    if (!storable) return { ...base, bytes: identity.length };
    const { br, gzip } = await compressPage(identity);
    const page = keptEntry({ ...base, br, gzip }, JSON.stringify(headers).length + url.length * 2);
    cache.set(url, page, revisions);
    return page;
  }

  app.all('*', async (request, reply) => {
    const plan = request.method === 'GET' && planOf(request.originalUrl);
    const personal = isPersonalRequest(request.headers);
    if (!plan || personal || config.pageCache.maxEntries === 0) {
      const response = await render(
        createRequest(request, reply),
        loadContext(reply.cspNonce ?? {}, false, request.log),
      );
      // A personal request for a page that is otherwise the same for everyone: never kept by a proxy.
      if (plan && personal) reply.header('cache-control', 'private, no-cache');
      if (!response.headers.get('content-type')?.startsWith('text/html') || !response.body)
        return sendResponse(reply, response);
      // A document is sent whole: the site streams nothing in (no deferred data), and one body is
      // compressed in one piece instead of chunk by chunk as the renderer writes it.
      const html = finishDocument(await response.text());
      reply.status(response.status);
      for (const [name, value] of response.headers) if (name !== 'set-cookie') reply.header(name, value);
      // A page that could not read its data for a passing reason (the database away, loader-failure.ts).
      if (response.status === 503 && !response.headers.has('retry-after')) reply.header('retry-after', '5');
      const cookies = response.headers.getSetCookie();
      if (cookies.length > 0) reply.header('set-cookie', cookies);
      return reply.send(html);
    }
    // Visitors asking for the same page meanwhile wait for this one render instead of starting their own.
    // Keyed by the address as asked (before rewriteUrl) with only the query parameters the route reads:
    // the page is rendered for that address, so a tracking tag makes neither an entry nor a render.
    // Never undefined here: an address kept out of the cache has no plan.
    const key = keyOf(request.originalUrl) ?? request.originalUrl;
    let pending = rendering.get(key);
    if (!pending) {
      pending = renderShared(key, plan).finally(() => rendering.delete(key));
      rendering.set(key, pending);
    }
    return sendPage(request, reply, await pending, 'miss');
  });
}

/**
 * The last touch on every rendered document: its JavaScript starts after the page has painted
 * (docs/decisions/0017-scripts-after-first-paint.md). React Router's module preloads leave the head and
 * its module bootstrap is sent inert, listing them; the root layout's inline script starts both once the
 * browser reports the first contentful paint. The text is painted before any script is fetched.
 */
export function finishDocument(html: string): string {
  const bootstrap = /<script((?: nonce="[^"]*")?) type="module" async="">/;
  if (!bootstrap.test(html)) return html;
  const preloads: string[] = [];
  const withoutPreloads = html.replace(
    /<link rel="modulepreload" href="([^"]+)"[^>]*>/g,
    (_, href: string) => {
      preloads.push(href);
      return '';
    },
  );
  return withoutPreloads.replace(
    bootstrap,
    (_, nonce: string) =>
      `<script${nonce} type="${afterFirstPaintScriptType}" data-preloads="${preloads.join(' ')}">`,
  );
}

/** The error pages kept (apart, a minute at most): an address that names nothing, or nothing valid. */
const keptErrorStatuses = new Set([400, 404, 410]);

// A CDN in front may keep a page this long, and serve it this much longer while it fetches a fresh one.
const sharedMaxAgeSeconds = 60;
const staleWhileRevalidateSeconds = 300;

function sharedCaching(lifetimeMs: number): Record<string, string> {
  const sMaxAge = Math.max(0, Math.min(sharedMaxAgeSeconds, Math.floor(lifetimeMs / 1000)));
  return sharedCachingHeaders(sMaxAge, staleWhileRevalidateSeconds);
}

interface PagePlan {
  maxAgeSeconds: number | undefined;
  /** The kinds of content the page shows; undefined when its route declares none (it follows every write). */
  shows: readonly string[] | undefined;
  /** The query parameters its routes read, in their order: the others are left out of its key and render. */
  query: readonly string[];
  /** The moments its routes follow (`handle.cache.follows`): it is kept until the first of them moves. */
  follows: readonly PageMoment[];
  /** Kept in this process only, sent `no-store` (`handle.cache.privately`). */
  privately: boolean;
  /** The address whose page this address shows and under which it is kept (`handle.cache.as`). */
  as: string | undefined;
}

/**
 * For a request URL: how its page may be cached, from the matched routes' `handle.cache` (the page's own
 * route must opt in; the shortest `maxAgeSeconds` of it and its layouts applies; what it shows and reads
 * is what its routes declare together), or false.
 */
export function pageCachePlans(
  build: Pick<ServerBuild, 'routes'>,
  now: () => number = Date.now,
): (url: string) => PagePlan | false {
  const tree = (parentId: string | undefined): RouteObject[] =>
    Object.values(build.routes)
      .filter((route) => route !== undefined && route.parentId === parentId)
      .map((route) => ({
        id: route!.id,
        path: route!.path,
        index: route!.index,
        children: route!.index ? undefined : tree(route!.id),
      })) as RouteObject[];
  const routes = tree(undefined);
  return (url) => {
    const pathname = url.split('?')[0]!;
    // React Router's data requests and route discovery are not documents.
    if (pathname.endsWith('.data') || pathname === '/__manifest') return false;
    const matches = matchRoutes(routes, pathname);
    const handles = (matches ?? []).map(
      (match) => (build.routes[match.route.id!]?.module.handle as PageCacheHandle | undefined)?.cache,
    );
    if (handles.length === 0 || !handles.at(-1)) return false;
    const address = new URL(url, 'http://page.invalid');
    const at = new Date(now());
    const ages = handles
      .map((cache) =>
        typeof cache?.maxAgeSeconds === 'function' ? cache.maxAgeSeconds(at) : cache?.maxAgeSeconds,
      )
      .filter((age): age is number => age !== undefined);
    const declared = handles.map((cache) =>
      typeof cache?.shows === 'function' ? cache.shows(address) : cache?.shows,
    );
    return {
      maxAgeSeconds: ages.length > 0 ? Math.min(...ages) : undefined,
      // A page whose own route says nothing of what it shows follows every write.
      shows:
        declared.at(-1) === undefined ? undefined : [...new Set(declared.flatMap((kinds) => kinds ?? []))],
      query: [...new Set(handles.flatMap((cache) => cache?.query ?? []))],
      follows: [...new Set(handles.flatMap((cache) => cache?.follows ?? []))],
      privately: handles.some((cache) =>
        typeof cache?.privately === 'function' ? cache.privately(address) : cache?.privately === true,
      ),
      as: (() => {
        const as = handles.at(-1)?.as;
        return typeof as === 'function' ? as(address) : as;
      })(),
    };
  };
}

/** Every page without a parameter (for the sitemap), from the route table of the build. */
export function staticPagePaths(build: Pick<ServerBuild, 'routes'>): string[] {
  // Route modules opt out with `export const handle = { sitemap: false }` (error pages); the root is a layout.
  const routes = Object.values(build.routes).filter(
    (route) =>
      route !== undefined &&
      route.id !== 'root' &&
      (route.module.handle as { sitemap?: boolean } | undefined)?.sitemap !== false,
  );
  const pathOf = (id: string | undefined): string => {
    const route = id ? build.routes[id] : undefined;
    if (!route) return '';
    return [pathOf(route.parentId), route.path ?? ''].filter(Boolean).join('/');
  };
  return routes
    .map((route) => `/${pathOf(route!.id)}`.replace(/\/+/g, '/'))
    .filter((p) => !p.includes(':') && !p.includes('*'))
    .filter((p, i, all) => all.indexOf(p) === i)
    .sort();
}
