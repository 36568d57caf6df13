"""ipywidgets views over the engine. They hold no rules: every fact shown is asked of the package."""

from .history import HistoryBrowser, ReplayStepper, RulesComparison
from .lesson_views import (
    CutMeter,
    DealExplorer,
    MatchView,
    TopicLesson,
    TurnExplorer,
    card_values_html,
    worked_examples_html,
)
from .puzzle_trainer import PuzzleTrainer
from .rules_browser import RulesBrowser, rulesets_table_html
from .stepper import LessonStepper
from .svg import card_html
from .views import HandView, RulesetPicker, TableView

__all__ = [
    "CutMeter",
    "DealExplorer",
    "HandView",
    "HistoryBrowser",
    "LessonStepper",
    "MatchView",
    "PuzzleTrainer",
    "ReplayStepper",
    "RulesBrowser",
    "RulesComparison",
    "RulesetPicker",
    "TableView",
    "TopicLesson",
    "TurnExplorer",
    "card_html",
    "card_values_html",
    "rulesets_table_html",
    "worked_examples_html",
]
