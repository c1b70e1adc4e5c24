import { RouterContextProvider } from 'react-router';
import { vi } from 'vitest';
import { type AppLoadContext, appContext, type PageData } from '#load-context';

/**
 * A route loader's context as the server gives it, with the page-data readers a test needs and a logger
 * whose calls the test can read.
 */
export function loaderContext(pageData: Record<string, unknown>, { shared = false } = {}) {
  const log = { error: vi.fn(), warn: vi.fn(), info: vi.fn() };
  const context = new RouterContextProvider();
  context.set(appContext, {
    site: { name: 'Hurry Up', baseUrl: 'http://localhost', ads: { slots: {} } },
    nonce: undefined,
    shared,
    pageData: pageData as unknown as PageData,
    log,
  } satisfies AppLoadContext);
  return { context, log };
}

/** A loader's arguments for a request to `path`, matched by the route `pattern`. */
export function loaderArgs(path: string, pattern: string, context: RouterContextProvider) {
  const url = new URL(`http://localhost${path}`);
  return { context, request: new Request(url), url, pattern, params: {} } as never;
}
