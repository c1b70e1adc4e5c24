import { type ReactNode, Suspense } from 'react';
import type { PageCacheHandle, PageLoadingHandle } from '#load-context';
import { AdminFrame } from '../../shared/admin/AdminFrame.tsx';
import { consoleCache } from '../../shared/admin/admin-session.ts';

/** A moderation screen's route handle: its sign-in form kept privately (consoleCache), never in the sitemap. */
export const consoleHandle = (loadingText: string) =>
  ({ loadingText, cache: consoleCache, sitemap: false }) satisfies PageLoadingHandle &
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
