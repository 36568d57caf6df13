// The learner's name in the browser's address bar (the kernel's LearnerAddress widget,
// widgets/learner.py): `learner` is written into the address's query with history.replaceState,
// the rest of the address kept, so a reload, a bookmark and the page's links keep the name.
// An empty name takes it out. Nothing is drawn and nothing is fetched.
function render({ model }) {
  function write() {
    const address = new URL(location.href);
    const name = model.get("learner");
    if ((address.searchParams.get("learner") || "") === name) return;
    if (name) address.searchParams.set("learner", name);
    else address.searchParams.delete("learner");
    history.replaceState(history.state, "", address.href);
  }
  model.on("change:learner", write);
  write();
  return () => model.off("change:learner", write);
}

export default { render };
