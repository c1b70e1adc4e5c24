import { act, render, screen, waitFor } from '@testing-library/react';
import { createRoutesStub, Outlet } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import type { SiteSettings } from '../../load-context.ts';
import { AdSlot } from './AdSlot.tsx';
import { adScriptId, requestAdsScript } from './request-ads-script.ts';

function renderWithSite(ads: SiteSettings['ads']) {
  const site: SiteSettings = { name: 'Hurry Up', baseUrl: 'http://localhost', ads };
  const Stub = createRoutesStub([
    {
      id: 'root',
      path: '/',
      loader: () => ({ site, nonce: undefined }),
      HydrateFallback: () => null,
      Component: () => <Outlet />,
      children: [
        {
          index: true,
          Component: () => (
            <div data-testid="page">
              <AdSlot placement="banner" />
            </div>
          ),
        },
      ],
    },
  ]);
  return render(<Stub initialEntries={['/']} />);
}

describe('AdSlot', () => {
  it('renders nothing, takes no space and loads nothing without configuration', async () => {
    for (const ads of [
      { slots: {} },
      { slots: { banner: '42' } },
      { clientId: 'ca-pub-1234567890', slots: {} },
    ]) {
      const { container, unmount } = renderWithSite(ads);
      await waitFor(() => expect(container.querySelector('[data-testid="page"]')).not.toBeNull());
      expect(container.querySelector('[data-testid="page"]')?.innerHTML).toBe('');
      expect(document.querySelector('script[src*="googlesyndication"]')).toBeNull();
      unmount();
    }
  });

  it('asks for an ad only once the slot scrolls near the viewport, once per unit', async () => {
    let notify: ((entries: { isIntersecting: boolean; target: Element }[]) => void) | undefined;
    const watched: Element[] = [];
    class FakeObserver {
      constructor(callback: (entries: { isIntersecting: boolean; target: Element }[]) => void) {
        notify = callback;
      }
      observe(element: Element) {
        watched.push(element);
      }
      unobserve() {}
    }
    vi.stubGlobal('IntersectionObserver', FakeObserver);
    window.adsbygoogle = undefined;
    try {
      renderWithSite({ clientId: 'ca-pub-1234567890', slots: { banner: '42' } });
      const slot = await screen.findByRole('complementary', { name: 'Advertisement' });
      // The page's inline script, as the server renders it before the application's modules.
      new Function(requestAdsScript)();
      const unit = slot.querySelector('ins')!;
      expect(watched).toEqual([unit]);
      expect(window.adsbygoogle).toBeUndefined();
      act(() => notify?.([{ isIntersecting: true, target: unit }]));
      expect(window.adsbygoogle).toHaveLength(1);
      const script = document.getElementById(adScriptId) as HTMLScriptElement | null;
      expect(script?.src).toContain('client=ca-pub-1234567890');
      // AdSlot's effect (a client-side navigation's new units) does not watch a unit twice.
      window.requestAdSlots?.();
      expect(watched).toHaveLength(1);
    } finally {
      vi.unstubAllGlobals();
      window.requestAdSlots = undefined;
      document.getElementById(adScriptId)?.remove();
    }
  });

  it('has the units a client-side navigation adds watched by the inline script', async () => {
    const requestAdSlots = vi.fn();
    window.requestAdSlots = requestAdSlots;
    try {
      renderWithSite({ clientId: 'ca-pub-1234567890', slots: { banner: '42' } });
      await screen.findByRole('complementary', { name: 'Advertisement' });
      await waitFor(() => expect(requestAdSlots).toHaveBeenCalledTimes(1));
    } finally {
      window.requestAdSlots = undefined;
    }
  });

  it('renders the ad unit with the publisher and slot ids when configured', async () => {
    renderWithSite({ clientId: 'ca-pub-1234567890', slots: { banner: '42' } });
    const slot = await screen.findByRole('complementary', { name: 'Advertisement' });
    const unit = slot.querySelector('ins');
    expect(unit?.getAttribute('data-ad-client')).toBe('ca-pub-1234567890');
    expect(unit?.getAttribute('data-ad-slot')).toBe('42');
    expect(slot.className).toContain('ad-slot--banner');
    document.getElementById(adScriptId)?.remove();
  });
});
