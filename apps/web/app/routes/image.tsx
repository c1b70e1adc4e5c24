import type { Comment } from '@hurryup/contracts/comment';
import { imagePagePath, imageUrlFromSegment } from '@hurryup/contracts/gallery-pages';
import type { SizedImage } from '@hurryup/contracts/image-variants';
import { data } from 'react-router';
import { type PageCacheHandle, pageData } from '#load-context';
import { ImagePage } from '../features/comments/ImagePage.tsx';
import { pageMeta, siteFromMatches } from '../shared/page-meta.ts';
import type { Route } from './+types/image';

/**
 * Image pages are listed in the sitemap by the galleries (apps/server/src/features/galleries). The same for
 * every visitor, comments included, so served from the page cache: a comment write moves the content
 * revision, and the next request renders the page again with it.
 */
export const handle = { sitemap: false, cache: {} } satisfies PageCacheHandle & { sitemap: boolean };

type ImageRouteData = {
  image?: (SizedImage & { pagePath: string }) | undefined;
  imageUrl?: string | undefined;
  comments: Comment[];
  message?: string | undefined;
};

export async function loader({ context, request }: Route.LoaderArgs) {
  // The raw segment, decoded exactly once (an image URL holds '/' and '%').
  const segment = new URL(request.url).pathname.replace(/^\/image\/?/, '').replace(/\.data$/, '');
  const url = imageUrlFromSegment(segment);
  if (url === undefined) return data<ImageRouteData>({ comments: [] }, { status: 404 });
  if (url === null) return data<ImageRouteData>({ imageUrl: segment, comments: [] }, { status: 404 });
  const reader = pageData(context, 'comments');
  try {
    const image = await reader.image(url);
    if (!image) return data<ImageRouteData>({ imageUrl: url, comments: [] }, { status: 404 });
    return data<ImageRouteData>({ image, imageUrl: url, comments: await reader.list(url) });
  } catch (error) {
    console.error('Error fetching image', error);
    return data<ImageRouteData>(
      { imageUrl: url, comments: [], message: 'Error fetching images' },
      { status: 500 },
    );
  }
}

export const meta: Route.MetaFunction = ({ matches, loaderData, location }) => {
  const site = siteFromMatches(matches);
  const image = loaderData?.image;
  if (!image) {
    return pageMeta(site, {
      title: 'No image available',
      description: 'This image could not be shown.',
      path: location.pathname,
      noindex: true,
    });
  }
  // A generic title and description, the image and the page URL (content-and-shell.md "Image page").
  return pageMeta(site, {
    title: 'Infographic',
    description: `${image.alt} See the picture and add your comment on ${site.name}.`,
    path: imagePagePath(image.url),
    image: image.url,
    imageAlt: image.alt,
    extra: [
      { property: 'og:image:width', content: String(image.width) },
      { property: 'og:image:height', content: String(image.height) },
    ],
  });
};

export default function ImageRoute({ loaderData }: Route.ComponentProps) {
  return (
    <ImagePage
      image={loaderData.image}
      imageUrl={loaderData.imageUrl}
      comments={loaderData.comments}
      message={loaderData.message}
    />
  );
}
