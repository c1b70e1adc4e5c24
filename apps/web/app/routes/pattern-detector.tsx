import { type PageCacheHandle, type PageLoadingHandle, pageData } from '#load-context';
import { loadStudy } from '../features/option-studies/load-study.ts';
import { PatternDetector } from '../features/option-studies/PatternDetector.tsx';
import { pageMeta, siteFromMatches } from '../shared/page-meta.ts';
import type { Route } from './+types/pattern-detector';

export const handle = {
  loadingText: 'Loading...',
  cache: { shows: ['market'] },
} satisfies PageLoadingHandle & PageCacheHandle;

export async function loader(args: Route.LoaderArgs) {
  return { indicators: await loadStudy(args, () => pageData(args.context, 'optionStudies').indicators()) };
}

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta(siteFromMatches(matches), {
    title: 'Pattern Detector AI',
    description:
      'Candlestick and chart patterns on the latest NIFTY 50 sessions, with how often each followed through.',
    path: '/patternDetector',
  });

export default function PatternDetectorRoute({ loaderData }: Route.ComponentProps) {
  return <PatternDetector indicators={loaderData.indicators} />;
}

export function ErrorBoundary() {
  return <PatternDetector indicators={{ state: 'unreachable' }} />;
}
