import type { WebStory } from '@hurryup/contracts/gallery';
import { webStoryPath } from '@hurryup/contracts/gallery-pages';
import { data } from 'react-router';
import { type PageCacheHandle, type PageLoadingHandle, pageData } from '#load-context';
import { WebStoryView } from '../features/galleries/WebStoryView.tsx';
import { loaderFailure } from '../shared/loader-failure.ts';
import { pageMeta, siteFromMatches } from '../shared/page-meta.ts';
import type { Route } from './+types/webstory';

type WebStoryRouteData = { story: WebStory; error?: undefined } | { story?: undefined; error: string };
const notFound = 'There is no web story with this id.';
const failedText = 'The web story could not be loaded.';

/** The same for every visitor: served from the page cache (docs/decisions/0012-page-cache.md). */
export const handle = {
  cache: { shows: ['webstories'] },
  loadingText: 'Loading web story...',
} satisfies PageCacheHandle & PageLoadingHandle;

export async function loader(args: Route.LoaderArgs) {
  const { context, params } = args;
  if (!/^[1-9][0-9]{0,9}$/.test(params.id)) {
    return data<WebStoryRouteData>({ error: notFound }, { status: 404 });
  }
  try {
    const story = await pageData(context, 'galleries').story(Number(params.id));
    if (!story) return data<WebStoryRouteData>({ error: notFound }, { status: 404 });
    return data<WebStoryRouteData>({ story });
  } catch (error) {
    // The specification logs a failed story load; the page says so too instead of staying blank.
    return loaderFailure<WebStoryRouteData>(args, error, 'Error fetching web story', { error: failedText });
  }
}

export const meta: Route.MetaFunction = ({ matches, loaderData, location }) => {
  const site = siteFromMatches(matches);
  const story = loaderData?.story;
  if (!story) {
    return pageMeta(site, {
      title: 'Web story',
      description: 'This web story could not be shown.',
      path: location.pathname,
      noindex: true,
    });
  }
  const cover = story.thumbnailUrl ?? story.pages[0]?.image;
  return pageMeta(site, {
    title: story.title,
    description: story.pages[0]?.text || `A web story from ${site.name}: ${story.title}.`,
    path: webStoryPath(story.id),
    type: 'article',
    image: cover,
    imageAlt: story.title,
  });
};

export default function WebStoryRoute({ loaderData }: Route.ComponentProps) {
  return <WebStoryView story={loaderData.story} error={loaderData.error} />;
}

/** The page's failure state when its data request failed outright (decision 0010). */
export function ErrorBoundary() {
  return <WebStoryView story={undefined} error={failedText} />;
}
