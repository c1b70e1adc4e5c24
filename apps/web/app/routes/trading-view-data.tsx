import { pageData } from '#load-context';
import { loadMarket } from '../features/market/market-load.ts';
import { TradingSummary } from '../features/market/TradingSummary.tsx';
import { pageMeta, siteFromMatches } from '../shared/page-meta.ts';
import type { Route } from './+types/trading-view-data';

export async function loader({ context }: Route.LoaderArgs) {
  const market = pageData(context, 'market');
  const [trading, financial, news] = await Promise.all([
    loadMarket(() => market.tradingView()),
    loadMarket(() => market.financialData()),
    loadMarket(() => market.dailyNews()),
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
