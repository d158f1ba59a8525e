// The ledger page's progress (progressive enhancement: without JavaScript the form posts and
// the page answers). A preview is sent with XMLHttpRequest so that the upload's progress shows
// (a million lines are 50 MB), then the server's answer replaces the result area; the file
// stays chosen, so the download buttons work straight after. Downloads go as the form does.
(function () {
  "use strict";
  var form = document.getElementById("ledger-form");
  if (!form || !window.XMLHttpRequest || !window.FormData || !window.DOMParser) return;
  var progress = document.getElementById("ledger-progress");
  var bar = document.getElementById("ledger-progress-bar");
  var text = document.getElementById("ledger-progress-text");
  var submitter = null;

  form.addEventListener("click", function (event) {
    var target = event.target;
    if (target && target.tagName === "BUTTON" && target.form === form) submitter = target;
  });

  function show(value, words) {
    progress.hidden = false;
    if (value === null) bar.removeAttribute("value"); else bar.value = value;
    text.textContent = words;
  }

  function megabytes(bytes) {
    return (bytes / 1048576).toLocaleString(document.documentElement.lang, { maximumFractionDigits: 1 });
  }

  form.addEventListener("submit", function (event) {
    var action = submitter ? submitter.value : "preview";
    submitter = null;
    if (action !== "preview") {
      show(null, form.getAttribute("data-converting") || "…");
      return; // a download: the browser shows its own progress
    }
    event.preventDefault();
    var data = new FormData(form);
    data.append("action", "preview");
    var request = new XMLHttpRequest();
    request.open("POST", form.getAttribute("action"));
    request.setRequestHeader("Accept", "text/html");
    request.upload.addEventListener("progress", function (e) {
      if (e.lengthComputable) {
        show(Math.round((e.loaded / e.total) * 100), megabytes(e.loaded) + " / " + megabytes(e.total) + " MB");
      }
    });
    request.upload.addEventListener("load", function () {
      show(null, form.getAttribute("data-converting") || "…");
    });
    request.addEventListener("load", function () {
      progress.hidden = true;
      var doc = new DOMParser().parseFromString(request.responseText, "text/html");
      var fresh = doc.getElementById("ledger-result");
      var freshForm = doc.getElementById("ledger-form");
      if (request.status === 200 && fresh) {
        document.getElementById("ledger-result").replaceWith(document.importNode(fresh, true));
        form.querySelectorAll(".field-error").forEach(function (node) { node.remove(); });
        var heading = document.getElementById("preview-title");
        if (heading) { heading.setAttribute("tabindex", "-1"); heading.focus(); }
      } else if (freshForm) {
        // Refused (413, 415, 422): the page's own form with its messages (the file must be chosen again).
        document.querySelector("main").replaceWith(document.importNode(doc.querySelector("main"), true));
      }
    });
    request.addEventListener("error", function () {
      progress.hidden = true;
      form.submit(); // offline or restarting: the plain form still works
    });
    request.send(data);
  });
})();
