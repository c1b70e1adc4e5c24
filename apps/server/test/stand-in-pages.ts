import type { FastifyInstance } from 'fastify';
import { RouterContextProvider } from 'react-router';
import { registerPageRoute } from '../src/web/pages.ts';

/** A route of a stand-in build (under the root layout), with its module's `handle.cache`. */
export function standInRoute(id: string, path: string, cache?: unknown) {
  return { id, parentId: 'root', path, module: { handle: { cache } } as never };
}

/** A route module with this handle, for a stand-in build's root or odd routes. */
export const standInModule = (handle?: unknown) => ({ handle }) as never;

/** An HTML document answer of the stand-in renderer. */
export function htmlAnswer(body: string, status = 200): Response {
  return new Response(`<!DOCTYPE html><html><body>${body}</body></html>`, {
    status,
    headers: { 'content-type': 'text/html; charset=utf-8' },
  });
}

/**
 * The site's page route and page cache on a stand-in for React Router: `render` answers every page request
 * (to call in createTestApp's `beforeReady`).
 */
export function registerStandInPages(
  app: FastifyInstance,
  build: Parameters<typeof registerPageRoute>[3],
  render: (request: Request) => Promise<Response>,
) {
  registerPageRoute(
    app,
    app.config,
    app.site,
    build,
    () => new RouterContextProvider(),
    app.answerCache,
    render,
  );
}
