// The learner's name travels from page to page in the address (?learner=NAME). A link to another
// page of this server that does not carry a name gets the one this page's address holds, when
// it is followed; a link that names a learner already is left as it is. Loaded in the page's head.
(function () {
  "use strict";
  function carry(event) {
    var anchor = event.target && event.target.closest ? event.target.closest("a[href]") : null;
    if (!anchor) return;
    var name = new URL(location.href).searchParams.get("learner");
    if (!name) return;
    var target;
    try {
      target = new URL(anchor.getAttribute("href"), location.href);
    } catch (error) {
      return;
    }
    if (target.origin !== location.origin || !/\.ipynb$/.test(target.pathname)) return;
    if (target.searchParams.has("learner")) return;
    target.searchParams.set("learner", name);
    anchor.href = target.href;
  }
  // Capture: the address is set before the browser follows the link (a click, a middle click,
  // Enter on a focused link, or a long press that opens it elsewhere).
  document.addEventListener("click", carry, true);
  document.addEventListener("auxclick", carry, true);
  document.addEventListener("contextmenu", carry, true);
})();
