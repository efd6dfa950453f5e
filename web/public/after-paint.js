// Server-rendered pages (web/src/entry-server.tsx) load the app through this file: the page is painted
// first from its HTML, then the app's scripts are fetched and take it over. Without it, on a fast
// network the scripts would run (and hydrate) before the first paint and hold it back.
(function () {
  'use strict';
  var self = document.currentScript;
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
  // The frame after this one's paint; a hidden tab (no frames) loads at once.
  if (document.visibilityState === 'hidden') load();
  else
    requestAnimationFrame(function () {
      setTimeout(load, 0);
    });
})();
