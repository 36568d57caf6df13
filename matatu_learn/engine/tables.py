"""Per-ruleset lookup tables that the legal-move generator, the explanations and the agents index.

Built once per ``Rules`` value and shared.

>>> from matatu_learn.engine.rules import PRESETS
>>> from matatu_learn.engine.cards import parse_cards
>>> hand_total(PRESETS["house"], parse_cards("K♣ 2♠"))
33
"""

from __future__ import annotations

from collections.abc import Iterable
from functools import cache

from .actions import DRAW_ACTION, PASS_ACTION
from .cards import DECK, JACK, QUEEN, Card
from .rules import AfterDraw, Calls, JackEffect, Rules


class RulesTables:
    """Per-ruleset lookup tables, built once per ``Rules`` value."""

    __slots__ = (
        "rules",
        "values",
        "picks",
        "call_words",
        "stages",
        "turns",
        "besides_laying",
        "nothing_to_lay",
        "after_drawing",
        "_laying",
    )

    def __init__(self, rules: Rules):
        self.rules = rules
        self.values = rules.card_values()
        self.picks = rules.pick_amounts()
        # The call owed by a play that leaves that many cards in hand.
        if rules.calls is Calls.WARNING_CARD:
            self.call_words = {2: "warning", 1: "card"}
        elif rules.calls is Calls.MATATU:
            self.call_words = {1: "matatu"}
        else:
            self.call_words = {}
        # How a play's options depend on the cards it leaves in hand: the last card names nothing,
        # a call may be owed at a few cards left, and beyond those every count is alike.
        self.stages = max(self.call_words, default=0) + 1
        # How laying each ordinary card (not a pick, an Ace or a joker) moves the turn: the steps, and whether it reverses.
        self.turns = tuple(_turn(rules, card) for card in DECK)
        # What a player may do besides laying a card (no pick pending): with cards to lay, having
        # none, and after a draw. The legal actions list them after the plays, a draw first.
        passing = (PASS_ACTION,) if rules.pass_without_draw else ()
        self.besides_laying = ((DRAW_ACTION,) if rules.draw_when_fitting else ()) + passing
        self.nothing_to_lay = (DRAW_ACTION, *passing)
        passes_after_draw = rules.after_draw in (AfterDraw.ANY_FITTING, AfterDraw.DRAWN_OR_PASS)
        self.after_drawing = (PASS_ACTION,) if passes_after_draw else ()
        self._laying: dict[int | None, tuple[dict, ...]] = {}

    def laying(self, chopper_suit: int | None) -> tuple[dict, ...]:
        """The tables of what laying each card does in rounds whose chopper has this suit, by the cards a play leaves.

        Entry ``left`` maps what a card must match to the options of every card (``Round.lay_options``)
        for a play that leaves ``left`` cards; every count from ``stages`` on shares one entry, and so
        does an empty hand's ``-1`` (the last). They are shared by every such round, and filled as rounds
        meet new states.
        """
        laying = self._laying.get(chopper_suit)
        if laying is None:
            by_stage = [{} for _ in range(self.stages + 1)]
            most = len(self.rules.deck())  # a hand never holds more than the deck
            laying = self._laying[chopper_suit] = tuple(by_stage[min(left, self.stages)] for left in range(most + 1))
        return laying


def _turn(rules: Rules, card: Card) -> tuple[int, bool]:
    rank = card.rank
    if rank == 8 or (rank == JACK and rules.jack is JackEffect.JUMP):
        return 2, False
    if (rank == JACK and rules.jack is JackEffect.REVERSE) or (rank == QUEEN and rules.queens_reverse):
        return 1, True
    return 1, False


@cache
def tables_for(rules: Rules) -> RulesTables:
    return RulesTables(rules)


def hand_total(rules: Rules, cards: Iterable[int]) -> int:
    """The value of some cards under a ruleset (docs/rules.md §2)."""
    values = tables_for(rules).values
    return sum(values[card] for card in cards)
