// The Play table: draws the kernel's `state` for one seat and sends back what was tapped.
// Every word on it comes from the state (set as text, never as markup: names are typed by
// people), the buttons' labels and the page's own (`state.words`) included; the only markup
// inserted is the kernel's own card faces (`faces`).

// How long a laid card takes to fly to the pile: quicker when the computer plays quicker.
const FLIGHT_MS = { step: 450, slow: 600, normal: 450, fast: 250 };
let tables = 0; // each drawn table gets its own id prefix: no id is ever used twice on a page
let copies = 0; // and each copy of a face its own ids inside

function h(tag, props = {}, children = []) {
  const node = document.createElement(tag);
  for (const [key, value] of Object.entries(props)) {
    if (value === undefined || value === null || value === false) continue;
    if (key === "text") node.textContent = value;
    else if (key === "class") node.className = value;
    else if (key === "on") node.addEventListener("click", value);
    else node.setAttribute(key, value === true ? "" : value);
  }
  for (const child of children) if (child) node.append(child);
  return node;
}

function setText(node, text) {
  const value = text ?? "";
  if (node.textContent !== value) node.textContent = value;
}

function toggle(node, name, on) {
  node.classList.toggle(name, Boolean(on));
}

// What each part was last drawn from: a part whose data has not changed is left as it is.
const drawnFrom = new WeakMap();
function unchanged(node, ...data) {
  const key = JSON.stringify(data);
  if (drawnFrom.get(node) === key) return true;
  drawnFrom.set(node, key);
  return false;
}

// A card face from the kernel's markup; ids inside (the back's weave) are renamed per copy.
function face(faces, name, prefix) {
  const holder = h("span", { class: "mt-face" });
  const known = faces[name];
  if (!known) {
    holder.textContent = name; // a face the kernel did not send: its notation, never a guess
    return holder;
  }
  holder.innerHTML = known.svg;
  copies += 1;
  for (const node of holder.querySelectorAll("[id]")) {
    const old = `#${node.id}`;
    node.id = `${prefix}-${copies}-${node.id}`;
    for (const other of holder.querySelectorAll("*")) {
      for (const { name, value } of [...other.attributes]) {
        if (value.includes(old)) other.setAttribute(name, value.split(old).join(`#${node.id}`));
      }
    }
  }
  return holder;
}

// A face-up card that is not a button: its identity and its name for a screen reader.
function shownCard(faces, name, prefix, extra = "") {
  const label = faces[name] ? faces[name].label : name;
  return h("span", { class: `mt-shown ${extra}`, "data-card": name, role: "img", "aria-label": label }, [
    face(faces, name, prefix),
  ]);
}

function makeButton(text, onClick, extra = "") {
  return h("button", { class: `mt-btn ${extra}`.trim(), type: "button", text, on: onClick });
}

// A table of results: column headings, then rows already made.
function grid(name, headings, rows) {
  const head = h("tr", {}, headings.map((words) => (words ? h("th", { scope: "col", text: words }) : h("td"))));
  const table = h("table", { class: name }, [h("thead", {}, [head]), h("tbody", {}, rows)]);
  return h("div", { class: "mt-scroll" }, [table]);
}

function line(heading, values, name = null) {
  const cells = values.map((value) => h("td", { text: String(value) }));
  return h("tr", { class: name }, [h("th", { scope: "row", text: heading }), ...cells]);
}

function skeleton(root, id) {
  const parts = {
    headline: h("p", { class: "mt-headline" }),
    status: h("p", { class: "mt-status matatu-status" }),
    direction: h("p", { class: "mt-direction" }),
    order: h("ol", { class: "mt-order", "data-order": true }),
    stock: h("div", { class: "mt-stock" }),
    stockWords: h("span", { class: "mt-caption" }),
    pileTop: h("div", { class: "mt-pile-top", "data-pile-top": "" }),
    pileWords: h("span", { class: "mt-caption" }),
    marker: h("div", { class: "mt-marker", "data-marker": "" }),
    facts: h("ul", { class: "mt-facts" }),
    why: h("details", { class: "mt-why" }),
    last: h("p", { class: "mt-last" }),
    // What a screen reader hears as the table goes on: each move, a question, the result (never shown).
    said: h("div", { class: "mt-said", "aria-live": "polite" }),
    coach: h("section", { class: "mt-coach" }),
    question: h("div", { class: "mt-question matatu-question", role: "group" }),
    // Hidden unless a shared screen passes between people; even hidden, a button says what it does.
    cover: h("button", { class: "mt-btn mt-cover", type: "button" }),
    handTitle: h("p", { class: "mt-hand-title", id: `${id}-hand` }),
    // One stop for Tab: the arrow keys move between its cards (a roving tabindex). It holds the
    // focus itself while its cards wait for your turn, so that the focus is never lost.
    hand: h("div", {
      class: "mt-hand",
      "data-hand": true,
      role: "group",
      "aria-labelledby": `${id}-hand`,
      tabindex: "-1",
    }),
    result: h("section", { class: "mt-result matatu-result", tabindex: "-1" }),
    controls: h("div", { class: "mt-controls", role: "group" }),
    next: h("button", { class: "mt-btn mt-next", type: "button" }),
    pace: h("select", { class: "mt-pace" }),
    logCount: h("span"),
    log: h("ol", { class: "mt-moves matatu-moves" }),
    keys: h("details", { class: "mt-keys" }),
    // Never hidden, only emptied: a live region that appears with its text is often not read out.
    notice: h("div", { class: "mt-notice", role: "status", "aria-live": "polite" }),
    reasons: h("div", { hidden: true }), // controls' reasons, pointed to by aria-describedby
  };
  const handArea = h("div", { class: "mt-play" }, [
    parts.question,
    parts.cover,
    h("div", { class: "mt-hand-box" }, [parts.handTitle, parts.hand]),
    parts.result,
  ]);
  const computer = h("div", { class: "mt-computer" }, [parts.next, parts.pace]);
  const felt = h("section", { class: "mt-felt" }, [
    h("div", { class: "mt-spots" }, [
      h("div", { class: "mt-spot" }, [parts.stock, parts.stockWords]),
      h("div", { class: "mt-spot mt-pile" }, [parts.pileTop, parts.pileWords]),
      h("div", { class: "mt-spot" }, [parts.marker]),
    ]),
    h("div", { class: "mt-notes" }, [parts.facts, parts.why]),
  ]);
  const main = h("div", { class: "mt-main" }, [
    h("div", { class: "mt-strip" }, [parts.direction, parts.order]),
    felt,
    handArea,
    h("div", { class: "mt-buttons" }, [parts.controls, computer]),
  ]);
  const logBox = h("details", { class: "mt-log" }, [h("summary", {}, [parts.logCount]), parts.log]);
  const side = h("div", { class: "mt-side" }, [parts.last, parts.coach, logBox, parts.keys]);
  root.append(
    h("header", { class: "mt-head" }, [parts.headline, parts.status]),
    h("div", { class: "mt-cols" }, [main, side]),
    parts.notice,
    parts.said,
    parts.reasons,
  );
  return parts;
}

function render({ model, el }) {
  const id = `mt-table-${++tables}`;
  const root = h("div", { class: "mt-table" });
  el.append(root);
  const parts = skeleton(root, id);
  const send = (message) => model.send(message);
  const calm = window.matchMedia("(prefers-reduced-motion: reduce)");
  let state = {};
  let faces = {};
  let shownSerial; // the last move already drawn: only a newer one flies to the pile
  let noticeSerial;
  let localNotice = false; // a reason shown here without asking the kernel (a disabled control)
  let noticeAnchor = null; // what the notice points at
  let wide; // the table is wide enough for the marker's explanation to stay open
  let queued = false;
  let handIndex = 0; // the card of the hand that Tab lands on (the roving tabindex), by its place
  let heard = null; // what the screen reader has been told: {round, moves, question, ending, turn}

  parts.cover.addEventListener("click", () => send({ type: "reveal" }));
  parts.next.addEventListener("click", () => send({ type: "next" }));
  parts.pace.addEventListener("change", () => {
    model.set("pace", parts.pace.value);
    model.save_changes();
  });
  root.addEventListener("keydown", keyPressed);
  parts.hand.addEventListener("focusin", (event) => {
    const cards = handCards();
    const index = cards.indexOf(event.target);
    if (index >= 0) {
      handIndex = index;
      rove(cards);
    }
  });

  // ---- the keyboard (the map is drawn from the state's words: ``words.keys``)
  function handCards() {
    return [...parts.hand.querySelectorAll(".mt-card")];
  }

  // Only the card at ``handIndex`` is in the Tab order; the arrow keys reach the others.
  // While no card can be played, the hand itself is the Tab stop: its name says what it holds.
  function rove(cards = handCards()) {
    handIndex = Math.min(handIndex, Math.max(cards.length - 1, 0));
    cards.forEach((card, index) => card.setAttribute("tabindex", index === handIndex ? "0" : "-1"));
    parts.hand.setAttribute("tabindex", cards.some((card) => !card.disabled) ? "-1" : "0");
  }

  function focusHand() {
    const cards = handCards();
    rove(cards);
    const card = cards[handIndex];
    const target = card && !card.disabled ? card : parts.hand.parentElement.hidden ? null : parts.hand;
    target?.focus({ preventScroll: false });
    return Boolean(target);
  }

  // Where the focus goes when what had it went away: the question, the cover, the result, the hand.
  function focusBest() {
    const visible = (node) => node && !node.hidden && !node.disabled && node.getClientRects().length;
    const candidates = [
      parts.question.hidden ? null : parts.question.querySelector(".mt-answer"),
      parts.cover.hidden ? null : parts.cover,
      parts.result.hidden ? null : parts.result.querySelector("button") || parts.result,
    ];
    const target = candidates.find(visible);
    if (target) {
      target.focus({ preventScroll: false });
      return;
    }
    if (!focusHand() && visible(parts.next)) parts.next.focus();
  }

  function focusLost() {
    const active = document.activeElement;
    return !active || active === document.body || active === document.documentElement || active.disabled
      || !active.getClientRects().length;
  }

  // Say ``text`` in the live region, again even when it has not changed since it was last said.
  // Words still waiting to be written go with it: a busy page can draw twice within the 30 ms
  // wait, and the second draw must not silence the moves of the first.
  let unsaid = null;
  function say(text) {
    if (!text) return;
    if (unsaid !== null) {
      unsaid = `${unsaid} ${text}`;
      return;
    }
    if (parts.said.textContent === text) parts.said.textContent = "";
    unsaid = text;
    setTimeout(() => {
      setText(parts.said, unsaid);
      unsaid = null;
    }, 30);
  }

  // Show ``text`` in the notice by ``place``, read out again even when it has not changed.
  function tell(text, place) {
    if (!text) return;
    if (parts.notice.textContent === text) parts.notice.textContent = "";
    setTimeout(() => showNotice(text, place), 30);
  }

  function step(list, from, key) {
    const last = list.length - 1;
    const moves = { ArrowLeft: -1, ArrowUp: -1, ArrowRight: 1, ArrowDown: 1 };
    if (key === "Home") return 0;
    if (key === "End") return last;
    return Math.min(Math.max(from + moves[key], 0), last);
  }

  function keyPressed(event) {
    const target = event.target;
    if (event.key === "Escape") {
      hideNotice();
      if (state.question && !state.result) send({ type: "cancel" });
      return;
    }
    if (event.ctrlKey || event.altKey || event.metaKey || target.closest("select, input, textarea, summary")) return;
    const key = event.key;
    const arrow = ["ArrowLeft", "ArrowRight", "ArrowUp", "ArrowDown", "Home", "End"].includes(key);
    if (arrow && target.matches(".mt-card")) {
      const cards = handCards();
      handIndex = step(cards, cards.indexOf(target), key);
      rove(cards);
      cards[handIndex].focus();
      event.preventDefault();
    } else if (arrow && target.matches(".mt-answer")) {
      const answers = [...parts.question.querySelectorAll(".mt-answer")];
      answers[step(answers, answers.indexOf(target), key)].focus();
      event.preventDefault();
    } else if (/^[1-9]$/.test(key) && state.question && !parts.question.hidden) {
      parts.question.querySelectorAll(".mt-answer")[Number(key) - 1]?.click();
      event.preventDefault();
    } else if (key === "t" || key === "T") {
      localNotice = true;
      tell(state.read_out, parts.status);
      event.preventDefault();
    } else if (key === "l" || key === "L") {
      say(state.last ? state.last.text : state.status);
      event.preventDefault();
    } else if (key === "h" || key === "H") {
      if (focusHand()) event.preventDefault();
    }
  }

  // What the screen reader is told after a draw: every move it has not heard (in the words of
  // the seat at this screen), the question that opened, the result, and that it is your turn.
  function drawSaid() {
    const log = state.log || [];
    const question = state.question && !state.result ? state.question.text : null;
    const ending = state.result ? state.result.ending : null;
    const now = { round: state.round, moves: log.length, question, ending, turn: Boolean(state.your_turn) };
    const before = heard;
    heard = now;
    if (!before || !state.order) return; // the table as it opens: nothing has happened yet
    const lines = [];
    const from = before.round === now.round ? before.moves : 0;
    for (const entry of log.slice(from)) lines.push(entry.text);
    if (question && question !== before.question) lines.push(question);
    if (ending && ending !== before.ending) lines.push(ending);
    else if (!ending && now.turn && (!before.turn || lines.length) && !question) lines.push(state.status);
    if (lines.length) say(lines.join(" "));
  }

  function drawKeys() {
    const keys = (state.words || {}).keys;
    if (!keys || unchanged(parts.keys, keys)) return;
    parts.keys.textContent = "";
    const map = h("dl", { class: "mt-key-map" });
    for (const [pressed, does] of keys.rows) map.append(h("dt", { text: pressed }), h("dd", { text: does }));
    parts.keys.append(h("summary", { text: keys.title }), map);
  }

  function hideNotice() {
    localNotice = false;
    noticeAnchor = null;
    parts.notice.textContent = "";
  }

  // Shows `text` next to `anchor` (above it, or below when there is no room), inside the table.
  function showNotice(text, anchor) {
    setText(parts.notice, text);
    noticeAnchor = anchor;
    placeNotice();
    if (!calm.matches) parts.notice.animate([{ transform: "scale(0.92)" }, { transform: "none" }], { duration: 140 });
  }

  function fitWidth() {
    const now = root.clientWidth >= 560;
    if (now !== wide) parts.why.open = now; // only when the layout changes: a reader's own tap stays
    wide = now;
    placeNotice();
  }

  function placeNotice() {
    const box = parts.notice;
    if (!box.textContent || !root.isConnected) return;
    const area = root.getBoundingClientRect();
    const at = (noticeAnchor && noticeAnchor.isConnected ? noticeAnchor : parts.status).getBoundingClientRect();
    const width = box.offsetWidth;
    const left = Math.min(Math.max(at.left - area.left + at.width / 2 - width / 2, 0), area.width - width);
    let top = at.top - area.top - box.offsetHeight - 8;
    const below = top < 0;
    if (below) top = at.bottom - area.top + 8;
    box.style.left = `${left}px`;
    box.style.top = `${top}px`;
    box.style.setProperty("--point", `${at.left - area.left + at.width / 2 - left}px`);
    toggle(box, "mt-below", below);
  }
  // The page may draw the table before it is on screen, and a phone turns: place the notice again.
  const resized = new ResizeObserver(fitWidth);
  resized.observe(root);

  function drawHead() {
    setText(parts.headline, state.headline);
    setText(parts.status, state.status);
    const words = state.words || {};
    setText(parts.next, words.next);
    if (words.controls) parts.controls.setAttribute("aria-label", words.controls);
    if (!unchanged(parts.pace, words.pace, words.paces)) {
      parts.pace.setAttribute("aria-label", words.pace || "");
      parts.pace.textContent = "";
      for (const [value, label] of words.paces || []) parts.pace.append(h("option", { value, text: label }));
      parts.pace.value = model.get("pace");
    }
  }

  function drawOrder() {
    const order = state.order || [];
    if (unchanged(parts.order, order, state.order_sentence, state.direction, state.direction_words)) return;
    parts.direction.textContent = "";
    if (state.direction_words) {
      parts.direction.append(
        h("span", { "aria-hidden": "true", text: state.direction === -1 ? "↺ " : "↻ " }),
        state.direction_words,
      );
    }
    const list = parts.order;
    list.setAttribute("aria-label", state.order_sentence || "");
    toggle(list, "mt-crowd", order.length > 4);
    list.textContent = "";
    order.forEach((seat, index) => {
      const backs = h("span", { class: "mt-backs", "aria-hidden": "true" });
      for (let n = 0; n < Math.min(seat.cards, 10); n += 1) backs.append(h("span", { class: "mt-back" }));
      const tags = (seat.tags || []).map((tag) => h("span", { class: "mt-tag", text: tag }));
      const item = h(
        "li",
        {
          class: `mt-seat${seat.to_move ? " mt-to-move" : ""}${seat.you ? " mt-you" : ""}`,
          "data-seat": String(seat.seat),
          "data-eight": seat.eight ? "" : null,
          "data-jack": seat.jack ? "" : null,
          "aria-current": seat.to_move ? "true" : null,
        },
        [
          h("span", { class: "mt-seat-line" }, [
            seat.to_move ? h("span", { class: "mt-turn", "aria-hidden": "true", text: "▶" }) : null,
            h("span", { class: "mt-seat-name", text: seat.name }),
            seat.who ? h("span", { class: "mt-seat-who", text: seat.who }) : null,
          ]),
          h("span", { class: "mt-seat-line" }, [backs, h("span", { class: "mt-count", text: seat.cards_words })]),
          tags.length ? h("span", { class: "mt-tags" }, tags) : null,
        ],
      );
      list.append(item);
      // The arrow between two seats: the order is the order of play, so it always points on.
      if (index < order.length - 1) list.append(h("li", { class: "mt-arrow", "aria-hidden": "true", text: "→" }));
    });
  }

  function drawFelt() {
    const pile = state.pile || {};
    const stock = state.stock || {};
    if (!unchanged(parts.stock, Boolean(faces.back))) {
      parts.stock.textContent = "";
      if (faces.back) parts.stock.append(face(faces, "back", id));
    }
    setText(parts.stockWords, stock.words);
    const top = pile.top || "";
    if (parts.pileTop.dataset.pileTop !== top || !parts.pileTop.firstChild) {
      parts.pileTop.textContent = "";
      parts.pileTop.dataset.pileTop = top;
      if (top) {
        parts.pileTop.append(shownCard(faces, top, id));
      } else {
        parts.pileTop.append(h("span", { class: "mt-bare", "aria-hidden": "true" }));
      }
    }
    toggle(parts.pileTop, "mt-is-bare", !top);
    setText(parts.pileWords, pile.words);
    const marker = state.marker;
    if (!unchanged(parts.marker, marker, state.chopper, marker && Boolean(faces[marker.card]))) {
      parts.marker.textContent = "";
      parts.marker.dataset.marker = marker ? marker.card : "";
      if (marker) {
        parts.marker.append(shownCard(faces, marker.card, id), h("span", { class: "mt-caption", text: marker.title }));
      } else {
        parts.marker.append(h("span", { class: "mt-chopper", text: state.chopper }));
      }
    }
    if (!unchanged(parts.facts, pile.facts)) {
      parts.facts.textContent = "";
      for (const fact of pile.facts || []) parts.facts.append(h("li", { text: fact }));
    }
    // What the marker means: folded on a phone under its title, open beside the pile on a wide table.
    parts.why.hidden = !(marker && marker.text);
    if (marker && !unchanged(parts.why, marker.title, marker.text)) {
      parts.why.textContent = "";
      parts.why.append(h("summary", { text: marker.title }), h("p", { text: marker.text }));
    }
  }

  function drawQuestion() {
    const question = state.question;
    const box = parts.question;
    box.hidden = !question || Boolean(state.result);
    if (unchanged(box, question)) return;
    box.textContent = "";
    if (!question) return;
    const text = h("p", { class: "mt-question-text", id: `${id}-question`, text: question.text });
    box.setAttribute("aria-labelledby", `${id}-question`);
    const answers = question.answers.map((label, index) => {
      // A suit's answer shows its symbol (hearts and diamonds in red) above its word: the state says which.
      const suit = (question.marks || [])[index];
      const answer = makeButton(label, () => send({ type: "answer", index }), `mt-answer${suit ? " mt-suited" : ""}`);
      const ink = suit && suit.red ? " mt-red" : "";
      if (suit) answer.prepend(h("span", { class: `mt-suit${ink}`, "aria-hidden": "true", text: suit.symbol }));
      return answer;
    });
    const cancel = makeButton((state.words || {}).cancel, () => send({ type: "cancel" }), "mt-cancel");
    box.append(h("div", { class: "mt-question-head" }, [text, cancel]), h("div", { class: "mt-answers" }, answers));
    answers[0]?.focus({ preventScroll: true });
  }

  // A card's name is short: its face's, then the state's few marks ("cannot be played now"); why
  // not is said in the notice when the card is chosen.
  function handLabel(entry) {
    const label = faces[entry.card] ? faces[entry.card].label : entry.card;
    return [label, ...(entry.marks || [])].join(", ");
  }

  function handButton(entry) {
    const button = h("button", { class: "mt-card", type: "button", "data-card": entry.card }, [
      face(faces, entry.card, id),
      h("span", { class: "mt-mark mt-mark-play", "aria-hidden": "true", text: "▲" }),
      h("span", { class: "mt-mark mt-mark-chop", "aria-hidden": "true", text: "✂" }),
    ]);
    button.addEventListener("click", () => send({ type: "card", card: entry.card }));
    button.faceMarkup = faces[entry.card] && faces[entry.card].svg;
    return button;
  }

  // The hand keeps its buttons from draw to draw (keyed by card), so a refused tap keeps the focus.
  function drawHand() {
    const hand = state.hand || { cards: [] };
    const hidden = Boolean(state.covered) || Boolean(state.result);
    parts.hand.parentElement.hidden = hidden;
    parts.cover.hidden = !state.covered;
    setText(parts.cover, state.covered ? state.cover_label : (state.words || {}).reveal);
    setText(parts.handTitle, hand.title);
    const cards = hidden ? [] : hand.cards || [];
    const kept = new Map();
    for (const button of [...parts.hand.children]) {
      const wanted = cards.find((entry) => entry.card === button.dataset.card);
      if (wanted && button.faceMarkup === (faces[wanted.card] && faces[wanted.card].svg)) kept.set(wanted.card, button);
      else button.remove();
    }
    const off = !state.your_turn || Boolean(state.covered);
    cards.forEach((entry, index) => {
      const button = kept.get(entry.card) || handButton(entry);
      button.disabled = off;
      button.setAttribute("aria-label", handLabel(entry));
      toggle(button, "mt-playable", hand.show_playable && entry.playable);
      toggle(button, "mt-drawn", entry.drawn);
      toggle(button, "mt-chopper", entry.chopper);
      if (parts.hand.children[index] !== button) parts.hand.insertBefore(button, parts.hand.children[index] || null);
    });
    rove();
  }

  function drawControls() {
    const controls = state.controls || [];
    const asking = Boolean(state.question);
    const box = parts.controls;
    const kinds = controls.map((control) => control.kind);
    const kept = new Map();
    for (const button of [...box.children]) {
      if (kinds.includes(button.dataset.kind)) kept.set(button.dataset.kind, button);
      else button.remove();
    }
    parts.reasons.textContent = "";
    controls.forEach((control, index) => {
      let button = kept.get(control.kind);
      if (!button) {
        button = h("button", { class: "mt-btn mt-control", type: "button", "data-kind": control.kind });
        button.addEventListener("click", () => {
          const now = (state.controls || []).find((entry) => entry.kind === button.dataset.kind);
          if (!now) return;
          if (now.enabled) {
            hideNotice();
            send({ type: "control", kind: now.kind });
          } else {
            // A control that cannot be used now says why where it was tapped; the kernel is not asked.
            showNotice(now.reason, button);
            localNotice = true;
          }
        });
      }
      setText(button, control.label);
      const why = `${id}-why-${index}`;
      parts.reasons.append(h("span", { id: why, text: control.reason }));
      button.setAttribute("aria-describedby", why);
      button.title = control.reason || "";
      button.disabled = asking; // while a question is open, only its answers count
      if (control.enabled) button.removeAttribute("aria-disabled");
      else button.setAttribute("aria-disabled", "true");
      if (box.children[index] !== button) box.insertBefore(button, box.children[index] || null);
    });
    const computer = state.computer || {};
    parts.next.disabled = !computer.to_move || asking;
    parts.next.title = computer.name || "";
    parts.controls.parentElement.hidden = Boolean(state.result);
  }

  function drawResult() {
    const result = state.result;
    const box = parts.result;
    box.hidden = !result;
    toggle(root, "mt-over", result);
    if (unchanged(box, result)) return;
    box.textContent = "";
    if (!result) return;
    // The result carries its own buttons: "Next round", a new deal (a room: the host's "Deal again").
    const buttons = h(
      "div",
      { class: "mt-answers" },
      (result.actions || []).map((action, index) =>
        makeButton(action.label, () => send({ type: action.type }), index === 0 ? "mt-go" : ""),
      ),
    );
    const words = state.words || {};
    // The hands turned over: each seat's cards face up, its total and its points; the winner starred.
    const hands = (result.rows || []).map((row) => {
      const cards = Array.isArray(row.cards)
        ? row.cards.map((card) => shownCard(faces, card, id, "mt-small"))
        : [String(row.cards ?? "")];
      return h("tr", { class: row.won ? "mt-won winner" : null }, [
        h("th", { scope: "row" }, [
          row.won ? h("span", { class: "mt-star", text: words.winner }) : null,
          h("span", { text: row.name }),
        ]),
        h("td", {}, [h("div", { class: "mt-result-cards" }, cards)]),
        result.totals_shown === false ? null : h("td", { text: String(row.total ?? "") }),
        h("td", { text: String(row.points ?? "") }),
      ]);
    });
    const tables = h("div", { class: "mt-tables" }, [
      grid("mt-rows", result.headings || words.headings || [], hands),
    ]);
    const match = result.match;
    if (match) {
      const rounds = match.rounds.map((points, index) => line(match.titles[index], points));
      tables.append(grid("mt-match", ["", ...match.names], [...rounds, line(words.total, match.totals, "mt-total")]));
    }
    box.append(
      h("p", { class: "mt-ending", text: result.ending }),
      buttons,
      tables,
      h("p", { text: result.match_text }),
      h("p", { class: "mt-saved", text: result.saved }),
    );
  }

  function drawSide() {
    setText(parts.last, state.last ? state.last.text : "");
    const coach = state.coach;
    const box = parts.coach;
    box.hidden = !coach;
    if (!unchanged(box, coach)) {
      box.textContent = "";
      if (coach) {
        const verdict = coach.verdict;
        // The answer to the learner's last move comes first, under the title; then what to do now.
        const lines = [h("p", { class: "mt-coach-title", text: coach.title })];
        if (verdict) {
          lines.push(
            h("p", { class: `mt-verdict mt-${verdict.kind === "good" ? "good" : "better"}` }, [
              h("span", { "aria-hidden": "true", text: verdict.kind === "good" ? "✔ " : "➜ " }),
              verdict.text,
            ]),
          );
        }
        lines.push(...(coach.paragraphs || []).map((text) => h("p", { text })));
        box.append(...lines);
      }
    }
    // The list only grows during a round: add the new moves, keep the rest (and the fold) as it is.
    const log = state.log || [];
    const items = parts.log.children;
    const grown = items.length <= log.length && [...items].every((item, n) => item.dataset.action === log[n].action);
    if (!grown) parts.log.textContent = "";
    for (let index = parts.log.children.length; index < log.length; index += 1) {
      parts.log.append(h("li", { "data-action": log[index].action, text: log[index].text }));
    }
    setText(parts.logCount, state.log_title);
  }

  function drawNotice() {
    const notice = state.notice;
    if (notice && notice.serial !== noticeSerial) {
      noticeSerial = notice.serial;
      localNotice = false;
      const anchor = notice.card
        ? parts.hand.querySelector(`[data-card="${CSS.escape(notice.card)}"]`)
        : notice.control
          ? parts.controls.querySelector(`[data-kind="${CSS.escape(notice.control)}"]`)
          : parts.hand.parentElement.hidden
            ? parts.status
            : parts.hand;
      showNotice(notice.text, anchor);
    } else if (!notice && !localNotice) {
      hideNotice();
    }
  }

  // Where the card just laid was before this draw: the button in your hand, or its seat in the strip.
  function origin(last) {
    const mine = (state.order || []).some((seat) => seat.you && seat.seat === last.seat);
    const button = mine && last.card ? parts.hand.querySelector(`[data-card="${CSS.escape(last.card)}"]`) : null;
    const seat = parts.order.querySelector(`[data-seat="${last.seat}"] .mt-backs`);
    const from = button || seat;
    return from ? from.getBoundingClientRect() : null;
  }

  function fly(from, last) {
    const target = parts.pileTop;
    const seat = parts.order.querySelector(`[data-seat="${last.seat}"]`);
    if (calm.matches || !from) {
      // Without movement: the pile and the seat that laid it are outlined for a moment.
      const flash = [{ outlineColor: "#ffbf00" }, { outlineColor: "rgba(255,191,0,0)" }];
      for (const node of [target, seat]) if (node) node.animate(flash, { duration: 1200, easing: "ease-out" });
      return;
    }
    const to = target.getBoundingClientRect();
    if (!to.width) return;
    const dx = from.left + from.width / 2 - (to.left + to.width / 2);
    const dy = from.top + from.height / 2 - (to.top + to.height / 2);
    const scale = Math.min(Math.max(from.width / to.width, 0.3), 1.5);
    target.animate(
      [{ transform: `translate(${dx}px, ${dy}px) scale(${scale})`, zIndex: 5 }, { transform: "none", zIndex: 5 }],
      { duration: FLIGHT_MS[model.get("pace")] || 450, easing: "cubic-bezier(.2,.7,.3,1)" },
    );
  }

  // The coach's advice marked where it can be acted on: the card, the button or the answer.
  function drawAdvice() {
    for (const node of root.querySelectorAll("[data-advice]")) node.removeAttribute("data-advice");
    const advice = state.coach && state.coach.advice;
    if (!advice) return;
    const marked = [];
    if (advice.card) marked.push(parts.hand.querySelector(`[data-card="${CSS.escape(advice.card)}"]`));
    if (advice.control) marked.push(parts.controls.querySelector(`[data-kind="${CSS.escape(advice.control)}"]`));
    if (advice.answer !== null && advice.answer !== undefined) {
      marked.push(parts.question.querySelectorAll(".mt-answer")[advice.answer]);
    }
    for (const node of marked) if (node) node.setAttribute("data-advice", "");
  }

  function redraw() {
    queued = false;
    state = model.get("state") || {};
    faces = model.get("faces") || {};
    const focused = root.contains(document.activeElement) ? document.activeElement : null;
    const waiting = focused === parts.hand; // the hand held the focus until its cards could be played
    const last = state.last;
    const moved = last && shownSerial !== undefined && last.serial !== shownSerial;
    const from = moved && last.laid ? origin(last) : null;
    if (moved && localNotice) hideNotice();
    drawHead();
    drawOrder();
    drawFelt();
    drawQuestion();
    drawHand();
    drawControls();
    drawResult();
    drawSide();
    drawAdvice();
    drawKeys();
    drawSaid();
    if (moved && last.laid) fly(from, last);
    // A table shown before its first state has nothing to animate from.
    if (state.order) shownSerial = last ? last.serial : null;
    // The focus stays where it was; if that went away (a card laid, a question answered, the
    // buttons put away), it goes to the question, the result or the hand: never to the page.
    if (focused && (!root.contains(document.activeElement) || focusLost() || (waiting && state.your_turn))) {
      focusBest();
    }
    drawNotice();
    // Drawn last: a program waiting for the table can wait for this to count the moves.
    parts.status.dataset.moves = String(state.moves ?? 0);
  }

  // The state and the faces arrive together: draw once for both.
  const schedule = () => {
    if (!queued) {
      queued = true;
      queueMicrotask(redraw);
    }
  };
  const pace = () => {
    parts.pace.value = model.get("pace");
  };
  model.on("change:state", schedule);
  model.on("change:faces", schedule);
  model.on("change:pace", pace);
  // The kernel asks for the focus when the table takes the place of what had it (a room's deal,
  // a new game): taken only if the focus was lost, never from anything that holds it.
  const asked = () => {
    const request = model.get("focus_request") || 0;
    if (request <= (model.focusGiven || 0)) return;
    model.focusGiven = request;
    for (const delay of [0, 300, 1000]) setTimeout(() => root.isConnected && focusLost() && focusBest(), delay);
  };
  model.on("change:focus_request", asked);
  pace();
  redraw();
  asked();
  return () => {
    resized.disconnect();
    model.off("change:state", schedule);
    model.off("change:faces", schedule);
    model.off("change:pace", pace);
    model.off("change:focus_request", asked);
  };
}

export default { render };
