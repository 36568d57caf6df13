// The page's learner and ruleset in the browser's address bar (the kernel's PageAddress widget,
// widgets/learner.py): each is written into the address's query with history.replaceState, the
// rest of the address kept, so a reload, a bookmark and the page's links keep them. An empty
// name takes the learner out; an empty ruleset leaves the address's as it is. Nothing is drawn
// and nothing is fetched.
function render({ model }) {
  function write() {
    const address = new URL(location.href);
    const name = model.get("learner");
    const rules = model.get("rules");
    if (name) address.searchParams.set("learner", name);
    else address.searchParams.delete("learner");
    if (rules) address.searchParams.set("rules", rules);
    if (address.href !== location.href) history.replaceState(history.state, "", address.href);
  }
  model.on("change", write);
  write();
  return () => model.off("change", write);
}

export default { render };
