import {
  type PageCacheHandle,
  type PageHydrationHandle,
  type PageLoadingHandle,
  pageData,
} from '#load-context';
import { loadMarket } from '../features/market/load-market.ts';
import { OptionsSimple } from '../features/market/OptionsSimple.tsx';
import { pageMeta, siteFromMatches } from '../shared/page-meta.ts';
import type { Route } from './+types/volat';

export const handle = {
  loadingText: 'Loading...',
  // A page to read (figures and a suggestion): it hydrates at first use, not on arrival (decision 0018).
  hydrate: 'on-use',
  cache: { shows: ['market'] },
} satisfies PageLoadingHandle & PageCacheHandle & PageHydrationHandle;

export async function loader(args: Route.LoaderArgs) {
  return { suggestion: await loadMarket(args, () => pageData(args.context, 'market').optionSuggestion()) };
}

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta(siteFromMatches(matches), {
    title: 'Options Assistant',
    description: 'NIFTY, RSI(14), India VIX and a rule-based NIFTY options idea. Education, not advice.',
    path: '/volat',
  });

export default function VolatRoute({ loaderData }: Route.ComponentProps) {
  return <OptionsSimple load={loaderData.suggestion} />;
}

/** The page's 'unreachable' state when its data request failed outright (decision 0010). */
export function ErrorBoundary() {
  return <OptionsSimple load={{ state: 'unreachable' }} />;
}
