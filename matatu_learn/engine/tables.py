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

from .cards import ACE, DECK
from .rules import Calls, Chopper, JokerNames, Rules


class RulesTables:
    """Per-ruleset lookup tables, built once per ``Rules`` value."""

    __slots__ = ("rules", "values", "picks", "call_words", "_plain")

    def __init__(self, rules: Rules):
        self.rules = rules
        self._plain: dict[int | None, tuple[bool, ...]] = {}
        self.values = rules.card_values()
        self.picks = rules.pick_amounts()
        # The call owed by a play that leaves that many cards in hand.
        if rules.calls is Calls.WARNING_CARD:
            self.call_words = {2: "warning", 1: "card"}
        elif rules.calls is Calls.MATATU:
            self.call_words = {1: "matatu"}
        else:
            self.call_words = {}

    def plain_cards(self, chopper_suit: int | None) -> tuple[bool, ...]:
        """For each card: True when laying it is one plain ``play`` (no suit to name, not a chopper)."""
        plain = self._plain.get(chopper_suit)
        if plain is None:
            rules = self.rules
            plain = self._plain[chopper_suit] = tuple(
                not (card.rank == 7 and (rules.chopper is Chopper.ANY_SEVEN or card.suit == chopper_suit))
                and not (card.rank == ACE or (card.is_joker and rules.joker_names is JokerNames.SUIT))
                for card in DECK
            )
        return plain


@cache
def tables_for(rules: Rules) -> RulesTables:
    return RulesTables(rules)


def hand_total(rules: Rules, cards: Iterable[int]) -> int:
    """The value of some cards under a ruleset (docs/rules.md §2)."""
    values = tables_for(rules).values
    return sum(values[card] for card in cards)
