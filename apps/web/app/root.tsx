import { useEffect } from 'react';
import {
  isRouteErrorResponse,
  Links,
  Meta,
  Outlet,
  Scripts,
  ScrollRestoration,
  type ShouldRevalidateFunction,
  useMatches,
  useRouteError,
  useRouteLoaderData,
} from 'react-router';
import { appContext, hydratedEventName, type PageCacheHandle, type PageHydrationHandle } from '#load-context';
import type { Route } from './+types/root';
import { AnalyticsTag } from './features/shell/AnalyticsTag.tsx';
import { SiteFooter } from './features/shell/SiteFooter.tsx';
import { SiteHeader } from './features/shell/SiteHeader.tsx';
import { useLoadingText } from './features/shell/use-loading-text.ts';
import { requestAdsScript } from './shared/ads/request-ads-script.ts';
import { yearInIndia } from './shared/format-date.ts';
import { fallbackSite, pageMeta, siteFromMatches } from './shared/page-meta.ts';
import { SiteStyles } from './shared/site-styles.tsx';
import { startPageScriptText } from './shared/start-page-scripts.ts';
import './site.css';

export const siteDescription =
  'Daily news and tips, free tools (text to audio, image to text, PDF to text, dictionary and more), a blog, a user forum and NIFTY options helpers for visitors in India.';

/**
 * The footer shows the year: a cached page lasts at most until the new year begins in India. Only the
 * server's page cache reads this, so the browser's bundle leaves the function out (the build drops what
 * `import.meta.env.SSR` guards there): every page is that much lighter (decision 0019).
 */
export const handle = {
  cache: import.meta.env.SSR
    ? {
        maxAgeSeconds: (now: Date) => {
          // 1 January 00:00 in India (UTC+05:30) is 31 December 18:30 UTC.
          const newYear = Date.UTC(yearInIndia(now), 11, 31, 18, 30);
          return Math.max(1, Math.ceil((newYear - now.getTime()) / 1000));
        },
      }
    : {},
} satisfies PageCacheHandle;

/**
 * The root's data (the site's settings, the year, the nonce of the document's policy) belongs to the document
 * and changes with nothing a visitor does, so it is not asked for again after the first page. Besides saving
 * the work, a navigation whose data request fails then fails for its page alone, which shows its own failure
 * state (its ErrorBoundary, decision 0010), and not for the root, whose boundary would put 'Something went
 * wrong' in place of every page.
 */
export const shouldRevalidate: ShouldRevalidateFunction = () => false;

export function loader({ context }: Route.LoaderArgs) {
  const { site, nonce } = context.get(appContext);
  // The year in India, decided once on the server so the page hydrates without a mismatch.
  return { site, nonce, year: yearInIndia(new Date()) };
}

// PNG, not SVG: Chromium draws an SVG icon in the page's own renderer, a whole SVG document parsed and
// laid out on the main thread while the page hydrates; a PNG is only decoded.
export const links: Route.LinksFunction = () => [
  { rel: 'icon', href: '/favicon-48.png', type: 'image/png', sizes: '48x48' },
  { rel: 'apple-touch-icon', href: '/apple-touch-icon.png' },
];

export const meta: Route.MetaFunction = ({ matches, location }) =>
  pageMeta(siteFromMatches(matches), {
    title: 'Page',
    description: siteDescription,
    path: location.pathname,
  });

export function Layout({ children }: { children: React.ReactNode }) {
  const data = useRouteLoaderData<typeof loader>('root');
  const nonce = data?.nonce;
  const siteName = data?.site.name ?? fallbackSite.name;
  const pageHandle = useMatches().at(-1)?.handle as PageHydrationHandle | undefined;
  // The destination's handle.loadingText while a navigation waits for its data.
  const loadingText = useLoadingText();
  // In the layout, which renders around the error boundary too: a page that hydrates into an error still
  // tells the start script, which then stops holding clicks.
  useEffect(() => {
    // Lets browser tests (and scripts) know the page has become interactive.
    document.documentElement.dataset.hydrated = 'true';
    // The start script replays what the visitor did before the page hydrated (decision 0018).
    window.dispatchEvent(new Event(hydratedEventName));
  }, []);
  return (
    <html lang="en-IN">
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="theme-color" content="#0b5cad" />
        <SiteStyles />
        <Meta />
        <Links nonce={nonce} />
        <link rel="alternate" type="application/rss+xml" title={siteName} href="/rss.xml" />
        <AnalyticsTag id={data?.site.analyticsId} nonce={nonce} />
      </head>
      <body>
        <a className="skip-link" href="#main">
          Skip to content
        </a>
        <SiteHeader siteName={siteName} inNoSection={pageHandle?.inNoSection} />
        <main id="main" tabIndex={-1} aria-busy={loadingText ? true : undefined}>
          {loadingText ? (
            <p className="status page-loading" role="status">
              {loadingText}
            </p>
          ) : (
            children
          )}
        </main>
        <SiteFooter siteName={siteName} year={data?.year ?? new Date().getFullYear()} />
        {data?.site.ads.clientId && (
          <script
            nonce={nonce}
            suppressHydrationWarning
            // Server-only text, as below.
            // biome-ignore lint/security/noDangerouslySetInnerHtml: a fixed text of ours, allowed by nonce or hash
            dangerouslySetInnerHTML={{ __html: import.meta.env.SSR ? requestAdsScript : '' }}
          />
        )}
        <ScrollRestoration nonce={nonce} />
        <Scripts nonce={nonce} />
        <script
          nonce={nonce}
          // What the start script reads once, at the document's start: in the server's HTML only, as the text.
          {...(import.meta.env.SSR && {
            'data-start': pageHandle?.hydrate,
            'data-start-by': pageHandle?.hydrate && pageHandle.hydrateByMs,
          })}
          suppressHydrationWarning
          // The text matters only in the server's HTML (hydration keeps it as it is), so the browser's
          // bundle leaves it out: the build drops the string where import.meta.env.SSR is false.
          // biome-ignore lint/security/noDangerouslySetInnerHtml: a fixed text of ours, allowed by nonce or hash
          dangerouslySetInnerHTML={{ __html: import.meta.env.SSR ? startPageScriptText() : '' }}
        />
      </body>
    </html>
  );
}

export default function App() {
  return <Outlet />;
}

export function ErrorBoundary() {
  const error = useRouteError();
  if (isRouteErrorResponse(error) && error.status === 404) {
    return (
      <article className="page">
        <h1>Page not found</h1>
        <p>We could not find that page.</p>
      </article>
    );
  }
  return (
    <article className="page">
      <h1>Something went wrong</h1>
      <p>Please try again in a moment.</p>
    </article>
  );
}
