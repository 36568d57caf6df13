"""ipywidgets views over the engine. They hold no rules: every fact shown is asked of the package."""

from .rules_browser import RulesBrowser, rulesets_table_html

__all__ = ["RulesBrowser", "rulesets_table_html"]
