import { describe, expect, it } from 'vitest';
import { loaderArgs, loaderContext } from '../../test/loader-context.ts';
import { loaderFailure } from './loader-failure.ts';

describe('loaderFailure', () => {
  it("reports the error to the context's logger with the route and address, and answers the page's state", () => {
    const { context, log } = loaderContext({});
    const error = new Error('database is down');
    const answer = loaderFailure(
      loaderArgs('/post/x?ref=1', '/post/:postId', context),
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
    const { context } = loaderContext({});
    expect(loaderFailure(loaderArgs('/x', '/x', context), new Error('x'), 'x', {}, 503).init).toEqual({
      status: 503,
    });
  });

  it('answers 503 when the failure says it will pass (the database restarting)', () => {
    const { context } = loaderContext({});
    // The server's DatabaseUnavailableError, as the loader sees it (the web app knows no server class).
    const away = Object.assign(new Error('The database is not reachable right now.'), {
      statusCode: 503,
      code: 'DATABASE_UNAVAILABLE',
      retryAfterSeconds: 5,
    });
    expect(loaderFailure(loaderArgs('/blog', '/blog', context), away, 'x', {}).init).toEqual({ status: 503 });
  });
});
