import type { PageCacheHandle, PageLoadingHandle } from '#load-context';
import { BacktestRunner } from '../features/option-studies/BacktestRunner.tsx';
import { pageMeta, siteFromMatches } from '../shared/page-meta.ts';
import type { Route } from './+types/option-edge-backtest';

export const handle = {
  loadingText: 'Loading...',
  cache: { shows: ['market'] },
} satisfies PageLoadingHandle & PageCacheHandle;

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta(siteFromMatches(matches), {
    title: 'Backtest',
    description:
      "Replay the options assistant's signal rule on NIFTY 50 history: win rate, returns, drawdown and every trade.",
    path: '/optionEdgeBacktest',
  });

export default function OptionEdgeBacktestRoute() {
  return <BacktestRunner />;
}
