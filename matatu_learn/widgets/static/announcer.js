// A polite live region that stays on the page (widgets/announcer.py): only its text changes, so a
// screen reader hears each new sentence. A region made afresh with its text is often not read out,
// which is why an HTML widget's own role="status" (redrawn whole) is not enough.
function render({ model, el }) {
  const region = document.createElement("div");
  region.className = "matatu-announcer";
  region.setAttribute("role", "status");
  region.setAttribute("aria-live", "polite");
  el.append(region);
  const say = () => {
    region.textContent = model.get("text");
  };
  model.on("change:text", say);
  say();
  return () => model.off("change:text", say);
}

export default { render };
