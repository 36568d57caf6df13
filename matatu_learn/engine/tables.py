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

from .cards import DECK, JACK, QUEEN, Card
from .rules import Calls, JackEffect, Rules


class RulesTables:
    """Per-ruleset lookup tables, built once per ``Rules`` value."""

    __slots__ = ("rules", "values", "picks", "call_words", "stages", "turns", "_laying")

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
        self._laying: dict[int | None, tuple[dict, ...]] = {}

    def laying(self, chopper_suit: int | None) -> tuple[dict, ...]:
        """The tables of what laying each card does in rounds whose chopper has this suit, one per stage.

        Each maps what a card must match to the options of every card (``Round.lay_options``);
        they are shared by every such round, and filled as rounds meet new states.
        """
        laying = self._laying.get(chopper_suit)
        if laying is None:
            laying = self._laying[chopper_suit] = tuple({} for _ in range(self.stages + 1))
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
