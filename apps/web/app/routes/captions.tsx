import { type Captions, captionsDefaultCount, captionsDefaultQuery } from '@hurryup/contracts/market-news';
import { data } from 'react-router';
import { pageData } from '#load-context';
import { VideoTitles, videosFailed } from '../features/market-news/VideoTitles.tsx';
import { pageMeta, siteFromMatches } from '../shared/page-meta.ts';
import type { Route } from './+types/captions';

export async function loader({ context }: Route.LoaderArgs) {
  try {
    const captions = await pageData(context, 'marketNews').captions(
      captionsDefaultQuery,
      captionsDefaultCount,
    );
    return { captions, error: undefined };
  } catch (error) {
    console.error('Error fetching video titles', error);
    const empty: Captions = { status: 'success', videos: [], fetchedAt: null };
    return data({ captions: empty, error: videosFailed }, { status: 500 });
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
