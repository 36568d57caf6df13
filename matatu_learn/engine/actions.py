"""Actions: small immutable values with a text notation that round-trips.

>>> action = parse_action("play as h warning")
>>> str(action)
'play A♠ ♥ warning'
>>> parse_action(str(action)) is action
True
"""

from __future__ import annotations

from enum import StrEnum

from .cards import CARD_NAMES, DECK, SUIT_SYMBOLS, Card, parse_card, parse_suit
from .errors import CardError, NotationError


class ActionKind(StrEnum):
    """What an action does; string-valued, so the notation and JSON read ``play``, ``cut`` …"""

    PLAY = "play"
    CUT = "cut"
    DRAW = "draw"
    PASS = "pass"
    PICK = "pick"
    CALL = "call"
    CATCH = "catch"


PLAY, CUT, DRAW, PASS, PICK, CALL, CATCH = ActionKind
KINDS = tuple(ActionKind)
CALL_WORDS = ("warning", "card", "matatu")
ACCEPTED_KINDS = ", ".join(KINDS)

ACCEPTED_ACTIONS = (
    "play C, play C S (an Ace or joker naming a suit), play C WORD (with a call), "
    "cut C, draw, pass, pick, call WORD or catch"
)


class Action:
    """One move: ``kind`` plus the card, named suit and call word it needs.

    Build actions with ``make_action`` or ``parse_action``: each distinct action
    is a single shared object, so they compare by identity and hash quickly.
    """

    __slots__ = ("kind", "card", "suit", "word", "text")

    kind: ActionKind
    card: Card | None
    suit: int | None
    word: str | None
    text: str

    def __init__(self, kind: ActionKind, card: Card | None, suit: int | None, word: str | None):
        object.__setattr__(self, "kind", kind)
        object.__setattr__(self, "card", card)
        object.__setattr__(self, "suit", suit)
        object.__setattr__(self, "word", word)
        parts = [kind]
        if card is not None:
            parts.append(CARD_NAMES[card])
        if suit is not None:
            parts.append(SUIT_SYMBOLS[suit])
        if word is not None:
            parts.append(word)
        object.__setattr__(self, "text", " ".join(parts))

    def __setattr__(self, name, value):
        raise AttributeError("actions are immutable")

    def __str__(self) -> str:
        return self.text

    def __repr__(self) -> str:
        return f"Action('{self.text}')"

    def __reduce__(self):
        return (make_action, (self.kind, self.card, self.suit, self.word))


_INTERNED: dict[tuple, Action] = {}


def make_action(
    kind: ActionKind | str, card: int | None = None, suit: int | None = None, word: str | None = None
) -> Action:
    """The one shared ``Action`` for these parts; a kind given as text is read as an ``ActionKind``.

    >>> make_action("play", DECK[6]) is make_action(ActionKind.PLAY, DECK[6])
    True
    >>> make_action("jump")
    Traceback (most recent call last):
    ...
    matatu_learn.engine.errors.NotationError: 'jump' is not an action kind: write one of play, cut, draw, pass, pick, call, catch.
    """
    key = (kind, card, suit, word)
    action = _INTERNED.get(key)
    if action is None:
        try:
            kind = ActionKind(kind)
        except ValueError:
            raise NotationError(f"'{kind}' is not an action kind: write one of {ACCEPTED_KINDS}.") from None
        key = (kind, card, suit, word)
        action = _INTERNED.get(key)
        if action is None:
            action = Action(kind, None if card is None else DECK[card], suit, word)
            _INTERNED[key] = action
    return action


DRAW_ACTION = make_action(DRAW)
PASS_ACTION = make_action(PASS)
PICK_ACTION = make_action(PICK)
CATCH_ACTION = make_action(CATCH)


def parse_action(text: str | Action) -> Action:
    """Read an action in the notation of SCENARIOS.md; cards and suits as symbols or letters."""
    if isinstance(text, Action):
        return text
    if not isinstance(text, str) or not text.split():
        raise NotationError(f"'{text}' is not an action: write {ACCEPTED_ACTIONS}.")
    words = text.split()
    kind = words[0].lower()
    rest = words[1:]
    try:
        if kind in (DRAW, PASS, PICK, CATCH) and not rest:
            return make_action(kind)
        if kind == CALL and len(rest) == 1 and rest[0].lower() in CALL_WORDS:
            return make_action(CALL, word=rest[0].lower())
        if kind == CUT and len(rest) == 1:
            return make_action(CUT, parse_card(rest[0]))
        if kind == PLAY and 1 <= len(rest) <= 3:
            card = parse_card(rest[0])
            suit = word = None
            extra = rest[1:]
            if extra and extra[-1].lower() in CALL_WORDS:
                word = extra.pop().lower()
            if extra:
                if len(extra) > 1:
                    raise NotationError(f"'{text}' is not an action: write {ACCEPTED_ACTIONS}.")
                suit = parse_suit(extra[0])
            return make_action(PLAY, card, suit, word)
    except CardError as error:
        raise NotationError(f"'{text}' is not an action: {error}") from None
    raise NotationError(f"'{text}' is not an action: write {ACCEPTED_ACTIONS}.")
