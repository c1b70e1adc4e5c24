import { shortLinkKind } from '@hurryup/contracts/content-kinds';
import { previewSuffix, unknownLinkPath } from '@hurryup/contracts/shortener-rules';
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

/** How old the click count of a kept preview may be: a redirect never touches the page cache. */
export const shortLinkPreviewMaxAgeSeconds = 60;

/**
 * `/s/<code>+`: a short link's preview. `/s/<code>` itself is the server's redirect; the unknown codes it
 * leaves here, and any other address under /s/, get the 404 text; a link the site disabled gets its 410
 * page here. Kept for everyone like other pages (a shared link's preview is asked for by many at once):
 * until the link is disabled, enabled or deleted (its own content kind), and a minute at most, so its click
 * count is at most a minute old. Only a 200 is kept: unknown codes and disabled links never fill the cache.
 * The redirect shows every code it does not know the one page of `unknownLinkPath` (`/s/+`), kept once
 * whatever its status (`as`), which says nothing of the code asked for.
 */
export const handle = {
  loadingText: 'Loading short link...',
  cache: {
    shows: (url: URL) => {
      let code = url.pathname.slice('/s/'.length);
      try {
        code = decodeURIComponent(code);
      } catch {
        // A malformed escape names no link: the page is a 404, which is never kept.
      }
      return [shortLinkKind(code.endsWith(previewSuffix) ? code.slice(0, -previewSuffix.length) : code)];
    },
    maxAgeSeconds: shortLinkPreviewMaxAgeSeconds,
    as: (url: URL) => (url.pathname === unknownLinkPath ? unknownLinkPath : undefined),
  },
} satisfies PageLoadingHandle & PageCacheHandle;

export async function loader(args: Route.LoaderArgs) {
  const { context, params } = args;
  // Any other address under /s/, and the page of unknown codes: no link to look up.
  if (!params.code.endsWith(previewSuffix) || params.code === previewSuffix)
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
    // A link's own preview has its address; the page of an unknown link is the same at every address.
    path: loaderData?.link ? location.pathname : undefined,
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
