"""The tap protocol: what a table page may send, as one vocabulary with typed messages.

A page is anyone's browser: ``parse_tap`` reads the dict a table widget sent and returns a
typed ``Tap`` only when the state last drawn offers it (a card of the hand shown, a button
drawn, an answer to the open question, a result's own action); anything else is None. Stale
taps (the table has moved on) fail the same checks.

>>> state = {"hand": {"cards": [{"card": "7♦"}]}, "question": {"text": "?", "answers": ["Yes", "No"]}}
>>> parse_tap({"type": "answer", "index": 1}, state)
Tap(kind=<TapKind.ANSWER: 'answer'>, card=None, index=1, control=None)
>>> [parse_tap(bad, state) for bad in ({"type": "answer", "index": 2}, {"type": "eval"}, "card", None)]
[None, None, None, None]
>>> parse_tap({"type": "card", "card": "7♦"}, state).message()
{'type': 'card', 'card': '7♦'}
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum
from typing import Any

__all__ = ["RESULT_TAPS", "TAP_KEYS", "ControlKind", "Tap", "TapKind", "parse_tap"]


class TapKind(StrEnum):
    """Every message a table page may send (its ``type``)."""

    CARD = "card"  # a card of the hand was tapped
    ANSWER = "answer"  # an answer to the open question, by index
    CONTROL = "control"  # a button under the hand, by kind (``ControlKind``)
    CANCEL = "cancel"  # the open question is dropped
    NEXT = "next"  # "Next move": the computer's move, now
    REVEAL = "reveal"  # the cover over a passed device's hand
    NEXT_ROUND = "next_round"  # a result's action: the match's next round
    DEAL_AGAIN = "again"  # a result's action: a new deal (a room's host: the same seats again)


class ControlKind(StrEnum):
    """The buttons under the hand (a ``control`` tap's ``kind``)."""

    DRAW = "draw"
    PASS = "pass"
    PICK = "pick"
    CUT = "cut"
    CATCH = "catch"
    CALL = "call"
    HINT = "hint"


# The keys each kind carries besides "type".
TAP_KEYS: dict[TapKind, frozenset[str]] = {
    TapKind.CARD: frozenset({"card"}),
    TapKind.ANSWER: frozenset({"index"}),
    TapKind.CONTROL: frozenset({"kind"}),
    **{kind: frozenset() for kind in (TapKind.CANCEL, TapKind.NEXT, TapKind.REVEAL)},
    **{kind: frozenset() for kind in (TapKind.NEXT_ROUND, TapKind.DEAL_AGAIN)},
}
# The taps a result offers as its own actions: ``state["result"]["actions"]``, each ``{"type", "label"}``.
RESULT_TAPS = (TapKind.NEXT_ROUND, TapKind.DEAL_AGAIN)


@dataclass(frozen=True, slots=True)
class Tap:
    """A checked tap: its kind and the one value it carries (a card's notation, an answer's index, a button's kind)."""

    kind: TapKind
    card: str | None = None
    index: int | None = None
    control: str | None = None

    def message(self) -> dict[str, Any]:
        """The tap as the page sent it."""
        message: dict[str, Any] = {"type": self.kind.value}
        if self.kind is TapKind.CARD:
            message["card"] = self.card
        elif self.kind is TapKind.ANSWER:
            message["index"] = self.index
        elif self.kind is TapKind.CONTROL:
            message["kind"] = self.control
        return message


def _part(state: dict, key: str) -> dict:
    part = state.get(key)
    return part if isinstance(part, dict) else {}


def _offered(state: dict, kind: TapKind, message: dict) -> bool:
    """Whether the state drawn offers this tap now."""
    if kind is TapKind.CARD:
        hand = _part(state, "hand").get("cards")
        shown = [entry.get("card") for entry in hand if isinstance(entry, dict)] if isinstance(hand, list) else []
        # A covered hand is the next person's: nobody at the screen may have tapped it.
        return isinstance(message["card"], str) and message["card"] in shown and not state.get("covered")
    if kind is TapKind.CONTROL:
        controls = state.get("controls") if isinstance(state.get("controls"), list) else []
        kinds = [control.get("kind") for control in controls if isinstance(control, dict)]
        return isinstance(message["kind"], str) and message["kind"] in kinds
    if kind is TapKind.ANSWER:
        index, answers = message["index"], _part(state, "question").get("answers")
        return type(index) is int and isinstance(answers, list) and 0 <= index < len(answers)  # not a bool
    if kind is TapKind.CANCEL:
        return state.get("question") is not None
    if kind is TapKind.NEXT:
        return bool(_part(state, "computer").get("to_move"))
    if kind is TapKind.REVEAL:
        return bool(state.get("covered"))
    actions = _part(state, "result").get("actions")
    offered = (
        [action.get("type") for action in actions if isinstance(action, dict)] if isinstance(actions, list) else []
    )
    return kind.value in offered


def parse_tap(message: Any, state: Any) -> Tap | None:
    """The typed tap a page's message asks for, or None when the state drawn does not offer it.

    The type must be known and the keys exactly its own.
    """
    if not isinstance(message, dict) or not isinstance(state, dict):
        return None
    try:
        kind = TapKind(message.get("type"))
    except (ValueError, TypeError):  # an unknown type, or no type at all
        return None
    if set(message) != TAP_KEYS[kind] | {"type"} or not _offered(state, kind, message):
        return None
    return Tap(kind, card=message.get("card"), index=message.get("index"), control=message.get("kind"))
