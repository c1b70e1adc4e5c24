import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { errorCodes } from '@hurryup/contracts/errors';
import { appContext } from '@hurryup/web/load-context';
import { fastifyReactRouter } from '@mcansh/react-router-fastify';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { RouterContextProvider, type ServerBuild } from 'react-router';
import type { ViteDevServer } from 'vite';
import type { Config } from '../shared/config.ts';
import { sendError } from '../shared/send-error.ts';
import type { SiteRegistry } from '../shared/site-registry.ts';

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
 * parameters join the sitemap.
 */
export async function registerPages(
  app: FastifyInstance,
  config: Config,
  site: SiteRegistry,
  mode: PagesMode,
): Promise<void> {
  const getLoadContext = (_request: unknown, reply: FastifyReply) => {
    const context = new RouterContextProvider();
    context.set(appContext, {
      site: {
        name: config.siteName,
        baseUrl: config.publicBaseUrl,
        ads: config.ads,
        analyticsId: config.analyticsId,
      },
      nonce: reply.cspNonce?.script,
      pageData: site.pageData,
    });
    return context;
  };

  if (mode.kind === 'development') {
    await app.register(fastifyReactRouter, {
      devServer: mode.vite,
      getLoadContext,
      routeOptions: pageRouteOptions,
    });
    return;
  }
  if (!fs.existsSync(webBuildPaths.server)) throw new MissingWebBuildError();
  // Imported once at start, so a broken build fails the start instead of the first visitor.
  const build = (await import(pathToFileURL(webBuildPaths.server).href)) as ServerBuild;
  await app.register(fastifyReactRouter, {
    build,
    clientBuildDirectory: webBuildPaths.client,
    // The build writes .br and .gz copies of every client file (apps/web/scripts/postbuild.ts).
    staticOptions: { preCompressed: true },
    mode: 'production',
    getLoadContext,
    routeOptions: pageRouteOptions,
  });
  // The static pages change when the build does.
  const builtAt = fs.statSync(webBuildPaths.server).mtime.toISOString();
  const paths = staticPagePaths(build);
  site.addSitemapSource(() => paths.map((p) => ({ path: p, lastmod: builtAt })));
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
