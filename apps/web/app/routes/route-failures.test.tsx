import { render, screen, within } from '@testing-library/react';
import { createRoutesStub } from 'react-router';
import { describe, expect, it } from 'vitest';
import { postErrors } from '../features/posts/post-errors.ts';
import { shouldRevalidate } from '../root.tsx';
import * as blog from './blog.tsx';
import * as breakout from './breakout.tsx';
import * as captions from './captions.tsx';
import * as contact from './contact.tsx';
import * as daylow from './daylow.tsx';
import * as devbit from './devbit.tsx';
import * as donate from './donate.tsx';
import * as eventCalendar from './event-calendar.tsx';
import * as forum from './forum.tsx';
import * as home from './home.tsx';
import * as homeTools from './home-tools.tsx';
import * as image from './image.tsx';
import * as impactHeatmap from './impact-heatmap.tsx';
import * as infopic from './infopic.tsx';
import * as moversShakers from './movers-shakers.tsx';
import * as offers from './offers.tsx';
import * as post from './post.tsx';
import * as refer from './refer.tsx';
import * as search from './search.tsx';
import * as stocks from './stocks.tsx';
import * as tradingViewData from './trading-view-data.tsx';
import * as trendingNow from './trending-now.tsx';
import * as volat from './volat.tsx';
import * as webstories from './webstories.tsx';
import * as webstory from './webstory.tsx';

const site = { name: 'Hurry Up', baseUrl: 'http://localhost', ads: { slots: {} } };

interface RouteModule {
  default: React.ComponentType<never>;
  ErrorBoundary: React.ComponentType;
}

/** The route as the app has it, with a loader that throws as a failed data request does in the browser. */
function renderFailing(path: string, pattern: string, module: RouteModule) {
  const Stub = createRoutesStub([
    {
      id: 'root',
      path: '/',
      loader: () => ({ site, nonce: undefined }),
      HydrateFallback: () => null,
      children: [
        {
          path: pattern,
          loader: () => {
            throw new TypeError('Failed to fetch');
          },
          Component: module.default as React.ComponentType,
          ErrorBoundary: module.ErrorBoundary,
        },
      ],
    },
  ]);
  return render(<Stub initialEntries={[path]} />);
}

// content-and-shell.md and tools-and-trading.md section 8; decisions.md section 2 for the pages the
// specification leaves without a text.
const screens: [string, string, RouteModule, string][] = [
  ['/blog', 'blog', blog, 'Error fetching blogs'],
  ['/userforum', 'userforum', forum, 'Error fetching posts'],
  ['/post/Some%20post', 'post/:postId', post, postErrors.fetch],
  ['/SearchPage?q=upi', 'SearchPage', search, 'Search is not available right now. Please try again.'],
  ['/infopic', 'infopic', infopic, 'Error fetching images'],
  ['/webstories', 'webstories', webstories, 'Error fetching videos or web stories'],
  ['/webstory/3', 'webstory/:id', webstory, 'The web story could not be loaded.'],
  ['/devbit', 'devbit/:imageUrl?', devbit, 'Error fetching images'],
  ['/image/%2Fa.png', 'image/:imageUrl?', image, 'Error fetching images'],
  ['/daylow', 'daylow', daylow, 'Failed to fetch stock data.'],
  ['/tradingViewData', 'tradingViewData', tradingViewData, 'Error: Error connecting to the server.'],
  ['/volat', 'volat', volat, 'Failed to fetch data. Please try again.'],
  ['/breakout', 'breakout', breakout, 'No alert currently.'],
  ['/stocks', 'stocks', stocks, 'Failed to fetch stock news'],
  ['/trendingNow?rows=50', 'trendingNow', trendingNow, 'Failed to fetch trends.'],
  ['/captions', 'captions', captions, 'Failed to fetch video titles.'],
  ['/impactHeatmap', 'impactHeatmap', impactHeatmap, 'Failed to load data. Please try again later.'],
  // The calendar's failure is logged only (tools-and-trading.md section 8): its heading, with no list.
  ['/eventCalendar', 'eventCalendar', eventCalendar, 'Volatility Event Calendar'],
  // Issue 27: the home, the deal pages, contact, donate and the tools index.
  ['/', '', home, 'Error fetching news'],
  ['/offers', 'offers', offers, 'Error fetching offers'],
  ['/moversShakers', 'moversShakers', moversShakers, 'Error fetching trending products'],
  ['/refer', 'refer', refer, 'Error fetching referral programmes'],
  // The form needs no data and still sends; only the email link could not be read.
  ['/contact', 'contact', contact, 'Write to us here and we will answer by email.'],
  ['/donate', 'donate', donate, 'The payment details could not be loaded. Please try again.'],
  // The index needs no data: it is shown as it is.
  ['/homeTools?q=audio', 'homeTools', homeTools, 'Every tool on the site, free to use, with no sign-in.'],
];

describe("a page whose data could not be had shows its own failure state, not the root's", () => {
  it.each(screens)('%s: %s', async (path, pattern, module, text) => {
    renderFailing(path, pattern, module);
    expect(await screen.findByText(text)).toBeTruthy();
    expect(screen.queryByText('Something went wrong')).toBeNull();
  });

  it('keeps the rows the address asks for on Trending Now', async () => {
    renderFailing('/trendingNow?rows=50', 'trendingNow', trendingNow);
    expect(((await screen.findByLabelText('Rows per page')) as HTMLSelectElement).value).toBe('50');
  });

  it("keeps the search's query", async () => {
    renderFailing('/SearchPage?q=upi', 'SearchPage', search);
    expect(((await screen.findByRole('searchbox')) as HTMLInputElement).value).toBe('upi');
  });
});

describe('the way back from a post or a web story that cannot be shown', () => {
  function renderWith(path: string, pattern: string, Component: React.ComponentType<never>, data: unknown) {
    const Stub = createRoutesStub([
      {
        id: 'root',
        path: '/',
        loader: () => ({ site, nonce: undefined }),
        HydrateFallback: () => null,
        children: [{ path: pattern, loader: () => data, Component: Component as React.ComponentType }],
      },
    ]);
    return render(<Stub initialEntries={[path]} />);
  }

  it.each(Object.values(postErrors))('post (%s): links to the forum and to search', async (error) => {
    renderWith('/post/x', 'post/:postId', post.default, { error });
    const article = (await screen.findByRole('alert')).closest('article') as HTMLElement;
    expect(
      within(article)
        .getByRole('link', { name: /User Forum/ })
        .getAttribute('href'),
    ).toBe('/userforum');
    expect(
      within(article)
        .getByRole('link', { name: /Search posts/ })
        .getAttribute('href'),
    ).toBe('/SearchPage');
  });

  it('post whose data request failed: the same links', async () => {
    renderFailing('/post/x', 'post/:postId', post);
    await screen.findByText('Error fetching post');
    expect(screen.getByRole('link', { name: /User Forum/ }).getAttribute('href')).toBe('/userforum');
    expect(screen.getByRole('link', { name: /Search posts/ }).getAttribute('href')).toBe('/SearchPage');
  });

  it.each(['There is no web story with this id.', 'The web story could not be loaded.'])(
    'web story (%s): links to the web stories',
    async (error) => {
      renderWith('/webstory/9', 'webstory/:id', webstory.default, { error });
      await screen.findByText(error);
      expect(screen.getByRole('link', { name: /web stories/ }).getAttribute('href')).toBe('/webstories');
    },
  );
});

describe("the root's data", () => {
  it('is not asked for again, so a failed data request fails for its page alone', () => {
    const args = { formMethod: undefined, defaultShouldRevalidate: true } as Parameters<
      typeof shouldRevalidate
    >[0];
    expect(shouldRevalidate(args)).toBe(false);
    expect(shouldRevalidate({ ...args, formMethod: 'POST' })).toBe(false);
  });
});
