import { type PageCacheHandle, type PageLoadingHandle, pageData } from '#load-context';
import { EventCalendar } from '../features/event-studies/EventCalendar.tsx';
import { loadEventStudy } from '../features/event-studies/load-event-study.ts';
import { pageMeta, siteFromMatches } from '../shared/page-meta.ts';
import type { Route } from './+types/event-calendar';

export const handle = {
  loadingText: 'Loading...',
  cache: { shows: ['market'], follows: ['india-date'] },
} satisfies PageLoadingHandle & PageCacheHandle;

export async function loader(args: Route.LoaderArgs) {
  return { calendar: await loadEventStudy(args, () => pageData(args.context, 'event-studies').calendar()) };
}

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta(siteFromMatches(matches), {
    title: 'Volatility Event Calendar',
    description:
      'Upcoming RBI, US Fed, Budget and election dates rated by how much NIFTY moved on such days before.',
    path: '/eventCalendar',
  });

export default function EventCalendarRoute({ loaderData }: Route.ComponentProps) {
  return <EventCalendar load={loaderData.calendar} />;
}

/** The page's failure state when its data request failed outright (decision 0010). */
export function ErrorBoundary() {
  return <EventCalendar load={{ state: 'unreachable' }} />;
}
