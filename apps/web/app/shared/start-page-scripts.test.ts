import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { afterFirstPaintScriptType, hydratedEventName } from '#load-context';
import { startPageScripts, startPageScriptText, startPageSettings } from './start-page-scripts.ts';

const bootstrapText = 'import("/assets/entry.client.js");';

/** The document as the server sends it: the inert bootstrap with its preloads, and the start script. */
function serverDocument({
  onUse = false,
  startBy = undefined as number | undefined,
  preloads = ['/assets/a.js', '/assets/b.js'],
} = {}) {
  document.head.innerHTML = '';
  document.body.innerHTML = `
    <button type="button" id="toggle">Toggle</button>
    <input type="checkbox" id="tick">
    <input id="search" value="">
    <a href="/blog" id="link">Blog</a>`;
  const inert = document.createElement('script');
  inert.type = afterFirstPaintScriptType;
  inert.nonce = 'n0nce';
  inert.setAttribute('data-preloads', preloads.join(' '));
  inert.textContent = bootstrapText;
  document.body.append(inert);
  const self = document.createElement('script');
  if (onUse) self.setAttribute('data-start', 'on-use');
  if (startBy !== undefined) self.setAttribute('data-start-by', String(startBy));
  document.body.append(self);
  return self;
}

const preloadLinks = () =>
  [...document.head.querySelectorAll<HTMLLinkElement>('link[rel="modulepreload"]')].map((link) => ({
    href: new URL(link.href).pathname,
    nonce: link.nonce,
    fetchPriority: link.fetchPriority,
  }));
const bootstraps = () => [...document.head.querySelectorAll<HTMLScriptElement>('script[type="module"]')];

/** A browser with paint timing, whose first contentful paint the test reports. */
function withPaintTiming() {
  let report: (() => void) | undefined;
  class FakeObserver {
    static supportedEntryTypes = ['paint'];
    readonly callback: (list: { getEntriesByName: (name: string) => unknown[] }) => void;
    constructor(callback: FakeObserver['callback']) {
      this.callback = callback;
    }
    observe() {
      report = () =>
        this.callback({ getEntriesByName: (name) => (name === 'first-contentful-paint' ? [{}] : []) });
    }
    disconnect() {}
  }
  vi.stubGlobal('PerformanceObserver', FakeObserver);
  return { paint: () => report?.() };
}

// The script listens on window, which outlives each test's document: take its listeners away after each.
let windowListeners: { mock: { calls: Parameters<typeof window.addEventListener>[] } };
beforeEach(() => {
  vi.useFakeTimers();
  windowListeners = vi.spyOn(window, 'addEventListener');
});
afterEach(() => {
  for (const [type, listener, options] of windowListeners.mock.calls) {
    window.removeEventListener(type, listener, options);
  }
  vi.useRealTimers();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('startPageScripts on a page that hydrates at once', () => {
  it('preloads the modules at low priority one a task, then runs the bootstrap with its nonce', () => {
    startPageScripts(startPageSettings, serverDocument());
    expect(preloadLinks()).toEqual([{ href: '/assets/a.js', nonce: 'n0nce', fetchPriority: 'low' }]);
    vi.advanceTimersToNextTimer();
    expect(preloadLinks()).toHaveLength(2);
    expect(bootstraps()).toHaveLength(0);
    vi.runOnlyPendingTimers();
    vi.runOnlyPendingTimers();
    const [bootstrap] = bootstraps();
    expect(bootstrap?.textContent).toBe(bootstrapText);
    expect(bootstrap?.nonce).toBe('n0nce');
    expect(bootstraps()).toHaveLength(1);
  });

  it('waits for the first contentful paint when the browser reports paints', () => {
    const { paint } = withPaintTiming();
    startPageScripts(startPageSettings, serverDocument());
    vi.advanceTimersByTime(1000);
    expect(preloadLinks()).toHaveLength(0);
    paint();
    vi.advanceTimersByTime(10);
    expect(preloadLinks()).toHaveLength(2);
    expect(bootstraps()).toHaveLength(1);
  });

  it('starts anyway after its fallback time when no paint is reported', () => {
    withPaintTiming();
    startPageScripts(startPageSettings, serverDocument());
    vi.advanceTimersByTime(startPageSettings.fallbackMs - 1);
    expect(preloadLinks()).toHaveLength(0);
    vi.advanceTimersByTime(10);
    expect(bootstraps()).toHaveLength(1);
  });

  it('runs once per document, and does nothing without an inert bootstrap (development)', () => {
    const self = serverDocument();
    startPageScripts(startPageSettings, self);
    startPageScripts(startPageSettings, self);
    vi.runAllTimers();
    expect(bootstraps()).toHaveLength(1);

    document.head.innerHTML = '';
    document.body.innerHTML = '<script></script>';
    startPageScripts(startPageSettings, document.body.querySelector('script'));
    vi.runAllTimers();
    expect(document.head.children).toHaveLength(0);
  });
});

describe('startPageScripts on a page that hydrates on use', () => {
  function onUsePage() {
    startPageScripts(startPageSettings, serverDocument({ onUse: true }));
    vi.runAllTimers();
  }
  const key = (key: string, target: EventTarget = document.body) =>
    target.dispatchEvent(new KeyboardEvent('keydown', { key, bubbles: true }));
  const pointer = (type: string, pointerType: string, target: EventTarget) =>
    target.dispatchEvent(Object.assign(new Event(type, { bubbles: true }), { pointerType }));

  it('preloads but does not run the bootstrap until a use; scrolling is not a use', () => {
    onUsePage();
    expect(preloadLinks()).toHaveLength(2);
    for (const scrollKey of [' ', 'PageDown', 'ArrowDown', 'End']) key(scrollKey);
    pointer('pointerdown', 'touch', document.body);
    pointer('pointerover', 'mouse', document.body);
    vi.runAllTimers();
    expect(bootstraps()).toHaveLength(0);

    key('Tab');
    vi.runAllTimers();
    expect(bootstraps()).toHaveLength(1);
  });

  it('counts a touch on a control as a use', () => {
    onUsePage();
    pointer('pointerdown', 'touch', document.getElementById('toggle')!);
    vi.runAllTimers();
    expect(bootstraps()).toHaveLength(1);
  });

  it('counts the mouse over a control, not over a link, as a use', () => {
    onUsePage();
    pointer('pointerover', 'mouse', document.getElementById('link')!);
    vi.runAllTimers();
    expect(bootstraps()).toHaveLength(0);
    pointer('pointerover', 'mouse', document.getElementById('tick')!);
    vi.runAllTimers();
    expect(bootstraps()).toHaveLength(1);
  });

  it('holds a click on a control only the application answers and replays it once hydrated', () => {
    onUsePage();
    const toggle = document.getElementById('toggle')!;
    const tick = document.getElementById('tick') as HTMLInputElement;
    const clicks: string[] = [];
    toggle.addEventListener('click', () => clicks.push('toggle'));
    toggle.click();
    tick.click();
    expect(tick.checked).toBe(false);
    expect(clicks).toEqual([]);
    vi.advanceTimersByTime(10);
    expect(bootstraps()).toHaveLength(1);

    window.dispatchEvent(new Event(hydratedEventName));
    expect(clicks).toEqual(['toggle']);
    expect(tick.checked).toBe(true);
  });

  it('holds a click on a link marked data-hold (it does more once hydrated), and not on a plain link', () => {
    onUsePage();
    const plain = document.getElementById('link') as HTMLAnchorElement;
    const held = document.createElement('a');
    held.href = '#ad';
    held.setAttribute('data-hold', '');
    document.body.append(held);
    const followed: string[] = [];
    for (const link of [plain, held])
      link.addEventListener('click', (event) => followed.push(event.defaultPrevented ? 'held' : 'followed'));
    plain.click();
    held.click();
    expect(followed).toEqual(['followed']);
    vi.advanceTimersByTime(10);
    window.dispatchEvent(new Event(hydratedEventName));
    // Replayed once the application runs, which then answers it.
    expect(followed).toEqual(['followed', 'followed']);
  });

  it(`drops a held click older than ${startPageSettings.heldClickMs} ms`, () => {
    const now = vi.spyOn(performance, 'now').mockReturnValue(1000);
    onUsePage();
    const toggle = document.getElementById('toggle')!;
    const clicks: number[] = [];
    toggle.addEventListener('click', () => clicks.push(1));
    toggle.click();
    now.mockReturnValue(1000 + startPageSettings.heldClickMs + 1);
    window.dispatchEvent(new Event(hydratedEventName));
    expect(clicks).toEqual([]);
  });

  it('lets clicks through again when the modules fail to load', () => {
    onUsePage();
    key('a');
    vi.runAllTimers();
    bootstraps()[0]!.dispatchEvent(new Event('error'));
    const tick = document.getElementById('tick') as HTMLInputElement;
    tick.click();
    expect(tick.checked).toBe(true);
  });

  it(`lets clicks through again ${startPageSettings.giveUpMs / 1000} s after starting without hydrating`, () => {
    onUsePage();
    key('a');
    vi.advanceTimersByTime(10);
    expect(bootstraps()).toHaveLength(1);
    const tick = document.getElementById('tick') as HTMLInputElement;
    tick.click();
    expect(tick.checked).toBe(false);
    vi.advanceTimersByTime(startPageSettings.giveUpMs);
    tick.click();
    expect(tick.checked).toBe(true);
  });

  it('starts unused when its data-start-by time has come, counted from the document start', () => {
    const now = vi.spyOn(performance, 'now').mockReturnValue(2_000);
    startPageScripts(startPageSettings, serverDocument({ onUse: true, startBy: 300_000 }));
    vi.advanceTimersByTime(297_999);
    expect(preloadLinks()).toHaveLength(2);
    expect(bootstraps()).toHaveLength(0);
    now.mockReturnValue(300_000);
    vi.advanceTimersByTime(1);
    vi.runOnlyPendingTimers();
    expect(bootstraps()).toHaveLength(1);
    // A use afterwards starts nothing twice.
    key('a');
    vi.runAllTimers();
    expect(bootstraps()).toHaveLength(1);
  });

  it('starts at once, unused, when its data-start-by time has passed before the script ran', () => {
    vi.spyOn(performance, 'now').mockReturnValue(400_000);
    startPageScripts(startPageSettings, serverDocument({ onUse: true, startBy: 300_000 }));
    vi.runAllTimers();
    expect(bootstraps()).toHaveLength(1);
  });

  it('hands text typed before hydration to the application as an input event', () => {
    onUsePage();
    const search = document.getElementById('search') as HTMLInputElement;
    const seen: string[] = [];
    search.addEventListener('input', () => seen.push(search.value));
    search.value = 'upi';
    window.dispatchEvent(new Event(hydratedEventName));
    expect(seen).toEqual(['upi']);
    expect(search.value).toBe('upi');
  });
});

describe('startPageScriptText', () => {
  it('is the compiled function called with its settings, and runs on its own', () => {
    const text = startPageScriptText();
    expect(text).toContain(JSON.stringify(startPageSettings));
    serverDocument();
    // As the browser runs an inline script: global scope, nothing of this module in reach.
    new Function(text)();
    vi.runAllTimers();
    expect(preloadLinks()).toHaveLength(2);
    expect(bootstraps()).toHaveLength(1);
  });
});
