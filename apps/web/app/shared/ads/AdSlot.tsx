import type { AdPlacement } from '@hurryup/contracts/ads';
import { useEffect } from 'react';
import { useRouteLoaderData } from 'react-router';
import type { SiteSettings } from '../../load-context.ts';

declare global {
  interface Window {
    adsbygoogle?: unknown[];
    /** Defined by the page's inline `requestAdsScript`: watches the ad units not yet watched. */
    requestAdSlots?: () => void;
  }
}

/**
 * One advertising unit. Without a publisher id and slot id it renders nothing at all, takes no space and
 * loads nothing from a third party: no ad will ever arrive (decisions.md section 7). With them, the box
 * reserves the unit's size before the ad arrives (so nothing shifts), and the ad network is asked for an ad
 * only when the box scrolls near the viewport, by the page's inline `requestAdsScript` (so a page that has
 * not hydrated gets its ads too).
 */
export function AdSlot({ placement, className }: { placement: AdPlacement; className?: string }) {
  const root = useRouteLoaderData('root') as { site: SiteSettings } | undefined;
  const clientId = root?.site.ads.clientId;
  const slotId = root?.site.ads.slots[placement];
  const configured = Boolean(clientId && slotId);

  // A unit that a client-side navigation added: the inline script watched only the units the page came with.
  useEffect(() => {
    if (configured) window.requestAdSlots?.();
  }, [configured]);

  if (!configured) return null;
  const classes = `ad-slot ad-slot--${placement}${className ? ` ${className}` : ''}`;
  return (
    <aside className={classes} aria-label="Advertisement" data-ad-placement={placement}>
      <ins
        className="adsbygoogle ad-slot__unit"
        data-ad-client={clientId}
        data-ad-slot={slotId}
        // The ad network fills the unit, maybe before the page hydrates: React must neither hydrate nor
        // reconcile its children, which an inner HTML of its own tells it.
        // biome-ignore lint/security/noDangerouslySetInnerHtml: empty, set once
        dangerouslySetInnerHTML={{ __html: '' }}
      />
    </aside>
  );
}
