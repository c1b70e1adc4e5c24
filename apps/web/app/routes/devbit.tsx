import type { DevbitAdminImage, DevbitGallery as Gallery } from '@hurryup/contracts/devbit';
import { devbitImagePath, imageUrlFromSegment } from '@hurryup/contracts/gallery-pages';
import { data } from 'react-router';
import { type PageCacheHandle, type PageLoadingHandle, pageData } from '#load-context';
import { DevbitGallery } from '../features/devbit/DevbitGallery.tsx';
import { loaderFailure } from '../shared/loader-failure.ts';
import { pageMeta, siteFromMatches } from '../shared/page-meta.ts';
import type { Route } from './+types/devbit';

type DevbitRouteData = {
  gallery: Gallery;
  chosen?: DevbitAdminImage | 'missing' | undefined;
  error?: string | undefined;
};

/** The same for every visitor: served from the page cache (docs/decisions/0012-page-cache.md). */
export const handle = {
  cache: { shows: ['devbit'] },
  loadingText: 'Loading images...',
} satisfies PageCacheHandle & PageLoadingHandle;

const failedText = 'Error fetching images';

export async function loader(args: Route.LoaderArgs) {
  const { context, request } = args;
  // The raw segment, decoded exactly once (an image URL holds '/' and '%').
  const segment = new URL(request.url).pathname.replace(/^\/devbit\/?/, '').replace(/\.data$/, '');
  const url = imageUrlFromSegment(segment);
  const devbit = pageData(context, 'devbit');
  try {
    const [gallery, chosen] = await Promise.all([devbit.gallery(), url ? devbit.find(url) : undefined]);
    if (url !== undefined && !chosen) {
      return data<DevbitRouteData>({ gallery, chosen: 'missing' }, { status: 404 });
    }
    return data<DevbitRouteData>({ gallery, chosen });
  } catch (error) {
    return loaderFailure<DevbitRouteData>(args, error, failedText, { gallery: {}, error: failedText });
  }
}

export const meta: Route.MetaFunction = ({ matches, loaderData, location }) => {
  const site = siteFromMatches(matches);
  const chosen = loaderData?.chosen;
  if (chosen && chosen !== 'missing') {
    return pageMeta(site, {
      title: `${chosen.category.toUpperCase()} tip`,
      description: chosen.alt,
      path: devbitImagePath(chosen.url),
      image: chosen.url,
      imageAlt: chosen.alt,
      extra: [
        { property: 'og:image:width', content: String(chosen.width) },
        { property: 'og:image:height', content: String(chosen.height) },
      ],
    });
  }
  return pageMeta(site, {
    title: 'DevBit - Developer Tips Gallery',
    description:
      'Short, tested code tips for Java, Git, Linux and JavaScript, one picture each, grouped by topic.',
    path: chosen === 'missing' ? location.pathname : '/devbit',
    noindex: chosen === 'missing',
  });
};

export default function DevbitRoute({ loaderData }: Route.ComponentProps) {
  return <DevbitGallery gallery={loaderData.gallery} chosen={loaderData.chosen} error={loaderData.error} />;
}

/** The page's failure state when its data request failed outright (decision 0010). */
export function ErrorBoundary() {
  return <DevbitGallery gallery={{}} chosen={undefined} error={failedText} />;
}
