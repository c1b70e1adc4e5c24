import type { GalleryImage } from '@hurryup/contracts/gallery';
import { type PageCacheHandle, type PageLoadingHandle, pageData } from '#load-context';
import { ImageGallery } from '../features/galleries/ImageGallery.tsx';
import { loaderFailure } from '../shared/loader-failure.ts';
import { pageMeta, siteFromMatches } from '../shared/page-meta.ts';
import type { Route } from './+types/infopic';

/** The same for every visitor: served from the page cache (docs/decisions/0012-page-cache.md). */
export const handle = {
  cache: { shows: ['gallery'] },
  loadingText: 'Loading images...',
} satisfies PageCacheHandle & PageLoadingHandle;

const failedText = 'Error fetching images';

export async function loader(args: Route.LoaderArgs) {
  try {
    return { images: await pageData(args.context, 'galleries').images(), error: undefined };
  } catch (error) {
    return loaderFailure(args, error, failedText, { images: [] as GalleryImage[], error: failedText });
  }
}

export const meta: Route.MetaFunction = ({ matches, loaderData }) =>
  pageMeta(siteFromMatches(matches), {
    title: 'Image Gallery - Infographics',
    description:
      'Infographics that explain UPI safety, NIFTY options, India VIX, healthy Indian meals, exam planning and more, one picture each.',
    path: '/infopic',
    image: loaderData?.images[0]?.url,
    imageAlt: loaderData?.images[0]?.alt,
  });

export default function InfopicRoute({ loaderData }: Route.ComponentProps) {
  return <ImageGallery images={loaderData.images} error={loaderData.error} />;
}

/** The page's failure state when its data request failed outright (decision 0010). */
export function ErrorBoundary() {
  return <ImageGallery images={[]} error={failedText} />;
}
