import type { PageCacheHandle } from '#load-context';
import { TextToAudioPage } from '../features/speech/TextToAudioPage.tsx';
import { pageMeta, siteFromMatches } from '../shared/page-meta.ts';
import type { Route } from './+types/text-to-audio';

/**
 * The same for every visitor (the text never leaves the browser until 'Convert to File'): served from the
 * page cache. It hydrates at once, not at first use: a page with a text area and a select cannot hand what
 * was typed before hydration over (docs/architecture.md, decision 0018).
 */
export const handle = { cache: { shows: [] } } satisfies PageCacheHandle;

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta(siteFromMatches(matches), {
    title: 'Text to Audio',
    description:
      'Turn English or Hindi text into speech: listen in your browser or download an MP3 file (output.mp3), free.',
    path: '/textToAudio',
  });

export default function TextToAudioRoute() {
  return <TextToAudioPage />;
}
