import type { Comment } from '@hurryup/contracts/comment';
import { commentsKind } from '@hurryup/contracts/content-kinds';
import { imagePagePath, imageUrlFromSegment } from '@hurryup/contracts/gallery-pages';
import type { SizedImage } from '@hurryup/contracts/image-variants';
import { data, useLocation } from 'react-router';
import { type PageCacheHandle, pageData } from '#load-context';
import { ImagePage } from '../features/comments/ImagePage.tsx';
import { loaderFailure } from '../shared/loader-failure.ts';
import { pageMeta, siteFromMatches } from '../shared/page-meta.ts';
import type { Route } from './+types/image';

/**
 * Image pages are listed in the sitemap by the galleries (apps/server/src/features/galleries). The same for
 * every visitor, comments included, so served from the page cache: a comment write moves the revision of
 * that image's comments, and the next request for this page renders it again with it.
 */
export const handle = {
  sitemap: false,
  // The picture (whichever gallery shows it) and its own comments: a comment elsewhere leaves it cached.
  cache: { shows: (url) => imagePageShows(imageUrlFromSegment(url.pathname.replace(/^\/image\/?/, ''))) },
} satisfies PageCacheHandle & { sitemap: boolean };

function imagePageShows(imageUrl: string | null | undefined): string[] {
  return ['gallery', 'devbit', ...(imageUrl ? [commentsKind(imageUrl)] : [])];
}

type ImageRouteData = {
  image?: (SizedImage & { pagePath: string }) | undefined;
  imageUrl?: string | undefined;
  /** The newest page of comments, oldest first. */
  comments: Comment[];
  /** How many comments the image has in all. */
  total: number;
  message?: string | undefined;
};

export async function loader(args: Route.LoaderArgs) {
  const { context, request } = args;
  // The raw segment, decoded exactly once (an image URL holds '/' and '%').
  const segment = new URL(request.url).pathname.replace(/^\/image\/?/, '').replace(/\.data$/, '');
  const url = imageUrlFromSegment(segment);
  if (url === undefined) return data<ImageRouteData>({ comments: [], total: 0 }, { status: 404 });
  if (url === null)
    return data<ImageRouteData>({ imageUrl: segment, comments: [], total: 0 }, { status: 404 });
  const reader = pageData(context, 'comments');
  try {
    const image = await reader.image(url);
    if (!image) return data<ImageRouteData>({ imageUrl: url, comments: [], total: 0 }, { status: 404 });
    return data<ImageRouteData>({ image, imageUrl: url, ...(await reader.list(url)) });
  } catch (error) {
    return loaderFailure<ImageRouteData>(args, error, 'Error fetching image', {
      imageUrl: url,
      comments: [],
      total: 0,
      message: 'Error fetching images',
    });
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
      total={loaderData.total}
      message={loaderData.message}
    />
  );
}

/** The page's failure state when its data request failed outright (decision 0010). */
export function ErrorBoundary() {
  // The comment box still needs the image's URL from the address, as the loader reads it.
  const url = imageUrlFromSegment(useLocation().pathname.replace(/^\/image\/?/, ''));
  return (
    <ImagePage
      image={undefined}
      imageUrl={url ?? undefined}
      comments={[]}
      total={0}
      message="Error fetching images"
    />
  );
}
