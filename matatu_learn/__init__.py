"""matatu-learn: an exact Matatu rules engine, and lessons built on it."""

from .engine.actions import Action, make_action, parse_action
from .engine.cards import Card, format_cards, parse_card, parse_cards
from .engine.round import Round, RoundResult, hand_total
from .engine.errors import CardError, DealError, IllegalActionError, MatatuError, RulesError, ScenarioError
from .engine.rules import PRESETS, Rules, published_rules, with_switches

__all__ = [
    "Action", "Card", "CardError", "DealError", "IllegalActionError", "MatatuError", "PRESETS",
    "Round", "RoundResult", "Rules", "RulesError", "ScenarioError", "format_cards", "hand_total",
    "make_action", "parse_action", "parse_card", "parse_cards", "published_rules", "with_switches",
]
__version__ = "0.1.0"
