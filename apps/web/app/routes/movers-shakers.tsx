import { offerKinds } from '@hurryup/contracts/offer-rules';
import type { Mover } from '@hurryup/contracts/offers';
import {
  type PageCacheHandle,
  type PageHydrationHandle,
  type PageLoadingHandle,
  pageData,
} from '#load-context';
import { MoversPage } from '../features/offers/MoversPage.tsx';
import { loaderFailure } from '../shared/loader-failure.ts';
import { pageMeta, siteFromMatches } from '../shared/page-meta.ts';
import type { Route } from './+types/movers-shakers';

const failure = 'Error fetching trending products';

/** The same for every visitor: served from the page cache (docs/decisions/0012-page-cache.md). */
export const handle = {
  cache: { shows: [offerKinds.movers] },
  loadingText: 'Loading trending products...',
  // A page of links to read: it hydrates at first use, not on arrival (decision 0018).
  hydrate: 'on-use',
} satisfies PageCacheHandle & PageLoadingHandle & PageHydrationHandle;

export async function loader(args: Route.LoaderArgs) {
  try {
    return { movers: await pageData(args.context, 'offers').movers(), error: undefined };
  } catch (error) {
    return loaderFailure(args, error, failure, { movers: [] as Mover[], error: failure });
  }
}

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta(siteFromMatches(matches), {
    title: 'Movers & Shakers',
    description:
      'Trending products whose sales rank rose most today, with their price and the shop selling them.',
    path: '/moversShakers',
  });

export default function MoversShakersRoute({ loaderData }: Route.ComponentProps) {
  return <MoversPage movers={loaderData.movers} error={loaderData.error} />;
}

/** The page's failure state when its data request failed outright (decision 0010). */
export function ErrorBoundary() {
  return <MoversPage movers={[]} error={failure} />;
}
