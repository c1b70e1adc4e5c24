import type { PageCacheHandle } from '#load-context';
import { PdfToText } from '../features/text-tools/PdfToText.tsx';
import { pageMeta, siteFromMatches } from '../shared/page-meta.ts';
import type { Route } from './+types/pdf-to-text';

/** The same for every visitor (the file is sent from the browser): served from the page cache. */
export const handle = { cache: { shows: [] } } satisfies PageCacheHandle;

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta(siteFromMatches(matches), {
    title: 'PDF to Text',
    description:
      'Convert a PDF to a plain text file, page by page, with scanned and Hindi pages read by OCR. Free, no sign-up.',
    path: '/pdfToText',
  });

export default function PdfToTextRoute() {
  return <PdfToText />;
}
