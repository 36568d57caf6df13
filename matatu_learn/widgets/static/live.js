// Words that a screen reader hears as they change (widgets/live.py): the kernel's markup, drawn
// inside one polite live region that stays on the page. Only what is inside the region is
// redrawn, so each new text is read out; a region drawn afresh with its text is often not.
function render({ model, el }) {
  const region = document.createElement("div");
  region.className = "matatu-live";
  region.setAttribute("aria-live", "polite");
  el.append(region);
  const draw = () => {
    region.innerHTML = model.get("value");
  };
  model.on("change:value", draw);
  draw();
  return () => model.off("change:value", draw);
}

export default { render };
