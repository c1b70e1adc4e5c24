import { pageData } from '#load-context';
import { loadMarket } from '../features/market/market-load.ts';
import { StockTable } from '../features/market/StockTable.tsx';
import { pageMeta, siteFromMatches } from '../shared/page-meta.ts';
import type { Route } from './+types/daylow';

export async function loader({ context }: Route.LoaderArgs) {
  return { stocks: await loadMarket(() => pageData(context, 'market').stocks()) };
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
