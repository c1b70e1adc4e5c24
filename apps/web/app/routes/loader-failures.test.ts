import { RouterContextProvider } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { type AppLoadContext, appContext, type PageData } from '#load-context';
import { loader as blogLoader } from './blog.tsx';
import { loader as daylowLoader } from './daylow.tsx';
import { loader as searchLoader } from './search.tsx';

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

describe("a route's loader that fails", () => {
  const failing = () => Promise.reject(new Error('database is down'));

  it("blog: shows 'Error fetching blogs' with a 500 and logs it", async () => {
    const { context, log } = contextWith({ blogs: { list: failing } });
    const answer = (await blogLoader(argsFor('/blog', '/blog', context))) as { data: unknown; init: unknown };
    expect(answer.data).toEqual({ blogs: [], entry: undefined, error: 'Error fetching blogs' });
    expect(answer.init).toEqual({ status: 500 });
    expect(log.error).toHaveBeenCalledWith(
      expect.objectContaining({ route: '/blog' }),
      'Error fetching blogs',
    );
  });

  it('search: shows that search is unavailable, with a 500 the page cache does not keep', async () => {
    const { context, log } = contextWith({ posts: { search: failing } });
    const answer = (await searchLoader(argsFor('/SearchPage?q=upi', '/SearchPage', context))) as {
      data: unknown;
      init: unknown;
    };
    expect(answer.data).toEqual({
      q: 'upi',
      results: [],
      error: 'Search is not available right now. Please try again.',
    });
    expect(answer.init).toEqual({ status: 500 });
    expect(log.error).toHaveBeenCalledOnce();
  });

  it('daylow: says the market data is unreachable and logs why, when the database fails', async () => {
    const { context, log } = contextWith({ market: { stocks: failing } });
    expect(await daylowLoader(argsFor('/daylow', '/daylow', context))).toEqual({
      stocks: { state: 'unreachable' },
    });
    expect(log.error).toHaveBeenCalledWith(
      expect.objectContaining({ route: '/daylow' }),
      'Market page data failed',
    );
  });

  it('daylow: shows a failure the server meant for people without logging it', async () => {
    const meant = Object.assign(new Error('The market is closed.'), { code: 'CLOSED', statusCode: 409 });
    const { context, log } = contextWith({ market: { stocks: () => Promise.reject(meant) } });
    expect(await daylowLoader(argsFor('/daylow', '/daylow', context))).toEqual({
      stocks: { state: 'failed', message: 'The market is closed.' },
    });
    expect(log.error).not.toHaveBeenCalled();
  });
});
