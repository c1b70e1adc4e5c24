import { afterFirstPaintScriptType } from '#load-context';

// Starts the scripts even when no paint is ever reported (a page shown after it was loaded hidden).
const fallbackMs = 3000;

/**
 * The text of the inline script that starts the page's JavaScript after its first paint
 * (docs/decisions/0017-scripts-after-first-paint.md). The server sends React Router's module bootstrap
 * inert (`afterFirstPaintScriptType`, its preloads listed in `data-preloads`); once the first contentful
 * paint has been presented (its entry is reported only then, which is later than the frame being drawn),
 * this preloads those modules at low priority and runs the bootstrap as a module script with the same
 * text, so the same nonce or hash allows it. A hidden page, or a browser without paint timing, starts at
 * once. Without an inert bootstrap (development, where Vite serves the modules) it does nothing.
 */
export const startAfterFirstPaint = `(function () {
  function start() {
    var inert = document.querySelector('script[type="${afterFirstPaintScriptType}"]');
    if (!inert || inert.hasAttribute('data-started')) return;
    inert.setAttribute('data-started', '');
    var preloads = (inert.getAttribute('data-preloads') || '').split(' ').filter(Boolean);
    // One element a task: starting a fetch, or compiling the bootstrap, takes a few milliseconds each, and
    // all at once they would block a slow phone's main thread for a long task.
    (function next() {
      var href = preloads.shift();
      if (href) {
        var link = document.createElement('link');
        link.rel = 'modulepreload';
        link.href = href;
        link.nonce = inert.nonce;
        link.fetchPriority = 'low';
        document.head.appendChild(link);
        setTimeout(next, 0);
        return;
      }
      var bootstrap = document.createElement('script');
      bootstrap.type = 'module';
      bootstrap.nonce = inert.nonce;
      bootstrap.textContent = inert.textContent;
      document.head.appendChild(bootstrap);
    })();
  }
  var paintTiming = typeof PerformanceObserver === 'function' &&
    (PerformanceObserver.supportedEntryTypes || []).indexOf('paint') >= 0;
  if (document.visibilityState === 'hidden' || !paintTiming ||
      performance.getEntriesByName('first-contentful-paint').length > 0) {
    start();
    return;
  }
  var observer = new PerformanceObserver(function (list) {
    if (list.getEntriesByName('first-contentful-paint').length === 0) return;
    observer.disconnect();
    setTimeout(start, 0);
  });
  observer.observe({ type: 'paint' });
  document.addEventListener('visibilitychange', start, { once: true });
  setTimeout(start, ${fallbackMs});
})();`;
