import type { PageLoadingHandle } from '#load-context';
import { EventCalendar } from '../features/event-studies/EventCalendar.tsx';
import { pageMeta, siteFromMatches } from '../shared/page-meta.ts';
import type { Route } from './+types/event-calendar';

export const handle = { loadingText: 'Loading...' } satisfies PageLoadingHandle;

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta(siteFromMatches(matches), {
    title: 'Volatility Event Calendar',
    description:
      'Upcoming RBI, US Fed, Budget and election dates rated by how much NIFTY moved on such days before.',
    path: '/eventCalendar',
  });

export default function EventCalendarRoute() {
  return <EventCalendar />;
}
