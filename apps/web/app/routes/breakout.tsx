import { type PageCacheHandle, type PageLoadingHandle, pageData } from '#load-context';
import { BreakoutAlerts } from '../features/market/BreakoutAlerts.tsx';
import { loadMarket } from '../features/market/load-market.ts';
import { pageMeta, siteFromMatches } from '../shared/page-meta.ts';
import type { Route } from './+types/breakout';

export const handle = {
  loadingText: 'Loading alerts...',
  cache: { shows: ['market'] },
} satisfies PageLoadingHandle & PageCacheHandle;

export async function loader(args: Route.LoaderArgs) {
  return { alert: await loadMarket(args, () => pageData(args.context, 'market').breakout()) };
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

/** The page's 'unreachable' state when its data request failed outright (decision 0010). */
export function ErrorBoundary() {
  return <BreakoutAlerts initial={{ state: 'unreachable' }} />;
}
