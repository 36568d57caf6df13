"""The facts of a round's log: typed, frozen records with named fields, one class per kind.

Every entry of ``Round.log`` is one of the records below. Each carries what the table could
see when it happened (an ``Acted`` record holds the pile's state the action was made on), so
a reader of the log — an agent, a narrator, a replay — never runs the rules again. A record is
a ``NamedTuple``: cheap to make on the engine's hot path, compared and printed field by field.
The ``kind`` of a record is an ``EventKind``, string-valued, so a log written as JSON reads as
plain words.

>>> from matatu_learn.engine.cards import parse_card
>>> event = Drew(seat=1, card=parse_card("5♣"))
>>> event.kind, event.seat, str(event.card)
(<EventKind.DRAW: 'draw'>, 1, '5♣')
>>> RoundEnd("cut") is RoundEnd.CUT, f"{EventKind.SKIP}"
(True, 'skip')
"""

from __future__ import annotations

from enum import StrEnum
from typing import NamedTuple

from .actions import Action
from .cards import Card


class RoundEnd(StrEnum):
    """Why a round ended (docs/rules.md §8)."""

    OUT = "out"  # a player laid the last card
    CUT = "cut"  # a chopper cut
    BLOCKED = "blocked"  # a whole round of the table could neither play nor take a card


class EventKind(StrEnum):
    """The kind of each record of ``Round.log``."""

    BASE = "base"
    CUTTER = "cutter"
    RETURNED = "returned"
    OPENING = "opening"
    ACTION = "action"
    CALL_MISSED = "call_missed"
    CALLED = "called"
    CAUGHT = "caught"
    CANCEL = "cancel"
    SMALLER = "smaller"
    OWES = "owes"
    REVERSE = "reverse"
    AGAIN = "again"
    SKIP = "skip"
    SUIT = "suit"
    COLOUR = "colour"
    DRAW = "draw"
    TAKE = "take"
    RESHUFFLE = "reshuffle"
    GOES_OUT = "goes_out"
    OUT = "out"
    CUT = "cut"
    BLOCKED = "blocked"


# A card another seat drew or took, as a viewer who did not see it finds it in the log.
HIDDEN = "?"


# ---------------------------------------------------------------------------- the deal
class BaseShown(NamedTuple):
    """house: the base card is shown (an identity, never dealt from)."""

    card: Card
    kind = EventKind.BASE
    seat = None


class CutterShown(NamedTuple):
    """uganda: the cutter is turned up under the stock, out of play."""

    card: Card
    kind = EventKind.CUTTER
    seat = None


class Returned(NamedTuple):
    """A joker (or a seven, for a cutter) turned up went back into the stock."""

    card: Card
    kind = EventKind.RETURNED
    seat = None


class Opened(NamedTuple):
    """The opening card is turned up on the pile."""

    card: Card
    kind = EventKind.OPENING
    seat = None


# ------------------------------------------------------------------------- the actions
class Acted(NamedTuple):
    """A seat acted, and the table it acted on: the top card, the named suit or colour,
    whether the play was free (after a house A♠ cancel), the pick pending, the direction of
    play, and whether this seat had already drawn this turn."""

    seat: int
    action: Action
    top: Card | None
    suit: int | None
    colour: str | None
    free: bool
    pending: int
    direction: int
    drawn: bool
    kind = EventKind.ACTION


# ------------------------------------------------------------------- the automatic effects
class CallMissed(NamedTuple):
    """A play left ``seat`` owing ``word`` and the word was not said."""

    seat: int
    word: str
    kind = EventKind.CALL_MISSED


class Called(NamedTuple):
    seat: int
    word: str
    kind = EventKind.CALLED


class Caught(NamedTuple):
    """``seat`` was caught without its call by ``by`` and picks up ``penalty`` cards."""

    seat: int
    penalty: int
    by: int
    kind = EventKind.CAUGHT


class Cancelled(NamedTuple):
    """``seat`` cancelled the pending pick with ``card`` (the A♠, or an equal uganda answer)."""

    seat: int
    card: Card
    kind = EventKind.CANCEL


class Smaller(NamedTuple):
    """uganda: ``seat`` answered with a smaller pick and picks up the difference."""

    seat: int
    difference: int
    kind = EventKind.SMALLER


class Owes(NamedTuple):
    """``seat`` now owes ``count`` cards."""

    seat: int
    count: int
    kind = EventKind.OWES


class Reversed(NamedTuple):
    """``seat``'s card reversed the order; ``direction`` is the new one (1: clockwise)."""

    seat: int
    direction: int
    kind = EventKind.REVERSE


class Again(NamedTuple):
    """Two players: a jump or a reverse means ``seat`` plays again."""

    seat: int
    kind = EventKind.AGAIN


class Skipped(NamedTuple):
    """``seat`` is jumped by an 8 (or a jumping J)."""

    seat: int
    kind = EventKind.SKIP


class SuitNamed(NamedTuple):
    seat: int
    suit: int
    kind = EventKind.SUIT


class ColourNamed(NamedTuple):
    """A uganda joker names its own colour."""

    seat: int
    colour: str
    kind = EventKind.COLOUR


class Drew(NamedTuple):
    """``seat`` drew ``card``: None when nothing was left to draw, ``HIDDEN`` to other viewers."""

    seat: int
    card: Card | str | None
    kind = EventKind.DRAW


class Took(NamedTuple):
    """``seat`` took a penalty's ``cards`` (a pick, a catch, a smaller answer); hidden to others."""

    seat: int
    cards: tuple
    kind = EventKind.TAKE


class Reshuffled(NamedTuple):
    """The pile under its top card became a new stock of ``size`` cards."""

    size: int
    kind = EventKind.RESHUFFLE
    seat = None


class WentOut(NamedTuple):
    """Play on: ``seat`` laid its last card, the ``place``-th to go out."""

    seat: int
    place: int
    kind = EventKind.GOES_OUT


class Ended(NamedTuple):
    """The round is over: why, the seat that went out or cut (None for a blocked table), who won."""

    reason: RoundEnd
    seat: int | None
    winners: tuple[int, ...]

    @property
    def kind(self) -> EventKind:
        return EventKind(self.reason)


Event = (
    BaseShown
    | CutterShown
    | Returned
    | Opened
    | Acted
    | CallMissed
    | Called
    | Caught
    | Cancelled
    | Smaller
    | Owes
    | Reversed
    | Again
    | Skipped
    | SuitNamed
    | ColourNamed
    | Drew
    | Took
    | Reshuffled
    | WentOut
    | Ended
)

# A record made on the engine's hot path: ``record(Drew, (seat, card))`` is ``Drew(seat, card)``,
# made without the argument handling of a NamedTuple's constructor (a third of its cost). The
# fields are given in order, all of them.
record = tuple.__new__

# The records of the deal: a page draws them as the table itself.
DEAL_EVENTS = (BaseShown, CutterShown, Returned, Opened)


def public_event(event: Event, viewer: int | None) -> Event:
    """The record as ``viewer`` finds it: the cards another seat drew or took are hidden.

    >>> from matatu_learn.engine.cards import parse_card
    >>> public_event(Drew(1, parse_card("5♣")), viewer=0)
    Drew(seat=1, card='?')
    >>> public_event(Drew(1, parse_card("5♣")), viewer=1).card
    Card('5♣')
    """
    cls = event.__class__
    if cls is Drew:
        if event.seat != viewer and event.card is not None:
            return Drew(event.seat, HIDDEN)
    elif cls is Took:
        if event.seat != viewer:
            return Took(event.seat, (HIDDEN,) * len(event.cards))
    return event
