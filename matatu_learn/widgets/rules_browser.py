"""A ruleset picker that shows the rules text generated from the published data."""

from __future__ import annotations

import html

import ipywidgets as widgets

from ..engine.rules_text import rules_sections
from ..store.registry import Registry


def rules_html(name: str, version: int | None = None) -> str:
    """The rules of a published ruleset as HTML sections (every sentence generated from its switches)."""
    rules = Registry().rules(name, version)
    parts = []
    for heading, lines in rules_sections(rules).items():
        items = "".join(f"<li>{html.escape(line)}</li>" for line in lines)
        parts.append(f"<h4>{html.escape(heading)}</h4><ul>{items}</ul>")
    return "".join(parts)


def ruleset_title(published) -> str:
    """A published ruleset's source title, or what it was published from."""
    return published.title or f"based on {published.base}"


def rulesets_table_html() -> str:
    """One row per ruleset: name, latest version and title."""
    registry = Registry()
    latest = [registry.ruleset(name) for name in registry.names()]
    rows = "".join(
        f"<tr><td><code>{html.escape(published.name)}</code></td><td>v{published.version}</td>"
        f"<td>{html.escape(ruleset_title(published))}</td></tr>"
        for published in latest
    )
    return (
        f"<table><thead><tr><th>ruleset</th><th>version</th><th>source</th></tr></thead><tbody>{rows}</tbody></table>"
    )


class RulesBrowser(widgets.VBox):
    """Pick a ruleset; read its rules.

    >>> browser = RulesBrowser()
    >>> browser.picker.value = "bomb"
    >>> "Any 7 is a chopper." in browser.text.value
    True
    """

    def __init__(self, name: str = "house"):
        registry = Registry()
        latest = [registry.ruleset(known) for known in registry.names()]
        self.picker = widgets.Dropdown(
            options=[(f"{published.name} — {ruleset_title(published)}", published.name) for published in latest],
            value=name,
            description="Ruleset",
            style={"description_width": "initial"},
        )
        self.text = widgets.HTML(rules_html(name))
        self.picker.observe(self._show, names="value")
        super().__init__([self.picker, self.text])

    def _show(self, change) -> None:
        self.text.value = rules_html(change["new"])
