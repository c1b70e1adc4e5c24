import { describe, expect, it } from 'vitest';
import { loaderArgs, loaderContext } from '../../test/loader-context.ts';
import { loader as blogLoader } from './blog.tsx';
import { loader as daylowLoader } from './daylow.tsx';
import { loader as searchLoader } from './search.tsx';

describe("a route's loader that fails", () => {
  const failing = () => Promise.reject(new Error('database is down'));

  it("blog: shows 'Error fetching blogs' with a 500 and logs it", async () => {
    const { context, log } = loaderContext({ blogs: { list: failing } });
    const answer = (await blogLoader(loaderArgs('/blog', '/blog', context))) as {
      data: unknown;
      init: unknown;
    };
    expect(answer.data).toEqual({ blogs: [], entry: undefined, error: 'Error fetching blogs' });
    expect(answer.init).toEqual({ status: 500 });
    expect(log.error).toHaveBeenCalledWith(
      expect.objectContaining({ route: '/blog' }),
      'Error fetching blogs',
    );
  });

  it('search: shows that search is unavailable, with a 500 the page cache does not keep', async () => {
    const { context, log } = loaderContext({ posts: { search: failing } });
    const answer = (await searchLoader(loaderArgs('/SearchPage?q=upi', '/SearchPage', context))) as {
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
    const { context, log } = loaderContext({ market: { stocks: failing } });
    expect(await daylowLoader(loaderArgs('/daylow', '/daylow', context))).toEqual({
      stocks: { state: 'unreachable' },
    });
    expect(log.error).toHaveBeenCalledWith(
      expect.objectContaining({ route: '/daylow' }),
      'Market page data failed',
    );
  });

  it('daylow: shows a failure the server meant for people without logging it', async () => {
    const meant = Object.assign(new Error('The market is closed.'), { code: 'CLOSED', statusCode: 409 });
    const { context, log } = loaderContext({ market: { stocks: () => Promise.reject(meant) } });
    expect(await daylowLoader(loaderArgs('/daylow', '/daylow', context))).toEqual({
      stocks: { state: 'failed', message: 'The market is closed.' },
    });
    expect(log.error).not.toHaveBeenCalled();
  });
});
