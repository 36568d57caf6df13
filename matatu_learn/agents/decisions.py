"""What a computer player decided, as facts: the action, why, the cards and numbers it cites,
and which of its reasons only its own seat may hear. The teaching layer's voice words them.

>>> from matatu_learn.engine.actions import parse_action
>>> decision = Decision(parse_action("play K♣"), Motive.HEAVIEST, seat=1, numbers={"shed": 13},
...                     asides=frozenset({Aside.HEAVIEST_FITTING}))
>>> decision.motive, decision.numbers["shed"], decision.private
(<Motive.HEAVIEST: 'heaviest'>, 13, True)
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from enum import StrEnum
from types import MappingProxyType

from ..engine.actions import CATCH, PICK, Action
from ..engine.cards import Card
from ..engine.view import PlayerView


class Motive(StrEnum):
    """Why an agent made its move. The ``numbers`` each motive quotes are named beside it."""

    ONLY_MOVE = "only_move"  # the only legal move
    LAST_CARD = "last_card"  # the last card in hand: laying it ends the round
    ONLY_CUTS = "only_cuts"  # only cuts are allowed: no draw while a cut is possible
    CATCH = "catch"  # caught: the seat that missed its call; penalty: the cards it picks up
    CALL = "call"  # a call owed is made before anything else
    CUT = "cut"  # left: the hand's weight after the cut; others: the other hands' sizes; chance: of the lightest
    ONLY_FITTING = "only_fitting"  # the one card that can be laid
    ANSWER = "answer"  # answer a pick rather than take it; pending: the cards owed
    ATTACK = "attack"  # a pick the next player must answer; shed: the card's value
    AGAIN = "again"  # two players: a jump or reverse gives another turn
    SKIP = "skip"  # a jump or reverse keeps the turn from a player nearly out
    HEAVIEST = "heaviest"  # shed the heaviest card that fits; shed: its value
    MOST_TO_FOLLOW = "most_to_follow"  # shed the card that leaves most cards to follow it; shed: its value
    WILD = "wild"  # an Ace or joker when nothing else fits, naming the suit held most
    VOID = "void"  # keep the suit the other player just drew on
    DRAW = "draw"  # draw: nothing fits (or a chopper is kept)
    PICK = "pick"  # pick up: nothing answers the pick; pending: the cards owed
    PASS = "pass"  # pass: nothing can be laid
    RANDOM = "random"  # chosen by chance; choices: how many legal moves there were
    SEARCH = "search"  # share: of the deals won; deals: tried; runner_share: the next best move's share
    ONLY_SENSIBLE = "only_sensible"  # the other legal moves can do no better


class Aside(StrEnum):
    """A reason that tells of the agent's own hidden cards: only its own seat may hear it."""

    KEEPS_CHOPPER = "keeps_chopper"  # a cut was possible: the chopper is kept for a likelier win
    SUIT_HELD_MOST = "suit_held_most"  # the suit named is the one held most of
    NOTHING_ELSE_FITS = "nothing_else_fits"
    ONLY_FITTING = "only_fitting"  # no other card in hand can be laid
    NOTHING_FITS = "nothing_fits"
    NOTHING_ANSWERS = "nothing_answers"
    NOTHING_TO_LAY = "nothing_to_lay"
    CARD_TO_FOLLOW = "card_to_follow"  # a card is held to lay on the extra turn
    MOST_TO_FOLLOW = "most_to_follow"  # the rest of the hand follows this card best
    HEAVIEST_FITTING = "heaviest_fitting"  # no heavier card that fits is held
    NEXT_BEST = "next_best"  # the search's runner-up lays a card still in hand


@dataclass(frozen=True, slots=True)
class Decision:
    """An agent's move and its facts.

    ``seat`` decided; ``cards`` are the cards the public reason cites (each seen by the table
    once the move is made); ``numbers`` are the figures the motive quotes (see ``Motive``);
    ``runner_up`` is the search's next best move. ``asides`` are the reasons that tell of the
    seat's own hidden cards: ``seat`` alone may hear them (a learner's hint), the table never.
    """

    action: Action
    motive: Motive
    seat: int
    cards: tuple[Card, ...] = ()
    numbers: Mapping[str, float | tuple[int, ...]] = field(default_factory=dict)
    runner_up: Action | None = None
    asides: frozenset[Aside] = frozenset()

    def __post_init__(self):
        # A decision is a fact: its numbers cannot change after it was made.
        object.__setattr__(self, "numbers", MappingProxyType(dict(self.numbers)))

    @property
    def private(self) -> bool:
        """Whether some reason is for the deciding seat's ears alone."""
        return bool(self.asides)

    def may_hear_all(self, viewer: int | None) -> bool:
        """Whether ``viewer`` may hear the private reasons: only the seat that decided."""
        return viewer == self.seat


def make_decision(
    view: PlayerView,
    action: Action,
    motive: Motive,
    numbers: Mapping | None = None,
    asides: frozenset[Aside] | set[Aside] = frozenset(),
    runner_up: Action | None = None,
) -> Decision:
    """A decision of ``view``'s seat, citing the card the action lays and the numbers the action
    (or the runner-up) itself needs: the cards a pick-up takes, the seat a catch catches and its penalty."""
    quoted = dict(numbers or {})
    kinds = {action.kind, None if runner_up is None else runner_up.kind}
    if PICK in kinds:
        quoted["pending"] = view.pending
    if CATCH in kinds:
        quoted["caught"] = view.catchable
        quoted["penalty"] = view.rules.catch_penalty
    cards = () if action.card is None else (action.card,)
    return Decision(action, motive, view.seat, cards, quoted, runner_up, frozenset(asides))
