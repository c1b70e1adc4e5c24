import {
  type PageCacheHandle,
  type PageHydrationHandle,
  type PageLoadingHandle,
  pageData,
} from '#load-context';
import { loadMarket } from '../features/market/load-market.ts';
import { StockTable, stockTableRefreshMs } from '../features/market/StockTable.tsx';
import { pageMeta, siteFromMatches } from '../shared/page-meta.ts';
import type { Route } from './+types/daylow';

export const handle = {
  loadingText: 'Loading stock data...',
  cache: { shows: ['market'], follows: ['market-minute'] },
  // A table to read, whose one control (the sort) is held until then: it hydrates at first use, or when
  // its first refresh is due (decision 0018).
  hydrate: 'on-use',
  hydrateByMs: stockTableRefreshMs,
} satisfies PageLoadingHandle & PageCacheHandle & PageHydrationHandle;

export async function loader(args: Route.LoaderArgs) {
  return { stocks: await loadMarket(args, () => pageData(args.context, 'market').stocks()) };
}

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta(siteFromMatches(matches), {
    title: 'Live Stock Table',
    description: 'NIFTY 50 stocks: current price, day high and low, change % and technical rating.',
    path: '/daylow',
  });

export default function DaylowRoute({ loaderData }: Route.ComponentProps) {
  return <StockTable initial={loaderData.stocks} />;
}

/** The page's 'unreachable' state when its data request failed outright (decision 0010). */
export function ErrorBoundary() {
  return <StockTable initial={{ state: 'unreachable' }} />;
}
