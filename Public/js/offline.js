// Installs the service worker that keeps the converter working offline (progressive
// enhancement: without JavaScript or service workers, every page works as it does without).
//
// On each page the worker is asked to keep, for this page's language, the converter as an
// anonymous visitor gets it, the page that says a page needs the server, and the latest rates
// of the default source and of the source this page converts with. It answers once they are
// kept (`data-offline-ready` on the document, which the end-to-end tests wait for).
(function () {
  "use strict";

  if (!("serviceWorker" in navigator) || !window.fetch || !window.MessageChannel) return;
  var root = document.documentElement;

  function keep(registration) {
    var worker = registration.active;
    if (!worker || navigator.onLine === false) return;
    var form = document.getElementById("converter-form");
    var source = form && form.elements.namedItem("source");
    var chosen = source && source.value !== form.getAttribute("data-default-source") ? source.value : "";
    var channel = new MessageChannel();
    channel.port1.onmessage = function (event) {
      root.setAttribute("data-offline-ready", event.data && event.data.kept ? "true" : "false");
    };
    worker.postMessage({ type: "keep", language: root.lang, source: chosen }, [channel.port2]);
  }

  navigator.serviceWorker
    .register("/service-worker.js")
    .then(function () {
      return navigator.serviceWorker.ready;
    })
    .then(keep)
    .catch(function () {
      // A browser that refuses workers (a private window, a policy): pages work as without.
    });
  // A new build's worker has taken over (and dropped what the old one kept): keep again.
  navigator.serviceWorker.addEventListener("controllerchange", function () {
    navigator.serviceWorker.ready.then(keep);
  });
})();
