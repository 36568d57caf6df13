"""Why an action is allowed or refused, as data: the rule that decided and its parameters.

``Round.ruling(action)`` makes a ``Ruling`` from the same checks that generate the legal
actions; the teaching layer's voice puts it into words for a viewer. Nothing here is a
sentence for a person: an ``IllegalActionError`` carries the ruling, and its own message
is the ruling's notation, small print for programmers.

>>> ruling = Ruling(Rule.PICK_PENDING, False, "play 5♥", pending=2)
>>> ruling.rule, ruling.legal, ruling.facts["pending"]
(<Rule.PICK_PENDING: 'pick_pending'>, False, 2)
>>> str(ruling)
'play 5♥ is refused (pick_pending: pending=2)'
"""

from __future__ import annotations

from enum import StrEnum
from typing import Any, NamedTuple

from .cards import Card


class Rule(StrEnum):
    """The rule behind a ruling: what allows an action, or what refuses it."""

    # What allows an action.
    CATCH = "catch"  # a player missed a call and can be caught
    CALL_OWED = "call_owed"  # the player owes this call and must make it first
    PICK_UP = "pick_up"  # a pick is pending: the cards owed are taken and the turn ends
    DRAW = "draw"
    PASS_AFTER_DRAW = "pass_after_draw"  # the turn ends with no second card
    PASS_TAKES_ONE = "pass_takes_one"  # a pass without drawing takes one card
    CUT = "cut"  # a chopper that fits, light enough
    ANSWERS_PICK = "answers_pick"
    BARE_TABLE = "bare_table"  # uganda: the leader may lay any card
    FREE_PLAY = "free_play"  # house: after an A♠ cancel any card may be laid
    WILD = "wild"  # an Ace or a joker fits any card
    FITS = "fits"

    # What refuses an action.
    ROUND_OVER = "round_over"
    NOT_YOUR_TURN = "not_your_turn"
    MUST_CALL_FIRST = "must_call_first"
    NOBODY_TO_CATCH = "nobody_to_catch"
    NO_CALL_OWED = "no_call_owed"
    WRONG_CALL_OWED = "wrong_call_owed"
    NOT_HELD = "not_held"
    PICK_PENDING = "pick_pending"
    NO_PICK = "no_pick"
    ALREADY_DRAWN = "already_drawn"
    NO_PASS_AFTER_DRAW = "no_pass_after_draw"
    ONLY_DRAWN_CARD = "only_drawn_card"
    NO_PASS = "no_pass"
    DRAW_ONLY_WHEN_STUCK = "draw_only_when_stuck"
    NOT_A_CHOPPER = "not_a_chopper"
    NO_CHOPPER_HELD = "no_chopper_held"  # asked to cut, holding no chopper
    CHOPPER_MUST_FIT = "chopper_must_fit"
    TOO_HEAVY = "too_heavy"
    CHOPPER_ONLY_CUTS = "chopper_only_cuts"
    DOES_NOT_FIT = "does_not_fit"
    LAST_CARD_NAMES_NOTHING = "last_card_names_nothing"
    MUST_NAME_SUIT = "must_name_suit"
    CANNOT_NAME_SUIT = "cannot_name_suit"
    NO_CALLS = "no_calls"
    NO_CALL_DUE = "no_call_due"
    WRONG_CALL_WORD = "wrong_call_word"
    NOT_AN_ACTION = "not_an_action"  # text that is not in the notation
    NOT_NOW = "not_now"  # refused, and none of the rules above says more (the legal actions are listed)


class Ruling:
    """A rule, whether it allows the action, the action's notation and the facts the rule quotes.

    ``facts`` holds plain values only (cards, suits as 0-3, counts, words), named by what they
    are: ``pending``, ``top``, ``suit`` … A ruling compares by rule, verdict, action and facts.
    """

    __slots__ = ("rule", "legal", "action", "facts")

    def __init__(self, rule: Rule, legal: bool, action: str, **facts: Any):
        self.rule = rule
        self.legal = legal
        self.action = action
        self.facts = facts

    def __eq__(self, other) -> bool:
        return isinstance(other, Ruling) and (self.rule, self.legal, self.action, self.facts) == (
            other.rule,
            other.legal,
            other.action,
            other.facts,
        )

    __hash__ = None  # facts are a dict

    def __repr__(self) -> str:
        return f"Ruling({self.rule!r}, {self.legal}, {self.action!r}, **{self.facts!r})"

    def __str__(self) -> str:
        verdict = "is legal" if self.legal else "is refused"
        facts = ", ".join(f"{name}={_plain(value)}" for name, value in self.facts.items())
        return f"{self.action} {verdict} ({self.rule}{': ' + facts if facts else ''})"


class PickAnswer(NamedTuple):
    """One kind of card that answers a pending pick: a rank (2 or 3) of a colour, a joker, or
    the master ace; ``effect`` says what it does (``adds``, ``passes_on``, ``compares``, ``cancels``)."""

    rank: int  # 2 or 3; 0 for a joker; 1 for the A♠
    colour: str | None  # a pick card's colour where colour matters, else None
    effect: str


def _plain(value) -> str:
    if isinstance(value, Card):
        return str(value)
    if isinstance(value, tuple):
        return "(" + " ".join(_plain(item) for item in value) + ")"
    return str(value)
