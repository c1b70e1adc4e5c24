import { bodyKinds, renderMarkdown } from '@hurryup/markdown/markdown';
import type { PageCacheHandle, PageHydrationHandle, PageLoadingHandle } from '#load-context';
import methodsText from '../../../../docs/trading-methods.md?raw';
import { pageMeta, siteFromMatches } from '../shared/page-meta.ts';
import { RenderedBody } from '../shared/RenderedBody.tsx';
import type { RenderedHtml } from '../shared/rendered-html.ts';
import type { Route } from './+types/trading-methods';

/** The same for every visitor (page cache); a page to read, hydrated at first use. */
export const handle = {
  cache: { shows: [] },
  hydrate: 'on-use',
  loadingText: 'Loading...',
} satisfies PageCacheHandle & PageHydrationHandle & PageLoadingHandle;

/**
 * docs/trading-methods.md, rendered on the server by the site's one Markdown renderer (the posts' and blogs',
 * decision 0041): neither the document's text nor the renderer ships as JavaScript.
 */
export function loader() {
  return { html: renderMarkdown(methodsText, bodyKinds.document) as string as RenderedHtml };
}

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta(siteFromMatches(matches), {
    title: 'Trading methods',
    description:
      'How every number of the trading tools is computed: the rules, the data, the hit rates and their limits.',
    path: '/trading-methods',
  });

export default function TradingMethodsRoute({ loaderData }: Route.ComponentProps) {
  return (
    <article className="page methods-doc">
      <RenderedBody html={loaderData.html} />
    </article>
  );
}
