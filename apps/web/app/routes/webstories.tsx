import type { Video, WebStory } from '@hurryup/contracts/gallery';
import { data } from 'react-router';
import { type PageCacheHandle, pageData } from '#load-context';
import { VideoGallery } from '../features/galleries/VideoGallery.tsx';
import { pageMeta, siteFromMatches } from '../shared/page-meta.ts';
import type { Route } from './+types/webstories';

/** The same for every visitor: served from the page cache (docs/decisions/0012-page-cache.md). */
export const handle = { cache: {} } satisfies PageCacheHandle;

export async function loader({ context }: Route.LoaderArgs) {
  const galleries = pageData(context, 'galleries');
  try {
    const [stories, videos] = await Promise.all([galleries.stories(), galleries.videos()]);
    return { stories, videos, error: undefined };
  } catch (error) {
    console.error('Error fetching videos or web stories', error);
    return data(
      { stories: [] as WebStory[], videos: [] as Video[], error: 'Error fetching videos or web stories' },
      { status: 500 },
    );
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
