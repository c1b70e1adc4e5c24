import { type PageCacheHandle, type PageLoadingHandle, pageData } from '#load-context';
import { ImpactHeatmap } from '../features/event-studies/ImpactHeatmap.tsx';
import { loadEventStudy } from '../features/event-studies/load-event-study.ts';
import { pageMeta, siteFromMatches } from '../shared/page-meta.ts';
import type { Route } from './+types/impact-heatmap';

export const handle = {
  loadingText: 'Loading...',
  cache: { shows: ['market'] },
} satisfies PageLoadingHandle & PageCacheHandle;

export async function loader(args: Route.LoaderArgs) {
  return { heatmap: await loadEventStudy(args, () => pageData(args.context, 'event-studies').heatmap()) };
}

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta(siteFromMatches(matches), {
    title: 'Impact Heatmap - AI Event Tracker',
    description:
      'How NIFTY, BANKNIFTY and the sector indices moved around RBI, US Fed, Budget and election events: average % returns from real data.',
    path: '/impactHeatmap',
  });

export default function ImpactHeatmapRoute({ loaderData }: Route.ComponentProps) {
  return <ImpactHeatmap initial={loaderData.heatmap} />;
}

/** The page's failure state when its data request failed outright (decision 0010). */
export function ErrorBoundary() {
  return <ImpactHeatmap initial={{ state: 'unreachable' }} />;
}
