// The page's folded sections (ipywidgets' Accordion) answer to the keyboard: each title becomes a
// button in the Tab order that says whether its section is open, and Enter or Space opens or folds
// it as a click does. Nothing is drawn; the titles are found in the page, now and as widgets come.
const TITLE = ".jupyter-widget-Collapse-header";
const OPEN = "jupyter-widget-Collapse-open";

function reachable(title) {
  if (title.dataset.keys !== "1") {
    title.dataset.keys = "1";
    title.setAttribute("role", "button");
    title.setAttribute("tabindex", "0");
    title.addEventListener("keydown", (event) => {
      if (event.key !== "Enter" && event.key !== " ") return;
      event.preventDefault();
      title.click();
    });
  }
  const open = String(Boolean(title.parentElement && title.parentElement.classList.contains(OPEN)));
  if (title.getAttribute("aria-expanded") !== open) title.setAttribute("aria-expanded", open);
}

function render() {
  const look = () => document.querySelectorAll(TITLE).forEach(reachable);
  const watcher = new MutationObserver(look);
  watcher.observe(document.body, { childList: true, subtree: true, attributes: true, attributeFilter: ["class"] });
  look();
  return () => watcher.disconnect();
}

export default { render };
