// The service worker: keeps the converter working without the network.
//
// Kept, for the language of the pages visited: the converter as an anonymous visitor gets it
// (never a signed-in page: they are fetched without cookies), the page that says a page needs
// the server, the scripts, style and icons, and the latest rates of the default source and of
// each source the visitor converted with (`/offline/rates.json`, one document per source).
// Pages and files always come from the network first; only when it fails do the kept ones answer.
//
// `__BUILD__` is replaced by the server with its build's fingerprint (templates, public files,
// version): a new build is a new worker, which takes over at once and drops the old caches, so
// nobody is left on an old shell. The rates are kept across builds and fetched again.
"use strict";

var BUILD = "__BUILD__";
var SHELL = "shell-" + BUILD;
var RATES = "offline-rates";
var RATES_PATH = "/offline/rates.json";
var CONVERTER = "/";
var NEEDS_SERVER = "/offline";
var FILES = [
  "/css/app.css", "/js/converter.js", "/js/offline-converter.js", "/js/offline.js", "/favicon.svg",
  "/icons/icon-192.png", "/icons/icon-512.png"
];
// Pages are fetched again at most this often, rates at most every minute (a visit's pages all ask).
var PAGES_EVERY = 10 * 60 * 1000;
var RATES_EVERY = 60 * 1000;
var last = { language: null, pages: 0, rates: 0, sources: {} };

self.addEventListener("install", function (event) {
  event.waitUntil(
    caches.open(SHELL)
      .then(function (cache) { return cache.addAll(FILES); })
      .then(function () { return self.skipWaiting(); })
  );
});

self.addEventListener("activate", function (event) {
  event.waitUntil(
    caches.keys()
      .then(function (names) {
        return Promise.all(names.filter(function (name) { return name !== SHELL && name !== RATES; })
          .map(function (name) { return caches.delete(name); }));
      })
      .then(function () { return self.clients.claim(); })
  );
});

// A page asks to keep its language's pages and the rates of `source` ("" for the default).
self.addEventListener("message", function (event) {
  var data = event.data || {};
  if (data.type !== "keep" || !/^[a-z]{2}$/.test(data.language || "")) return;
  var port = event.ports && event.ports[0];
  event.waitUntil(
    keep(data.language, typeof data.source === "string" ? data.source : "")
      .then(function (kept) { if (port) port.postMessage({ kept: kept }); })
  );
});

function anonymous(path, language) {
  return fetch(path, { credentials: "omit", cache: "no-cache", headers: { "Accept-Language": language } });
}

function keepPage(cache, path, language) {
  return anonymous(path, language).then(function (response) {
    if (!response.ok) return false;
    return cache.put(path, response).then(function () { return true; });
  }, function () { return false; });
}

function ratesKey(source) {
  return RATES_PATH + "?source=" + encodeURIComponent(source);
}

function keepRates(cache, source, language) {
  var address = RATES_PATH + "?source=" + encodeURIComponent(source) + "&lang=" + encodeURIComponent(language);
  return anonymous(address, language).then(function (response) {
    // A source without rates any more is forgotten; any other failure keeps what was kept.
    if (response.status === 404) return cache.delete(ratesKey(source)).then(function () { return false; });
    if (!response.ok) return false;
    return cache.put(ratesKey(source), response).then(function () { return true; });
  }, function () { return false; });
}

function keep(language, source) {
  var now = Date.now();
  var sameLanguage = last.language === language;
  var pagesDue = !sameLanguage || now - last.pages > PAGES_EVERY;
  var ratesDue = !sameLanguage || now - last.rates > RATES_EVERY;
  var newSource = !last.sources[source];
  last.language = language;
  var pages = pagesDue
    ? caches.open(SHELL).then(function (cache) {
      return Promise.all([keepPage(cache, CONVERTER, language), keepPage(cache, NEEDS_SERVER, language)]);
    }).then(function (kept) {
      if (kept[0] && kept[1]) last.pages = now;
      return kept[0] && kept[1];
    })
    : Promise.resolve(true);
  var rates = caches.open(RATES).then(function (cache) {
    return cache.keys().then(function (requests) {
      // The default source, this page's, and every other one kept (all in the page's language).
      var sources = {};
      sources[""] = true;
      sources[source] = true;
      if (ratesDue) {
        requests.forEach(function (request) { sources[new URL(request.url).searchParams.get("source") || ""] = true; });
      } else if (!newSource) {
        return true;
      }
      return Promise.all(Object.keys(sources).map(function (id) { return keepRates(cache, id, language); }))
        .then(function (kept) {
          if (kept[0]) {
            last.sources[source] = true;
            if (ratesDue) last.rates = now;
          }
          return kept[0];
        });
    });
  });
  return Promise.all([pages, rates]).then(function (kept) { return kept[0] && kept[1]; });
}

// A kept page, marked as the copy it is (`data-offline-copy` on its root): the converter then
// takes what the address asks for and converts with the kept rates without asking the server.
function marked(page) {
  return page.text().then(function (html) {
    var headers = new Headers(page.headers);
    ["Content-Encoding", "Content-Length", "ETag"].forEach(function (name) { headers.delete(name); });
    return new Response(html.replace("<html ", "<html data-offline-copy "), { status: 200, headers: headers });
  });
}

self.addEventListener("fetch", function (event) {
  var request = event.request;
  if (request.method !== "GET") return;
  var url = new URL(request.url);
  if (url.origin !== self.location.origin) return;
  if (request.mode === "navigate") {
    // The network first; without it, the converter kept, or the page saying the server is needed.
    event.respondWith(fetch(request).catch(function () {
      return caches.open(SHELL).then(function (cache) {
        var kept = url.pathname === CONVERTER ? CONVERTER : NEEDS_SERVER;
        return cache.match(kept, { ignoreVary: true, ignoreSearch: true }).then(function (page) {
          return page || cache.match(NEEDS_SERVER, { ignoreVary: true, ignoreSearch: true });
        });
      }).then(function (page) { return page ? marked(page) : Response.error(); });
    }));
    return;
  }
  if (url.pathname === RATES_PATH) {
    event.respondWith(fetch(request).catch(function () {
      return caches.open(RATES)
        .then(function (cache) { return cache.match(ratesKey(url.searchParams.get("source") || ""), { ignoreVary: true }); })
        .then(function (kept) { return kept || Response.error(); });
    }));
    return;
  }
  if (FILES.indexOf(url.pathname) !== -1) {
    // The network first here too: a page of a new build, shown while the old worker still
    // answers, gets the new build's style and scripts, not the ones kept with the old pages.
    // Without the network, this build's files as kept when it was installed.
    event.respondWith(fetch(request).catch(function () {
      return caches.open(SHELL)
        .then(function (cache) { return cache.match(url.pathname, { ignoreVary: true, ignoreSearch: true }); })
        .then(function (kept) { return kept || Response.error(); });
    }));
  }
});
