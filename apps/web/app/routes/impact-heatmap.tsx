import type { PageLoadingHandle } from '#load-context';
import { ImpactHeatmap } from '../features/event-studies/ImpactHeatmap.tsx';
import { pageMeta, siteFromMatches } from '../shared/page-meta.ts';
import type { Route } from './+types/impact-heatmap';

export const handle = { loadingText: 'Loading...' } satisfies PageLoadingHandle;

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta(siteFromMatches(matches), {
    title: 'Impact Heatmap - AI Event Tracker',
    description:
      'How NIFTY, BANKNIFTY and the sector indices moved around RBI, US Fed, Budget and election events: average % returns from real data.',
    path: '/impactHeatmap',
  });

export default function ImpactHeatmapRoute() {
  return <ImpactHeatmap />;
}
