import {
  type PageCacheHandle,
  type PageHydrationHandle,
  type PageLoadingHandle,
  pageData,
} from '#load-context';
import { loadMarket } from '../features/market/load-market.ts';
import { TradingSummary } from '../features/market/TradingSummary.tsx';
import { pageMeta, siteFromMatches } from '../shared/page-meta.ts';
import type { Route } from './+types/trading-view-data';

export const handle = {
  loadingText: 'Loading trading data...',
  // A page to read (a summary of figures): it hydrates at first use, not on arrival (decision 0018).
  hydrate: 'on-use',
  cache: { shows: ['market'] },
} satisfies PageLoadingHandle & PageCacheHandle & PageHydrationHandle;

export async function loader(args: Route.LoaderArgs) {
  const market = pageData(args.context, 'market');
  const [trading, financial, news] = await Promise.all([
    loadMarket(args, () => market.tradingView()),
    loadMarket(args, () => market.financialData()),
    loadMarket(args, () => market.dailyNews()),
  ]);
  return { trading, financial, news };
}

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta(siteFromMatches(matches), {
    title: 'Trading Data Summary',
    description: 'The NIFTY 50 technical summary (Sell, Neutral and Buy signals), Nifty Index and India VIX.',
    path: '/tradingViewData',
  });

export default function TradingViewDataRoute({ loaderData }: Route.ComponentProps) {
  return <TradingSummary {...loaderData} />;
}

/** The page's 'unreachable' state when its data request failed outright (decision 0010). */
export function ErrorBoundary() {
  const unreachable = { state: 'unreachable' } as const;
  return <TradingSummary trading={unreachable} financial={unreachable} news={unreachable} />;
}
