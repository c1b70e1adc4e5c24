import { dailyNewsKinds, indiaDate, secondsUntilIndiaMidnight } from '@hurryup/contracts/daily-news-rules';
import { data } from 'react-router';
import {
  appContext,
  type PageCacheHandle,
  type PageHydrationHandle,
  type PageLoadingHandle,
  pageData,
} from '#load-context';
import { DailyNewsHome, type DailyNewsHomeData } from '../features/daily-news/DailyNewsHome.tsx';
import { loaderFailure } from '../shared/loader-failure.ts';
import { pageMeta, siteFromMatches } from '../shared/page-meta.ts';
import type { Route } from './+types/home';

/**
 * The same for every visitor, from the page cache, until a write of what it shows or midnight in India,
 * whichever comes first: the next day's page never shows yesterday's news.
 */
export const handle = {
  cache: {
    shows: [dailyNewsKinds.newsItems, dailyNewsKinds.holidays, dailyNewsKinds.rains],
    maxAgeSeconds: (now: Date) => secondsUntilIndiaMidnight(now),
  },
  loadingText: 'Loading news...',
  // The front door, read by most: it hydrates at first use (decision 0018). A news card that opens two
  // tabs is a link marked data-hold, so a click before hydration is replayed to the application.
  hydrate: 'on-use',
} satisfies PageCacheHandle & PageLoadingHandle & PageHydrationHandle;

const failedText = 'Error fetching news';

/** Tells the page cache not to keep a page rendered while a box's records could not be read. */
const doNotKeep = { 'x-page-expires': new Date(0).toUTCString() };

export async function loader(args: Route.LoaderArgs) {
  const reader = pageData(args.context, 'dailyNews');
  const today = reader.today();
  const [news, holidays, rains] = await Promise.allSettled([
    reader.news(),
    reader.holidays(),
    reader.rains(),
  ]);
  if (news.status === 'rejected') {
    return loaderFailure<DailyNewsHomeData>(args, news.reason, failedText, {
      today,
      news: [],
      error: failedText,
    });
  }
  // A box whose records could not be read is left out (tools-and-trading.md section 8); the news still shows.
  const log = args.context.get(appContext).log;
  for (const [what, result] of [
    ['holidays', holidays],
    ['rains', rains],
  ] as const) {
    if (result.status === 'rejected')
      log.error({ err: result.reason, route: args.pattern }, `Error fetching ${what} for the home page`);
  }
  const partial = holidays.status === 'rejected' || rains.status === 'rejected';
  return data<DailyNewsHomeData>(
    {
      today,
      news: news.value,
      holidays: holidays.status === 'fulfilled' ? holidays.value : undefined,
      rains: rains.status === 'fulfilled' ? rains.value : undefined,
    },
    partial ? { headers: doNotKeep } : undefined,
  );
}

export function headers({ loaderHeaders }: Route.HeadersArgs) {
  return loaderHeaders;
}

export const meta: Route.MetaFunction = ({ matches }) => {
  const site = siteFromMatches(matches);
  return pageMeta(site, {
    // tools-and-trading.md: the home is titled 'Hurry Up!', the site's name (SITE_NAME) with its '!'.
    title: `${site.name}!`,
    bareTitle: true,
    description:
      "Today's short news and tips for India, the holiday and rain of the day, and a calendar of holidays.",
    path: '/',
  });
};

export default function HomeRoute({ loaderData }: Route.ComponentProps) {
  return <DailyNewsHome {...loaderData} />;
}

/** The page's failure state when its data request failed outright (decision 0010): today's calendar, no news. */
export function ErrorBoundary() {
  return <DailyNewsHome today={indiaDate(Date.now())} news={[]} error={failedText} />;
}
