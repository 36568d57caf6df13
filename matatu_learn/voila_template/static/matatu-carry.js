// The learner's name and the ruleset travel from page to page in the address (?learner=NAME,
// ?rules=RULESET). A link to another page of this server that does not carry one of them gets
// the one this page's address holds, when it is followed; what a link names already is left as
// it is. Loaded in the page's head.
(function () {
  "use strict";
  var CARRIED = ["learner", "rules"];
  function carry(event) {
    var anchor = event.target && event.target.closest ? event.target.closest("a[href]") : null;
    if (!anchor) return;
    var here = new URL(location.href).searchParams;
    var target;
    try {
      target = new URL(anchor.getAttribute("href"), location.href);
    } catch (error) {
      return;
    }
    if (target.origin !== location.origin || !/\.ipynb$/.test(target.pathname)) return;
    var changed = false;
    CARRIED.forEach(function (key) {
      if (here.get(key) && !target.searchParams.has(key)) {
        target.searchParams.set(key, here.get(key));
        changed = true;
      }
    });
    if (changed) anchor.href = target.href;
  }
  // Capture: the address is set before the browser follows the link (a click, a middle click,
  // Enter on a focused link, or a long press that opens it elsewhere).
  document.addEventListener("click", carry, true);
  document.addEventListener("auxclick", carry, true);
  document.addEventListener("contextmenu", carry, true);
})();
