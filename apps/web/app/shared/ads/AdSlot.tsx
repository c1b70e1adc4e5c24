import type { AdPlacement } from '@hurryup/contracts/ads';
import { useEffect, useRef } from 'react';
import { useRouteLoaderData } from 'react-router';
import type { SiteSettings } from '../../load-context.ts';

declare global {
  interface Window {
    adsbygoogle?: unknown[];
  }
}

const adScriptId = 'adsbygoogle-script';

function loadAdScript(clientId: string) {
  if (document.getElementById(adScriptId)) return;
  const script = document.createElement('script');
  script.id = adScriptId;
  script.async = true;
  script.crossOrigin = 'anonymous';
  script.src = `https://pagead2.googlesyndication.com/pagead/js/adsbygoogle.js?client=${encodeURIComponent(clientId)}`;
  document.head.append(script);
}

/**
 * One advertising unit. Without a publisher id and slot id it renders nothing at all, takes no space and
 * loads nothing from a third party: no ad will ever arrive (decisions.md section 7). With them, the box
 * reserves the unit's size before the ad arrives (so nothing shifts), and the ad network is asked for an ad
 * only when the box scrolls near the viewport.
 */
export function AdSlot({ placement, className }: { placement: AdPlacement; className?: string }) {
  const root = useRouteLoaderData('root') as { site: SiteSettings } | undefined;
  const clientId = root?.site.ads.clientId;
  const slotId = root?.site.ads.slots[placement];
  const ref = useRef<HTMLModElement>(null);
  const configured = Boolean(clientId && slotId);

  useEffect(() => {
    const element = ref.current;
    if (!configured || !clientId || !element) return;
    const requestAd = () => {
      loadAdScript(clientId);
      window.adsbygoogle = window.adsbygoogle ?? [];
      window.adsbygoogle.push({});
    };
    if (typeof IntersectionObserver === 'undefined') {
      requestAd();
      return;
    }
    const observer = new IntersectionObserver(
      (entries) => {
        if (!entries.some((entry) => entry.isIntersecting)) return;
        observer.disconnect();
        requestAd();
      },
      { rootMargin: '200px' },
    );
    observer.observe(element);
    return () => observer.disconnect();
  }, [configured, clientId]);

  if (!configured) return null;
  const classes = `ad-slot ad-slot--${placement}${className ? ` ${className}` : ''}`;
  return (
    <aside className={classes} aria-label="Advertisement" data-ad-placement={placement}>
      <ins ref={ref} className="adsbygoogle ad-slot__unit" data-ad-client={clientId} data-ad-slot={slotId} />
    </aside>
  );
}
