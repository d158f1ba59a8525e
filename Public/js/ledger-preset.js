// The ledger page's "Country and purpose" menu (progressive enhancement: without JavaScript
// the server applies a chosen preset over the fields below it). Choosing a preset shows its
// summary and guidance, sets the booking currency, source and rule it uses, and disables them
// so that what is sent is what applies; choosing none gives them back.
(function () {
  "use strict";
  var menu = document.getElementById("preset");
  if (!menu) return;
  var summary = document.getElementById("preset-summary");
  var summaryText = document.getElementById("preset-summary-text");
  var to = document.getElementById("to");
  var source = document.getElementById("source");
  var rules = document.querySelectorAll("input[name=rule]");

  function choose(select, value) {
    for (var i = 0; i < select.options.length; i++) {
      if (select.options[i].value === value) { select.value = value; return; }
    }
  }

  function apply() {
    var option = menu.options[menu.selectedIndex];
    var chosen = option && option.value !== "none" ? option : null;
    summary.hidden = !chosen;
    if (chosen) {
      summaryText.textContent = chosen.getAttribute("data-summary");
      // The guidance's link is written by the server only when it rendered a chosen preset.
      var guidance = document.getElementById("preset-guidance");
      if (!guidance) {
        guidance = document.createElement("a");
        guidance.id = "preset-guidance";
        guidance.rel = "noopener";
        summaryText.parentNode.insertBefore(guidance, summaryText.nextSibling);
        summaryText.parentNode.insertBefore(document.createTextNode(" "), guidance);
      }
      guidance.textContent = chosen.getAttribute("data-guidance-title");
      guidance.setAttribute("href", chosen.getAttribute("data-guidance-url"));
      choose(to, chosen.getAttribute("data-booking"));
      choose(source, chosen.getAttribute("data-source"));
      for (var i = 0; i < rules.length; i++) rules[i].checked = rules[i].value === chosen.getAttribute("data-rule");
    }
    to.disabled = !!chosen;
    source.disabled = !!chosen;
    for (var j = 0; j < rules.length; j++) rules[j].disabled = !!chosen;
  }

  menu.addEventListener("change", apply);
  apply();
})();
