import { RouterContextProvider } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { type AppLoadContext, appContext, type PageData } from '#load-context';
import { loaderFailure } from './loader-failure.ts';

function contextWith(pageData: Record<string, unknown>) {
  const log = { error: vi.fn(), warn: vi.fn(), info: vi.fn() };
  const context = new RouterContextProvider();
  context.set(appContext, {
    site: { name: 'Hurry Up', baseUrl: 'http://localhost', ads: { slots: {} } },
    nonce: undefined,
    shared: false,
    pageData: pageData as unknown as PageData,
    log,
  } satisfies AppLoadContext);
  return { context, log };
}

function argsFor(path: string, pattern: string, context: RouterContextProvider) {
  const url = new URL(`http://localhost${path}`);
  return { context, request: new Request(url), url, pattern, params: {} } as never;
}

describe('loaderFailure', () => {
  it("reports the error to the context's logger with the route and address, and answers the page's state", () => {
    const { context, log } = contextWith({});
    const error = new Error('database is down');
    const answer = loaderFailure(
      argsFor('/post/x?ref=1', '/post/:postId', context),
      error,
      'Error fetching post',
      { error: 'Error fetching post' },
    );
    expect(answer.data).toEqual({ error: 'Error fetching post' });
    expect(answer.init).toEqual({ status: 500 });
    expect(log.error).toHaveBeenCalledWith(
      { err: error, route: '/post/:postId', url: '/post/x?ref=1' },
      'Error fetching post',
    );
  });

  it('keeps a status the page asks for', () => {
    const { context } = contextWith({});
    expect(loaderFailure(argsFor('/x', '/x', context), new Error('x'), 'x', {}, 503).init).toEqual({
      status: 503,
    });
  });
});
