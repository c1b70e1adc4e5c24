import { type TrendText, trendRowsSchema } from '@hurryup/contracts/market-news';
import { trendRowsDefault } from '@hurryup/contracts/trend-rows';
import { data } from 'react-router';
import { pageData } from '#load-context';
import { TrendingNow, trendsFailed } from '../features/market-news/TrendingNow.tsx';
import { pageMeta, siteFromMatches } from '../shared/page-meta.ts';
import type { Route } from './+types/trending-now';

export async function loader({ context, request }: Route.LoaderArgs) {
  // An unknown ?rows= value shows the default rather than an error page: the selector puts it right.
  const parsed = trendRowsSchema.safeParse(new URL(request.url).searchParams.get('rows') ?? '');
  const rows = parsed.success ? parsed.data : trendRowsDefault;
  try {
    return { trends: await pageData(context, 'marketNews').trends(rows), error: undefined };
  } catch (error) {
    console.error('Error fetching trends', error);
    const empty: TrendText = { text: '', rows, count: 0, fetchedAt: null };
    return data({ trends: empty, error: trendsFailed }, { status: 500 });
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
