import { type ReactNode, Suspense } from 'react';
import type { PageCacheHandle, PageLoadingHandle } from '#load-context';
import { AdminFrame } from '../../shared/admin/AdminFrame.tsx';
import { consoleUncached } from '../../shared/admin/admin-session.ts';

/** A moderation screen's route handle: never page-cached (it is one operator's), never in the sitemap. */
export const consoleHandle = (loadingText: string) =>
  ({ loadingText, uncached: consoleUncached, sitemap: false }) satisfies PageLoadingHandle &
    PageCacheHandle & { sitemap: boolean };

/**
 * A moderation screen in the console's frame: the screen itself is loaded after the frame (a lazy component),
 * so console pages keep to the JavaScript budget too.
 */
export function ConsoleScreen({ title, children }: { title: string; children: ReactNode }) {
  return (
    <AdminFrame title={title}>
      <Suspense
        fallback={
          <p className="status" role="status">
            Loading...
          </p>
        }
      >
        {children}
      </Suspense>
    </AdminFrame>
  );
}
