/** The id of the ad network's script element, so it is added once. */
export const adScriptId = 'adsbygoogle-script';

/**
 * The text of the inline script that asks the ad network for an ad in every ad unit of the page once the
 * unit scrolls near the viewport (200 px ahead), whether or not the page has hydrated: a reading page
 * hydrates only when the visitor first uses it (docs/decisions/0018-content-pages-hydrate-on-use.md), and
 * its ads must not wait for that. It defines `window.requestAdSlots`, which `AdSlot` calls for the units a
 * client-side navigation adds; each unit is watched once (`data-ad-watched`), so no unit is asked for twice.
 * The root layout renders it only when ads are configured.
 */
export const requestAdsScript = `(function () {
  var observer;
  function request(unit) {
    if (!document.getElementById('${adScriptId}')) {
      var script = document.createElement('script');
      script.id = '${adScriptId}';
      script.async = true;
      script.crossOrigin = 'anonymous';
      script.src = 'https://pagead2.googlesyndication.com/pagead/js/adsbygoogle.js?client=' +
        encodeURIComponent(unit.getAttribute('data-ad-client') || '');
      document.head.appendChild(script);
    }
    (window.adsbygoogle = window.adsbygoogle || []).push({});
  }
  window.requestAdSlots = function () {
    var units = document.querySelectorAll('ins.adsbygoogle[data-ad-slot]:not([data-ad-watched])');
    for (var i = 0; i < units.length; i++) {
      var unit = units[i];
      unit.setAttribute('data-ad-watched', '');
      if (typeof IntersectionObserver !== 'function') {
        request(unit);
        continue;
      }
      observer = observer || new IntersectionObserver(function (entries) {
        entries.forEach(function (entry) {
          if (!entry.isIntersecting) return;
          observer.unobserve(entry.target);
          request(entry.target);
        });
      }, { rootMargin: '200px' });
      observer.observe(unit);
    }
  };
  window.requestAdSlots();
})();`;
