import type { PostSearchHit } from '@hurryup/contracts/post';
import { render, screen } from '@testing-library/react';
import { createRoutesStub, Outlet } from 'react-router';
import { describe, expect, it } from 'vitest';
import type { PageHydrationHandle } from '#load-context';
import type { BlogView } from '../features/blogs/page-data.ts';
import type { PostListItem, PostView } from '../features/posts/page-data.ts';
import { SiteFooter } from '../features/shell/SiteFooter.tsx';
import { SiteHeader } from '../features/shell/SiteHeader.tsx';

// docs/decisions/0018-content-pages-hydrate-on-use.md: a page that hydrates at first use is used as plain
// HTML until then, so it has no textarea or select (their state cannot be handed to React) and every form
// submits somewhere real (an `action`).
type RouteModule = { default: React.ComponentType; handle?: PageHydrationHandle };
const routeModules = import.meta.glob<RouteModule>(['./**/*.tsx', '!./**/*.test.tsx'], { eager: true });

const site = { name: 'Hurry Up', baseUrl: 'http://localhost', ads: { slots: {} } };
// Bodies as the server renders them (@hurryup/markdown): a heading, a list, a table, an image and a link.
const html =
  ('<h2>Safety</h2><ul><li>Never share your PIN.</li></ul><p><img src="/images/upi.png" alt="A phone" ' +
    'loading="lazy" decoding="async"> <a href="https://npci.org.in" rel="nofollow ugc noopener">NPCI</a></p>' +
    '<div class="table-scroll"><table><thead><tr><th scope="col">Bank</th></tr></thead><tbody><tr><td>A</td></tr></tbody></table></div>') as PostView['html'];
const blogs: BlogView[] = [
  {
    id: 1,
    title: 'First',
    html,
    summary: 'One Two',
    author: 'Team',
    createdAt: '2026-11-20T10:00:00Z',
    draft: false,
  },
  {
    id: 2,
    title: 'Second',
    html,
    summary: 'Three',
    author: 'Team',
    createdAt: '2026-11-21T10:00:00Z',
    draft: false,
  },
];
const post: PostView = {
  id: 7,
  title: 'UPI safety',
  author: 'Team',
  createdAt: '2026-11-20T10:00:00Z',
  description: 'Stay safe',
  imgf: false,
  draft: false,
  html,
  readAloud: 'UPI safety.\n\nSafety\n\nNever share your PIN.',
  summary: 'Stay safe',
  firstImage: { url: '/images/upi.png', alt: 'A phone' },
};
const listItem: PostListItem = {
  id: 7,
  title: 'UPI safety',
  createdAt: post.createdAt,
  summary: 'Stay safe',
  html,
};
const hits: PostSearchHit[] = [{ id: 7, title: 'UPI safety', description: 'Stay safe' }];

const sampleOffer = {
  id: 1,
  title: 'Basmati rice, 5 kg',
  price: 549,
  discount: 60,
  flag: 'Off' as const,
  link: 'https://dailykart.example/rice',
  imageUrl: '/content/images/offers/staples.png',
  width: 640,
  height: 400,
  site: 'DailyKart',
  desr: 'Long-grain aged basmati.',
  validity: '2026-12-15',
};

/** Each on-use page at its address with its fullest loader data (every part it can show). */
const samples: Record<string, { path: string; pattern?: string; loaderData: unknown; forms?: number }> = {
  './blog.tsx': { path: '/blog?entry=1', loaderData: { blogs, entry: 1, error: undefined } },
  './forum.tsx': {
    path: '/userforum?page=2',
    loaderData: { posts: [listItem], page: 2, pages: 3, error: undefined },
    forms: 1,
  },
  './post.tsx': { path: '/post/UPI%20safety', pattern: 'post/:postId', loaderData: { post } },
  './search.tsx': {
    path: '/SearchPage?q=upi',
    loaderData: { q: 'upi', results: hits, error: undefined },
    forms: 1,
  },
  './offers.tsx': { path: '/offers', loaderData: { offers: [sampleOffer], error: undefined } },
  './movers-shakers.tsx': {
    path: '/moversShakers',
    loaderData: { movers: [{ ...sampleOffer, rankChange: 12 }], error: undefined },
  },
  './refer.tsx': {
    path: '/refer',
    loaderData: {
      referrals: [
        {
          ...sampleOffer,
          app: 'PayEasy',
          bonus: '₹100',
          code: 'HU100',
          terms: 'First payment.',
          alt: 'PayEasy tile',
        },
      ],
      error: undefined,
    },
  },
  './home.tsx': {
    path: '/',
    pattern: '',
    loaderData: {
      today: '2026-11-24',
      news: [
        {
          id: 2,
          entryId: 2,
          text: 'Ad first',
          validity: '2026-12-01',
          flink: 'https://a.example/story',
          alink: 'https://ads.example/x',
        },
        { id: 1, entryId: 1, text: 'Plain', validity: '2026-12-01' },
      ],
      holidays: [{ id: 1, date: '2026-11-24', occasion: 'Guru Nanak Jayanti', description: 'Banks closed' }],
      rains: [{ id: 1, date: '2026-11-24', name: 'Chennai', description: 'Showers' }],
      error: undefined,
    },
  },
  './home-tools.tsx': {
    path: '/homeTools?q=pdf',
    pattern: 'homeTools',
    loaderData: { query: 'pdf' },
    forms: 1,
  },
  // The trading pages that only show figures, headlines or titles (their read-aloud button is held).
  './volat.tsx': {
    path: '/volat',
    loaderData: {
      suggestion: {
        state: 'ok',
        data: {
          nifty: 26129.6,
          rsi: 56.07,
          vix: 9.48,
          suggestion: 'No trade: neither momentum nor volatility gives an edge right now.',
          rule: 'no-edge: RSI 56.1 and India VIX 9.5 match no rule',
          asOf: '2025-12-31',
        },
      },
    },
  },
  './daylow.tsx': {
    path: '/daylow',
    loaderData: {
      stocks: {
        state: 'ok',
        data: [
          {
            symbol: 'TCS',
            price: 4100.5,
            high: 4120,
            low: 4080.25,
            change: 0.42,
            rating: 'Buy',
            asOf: '2025-12-31',
          },
        ],
      },
    },
  },
  './stocks.tsx': {
    path: '/stocks',
    loaderData: {
      news: {
        news: [
          {
            title: 'Nifty ends higher',
            summary: 'Banks led the gains.',
            url: 'https://markets.example/nifty',
            image_url: 'https://markets.example/nifty.jpg',
            source: 'ET Markets',
            published_at: '2026-11-24T10:00:00Z',
          },
        ],
        fetchedAt: '2026-11-24T10:05:00Z',
      },
      error: undefined,
    },
  },
  './trading-view-data.tsx': {
    path: '/tradingViewData',
    loaderData: {
      trading: {
        state: 'ok',
        data: {
          summary: [
            { name: 'Sell' },
            { name: '8' },
            { name: 'Neutral' },
            { name: '9' },
            { name: 'Buy' },
            { name: '9' },
          ],
          oscillators: [
            { name: 'Sell' },
            { name: '2' },
            { name: 'Neutral' },
            { name: '8' },
            { name: 'Buy' },
            { name: '1' },
          ],
          movingAverages: [
            { name: 'Sell' },
            { name: '6' },
            { name: 'Neutral' },
            { name: '1' },
            { name: 'Buy' },
            { name: '8' },
          ],
          symbol: 'NIFTY 50',
          rating: 'Neutral',
          asOf: '2025-12-31',
        },
      },
      financial: {
        state: 'ok',
        data: {
          status: 'success',
          data: { 'Nifty Index': 26129.6, 'India VIX': 9.48 },
          live: false,
          marketOpen: false,
          asOf: '2025-12-31',
        },
      },
      news: { state: 'ok', data: { news: 'NIFTY closed at 26,129.60.', asOf: '2025-12-31' } },
    },
  },
  './captions.tsx': {
    path: '/captions',
    loaderData: {
      captions: {
        status: 'success',
        videos: [{ title: 'Markets today' }],
        fetchedAt: '2026-11-24T10:05:00Z',
      },
      error: undefined,
    },
  },
  './legal/about-us.tsx': { path: '/aboutus', loaderData: null },
  './legal/affiliate-disclosure.tsx': { path: '/affiliate-disclosure', loaderData: null },
  './legal/disclaimer.tsx': { path: '/disclaimer', loaderData: null },
  './legal/privacy-policy.tsx': { path: '/privacy-policy', loaderData: null },
  './legal/privacy-policy-full.tsx': { path: '/privacy-policy/full', loaderData: null },
  './legal/terms-of-service.tsx': { path: '/terms-of-service', loaderData: null },
  './legal/terms-of-service-full.tsx': { path: '/terms-of-service/full', loaderData: null },
  './trading-methods.tsx': {
    path: '/trading-methods',
    loaderData: {
      html: '<h1 id="trading-methods">Trading methods</h1><p><a href="/tradebot">Signal</a></p><table><thead><tr><th>RSI</th></tr></thead><tbody><tr><td><code>30</code></td></tr></tbody></table>',
    },
  },
};

const onUseRoutes = Object.entries(routeModules)
  .filter(([, module]) => module.handle?.hydrate === 'on-use')
  .map(([file]) => file)
  .sort();

/** Renders a page inside the shell every page has, as the server would send it. */
async function renderPage(
  Component: React.ComponentType,
  path: string,
  loaderData: unknown,
  pattern = new URL(path, 'http://x').pathname.slice(1),
) {
  const Stub = createRoutesStub([
    {
      id: 'root',
      path: '/',
      loader: () => ({ site, nonce: undefined, year: 2026 }),
      HydrateFallback: () => null,
      Component: () => (
        <>
          <SiteHeader siteName={site.name} />
          <main>
            <Outlet />
          </main>
          <SiteFooter siteName={site.name} year={2026} />
        </>
      ),
      children: [{ path: pattern, loader: () => loaderData, Component }],
    },
  ]);
  const { container } = render(<Stub initialEntries={[path]} />);
  await screen.findByRole('main');
  await new Promise((resolve) => setTimeout(resolve, 0));
  return container;
}

/** What breaks the rules of a page that hydrates on use. */
function ruleBreaks(container: HTMLElement): string[] {
  const breaks = [...container.querySelectorAll('textarea, select')].map(
    (element) => `a <${element.tagName.toLowerCase()}> (${element.getAttribute('name') ?? element.id})`,
  );
  for (const form of container.querySelectorAll('form')) {
    if (!form.getAttribute('action')) breaks.push(`a form without an action (${form.className})`);
  }
  return breaks;
}

describe('pages that hydrate on use (handle.hydrate)', () => {
  it('are the reading pages, each with a sample to check', () => {
    expect(onUseRoutes).toEqual(Object.keys(samples).sort());
  });

  it.each(onUseRoutes)('%s has no textarea or select, and every form has an action', async (file) => {
    const sample = samples[file];
    if (!sample) throw new Error(`Add a sample for ${file} to this test's samples.`);
    const container = await renderPage(
      routeModules[file]!.default,
      sample.path,
      sample.loaderData,
      sample.pattern,
    );
    expect(container.querySelector('main')?.textContent).not.toBe('');
    // The forum's pager and the search box: the action check has something to check.
    expect(container.querySelectorAll('main form')).toHaveLength(sample.forms ?? 0);
    expect(ruleBreaks(container)).toEqual([]);
  });

  it('the check finds a textarea, a select and a form without an action', async () => {
    const container = await renderPage(
      () => (
        <form className="box" onSubmit={(event) => event.preventDefault()}>
          <textarea name="comment" />
          <select name="rows" />
        </form>
      ),
      '/x',
      null,
    );
    expect(ruleBreaks(container)).toEqual([
      'a <textarea> (comment)',
      'a <select> (rows)',
      'a form without an action (box)',
    ]);
  });
});
