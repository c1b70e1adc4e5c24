import { offerKinds, offerTexts, secondsUntilIndiaMidnight } from '@hurryup/contracts/offer-rules';
import type { Offer } from '@hurryup/contracts/offers';
import {
  type PageCacheHandle,
  type PageHydrationHandle,
  type PageLoadingHandle,
  pageData,
} from '#load-context';
import { OffersPage } from '../features/offers/OffersPage.tsx';
import { loaderFailure } from '../shared/loader-failure.ts';
import { pageMeta, siteFromMatches } from '../shared/page-meta.ts';
import type { Route } from './+types/offers';

/** The same for every visitor until midnight India time, when offers may expire (decision 0012). */
export const handle = {
  cache: { shows: [offerKinds.offers], maxAgeSeconds: secondsUntilIndiaMidnight },
  loadingText: offerTexts.loading,
  // A page of links to read: it hydrates at first use, not on arrival (decision 0018).
  hydrate: 'on-use',
} satisfies PageCacheHandle & PageLoadingHandle & PageHydrationHandle;

export async function loader(args: Route.LoaderArgs) {
  try {
    return { offers: await pageData(args.context, 'offers').current(), error: undefined };
  } catch (error) {
    return loaderFailure(args, error, offerTexts.failure, {
      offers: [] as Offer[],
      error: offerTexts.failure,
    });
  }
}

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta(siteFromMatches(matches), {
    title: offerTexts.heading,
    description:
      'Today’s deals and coupons from grocery, mobile recharge and shopping sites, with prices in rupees and the discount on each.',
    path: '/offers',
  });

export default function OffersRoute({ loaderData }: Route.ComponentProps) {
  return <OffersPage offers={loaderData.offers} error={loaderData.error} />;
}

/** The page's failure state when its data request failed outright (decision 0010). */
export function ErrorBoundary() {
  return <OffersPage offers={[]} error={offerTexts.failure} />;
}
