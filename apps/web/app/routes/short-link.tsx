import { previewSuffix } from '@hurryup/contracts/shortener-rules';
import { data } from 'react-router';
import { type PageCacheHandle, type PageLoadingHandle, pageData } from '#load-context';
import type { DisabledShortLinkData, ShortLinkPreviewData } from '../features/shortener/page-data.ts';
import { ShortLinkPreview } from '../features/shortener/ShortLinkPreview.tsx';
import { loaderFailure } from '../shared/loader-failure.ts';
import { pageMeta, siteFromMatches } from '../shared/page-meta.ts';
import type { Route } from './+types/short-link';

type ShortLinkRouteData =
  | { link: ShortLinkPreviewData | DisabledShortLinkData | undefined; error?: undefined }
  | { link?: undefined; error: string };
const failedText = 'The short link could not be loaded. Please try again.';

/**
 * `/s/<code>+`: a short link's preview. Not cached (its clicks move with every redirect, which must never
 * touch the page cache). `/s/<code>` itself is the server's redirect; the unknown codes it leaves here,
 * and any other address under /s/, get the 404 text; a link the site disabled gets its 410 page here.
 */
export const handle = {
  loadingText: 'Loading short link...',
  uncached:
    'Its click count moves with every redirect, which must never touch the page cache; any code may be asked for, and unknown ones would fill it.',
} satisfies PageLoadingHandle & PageCacheHandle;

export async function loader(args: Route.LoaderArgs) {
  const { context, params } = args;
  if (!params.code.endsWith(previewSuffix))
    return data<ShortLinkRouteData>({ link: undefined }, { status: 404 });
  try {
    const link = await pageData(context, 'shortener').preview(params.code.slice(0, -previewSuffix.length));
    // A link the site disabled: 410, as its redirect answers.
    return data<ShortLinkRouteData>(
      { link },
      link ? (link.disabled ? { status: 410 } : undefined) : { status: 404 },
    );
  } catch (error) {
    return loaderFailure<ShortLinkRouteData>(args, error, 'Error loading a short link', {
      error: failedText,
    });
  }
}

export const meta: Route.MetaFunction = ({ matches, loaderData, location }) =>
  pageMeta(siteFromMatches(matches), {
    title: loaderData?.link
      ? loaderData.link.disabled
        ? 'Short link disabled'
        : 'Short link preview'
      : 'Short link not found',
    description: loaderData?.link
      ? loaderData.link.disabled
        ? 'This short link was disabled by the site.'
        : 'Where this short link leads, when it was made and how often it was opened.'
      : 'There is no short link at this address.',
    path: location.pathname,
    noindex: true,
  });

export default function ShortLinkRoute({ loaderData }: Route.ComponentProps) {
  if (loaderData.error) return <p className="status status--error">{loaderData.error}</p>;
  return <ShortLinkPreview link={loaderData.link} />;
}

/** The page's failure state when its data request failed outright (decision 0010). */
export function ErrorBoundary() {
  return <p className="status status--error">{failedText}</p>;
}
