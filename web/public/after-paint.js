// Server-rendered pages (web/src/entry-server.tsx) load the app through this file: the page is painted
// first from its HTML, then the app's scripts are fetched and take it over. Without it, on a fast
// network the scripts would run (and hydrate) before the first paint and hold it back.
(function () {
  'use strict';
  var self = document.currentScript;
  // A chat opens at its newest message before its scripts (ChatRoom.tsx).
  var end = document.querySelector('[data-start-at]');
  if (end && !window.scrollY) end.scrollIntoView({ block: 'end' });
  var entry = self && self.getAttribute('data-entry');
  if (!entry) return;
  var preloads = (self.getAttribute('data-preload') || '').split(' ').filter(Boolean);
  function load() {
    preloads.forEach(function (href) {
      var link = document.createElement('link');
      link.rel = 'modulepreload';
      link.crossOrigin = '';
      link.href = href;
      document.head.appendChild(link);
    });
    var script = document.createElement('script');
    script.type = 'module';
    script.crossOrigin = '';
    script.src = entry;
    document.head.appendChild(script);
  }
  // After the first paint, the page's own work (its images decoded, SVGs parsed) comes first: the
  // scripts are asked for once the page has loaded and the main thread is idle, so a first tap is not
  // queued behind them. An image that never finishes loading holds them back 1.5 s at most.
  var started = false;
  function whenIdle() {
    if (started) return;
    started = true;
    if (window.requestIdleCallback) requestIdleCallback(load, { timeout: 300 });
    else setTimeout(load, 0);
  }
  // A hidden tab (no frames) loads at once.
  if (document.visibilityState === 'hidden') load();
  else
    requestAnimationFrame(function () {
      if (document.readyState === 'complete') whenIdle();
      else {
        window.addEventListener('load', whenIdle, { once: true });
        setTimeout(whenIdle, 1500);
      }
    });
})();
