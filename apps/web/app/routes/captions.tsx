import { type Captions, captionsDefaultCount, captionsDefaultQuery } from '@hurryup/contracts/market-news';
import {
  type PageCacheHandle,
  type PageHydrationHandle,
  type PageLoadingHandle,
  pageData,
} from '#load-context';
import { VideoTitles, videosFailed } from '../features/market-news/VideoTitles.tsx';
import { loaderFailure } from '../shared/loader-failure.ts';
import { pageMeta, siteFromMatches } from '../shared/page-meta.ts';
import type { Route } from './+types/captions';

export const handle = {
  loadingText: 'Loading video titles...',
  // A page to read (video titles, with a read-aloud button held until then): it hydrates at first use, not on arrival (decision 0018).
  hydrate: 'on-use',
  cache: { shows: ['market-news'] },
} satisfies PageLoadingHandle & PageCacheHandle & PageHydrationHandle;

export async function loader(args: Route.LoaderArgs) {
  try {
    const captions = await pageData(args.context, 'marketNews').captions(
      captionsDefaultQuery,
      captionsDefaultCount,
    );
    return { captions, error: undefined };
  } catch (error) {
    const empty: Captions = { status: 'success', videos: [], fetchedAt: null };
    return loaderFailure(args, error, 'Error fetching video titles', {
      captions: empty,
      error: videosFailed,
    });
  }
}

export const meta: Route.MetaFunction = ({ matches }) => {
  const site = siteFromMatches(matches);
  return pageMeta(site, {
    title: 'Trending Video Titles',
    description: `Titles of the latest videos from Indian news channels, read aloud on request, on ${site.name}.`,
    path: '/captions',
  });
};

export default function CaptionsRoute({ loaderData }: Route.ComponentProps) {
  return <VideoTitles captions={loaderData.captions} error={loaderData.error} />;
}

/** The page's failure state when its data request failed outright (decision 0010). */
export function ErrorBoundary() {
  return <VideoTitles captions={{ status: 'success', videos: [], fetchedAt: null }} error={videosFailed} />;
}
