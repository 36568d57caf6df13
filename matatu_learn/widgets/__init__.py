"""ipywidgets views over the engine. They hold no rules: every fact shown is asked of the package."""

from .history import HistoryBrowser, RulesComparison
from .lesson_views import (
    CutMeter,
    DealExplorer,
    MatchView,
    TopicLesson,
    TurnExplorer,
    card_values_html,
    worked_examples_html,
)
from .navigation import LessonNavigation
from .play_table import PlayTable
from .puzzle_trainer import PuzzleTrainer
from .rules_browser import RulesBrowser, rulesets_table_html
from .stepper import FrameStepper
from .svg import card_html
from .views import HandView, RulesetPicker, TableView

__all__ = [
    "CutMeter",
    "DealExplorer",
    "FrameStepper",
    "HandView",
    "HistoryBrowser",
    "LessonNavigation",
    "MatchView",
    "PlayTable",
    "PuzzleTrainer",
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
