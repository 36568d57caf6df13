"""matatu-learn: an exact Matatu rules engine, and lessons built on it."""

from .engine.actions import Action, ActionKind, make_action, parse_action
from .engine.cards import Card, format_cards, parse_card, parse_cards
from .engine.errors import (
    CardError,
    DealError,
    IllegalActionError,
    MatatuError,
    NotationError,
    RulesError,
    ScenarioError,
)
from .engine.events import EventKind, RoundEnd
from .engine.round import Round, RoundResult
from .engine.rules import PRESETS, Rules, with_switches
from .engine.tables import hand_total
from .engine.view import PlayerView, TeacherView

__all__ = [
    "Action",
    "ActionKind",
    "Card",
    "CardError",
    "DealError",
    "EventKind",
    "IllegalActionError",
    "MatatuError",
    "NotationError",
    "PRESETS",
    "PlayerView",
    "Round",
    "RoundEnd",
    "RoundResult",
    "Rules",
    "RulesError",
    "ScenarioError",
    "TeacherView",
    "format_cards",
    "hand_total",
    "make_action",
    "parse_action",
    "parse_card",
    "parse_cards",
    "with_switches",
]
__version__ = "0.1.0"
