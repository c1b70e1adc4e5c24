import type { Video, WebStory } from '@hurryup/contracts/gallery';
import { type PageCacheHandle, type PageLoadingHandle, pageData } from '#load-context';
import { VideoGallery } from '../features/galleries/VideoGallery.tsx';
import { loaderFailure } from '../shared/loader-failure.ts';
import { pageMeta, siteFromMatches } from '../shared/page-meta.ts';
import type { Route } from './+types/webstories';

/** The same for every visitor: served from the page cache (docs/decisions/0012-page-cache.md). */
export const handle = {
  cache: { shows: ['videos', 'webstories'] },
  loadingText: 'Loading videos...',
} satisfies PageCacheHandle & PageLoadingHandle;

const failedText = 'Error fetching videos or web stories';

export async function loader(args: Route.LoaderArgs) {
  const galleries = pageData(args.context, 'galleries');
  try {
    const [stories, videos] = await Promise.all([galleries.stories(), galleries.videos()]);
    return { stories, videos, error: undefined };
  } catch (error) {
    return loaderFailure(args, error, failedText, {
      stories: [] as WebStory[],
      videos: [] as Video[],
      error: failedText,
    });
  }
}

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta(siteFromMatches(matches), {
    title: 'Video Gallery and Web Stories',
    description:
      'Short web stories and helpful videos on UPI safety, NIFTY options, healthy food, exams and monsoon safety.',
    path: '/webstories',
  });

export default function WebStoriesRoute({ loaderData }: Route.ComponentProps) {
  return <VideoGallery stories={loaderData.stories} videos={loaderData.videos} error={loaderData.error} />;
}

/** The page's failure state when its data request failed outright (decision 0010). */
export function ErrorBoundary() {
  return <VideoGallery stories={[]} videos={[]} error={failedText} />;
}
