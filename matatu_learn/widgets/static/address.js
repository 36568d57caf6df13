// The Rooms page's address and links (the kernel's AddressBar widget, widgets/rooms_page.py).
//
// Once a seat is taken the kernel sets `address` to the player's own query
// ("room=CODE&player=TOKEN"): it is written into the browser's address bar with
// history.replaceState, so a reload or a reopened tab brings the player back to their seat (null
// leaves the address as it is). `share` ("room=CODE") is the link for the others. Both links are
// shown as whole addresses built from this page's own location (the kernel does not know the
// address the class reaches the server by), as text, never as markup. The shared link names no
// learner: its address says `learner=` (nobody), so the pages' template, which adds this page's
// learner to a link without one, leaves it alone and whoever opens it is graded as themselves.
//
// While the page is open it tells its kernel so ("here") every two seconds: the kernel polls its
// room only while someone is looking, and a page gone quiet leaves its seat to the computer until
// it comes back. Nothing is fetched: the page only talks to its own kernel.
const HERE_EVERY_MS = 2000;

function address(query) {
  return `${location.origin}${location.pathname}${query ? `?${query}` : ""}`;
}

function link(label, query, name, target = query) {
  const row = document.createElement("p");
  row.className = `matatu-room-link ${name}`;
  const words = document.createElement("span");
  words.className = "matatu-room-link-label";
  words.textContent = `${label} `;
  const anchor = document.createElement("a");
  anchor.href = address(target);
  anchor.textContent = address(query);
  anchor.dataset.query = query;
  row.append(words, anchor);
  return row;
}

function render({ model, el }) {
  const box = document.createElement("div");
  box.className = "matatu-room-links";
  el.append(box);

  function draw() {
    const own = model.get("own");
    const share = model.get("share");
    const wanted = model.get("address");
    if (wanted !== null && location.search !== (wanted ? `?${wanted}` : "")) {
      history.replaceState(history.state, "", `${address(wanted)}${location.hash}`);
    }
    box.replaceChildren();
    if (share) box.append(link(model.get("share_label"), share, "matatu-room-share", `${share}&learner=`));
    if (own) box.append(link(model.get("own_label"), own, "matatu-room-own"));
  }

  const here = () => model.send({ type: "here" });
  const timer = setInterval(here, HERE_EVERY_MS);
  model.on("change", draw);
  draw();
  here();
  return () => {
    clearInterval(timer);
    model.off("change", draw);
  };
}

export default { render };
