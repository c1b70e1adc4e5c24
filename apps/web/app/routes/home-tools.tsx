import { useLocation } from 'react-router';
import type { PageCacheHandle, PageHydrationHandle } from '#load-context';
import { ToolsIndex } from '../features/tools-index/ToolsIndex.tsx';
import { pageMeta, siteFromMatches } from '../shared/page-meta.ts';
import type { Route } from './+types/home-tools';

/**
 * The same for every visitor and changed by no write; one cached page per `?q=`. A page of links with a GET
 * filter form: it hydrates at first use (decision 0018), the text typed meanwhile handed over.
 */
export const handle = {
  cache: { shows: [], query: ['q'] },
  hydrate: 'on-use',
} satisfies PageCacheHandle & PageHydrationHandle;

export function loader({ request }: Route.LoaderArgs) {
  return { query: (new URL(request.url).searchParams.get('q') ?? '').slice(0, 100) };
}

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta(siteFromMatches(matches), {
    title: 'Home Tools',
    description:
      'Every free tool on the site: image and PDF to text, image compressor, text to audio, English to Hindi, dictionary, nutrition, quiz, stock tables and options tools.',
    path: '/homeTools',
  });

export default function HomeToolsRoute({ loaderData }: Route.ComponentProps) {
  return <ToolsIndex query={loaderData.query} />;
}

/**
 * When the page's data request failed outright (decision 0010): the index itself, which needs no data (its
 * loader only reads the address's `?q=`).
 */
export function ErrorBoundary() {
  const query = new URLSearchParams(useLocation().search).get('q') ?? '';
  return <ToolsIndex query={query.slice(0, 100)} />;
}
