"""The vocabularies of a round's log: how a round ends, and each kind of logged event.

Both are string-valued enums, so a log or a result written as JSON reads as plain words.

>>> RoundEnd("cut") is RoundEnd.CUT, f"{EventKind.SKIP}"
(True, 'skip')
"""

from __future__ import annotations

from enum import StrEnum


class RoundEnd(StrEnum):
    """Why a round ended (docs/rules.md §8)."""

    OUT = "out"  # a player laid the last card
    CUT = "cut"  # a chopper cut
    BLOCKED = "blocked"  # a whole round of the table could neither play nor take a card


class EventKind(StrEnum):
    """Each entry of ``Round.log`` is ``(kind, seat, detail)`` with one of these kinds."""

    BASE = "base"  # house: the base card is shown (detail: the card)
    CUTTER = "cutter"  # uganda: the cutter is turned up (detail: the card)
    RETURNED = "returned"  # a joker (or a seven, for a cutter) went back into the stock
    OPENING = "opening"  # the opening card is turned up
    ACTION = "action"  # a player acted (detail: the Action)
    CALL_MISSED = "call_missed"
    CALLED = "called"
    CAUGHT = "caught"  # detail: the cards to pick up
    CANCEL = "cancel"  # a pick is cancelled (detail: the card that cancelled it)
    SMALLER = "smaller"  # uganda: a smaller answer (detail: the difference picked)
    OWES = "owes"  # detail: the cards now owed
    REVERSE = "reverse"  # detail: the new direction
    AGAIN = "again"  # two players: a jump or reverse means the same player plays again
    SKIP = "skip"
    SUIT = "suit"  # a suit is named (detail: the suit)
    COLOUR = "colour"  # a uganda joker names its colour
    DRAW = "draw"  # detail: the card drawn, None when nothing was left
    TAKE = "take"  # a penalty is taken (detail: the cards)
    RESHUFFLE = "reshuffle"  # detail: the size of the new stock
    GOES_OUT = "goes_out"  # play on: a seat laid its last card (detail: how many are out now)
    OUT = "out"
    CUT = "cut"
    BLOCKED = "blocked"


# The events a page or a lesson narrates without words of their own: they are the deal
# (drawn as the table itself) or the action that the narration already names.
SILENT_EVENTS = frozenset({EventKind.BASE, EventKind.CUTTER, EventKind.RETURNED, EventKind.OPENING, EventKind.ACTION})
