import { type PageCacheHandle, type PageLoadingHandle, pageData } from '#load-context';
import { loadStudy } from '../features/option-studies/load-study.ts';
import { SignalView } from '../features/option-studies/SignalView.tsx';
import { pageMeta, siteFromMatches } from '../shared/page-meta.ts';
import type { Route } from './+types/tradebot-save-9';

export const handle = {
  loadingText: 'Loading...',
  // Save mode: the visitor's values are read and saved by their browser after the page has loaded, so the
  // page itself is the same for everyone, and kept privately: never by a browser or a shared cache (issue 28).
  cache: { shows: ['market'], privately: true },
} satisfies PageLoadingHandle & PageCacheHandle;

export async function loader(args: Route.LoaderArgs) {
  return { indicators: await loadStudy(args, () => pageData(args.context, 'optionStudies').indicators()) };
}

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta(siteFromMatches(matches), {
    title: 'Options Assistant: Signal (save mode)',
    description: 'The signal view in save mode: your four values are saved on this device after each signal.',
    path: '/tradebot-save-9',
  });

/** The signal view in save mode (the path contains tradebot-save-9). */
export default function TradebotSaveRoute({ loaderData }: Route.ComponentProps) {
  return <SignalView indicators={loaderData.indicators} saveMode />;
}

export function ErrorBoundary() {
  return <SignalView indicators={{ state: 'unreachable' }} saveMode />;
}
