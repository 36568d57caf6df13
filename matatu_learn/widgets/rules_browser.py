"""A ruleset picker that shows the rules text generated from the published data."""

from __future__ import annotations

import html

import ipywidgets as widgets

from ..engine.rules import Rules
from ..engine.rules_text import rules_sections
from ..store.registry import Registry
from ..teaching.voice import inactive_words, ruleset_words, setting_description, setting_title, value_words
from .svg import STYLE


def rules_html(name: str, version: int | None = None) -> str:
    """The rules of a published ruleset as HTML sections (every sentence generated from its switches)."""
    rules = Registry().rules(name, version)
    parts = []
    for heading, lines in rules_sections(rules).items():
        items = "".join(f"<li>{html.escape(line)}</li>" for line in lines)
        parts.append(f"<h4>{html.escape(heading)}</h4><ul>{items}</ul>")
    return "".join(parts)


def switches_html(rules: Rules) -> str:
    """Every switch of a ruleset by what it changes, its value, and whether another switch makes it pointless.

    >>> from matatu_learn.engine.rules import PRESETS
    >>> "<td>50 (no effect: “Joker mode” is set to “off”)</td>" in switches_html(PRESETS["uganda"])
    True
    """
    unused = inactive_words(rules)
    rows = "".join(
        f'<tr><th scope="row">{html.escape(setting_title(name))} '
        f'<span class="matatu-note">{html.escape(setting_description(name))}</span></th>'
        f"<td>{html.escape(value_words(name, value))}"
        f"{f' ({html.escape(unused[name])})' if name in unused else ''}</td></tr>"
        for name, value in rules.switches().items()
    )
    return (
        '<table class="matatu-compare"><thead><tr><th scope="col">what the switch changes</th>'
        f'<th scope="col">value</th></tr></thead><tbody>{rows}</tbody></table>'
    )


def ruleset_title(published) -> str:
    """A published ruleset's source title, or what it was published from."""
    return published.title or f"based on {published.base}"


def published_words(published) -> str:
    """A published ruleset as people call it: a preset's everyday name, else its name and source."""
    return ruleset_words(published.name, ruleset_title(published))


def rulesets_table_html() -> str:
    """One row per ruleset: the name people say, latest version, source, and its name in commands."""
    registry = Registry()
    latest = [registry.ruleset(name) for name in registry.names()]
    rows = "".join(
        f"<tr><td>{html.escape(ruleset_words(published.name))}</td><td>v{published.version}</td>"
        f"<td>{html.escape(ruleset_title(published))}</td><td><code>{html.escape(published.name)}</code></td></tr>"
        for published in latest
    )
    return (
        "<table><thead><tr><th>ruleset</th><th>version</th><th>source</th><th>name in commands</th></tr></thead>"
        f"<tbody>{rows}</tbody></table>"
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
            options=[(published_words(published), published.name) for published in latest],
            value=name,
            description="Ruleset",
            style={"description_width": "initial"},
            layout=widgets.Layout(width="auto", max_width="100%"),
        )
        self.text = widgets.HTML()
        self.switches = widgets.HTML()
        # The switches are for the curious: folded away under the rules in words.
        self.details = widgets.Accordion([self.switches], selected_index=None)
        self.details.set_title(0, "Its switches")
        self.picker.observe(lambda change: self._show(change["new"]), names="value")
        self._show(name)
        super().__init__([self.picker, self.text, self.details])

    def _show(self, name: str) -> None:
        self.text.value = STYLE + rules_html(name)
        self.switches.value = switches_html(Registry().rules(name))
