import { useLocation } from 'react-router';
import { type PageCacheHandle, type PageLoadingHandle, pageData } from '#load-context';
import { loadStudy } from '../features/option-studies/load-study.ts';
import { SignalView } from '../features/option-studies/SignalView.tsx';
import { isSaveMode } from '../features/option-studies/study-load.ts';
import { pageMeta, siteFromMatches } from '../shared/page-meta.ts';
import type { Route } from './+types/tradebot';

export const handle = {
  loadingText: 'Loading...',
  // ?save=true is save mode: kept privately as /tradebot-save-9 is; its key is its own (it reads `save`).
  cache: {
    shows: ['market'],
    query: ['save'],
    privately: (url: URL) => isSaveMode(url.pathname, url.search),
  },
} satisfies PageLoadingHandle & PageCacheHandle;

export async function loader(args: Route.LoaderArgs) {
  return { indicators: await loadStudy(args, () => pageData(args.context, 'optionStudies').indicators()) };
}

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta(siteFromMatches(matches), {
    title: 'Options Assistant: Signal',
    description:
      'A BUY CALL, BUY PUT or HOLD signal from NIFTY RSI, India VIX and OI change, with its hit rate on NIFTY history.',
    path: '/tradebot',
  });

export default function TradebotRoute({ loaderData }: Route.ComponentProps) {
  const location = useLocation();
  return (
    <SignalView
      indicators={loaderData.indicators}
      saveMode={isSaveMode(location.pathname, location.search)}
    />
  );
}

/** The page's state when its data request failed outright: the fields hold the defaults (section 9). */
export function ErrorBoundary() {
  const location = useLocation();
  return (
    <SignalView
      indicators={{ state: 'unreachable' }}
      saveMode={isSaveMode(location.pathname, location.search)}
    />
  );
}
