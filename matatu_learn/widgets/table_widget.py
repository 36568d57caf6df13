"""The Play table as one custom widget: it draws a seat's ``state`` and sends back what was tapped.

The kernel owns everything: ``table_state`` (``teaching/table_state.py``) says what one seat may
see, in finished sentences, and ``draw`` hands it to the page together with the faces of exactly
the cards it shows. The page only draws and reports taps; every message it sends is checked
here against the state last drawn before a callback hears of it, and a page may change nothing
but the ``pace``. The messages: ``card`` (a card of the hand was tapped), ``control`` (a button of
``controls``; one that is not enabled says its reason on the page and sends nothing), ``answer``
(an index into the open question), ``cancel``, ``next`` ("Next move"), ``reveal`` (the cover),
``next_round`` and ``again``.

>>> widget = TableWidget()
>>> widget.draw({"cards_shown": ["7♦"], "hand": {"cards": [{"card": "7♦"}]}, "controls": []})
>>> sorted(widget.faces), widget.faces["7♦"]["label"]
(['7♦', 'back'], 'seven of diamonds')
>>> heard = []
>>> widget.on_action(heard.append)
>>> widget.receive({"type": "card", "card": "7♦"}), widget.receive({"type": "card", "card": "A♠"})
(True, False)
>>> heard
[{'type': 'card', 'card': '7♦'}]
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import anywidget
from traitlets import Dict, TraitError, Unicode, validate

from ..engine.cards import parse_card
from .svg import back_svg, card_label, card_svg

STATIC = Path(__file__).resolve().parent / "static"
# Seconds between the computer's moves when it plays by itself; "step" waits for "Next move".
PACES: dict[str, float | None] = {"step": None, "slow": 2.0, "normal": 1.0, "fast": 0.4}
# The messages a page may send: each type with the keys it carries besides "type".
MESSAGES = {
    "card": {"card"},
    "control": {"kind"},
    "answer": {"index"},
    "cancel": set(),
    "next": set(),
    "reveal": set(),
    "next_round": set(),
    "again": set(),
}
BACK_LABEL = "face-down card"


def faces_for(cards_shown) -> dict:
    """The face of every card shown, keyed by its notation, and the back ("back") for face-down cards.

    >>> sorted(faces_for(["10♥", "RJ"]))
    ['10♥', 'RJ', 'back']
    """
    faces = {"back": {"svg": back_svg(), "label": BACK_LABEL}}
    for name in cards_shown:
        card = parse_card(name)
        faces[name] = {"svg": card_svg(card), "label": card_label(card)}
    return faces


def check_message(message, state: dict) -> dict | None:
    """The message as the kernel accepts it, or None when the state drawn does not allow it.

    A page is anyone's browser: the type must be known, the keys exactly its own, and a card,
    control or answer one that the state drawn offers. Stale taps (the table has moved on) fail
    the same checks and are dropped.

    >>> state = {"hand": {"cards": [{"card": "7♦"}]}, "question": {"text": "?", "answers": ["Yes", "No"]}}
    >>> check_message({"type": "answer", "index": 1}, state)
    {'type': 'answer', 'index': 1}
    >>> [check_message(bad, state) for bad in ({"type": "answer", "index": 2}, {"type": "eval"}, "card", None)]
    [None, None, None, None]
    """
    if not isinstance(message, dict) or not isinstance(state, dict):
        return None
    kind = message.get("type")
    if not isinstance(kind, str) or kind not in MESSAGES or set(message) != MESSAGES[kind] | {"type"}:
        return None
    if kind == "card":
        card = message["card"]
        hand = _part(state, "hand").get("cards")
        shown = [entry.get("card") for entry in hand if isinstance(entry, dict)] if isinstance(hand, list) else []
        # A covered hand is the next person's: nobody at the screen may have tapped it.
        ok = isinstance(card, str) and card in shown and not state.get("covered")
    elif kind == "control":
        controls = state.get("controls") if isinstance(state.get("controls"), list) else []
        ok = isinstance(message["kind"], str) and message["kind"] in [
            control.get("kind") for control in controls if isinstance(control, dict)
        ]
    elif kind == "answer":
        index, answers = message["index"], _part(state, "question").get("answers")
        ok = (
            type(index) is int  # not a bool, not a float
            and isinstance(answers, list)
            and 0 <= index < len(answers)
        )
    elif kind == "cancel":
        ok = state.get("question") is not None
    elif kind == "next":
        ok = bool(_part(state, "computer").get("to_move"))
    elif kind == "reveal":
        ok = bool(state.get("covered"))
    elif kind == "next_round":
        ok = bool(_part(state, "result").get("next_round"))
    else:  # again
        ok = state.get("result") is not None
    return {key: message[key] for key in ("type", *sorted(MESSAGES[kind]))} if ok else None


def _part(state: dict, key: str) -> dict:
    part = state.get(key)
    return part if isinstance(part, dict) else {}


class TableWidget(anywidget.AnyWidget):
    """One seat's view of a table, drawn as a card table; taps come back through ``on_action``."""

    _esm = STATIC / "table.js"
    _css = STATIC / "table.css"
    state = Dict().tag(sync=True)
    faces = Dict().tag(sync=True)
    pace = Unicode("normal").tag(sync=True)

    def __init__(self, **kwargs):
        super().__init__(**kwargs)
        self._callbacks: list[Callable[[dict], None]] = []
        self.on_msg(self._message)

    @validate("pace")
    def _valid_pace(self, proposal):
        if proposal["value"] not in PACES:
            raise TraitError(f"The pace is one of {', '.join(PACES)}, not {proposal['value']!r}.")
        return proposal["value"]

    def draw(self, state: dict) -> None:
        """Show ``state``: the faces of exactly its ``cards_shown`` first, then the state, in one message."""
        faces = faces_for(state.get("cards_shown") or ())
        with self.hold_sync():
            self.faces = faces
            self.state = state

    def on_action(self, callback: Callable[[dict], None]) -> None:
        """Call ``callback(message)`` with each checked message a tap sends (see ``check_message``)."""
        self._callbacks.append(callback)

    def receive(self, message) -> bool:
        """Hand a page's message to the callbacks if the drawn state allows it; whether it did."""
        # ``state`` is the kernel's own: ``set_state`` below lets no page change it.
        checked = check_message(message, self.state)
        if checked is None:
            return False
        for callback in self._callbacks:
            callback(checked)
        return True

    def _message(self, _widget, content, _buffers) -> None:
        self.receive(content)

    def set_state(self, sync_data):
        """Take only the pace from a page, and only a known one: what the table shows is the kernel's."""
        pace = sync_data.get("pace") if isinstance(sync_data, dict) else None
        if isinstance(pace, str) and pace in PACES:
            super().set_state({"pace": pace})
