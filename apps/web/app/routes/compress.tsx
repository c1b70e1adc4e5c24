import type { PageCacheHandle } from '#load-context';
import { ImageCompressor } from '../features/compress/ImageCompressor.tsx';
import { pageMeta, siteFromMatches } from '../shared/page-meta.ts';
import type { Route } from './+types/compress';

/** The same for every visitor (the image is compressed in the browser): served from the page cache. */
export const handle = { cache: { shows: [] } } satisfies PageCacheHandle;

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta(siteFromMatches(matches), {
    title: 'Image Compressor',
    description:
      'Compress a photo or picture in your browser: choose a target size, preview the result and download a smaller JPEG. Your image never leaves your device.',
    path: '/compress',
  });

export default function CompressRoute() {
  return <ImageCompressor />;
}
