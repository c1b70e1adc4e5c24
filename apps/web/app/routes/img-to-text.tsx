import type { PageCacheHandle } from '#load-context';
import { ImageToText } from '../features/text-tools/ImageToText.tsx';
import { pageMeta, siteFromMatches } from '../shared/page-meta.ts';
import type { Route } from './+types/img-to-text';

/** The same for every visitor (the file is sent from the browser): served from the page cache. */
export const handle = { cache: { shows: [] } } satisfies PageCacheHandle;

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta(siteFromMatches(matches), {
    title: 'Image to Text',
    description:
      'Free OCR for English and Hindi: pull the text out of a JPEG, PNG, GIF, HEIC photo or a PDF and copy it.',
    path: '/imgToText',
  });

export default function ImageToTextRoute() {
  return <ImageToText />;
}
