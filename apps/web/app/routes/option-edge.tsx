import { type PageCacheHandle, type PageLoadingHandle, pageData } from '#load-context';
import { loadStudy } from '../features/option-studies/load-study.ts';
import { StrategyRecommender } from '../features/option-studies/StrategyRecommender.tsx';
import { pageMeta, siteFromMatches } from '../shared/page-meta.ts';
import type { Route } from './+types/option-edge';

export const handle = {
  loadingText: 'Loading...',
  cache: { shows: ['market'] },
} satisfies PageLoadingHandle & PageCacheHandle;

export async function loader(args: Route.LoaderArgs) {
  return { indicators: await loadStudy(args, () => pageData(args.context, 'optionStudies').indicators()) };
}

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta(siteFromMatches(matches), {
    title: 'OptionEdge – Strategy Recommender',
    description:
      "A NIFTY option strategy for an event: the event's past moves against what India VIX prices, and the RSI trend.",
    path: '/optionEdge',
  });

export default function OptionEdgeRoute({ loaderData }: Route.ComponentProps) {
  return <StrategyRecommender indicators={loaderData.indicators} />;
}

export function ErrorBoundary() {
  return <StrategyRecommender indicators={{ state: 'unreachable' }} />;
}
