import { type StockNews, stockNewsDefaultLimit } from '@hurryup/contracts/market-news';
import {
  type PageCacheHandle,
  type PageHydrationHandle,
  type PageLoadingHandle,
  pageData,
} from '#load-context';
import { StockNewsList, stockNewsFailed } from '../features/market-news/StockNewsList.tsx';
import { loaderFailure } from '../shared/loader-failure.ts';
import { pageMeta, siteFromMatches } from '../shared/page-meta.ts';
import type { Route } from './+types/stocks';

export const handle = {
  loadingText: 'Loading news...',
  // A page to read (headlines linking out): it hydrates at first use, not on arrival (decision 0018).
  hydrate: 'on-use',
  cache: { shows: ['market-news'] },
} satisfies PageLoadingHandle & PageCacheHandle & PageHydrationHandle;

export async function loader(args: Route.LoaderArgs) {
  try {
    return { news: await pageData(args.context, 'marketNews').news(stockNewsDefaultLimit), error: undefined };
  } catch (error) {
    const empty: StockNews = { news: [], fetchedAt: null };
    return loaderFailure(args, error, 'Error fetching stock news', { news: empty, error: stockNewsFailed });
  }
}

export const meta: Route.MetaFunction = ({ matches }) => {
  const site = siteFromMatches(matches);
  return pageMeta(site, {
    title: 'Stock Market News',
    description: `The latest Indian stock market news on ${site.name}: Sensex, Nifty, IPOs, the rupee and RBI, from India's business press.`,
    path: '/stocks',
  });
};

export default function StocksRoute({ loaderData }: Route.ComponentProps) {
  return <StockNewsList news={loaderData.news} error={loaderData.error} />;
}

/** The page's failure state when its data request failed outright (decision 0010). */
export function ErrorBoundary() {
  return <StockNewsList news={{ news: [], fetchedAt: null }} error={stockNewsFailed} />;
}
