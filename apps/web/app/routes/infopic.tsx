import type { GalleryImage } from '@hurryup/contracts/gallery';
import { data } from 'react-router';
import { type PageCacheHandle, pageData } from '#load-context';
import { ImageGallery } from '../features/galleries/ImageGallery.tsx';
import { pageMeta, siteFromMatches } from '../shared/page-meta.ts';
import type { Route } from './+types/infopic';

/** The same for every visitor: served from the page cache (docs/decisions/0012-page-cache.md). */
export const handle = { cache: {} } satisfies PageCacheHandle;

export async function loader({ context }: Route.LoaderArgs) {
  try {
    return { images: await pageData(context, 'galleries').images(), error: undefined };
  } catch (error) {
    console.error('Error fetching images', error);
    return data({ images: [] as GalleryImage[], error: 'Error fetching images' }, { status: 500 });
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
