import { pageData } from '#load-context';
import { BreakoutAlerts } from '../features/market/BreakoutAlerts.tsx';
import { loadMarket } from '../features/market/market-load.ts';
import { pageMeta, siteFromMatches } from '../shared/page-meta.ts';
import type { Route } from './+types/breakout';

export async function loader({ context }: Route.LoaderArgs) {
  return { alert: await loadMarket(() => pageData(context, 'market').breakout()) };
}

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta(siteFromMatches(matches), {
    title: 'Breakout / Breakdown Alerts',
    description:
      'NIFTY 50 closes beyond the 20-day high or low, with volume confirmation where volume exists.',
    path: '/breakout',
  });

export default function BreakoutRoute({ loaderData }: Route.ComponentProps) {
  return <BreakoutAlerts initial={loaderData.alert} />;
}
