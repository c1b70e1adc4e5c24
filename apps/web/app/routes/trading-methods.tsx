import type { PageCacheHandle, PageHydrationHandle, PageLoadingHandle } from '#load-context';
import methodsText from '../../../../docs/trading-methods.md?raw';
import { MethodsDocument } from '../features/option-studies/MethodsDocument.tsx';
import { parseMarkdown } from '../features/option-studies/methods-markdown.ts';
import { pageMeta, siteFromMatches } from '../shared/page-meta.ts';
import type { Route } from './+types/trading-methods';

/** The same for every visitor (page cache); a page to read, hydrated at first use. */
export const handle = {
  cache: { shows: [] },
  hydrate: 'on-use',
  loadingText: 'Loading...',
} satisfies PageCacheHandle & PageHydrationHandle & PageLoadingHandle;

/** docs/trading-methods.md, parsed on the server (the document's text never ships as JavaScript). */
export function loader() {
  return { blocks: parseMarkdown(methodsText) };
}

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta(siteFromMatches(matches), {
    title: 'Trading methods',
    description:
      'How every number of the trading tools is computed: the rules, the data, the hit rates and their limits.',
    path: '/trading-methods',
  });

export default function TradingMethodsRoute({ loaderData }: Route.ComponentProps) {
  return <MethodsDocument blocks={loaderData.blocks} />;
}
