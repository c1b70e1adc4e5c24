import type { PageCacheHandle, PageLoadingHandle } from '#load-context';
import { FedAlert } from '../features/event-studies/FedAlert.tsx';
import { pageMeta, siteFromMatches } from '../shared/page-meta.ts';
import type { Route } from './+types/live-alert';

export const handle = {
  loadingText: 'Loading...',
  cache: { shows: [] },
} satisfies PageLoadingHandle & PageCacheHandle;

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta(siteFromMatches(matches), {
    title: 'Fed Day Alert System',
    description:
      "An alert before US Fed decisions from NIFTY's reaction to past decisions, optionally sent by WhatsApp.",
    path: '/liveAlert',
  });

export default function FedAlertRoute() {
  return <FedAlert />;
}
