import type { PageCacheHandle } from '#load-context';
import { EnglishToHindi } from '../features/translation/EnglishToHindi.tsx';
import { pageMeta, siteFromMatches } from '../shared/page-meta.ts';
import type { Route } from './+types/english-to-hindi';

/** The same for every visitor (translations are asked for from the browser): served from the page cache. */
export const handle = { cache: { shows: [] } } satisfies PageCacheHandle;

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta(siteFromMatches(matches), {
    title: 'English to Hindi Translator',
    description:
      'Translate English text into Hindi for free and listen to both versions read aloud with your browser’s voice.',
    path: '/englishToHindi',
  });

export default function EnglishToHindiRoute() {
  return <EnglishToHindi />;
}
