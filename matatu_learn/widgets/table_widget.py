"""The Play table as one custom widget: it draws a seat's ``state`` and sends back what was tapped.

The kernel owns everything: ``table_state`` (``teaching/table_state.py``) says what one seat may
see, in finished sentences, and ``draw`` hands it to the page together with the faces of exactly
the cards it shows. The page only draws and reports taps; every message it sends is checked
here against the state last drawn before a callback hears of it, and a page may change nothing
but the ``pace``. The messages are the tap protocol's (``play.protocol.TapKind``): ``card`` (a
card of the hand was tapped), ``control`` (a button of ``controls``), ``answer`` (an index into the
open question), ``cancel``, ``next`` ("Next move"), ``reveal`` (the cover), and a result's own
actions (``next_round``, ``again``).

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
from traitlets import Dict, Int, TraitError, Unicode, validate

from ..engine.cards import parse_card
from ..play.protocol import TAP_KEYS, Tap, parse_tap
from ..store.settings import seconds
from .svg import back_svg, card_label, card_svg

STATIC = Path(__file__).resolve().parent / "static"
# Seconds between the computer's moves when it plays by itself; "step" waits for "Next move". A
# test server shortens them all through the normal pace's seconds, as it shortens the culler's.
NORMAL_PACE = seconds("MATATU_LEARN_PACE_SECONDS", 1.0)
PACES: dict[str, float | None] = {
    "step": None,
    "slow": 2 * NORMAL_PACE,
    "normal": NORMAL_PACE,
    "fast": 0.4 * NORMAL_PACE,
}
# The messages a page may send: each type with the keys it carries besides "type" (``play.protocol``).
MESSAGES = {kind.value: set(keys) for kind, keys in TAP_KEYS.items()}
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
    control, answer or result's action one that the state drawn offers (``play.protocol.parse_tap``).
    Stale taps (the table has moved on) fail the same checks and are dropped.

    >>> state = {"hand": {"cards": [{"card": "7♦"}]}, "question": {"text": "?", "answers": ["Yes", "No"]}}
    >>> check_message({"type": "answer", "index": 1}, state)
    {'type': 'answer', 'index': 1}
    >>> [check_message(bad, state) for bad in ({"type": "answer", "index": 2}, {"type": "eval"}, "card", None)]
    [None, None, None, None]
    """
    tap = parse_tap(message, state)
    return None if tap is None else tap.message()


class TableWidget(anywidget.AnyWidget):
    """One seat's view of a table, drawn as a card table; taps come back through ``on_action``."""

    _esm = STATIC / "table.js"
    _css = STATIC / "table.css"
    state = Dict().tag(sync=True)
    faces = Dict().tag(sync=True)
    pace = Unicode("normal").tag(sync=True)
    # Counts the kernel's requests for the focus (``take_focus``); the page answers each once.
    focus_request = Int(0).tag(sync=True)

    def __init__(self, **kwargs):
        super().__init__(**kwargs)
        self._callbacks: list[Callable[[dict], None]] = []
        self._tap_callbacks: list[Callable[[Tap], None]] = []
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

    def take_focus(self) -> None:
        """Ask the page to put the focus in the table (the hand, or what is asked) if it was lost:
        the table has just taken the place of what had it (a room's deal, a new game)."""
        self.focus_request += 1

    def on_action(self, callback: Callable[[dict], None]) -> None:
        """Call ``callback(message)`` with each checked message a tap sends (see ``check_message``)."""
        self._callbacks.append(callback)

    def on_tap(self, callback: Callable[[Tap], None]) -> None:
        """Call ``callback(tap)`` with each checked tap, typed (``play.protocol.Tap``)."""
        self._tap_callbacks.append(callback)

    def receive(self, message) -> bool:
        """Hand a page's message to the callbacks if the drawn state allows it; whether it did."""
        # ``state`` is the kernel's own: ``set_state`` below lets no page change it.
        tap = parse_tap(message, self.state)
        if tap is None:
            return False
        for callback in self._callbacks:
            callback(tap.message())
        for tap_callback in self._tap_callbacks:
            tap_callback(tap)
        return True

    def _message(self, _widget, content, _buffers) -> None:
        self.receive(content)

    def set_state(self, sync_data):
        """Take only the pace from a page, and only a known one: what the table shows is the kernel's."""
        pace = sync_data.get("pace") if isinstance(sync_data, dict) else None
        if isinstance(pace, str) and pace in PACES:
            super().set_state({"pace": pace})
