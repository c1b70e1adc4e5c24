import { afterFirstPaintScriptType, hydratedEventName } from '#load-context';

/** A click held before hydration is replayed only this long after it (Chromium's user activation lasts 5 s). */
export const heldClickMs = 4000;

/** What the start script is told by the server: names shared with the rest of the app, and its timings. */
export interface StartPageSettings {
  /** The `type` of React Router's inert module bootstrap (`afterFirstPaintScriptType`). */
  inertType: string;
  /** Sent on `window` once the page has hydrated (`hydratedEventName`). */
  hydratedEvent: string;
  /** Fetches the modules even when no paint is ever reported (a page shown after it was loaded hidden). */
  fallbackMs: number;
  heldClickMs: number;
  /** After this long without hydrating, the page stops holding clicks and works as plain HTML. */
  giveUpMs: number;
}

export const startPageSettings: StartPageSettings = {
  inertType: afterFirstPaintScriptType,
  hydratedEvent: hydratedEventName,
  fallbackMs: 3000,
  heldClickMs,
  giveUpMs: 15000,
};

/**
 * Starts a page's JavaScript (docs/decisions/0017-scripts-after-first-paint.md,
 * docs/decisions/0018-content-pages-hydrate-on-use.md). The server sends React Router's module bootstrap
 * inert (`settings.inertType`, its preloads listed in `data-preloads`).
 *
 * - Once the first contentful paint has been presented (its entry is reported only then, later than the
 *   frame being drawn), it preloads those modules at low priority, one a task. A hidden page, or a browser
 *   without paint timing, starts at once.
 * - A page whose script element says `data-start="on-use"` (a reading page, `PageHydrationHandle`) runs
 *   the bootstrap, and so hydrates, at the visitor's first sign of use: a tap, a click, a key that does
 *   not scroll, focus moved, the mouse over a control; scrolling is reading, not use. Until then links
 *   and forms work as plain HTML, and a click on a control only the application can answer (a
 *   `type="button"` button, a radio button, a checkbox) is held and replayed once the page has hydrated
 *   (within `heldClickMs`), as is text typed into an input meanwhile.
 *   A page that must do something by a time even if unused (`data-start-by`, in milliseconds from the
 *   document's start: the stock table's first refresh) runs the bootstrap then, as if used.
 * - Any other page runs the bootstrap as soon as its modules are preloaded.
 *
 * The bootstrap runs as a module script with the inert one's text, so the same nonce or hash allows it.
 * Without an inert bootstrap (development, where Vite serves the modules) it does nothing.
 *
 * It runs in the page as the text of an inline script (`startPageScriptText`), not as a module: it must use
 * nothing from outside its own body, which is why everything it needs comes in `settings`.
 */
export function startPageScripts(settings: StartPageSettings, self: Element | null): void {
  const inert = document.querySelector<HTMLScriptElement>(`script[type="${settings.inertType}"]`);
  if (!inert || inert.hasAttribute('data-started')) return;
  inert.setAttribute('data-started', '');
  const preloads = (inert.getAttribute('data-preloads') || '').split(' ').filter(Boolean);
  const onUse = self?.getAttribute('data-start') === 'on-use';
  let wanted = !onUse;
  let preloading = false;
  let preloaded = false;
  let booted = false;

  function boot() {
    if (booted) return;
    booted = true;
    const bootstrap = document.createElement('script');
    bootstrap.type = 'module';
    bootstrap.nonce = inert!.nonce;
    bootstrap.textContent = inert!.textContent;
    if (onUse) {
      bootstrap.addEventListener('error', stopHolding);
      setTimeout(stopHolding, settings.giveUpMs);
    }
    document.head.appendChild(bootstrap);
  }
  // One element a task: starting a fetch, or compiling the bootstrap, takes a few milliseconds each, and
  // all at once they would block a slow phone's main thread for a long task.
  function preloadNext() {
    const href = preloads.shift();
    if (href) {
      const link = document.createElement('link');
      link.rel = 'modulepreload';
      link.href = href;
      link.nonce = inert!.nonce;
      link.fetchPriority = 'low';
      document.head.appendChild(link);
      setTimeout(preloadNext, 0);
      return;
    }
    preloaded = true;
    if (wanted) setTimeout(boot, 0);
  }
  function preload() {
    if (preloading) return;
    preloading = true;
    preloadNext();
  }

  const paintTiming =
    typeof PerformanceObserver === 'function' &&
    (PerformanceObserver.supportedEntryTypes || []).indexOf('paint') >= 0;
  if (
    document.visibilityState === 'hidden' ||
    !paintTiming ||
    performance.getEntriesByName('first-contentful-paint').length > 0
  ) {
    preload();
  } else {
    const observer = new PerformanceObserver((list) => {
      if (list.getEntriesByName('first-contentful-paint').length === 0) return;
      observer.disconnect();
      setTimeout(preload, 0);
    });
    observer.observe({ type: 'paint' });
    document.addEventListener('visibilitychange', preload, { once: true });
    setTimeout(preload, settings.fallbackMs);
  }
  if (!onUse) return;

  const controls = 'button, input, select, textarea, label, summary';
  // Keys that scroll the page when no control has the focus.
  const scrollKeys = /^( |PageUp|PageDown|ArrowUp|ArrowDown|ArrowLeft|ArrowRight|Home|End)$/;
  const uses = ['pointerdown', 'pointerup', 'keydown', 'focusin', 'pointerover'];
  const held: { control: HTMLElement; at: number }[] = [];
  function onControl(event: Event) {
    const target = event.target as Element | null;
    return Boolean(target?.closest?.(controls));
  }
  // Reading is not using: a touch that turns into a scroll begins with a pointer down and ends with a
  // cancel instead of a pointer up, and the keys above scroll. So a pointer down counts on a control (or
  // from a mouse), the mouse over a control counts, and a pointer up, a focus or another key always do.
  function isUse(event: Event) {
    if (event.type === 'pointerdown')
      return (event as PointerEvent).pointerType === 'mouse' || onControl(event);
    if (event.type === 'pointerover') return onControl(event);
    if (event.type === 'keydown') return !scrollKeys.test((event as KeyboardEvent).key) || onControl(event);
    return true;
  }
  function use(event: Event) {
    if (isUse(event)) start();
  }
  function start() {
    for (const type of uses) window.removeEventListener(type, use, true);
    wanted = true;
    if (!preloading) preload();
    else if (preloaded) boot();
  }
  function hold(event: Event) {
    const target = event.target as Element | null;
    // A link marked `data-hold` does more than follow its address once the application runs (a news card
    // opens two tabs): it is held like a button, and works as a plain link if the application never comes.
    const control = target?.closest?.<HTMLButtonElement | HTMLInputElement>(
      'button[type="button"], input[type="radio"], input[type="checkbox"], a[data-hold]',
    );
    if (!control || control.disabled) return;
    // The browser would toggle a radio button or checkbox the application does not know of yet.
    event.preventDefault();
    event.stopImmediatePropagation();
    if (held.some((entry) => entry.control === control)) return use(event);
    held.push({ control, at: performance.now() });
    use(event);
  }
  // Without the application (its modules failed, or it never said it had hydrated) the page must still
  // work as HTML: radio buttons and checkboxes tick again. Called by boot(), declared here with hold.
  function stopHolding() {
    window.removeEventListener('click', hold, true);
  }
  // What a visitor typed before the application ran is in the field but not in the application's state:
  // put the field's server value back through React's value tracker, then the typed text past it, and
  // send the input event React answers with onChange. Inputs only: React puts a textarea's server text
  // back while it hydrates, so a page that hydrates on use has no textarea or select.
  function replayTyping() {
    const setValue = Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')!.set!;
    for (const field of document.querySelectorAll('input')) {
      if (
        field.value === field.defaultValue ||
        /^(button|checkbox|file|hidden|image|radio|reset|submit)$/.test(field.type)
      )
        continue;
      const typed = field.value;
      field.value = field.defaultValue;
      setValue.call(field, typed);
      field.dispatchEvent(new Event('input', { bubbles: true }));
    }
  }
  for (const type of uses) window.addEventListener(type, use, { capture: true, passive: true });
  window.addEventListener('click', hold, true);
  // A page with work of its own to do by a time (the stock table's first refresh) starts by then unused,
  // counted from the document's start as that work is.
  const startBy = Number(self?.getAttribute('data-start-by'));
  if (startBy > 0) setTimeout(start, Math.max(0, startBy - performance.now()));
  window.addEventListener(
    settings.hydratedEvent,
    () => {
      stopHolding();
      replayTyping();
      // A click older than a browser's user activation lasts is dropped: sharing, audio and the clipboard
      // would refuse it, and the visitor has likely tapped again or moved on.
      const now = performance.now();
      for (const entry of held) {
        if (entry.control.isConnected && now - entry.at <= settings.heldClickMs) entry.control.click();
      }
    },
    { once: true },
  );
}

/**
 * The inline script the root layout renders: `startPageScripts` as compiled, called with its settings and
 * its own element. Server-side only: the browser's bundle leaves the text out (root.tsx).
 */
export function startPageScriptText(settings: StartPageSettings = startPageSettings): string {
  return `(${startPageScripts.toString()})(${JSON.stringify(settings)}, document.currentScript);`;
}
