// Live conversion for the converter page (progressive enhancement).
//
// Without this script the form posts and the server redirects to the result page. With it, the
// result, the rate lines, the "same amount in" list, the page title and the address update as
// the amount is typed or a currency or the day changes. Each update fetches the result page
// itself and takes its result area, field messages, title and receipt: every word, number and
// date is the server's, in the page's language, so the page never mixes two styles of writing.
// The amount field follows the original app's keystroke rules: one decimal separator, a comma
// becomes a dot, no leading zeros ("00", "01"), at most the digits the server allows before and
// after the point. Those limits, the URLs and the cookie's format come from the form's data-
// attributes, written by the server, so no rule is typed twice. Choosing another source loads
// its page (its currencies differ), as the form does without the script.
//
// Offline (the browser says so, or the server cannot be reached), results are made in the
// browser from the rates the service worker kept (offline-converter.js, the server's rules and
// texts), under a notice naming whose rates of which day; when the network returns, results
// come from the server again, without a reload.
(function () {
  "use strict";

  var form = document.getElementById("converter-form");
  if (!form || !window.fetch || !window.DOMParser || !window.URLSearchParams || !window.history || !history.replaceState) return;

  var page = form.getAttribute("data-page");
  var emptyTitle = form.getAttribute("data-empty-title");
  var maxIntegerDigits = Number(form.getAttribute("data-max-integer-digits"));
  var maxFractionDigits = Number(form.getAttribute("data-max-fraction-digits"));
  var rememberCookie = form.getAttribute("data-remember");
  var rememberDatedCookie = form.getAttribute("data-remember-dated");
  var amount = form.elements.namedItem("amount");
  var from = form.elements.namedItem("from");
  var to = form.elements.namedItem("to");
  var date = form.elements.namedItem("date");
  var source = form.elements.namedItem("source");
  var side = form.elements.namedItem("side");
  var defaultSource = form.getAttribute("data-default-source");
  var receipt = document.querySelector('[data-result="receipt"]');
  var swap = form.querySelector("button[formaction]");
  var result = document.getElementById("result");
  var notice = document.getElementById("offline-notice");
  var sourceLine = document.querySelector(".rates-source");
  var offlineRatesURL = form.getAttribute("data-offline-rates");
  var pending = 0;
  var timer = null;
  // The kept rates document converted with while offline; `null` online.
  var offline = null;

  // The original app's rules, applied as the person types.
  function sanitize(text) {
    var cleaned = text.replace(/,/g, ".").replace(/[^0-9.]/g, "");
    var dot = cleaned.indexOf(".");
    if (dot !== -1) cleaned = cleaned.slice(0, dot + 1) + cleaned.slice(dot + 1).replace(/\./g, "");
    cleaned = cleaned.replace(/^0+(?=[0-9])/, "");
    var parts = cleaned.split(".");
    return parts[0].slice(0, maxIntegerDigits) + (parts.length > 1 ? "." + parts[1].slice(0, maxFractionDigits) : "");
  }

  // The day asked for, or "" for the latest rates.
  function chosenDate() {
    return date && date.value ? date.value : "";
  }

  // The source chosen, or "" for the default one.
  function chosenSource() {
    return source && source.value && source.value !== defaultSource ? source.value : "";
  }

  // The side of the publisher's quotation chosen, or "" for the mid.
  function chosenSide() {
    return side && side.value && side.value !== "mid" ? side.value : "";
  }

  // The query of a request: the date, the source and the side only when chosen, as the canonical URL has them.
  function query(values) {
    var params = new URLSearchParams(values);
    if (chosenDate()) params.set("date", chosenDate());
    if (chosenSource()) params.set("source", chosenSource());
    if (chosenSide()) params.set("side", chosenSide());
    return params.toString();
  }

  function rememberConversion(fromCode, toCode, amountText, day, sourceID, sideName) {
    var template = day ? rememberDatedCookie : rememberCookie;
    if (!template) return;
    document.cookie = template.replace("{from}", fromCode).replace("{to}", toCode).replace("{amount}", amountText).replace("{date}", day)
      .replace("{source}", sourceID ? "~" + sourceID + (sideName ? "/" + sideName : "") : "");
  }

  function setError(input, message) {
    var id = input.id + "-error";
    var note = document.getElementById(id);
    if (!message) {
      if (note) note.parentNode.removeChild(note);
      input.removeAttribute("aria-invalid");
      input.removeAttribute("aria-describedby");
      return;
    }
    if (!note) {
      note = document.createElement("p");
      note.className = "field-error";
      note.id = id;
      input.parentNode.appendChild(note);
    }
    note.textContent = message;
    input.setAttribute("aria-invalid", "true");
    input.setAttribute("aria-describedby", id);
  }

  function clearErrors() {
    setError(amount, null);
    setError(from, null);
    setError(to, null);
    if (date) setError(date, null);
    if (side) setError(side, null);
  }

  // The result area of a result page the server rendered (`doc`), in place of this one's.
  function showResult(doc) {
    var fresh = doc.getElementById("result");
    var nodes = [];
    for (var child = fresh.firstChild; child; child = child.nextSibling) nodes.push(document.importNode(child, true));
    while (result.firstChild) result.removeChild(result.firstChild);
    nodes.forEach(function (node) { result.appendChild(node); });
    var fromReceipt = doc.querySelector('[data-result="receipt"]');
    if (receipt && fromReceipt) receipt.textContent = fromReceipt.textContent;
    result.hidden = false;
    document.title = doc.title;
    var url = fresh.getAttribute("data-url");
    result.setAttribute("data-url", url);
    history.replaceState(null, "", url);
    var params = new URLSearchParams(url.split("?")[1] || "");
    rememberConversion(
      params.get("from"), params.get("to"), params.get("amount") || "", params.get("date") || "", params.get("source") || "",
      params.get("side") || "");
  }

  // The field messages of a page the server refused the input on (422).
  function showErrors(doc) {
    [amount, from, to, date, side].forEach(function (input) {
      if (!input) return;
      var note = doc.getElementById(input.id + "-error");
      setError(input, note ? note.textContent : null);
    });
    result.hidden = true;
  }

  function showNothing() {
    result.hidden = true;
    document.title = emptyTitle;
    history.replaceState(null, "", page + "?" + query({ from: from.value, to: to.value }));
    // A side is remembered with its source, the default one too (as the canonical address names it).
    var sideSource = chosenSide() && source ? source.value : chosenSource();
    rememberConversion(from.value, to.value, "", chosenDate(), sideSource, chosenSide());
  }

  function update() {
    timer = null;
    var typed = amount.value.trim();
    if (!from.value || !to.value) return;
    if (offline) {
      // At once from the kept rates; then the server's result replaces it if it can be reached.
      convertOffline();
      if (navigator.onLine === false || typed === "") return;
    }
    if (typed === "") {
      pending += 1;
      clearErrors();
      showNothing();
      return;
    }
    var request = ++pending;
    fetch(page + "?" + query({ from: from.value, to: to.value, amount: typed }), {
      headers: { Accept: "text/html" },
      credentials: "same-origin"
    })
      .then(function (response) {
        return response.text().then(function (html) { return { status: response.status, html: html }; });
      })
      .then(function (answer) {
        if (request !== pending) return; // a newer keystroke has asked since
        if (answer.status !== 200 && answer.status !== 422) return;
        leaveOffline();
        var doc = new DOMParser().parseFromString(answer.html, "text/html");
        if (answer.status === 200 && doc.getElementById("result") && !doc.getElementById("result").hidden) {
          clearErrors();
          showResult(doc);
        } else {
          showErrors(doc);
        }
      })
      .catch(function () {
        // Offline, or the server cannot be reached: convert with the kept rates, if any.
        if (request === pending && !offline) goOffline();
      });
  }

  // The kept rates of `sourceID` ("" for the default; the worker answers from its cache offline).
  function offlineRates(sourceID) {
    if (!window.OfflineConverter || !offlineRatesURL || !navigator.serviceWorker || !navigator.serviceWorker.controller) {
      return Promise.reject(new Error("no offline rates"));
    }
    var address = offlineRatesURL + "?" + new URLSearchParams({ source: sourceID, lang: document.documentElement.lang });
    return fetch(address, { credentials: "same-origin" }).then(function (response) {
      if (!response.ok) throw new Error("no offline rates");
      return response.json();
    });
  }

  function goOffline() {
    var chosen = chosenSource();
    offlineRates(chosen)
      .then(function (rates) {
        useOffline(rates, false);
      }, function () {
        // A source not kept on this device: its field says so, in the default source's words.
        if (chosen) return offlineRates("").then(function (rates) { useOffline(rates, true); });
      })
      .catch(function () {
        // Nothing kept at all (no worker yet): the page stays as it was; submitting still works.
      });
  }

  function useOffline(rates, missing) {
    offline = rates;
    offline.missing = missing;
    notice.textContent = rates.texts.notice;
    notice.hidden = missing;
    if (sourceLine) sourceLine.hidden = true;
    convertOffline();
  }

  function leaveOffline() {
    if (!offline) return;
    offline = null;
    notice.hidden = true;
    if (sourceLine) sourceLine.hidden = false;
    clearErrors();
  }

  // The network is back: results come from the server again.
  function goOnline() {
    if (!offline) return;
    leaveOffline();
    update();
  }

  // A result from the kept rates, written as the server writes it.
  function convertOffline() {
    clearErrors();
    if (offline.missing) return refuseOffline(source, offline.texts.sourceNotSaved);
    if (chosenDate()) return refuseOffline(date, offline.texts.pastDayNeedsServer);
    if (chosenSide()) return refuseOffline(side, offline.texts.sideNeedsServer);
    if (offline.inForceUntil && today() > offline.inForceUntil && source) return refuseOffline(source, offline.texts.outOfForce);
    var converted = window.OfflineConverter.convert(offline, amount.value, from.value, to.value);
    if (!converted) {
      showNothing();
      return;
    }
    if (converted.field) return refuseOffline(converted.field === "from" ? from : to, converted.message);
    var fields = { from: from.value, to: to.value, amount: converted.canonicalAmount };
    if (chosenSource()) fields.source = chosenSource();
    var url = page + "?" + new URLSearchParams(fields).toString();
    text("summary", converted.summary);
    text("names", converted.names);
    text("rate", converted.rate);
    text("inverse-rate", converted.inverseRate);
    var list = result.querySelector('[data-result="alternatives"]');
    while (list.firstChild) list.removeChild(list.firstChild);
    converted.alternatives.forEach(function (other) {
      var item = document.createElement("li");
      var link = document.createElement("a");
      var figure = document.createElement("bdi");
      var name = document.createElement("span");
      var target = { from: from.value, to: other.code, amount: converted.canonicalAmount };
      if (chosenSource()) target.source = chosenSource();
      link.href = page + "?" + new URLSearchParams(target).toString();
      figure.dir = "ltr";
      figure.textContent = other.text;
      name.className = "also-in-name";
      name.textContent = other.name;
      link.appendChild(figure);
      item.appendChild(link);
      item.appendChild(document.createTextNode(" "));
      item.appendChild(name);
      list.appendChild(item);
    });
    // What only the server can show (the blend's make-up, the history) waits for it.
    Array.prototype.forEach.call(result.querySelectorAll(".source-details, .history-link"), function (node) {
      node.parentNode.removeChild(node);
    });
    result.setAttribute("data-url", url);
    result.hidden = false;
    document.title = converted.title;
    history.replaceState(null, "", url);
  }

  function refuseOffline(input, message) {
    setError(input, message);
    result.hidden = true;
  }

  function text(name, value) {
    var node = result.querySelector('[data-result="' + name + '"]');
    if (node) node.textContent = value;
  }

  // Today in the visitor's time zone, as `YYYY-MM-DD`.
  function today() {
    var now = new Date();
    return now.getFullYear() + "-" + ("0" + (now.getMonth() + 1)).slice(-2) + "-" + ("0" + now.getDate()).slice(-2);
  }

  // A page opened from the worker's cache shows the form it was kept with: the address says
  // what was asked (a shared link, a reload), so its values go into the form first.
  function takeAddress() {
    var params = new URLSearchParams(location.search);
    function choose(select, value) {
      if (!select || !value) return;
      for (var index = 0; index < select.options.length; index += 1) {
        if (select.options[index].value === value) select.value = value;
      }
    }
    choose(from, params.get("from"));
    choose(to, params.get("to"));
    choose(source, params.get("source"));
    choose(side, params.get("side"));
    if (params.has("amount")) amount.value = sanitize(params.get("amount"));
    if (date) date.value = params.get("date") || "";
  }

  function schedule() {
    if (timer) clearTimeout(timer);
    timer = setTimeout(update, 150);
  }

  amount.addEventListener("input", function () {
    var before = amount.value;
    var after = sanitize(before);
    if (after !== before) {
      var fromEnd = before.length - (amount.selectionEnd || before.length);
      amount.value = after;
      var caret = Math.max(0, after.length - fromEnd);
      amount.setSelectionRange(caret, caret);
    }
    schedule();
  });
  from.addEventListener("change", update);
  to.addEventListener("change", update);
  // A day picked (or typed to the end) converts on that day's rates; cleared, on the latest.
  if (date) date.addEventListener("change", update);
  // A buying or selling rate converts at that side of the same publisher's day.
  if (side) side.addEventListener("change", update);
  // Another source has other currencies (and its own sides, if any): its page, with their menus,
  // at its mid rate.
  if (source) source.addEventListener("change", function () {
    // Offline, the kept rates of the source chosen (at their mid), if it was kept.
    if (offline) {
      if (side) side.value = "mid";
      goOffline();
      return;
    }
    if (side) side.disabled = true;
    form.submit();
  });

  if (swap) {
    swap.addEventListener("click", function (event) {
      event.preventDefault();
      var previous = from.value;
      from.value = to.value;
      to.value = previous;
      update();
    });
  }

  // Offline, the Convert button converts here: its form would post to a server out of reach.
  form.addEventListener("submit", function (event) {
    if (!offline) return;
    event.preventDefault();
    update();
  });
  window.addEventListener("online", goOnline);
  window.addEventListener("offline", goOffline);
  // The worker's kept copy of the page (the server out of reach), or a browser that knows it is offline.
  if (document.documentElement.hasAttribute("data-offline-copy") || navigator.onLine === false) {
    takeAddress();
    goOffline();
  }

  form.setAttribute("data-live", "true");
})();
