import { donateTexts } from '@hurryup/contracts/donate-rules';
import { type PageCacheHandle, pageData } from '#load-context';
import { DonatePage } from '../features/donate/DonatePage.tsx';
import { pageMeta, siteFromMatches } from '../shared/page-meta.ts';
import { useSite } from '../shared/use-site.ts';
import type { Route } from './+types/donate';

/** Built from the settings only, the same for every visitor: served from the page cache. */
export const handle = { cache: { shows: [] } } satisfies PageCacheHandle;

export function loader({ context }: Route.LoaderArgs) {
  return { donation: pageData(context, 'donate').donation() };
}

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta(siteFromMatches(matches), {
    title: 'Donate',
    description: 'Support the site with a small gift by UPI, PhonePe, Paytm or PayPal.',
    path: '/donate',
  });

export default function DonateRoute({ loaderData }: Route.ComponentProps) {
  const site = useSite();
  return <DonatePage donation={loaderData.donation} siteName={site.name} />;
}

/** The page's failure state when its data request failed outright (decision 0010). */
export function ErrorBoundary() {
  const site = useSite();
  return <DonatePage donation={undefined} siteName={site.name} failure={donateTexts.loadFailed} />;
}
