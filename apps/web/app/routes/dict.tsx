import type { PageCacheHandle } from '#load-context';
import { DictionaryPage } from '../features/dictionary/DictionaryPage.tsx';
import { pageMeta, siteFromMatches } from '../shared/page-meta.ts';
import type { Route } from './+types/dict';

/** The same for every visitor (words are looked up from the browser): served from the page cache. */
export const handle = { cache: { shows: [] } } satisfies PageCacheHandle;

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta(siteFromMatches(matches), {
    title: 'Dictionary',
    description:
      'Look up the meaning of an English word or phrase: definitions by part of speech, examples and synonyms. Forms like "ran" or "mice" find their base word.',
    path: '/dict',
  });

export default function DictRoute() {
  return <DictionaryPage />;
}
