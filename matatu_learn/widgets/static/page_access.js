// The page's own controls, reachable and named as a person would say them. Nothing is drawn; the
// controls are found in the page, now and as widgets come:
// - a folded section's title (ipywidgets' Accordion) becomes a button in the Tab order that says
//   whether its section is open, and Enter or Space opens or folds it as a click does;
// - a button's icon (a font's glyph) is left out of its name: "Deal again", not "\uf074 Deal again".
const TITLE = ".jupyter-widget-Collapse-header";
const OPEN = "jupyter-widget-Collapse-open";
const ICON = ".jupyter-button > i";

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

function silent(icon) {
  if (icon.getAttribute("aria-hidden") !== "true") icon.setAttribute("aria-hidden", "true");
}

function render() {
  const look = () => {
    document.querySelectorAll(TITLE).forEach(reachable);
    document.querySelectorAll(ICON).forEach(silent);
  };
  const watcher = new MutationObserver(look);
  watcher.observe(document.body, { childList: true, subtree: true, attributes: true, attributeFilter: ["class"] });
  look();
  return () => watcher.disconnect();
}

export default { render };
