import { type TrendText, trendRowsSchema } from '@hurryup/contracts/market-news';
import { trendRowsDefault, trendRowsOptions } from '@hurryup/contracts/trend-rows';
import { useLocation } from 'react-router';
import { type PageCacheHandle, type PageLoadingHandle, pageData } from '#load-context';
import { TrendingNow, trendsFailed } from '../features/market-news/TrendingNow.tsx';
import { loaderFailure } from '../shared/loader-failure.ts';
import { pageMeta, siteFromMatches } from '../shared/page-meta.ts';
import type { Route } from './+types/trending-now';

export const handle = {
  loadingText: 'Loading trends...',
  cache: { shows: ['market-news'], query: ['rows'] },
} satisfies PageLoadingHandle & PageCacheHandle;

export async function loader(args: Route.LoaderArgs) {
  // An unknown ?rows= value shows the default rather than an error page: the selector puts it right.
  const parsed = trendRowsSchema.safeParse(args.url.searchParams.get('rows') ?? '');
  const rows = parsed.success ? parsed.data : trendRowsDefault;
  try {
    return { trends: await pageData(args.context, 'marketNews').trends(rows), error: undefined };
  } catch (error) {
    const empty: TrendText = { text: '', rows, count: 0, fetchedAt: null };
    return loaderFailure(args, error, 'Error fetching trends', { trends: empty, error: trendsFailed });
  }
}

export const meta: Route.MetaFunction = ({ matches }) => {
  const site = siteFromMatches(matches);
  return pageMeta(site, {
    title: 'Trending Now (Last 24 Hours)',
    description: `What India is searching for right now, in one list you can read or listen to, on ${site.name}.`,
    path: '/trendingNow',
  });
};

export default function TrendingNowRoute({ loaderData }: Route.ComponentProps) {
  return <TrendingNow trends={loaderData.trends} error={loaderData.error} />;
}

/** The page's failure state when its data request failed outright (decision 0010). */
export function ErrorBoundary() {
  // The rows the address asks for, read without the schema, which would bring zod to the page.
  const asked = new URLSearchParams(useLocation().search).get('rows');
  const rows = trendRowsOptions.find((option) => String(option) === asked) ?? trendRowsDefault;
  return <TrendingNow trends={{ text: '', rows, count: 0, fetchedAt: null }} error={trendsFailed} />;
}
