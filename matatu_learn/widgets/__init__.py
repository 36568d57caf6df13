"""ipywidgets views over the engine. They hold no rules: every fact shown is asked of the package."""

from .history import HistoryBrowser, ReplayStepper, RulesComparison
from .rules_browser import RulesBrowser, rulesets_table_html

__all__ = ["HistoryBrowser", "ReplayStepper", "RulesBrowser", "RulesComparison", "rulesets_table_html"]
