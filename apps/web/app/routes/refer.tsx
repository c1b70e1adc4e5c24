import { offerKinds } from '@hurryup/contracts/offer-rules';
import type { Referral } from '@hurryup/contracts/offers';
import {
  type PageCacheHandle,
  type PageHydrationHandle,
  type PageLoadingHandle,
  pageData,
} from '#load-context';
import { ReferralsPage } from '../features/offers/ReferralsPage.tsx';
import { loaderFailure } from '../shared/loader-failure.ts';
import { pageMeta, siteFromMatches } from '../shared/page-meta.ts';
import type { Route } from './+types/refer';

const failure = 'Error fetching referral programmes';

/** The same for every visitor: served from the page cache (docs/decisions/0012-page-cache.md). */
export const handle = {
  cache: { shows: [offerKinds.referrals] },
  loadingText: 'Loading referral programmes...',
  // A page of links to read: it hydrates at first use, not on arrival (decision 0018).
  hydrate: 'on-use',
} satisfies PageCacheHandle & PageLoadingHandle & PageHydrationHandle;

export async function loader(args: Route.LoaderArgs) {
  try {
    return { referrals: await pageData(args.context, 'offers').referrals(), error: undefined };
  } catch (error) {
    return loaderFailure(args, error, failure, { referrals: [] as Referral[], error: failure });
  }
}

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta(siteFromMatches(matches), {
    title: 'Refer & Earn',
    description:
      'Referral bonuses for payment, investing, grocery and learning apps: the bonus, the code or link, and the terms.',
    path: '/refer',
  });

export default function ReferRoute({ loaderData }: Route.ComponentProps) {
  return <ReferralsPage referrals={loaderData.referrals} error={loaderData.error} />;
}

/** The page's failure state when its data request failed outright (decision 0010). */
export function ErrorBoundary() {
  return <ReferralsPage referrals={[]} error={failure} />;
}
