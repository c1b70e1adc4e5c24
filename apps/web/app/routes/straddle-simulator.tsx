import type { PageCacheHandle, PageLoadingHandle } from '#load-context';
import { StraddleSimulator } from '../features/event-studies/StraddleSimulator.tsx';
import { pageMeta, siteFromMatches } from '../shared/page-meta.ts';
import type { Route } from './+types/straddle-simulator';

export const handle = {
  loadingText: 'Loading...',
  cache: { shows: [] },
} satisfies PageLoadingHandle & PageCacheHandle;

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta(siteFromMatches(matches), {
    title: 'Straddle Simulator: RBI Day Strategy',
    description:
      'Backtest a NIFTY call and put bought before RBI policy days, priced with Black-Scholes and India VIX from real data.',
    path: '/straddleSimulator',
  });

export default function StraddleSimulatorRoute() {
  return <StraddleSimulator />;
}
