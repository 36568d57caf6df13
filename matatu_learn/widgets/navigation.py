"""The learner's path: "Lesson N of M", previous and next, the glossary, and the ruleset carried on.

The ruleset a learner chose travels in the page's address (``?rules=uganda``). Voilà hands
a page's query string to its kernel as the ``QUERY_STRING`` environment variable; every
lesson's picker starts on the carried ruleset, and a change of picker changes every link
of the page, so the next page opens on the same ruleset.
"""

from __future__ import annotations

import html
import os
from collections.abc import Callable
from urllib.parse import urlencode

import ipywidgets as widgets

from ..teaching.lessons import (
    FIRST_GAME,
    GLOSSARY_PAGE,
    LESSON_PATH,
    RECOMMENDED_REASON,
    RECOMMENDED_RULESET,
    RULESET_CHOICES,
    lesson_number,
    ruleset_from_query,
)
from .rules_browser import RulesBrowser, rulesets_table_html
from .views import RulesetPicker, choice_label

NAVIGATION_STYLE = """<style>
.matatu-nav { display: flex; flex-wrap: wrap; gap: 6px 18px; align-items: center; margin: 4px 0 8px; }
.matatu-nav a { color: #0b5394; text-decoration: underline; }
.matatu-nav .matatu-step { font-weight: bold; background: #eef3f8; border-radius: 12px; padding: 2px 10px; }
a.matatu-go { display: inline-block; background: #1a7f37; color: #fff !important; text-decoration: none !important;
  font-weight: bold; font-size: 1.1em; padding: 8px 18px; border-radius: 6px; margin: 6px 0; }
a.matatu-go:hover, a.matatu-go:focus { background: #116329; outline: 3px solid #f0b400; }
</style>"""


class CarriedRuleset:
    """The ruleset this page carries on; ``problem`` says why an address's ruleset was not used.

    One per kernel, so one per page: Voilà starts a kernel for every page it renders.
    """

    def __init__(self, query: str):
        self.value, self.problem = ruleset_from_query(query)
        self.listeners: list[Callable[[str], None]] = []

    def listen(self, listener: Callable[[str], None]) -> None:
        """Call ``listener(ruleset)`` whenever the carried ruleset changes."""
        self.listeners.append(listener)

    def change(self, ruleset: str) -> None:
        changed = ruleset != self.value or self.problem
        self.value, self.problem = ruleset, ""
        if changed:
            for listener in list(self.listeners):
                listener(ruleset)


CARRIED = CarriedRuleset(os.environ.get("QUERY_STRING", ""))


def carried_ruleset() -> str:
    """The ruleset choice this page started on (from its address) or the learner has chosen since."""
    return CARRIED.value


def carry(ruleset: str) -> None:
    """Carry a ruleset choice on: every link of the page now opens the next page on it.

    A table's own published ruleset is not one of the lessons' choices: the lessons keep theirs.
    """
    if ruleset in RULESET_CHOICES:
        CARRIED.change(ruleset)


def follow(picker: RulesetPicker, chosen: str | None = None) -> RulesetPicker:
    """Start ``picker`` on the carried ruleset unless a page ``chosen`` one, and carry its changes on.

    A picker that offers only the presets starts on the carried choice's preset
    (``uganda-jokers`` → ``uganda``); one that offers neither keeps its own value.
    """
    keys = [key for _, key in picker.options]
    preset = RULESET_CHOICES[CARRIED.value][1]
    if chosen is None:
        picker.value = CARRIED.value if CARRIED.value in keys else preset if preset in keys else picker.value
    picker.observe(lambda change: _carry_from(change["new"], keys), names="value")
    return picker


def _carry_from(value: str, keys: list[str]) -> None:
    # A picker without the carried choice, set to that choice's own preset, keeps the carried mode.
    if CARRIED.value in keys or value != RULESET_CHOICES[CARRIED.value][1]:
        carry(value)


def page_link(page: str, ruleset: str | None = None) -> str:
    """The address of a page, carrying the ruleset.

    >>> page_link("02-matching-and-turns", "uganda")
    '02-matching-and-turns.ipynb?rules=uganda'
    """
    return f"{page}.ipynb?{urlencode({'rules': ruleset or carried_ruleset()})}"


def _anchor(page: str, text: str, css: str = "") -> str:
    klass = f' class="{css}"' if css else ""
    return f'<a href="{html.escape(page_link(page))}"{klass}>{html.escape(text)}</a>'


class LessonNavigation(widgets.HTML):
    """Where a page stands on the path, with its links; every link carries the ruleset.

    ``end=True`` draws the foot of a lesson: one big link to the next lesson (after the last
    lesson, to a first full game).

    >>> carry("uganda")
    >>> navigation = LessonNavigation("02-matching-and-turns")
    >>> "Lesson 2 of 6" in navigation.value, 'href="03-special-cards.ipynb?rules=uganda"' in navigation.value
    (True, True)
    >>> carry("house")
    """

    def __init__(self, page: str, end: bool = False, **kwargs):
        super().__init__(**kwargs)
        self.page, self.end = page, end
        self.number = lesson_number(page) if page not in ("index", GLOSSARY_PAGE) else None
        CARRIED.listen(lambda ruleset: self.draw())
        self.draw()

    @property
    def next_page(self) -> tuple[str, str] | None:
        if self.number is None:
            return None
        return LESSON_PATH[self.number] if self.number < len(LESSON_PATH) else FIRST_GAME

    def draw(self) -> None:
        if self.end:
            self.value = NAVIGATION_STYLE + self._foot()
            return
        parts = []
        if self.number is not None:
            parts.append(f'<span class="matatu-step">Lesson {self.number} of {len(LESSON_PATH)}</span>')
            if self.number > 1:
                previous, title = LESSON_PATH[self.number - 2]
                parts.append(_anchor(previous, f"← Previous: {title}"))
            upcoming, title = self.next_page
            label = "Next: " if self.number < len(LESSON_PATH) else "Then: "
            parts.append(_anchor(upcoming, f"{label}{title} →"))
        parts.append(_anchor("index", "All lessons"))
        if self.page != GLOSSARY_PAGE:
            parts.append(_anchor(GLOSSARY_PAGE, "Glossary"))
        parts.append(f'<span class="matatu-note">Ruleset: {html.escape(choice_label(carried_ruleset()))}</span>')
        problem = f'<p class="matatu-note">{html.escape(CARRIED.problem)}</p>' if CARRIED.problem else ""
        self.value = f'{NAVIGATION_STYLE}<nav class="matatu-nav" aria-label="Lessons">{"".join(parts)}</nav>{problem}'

    def _foot(self) -> str:
        if self.number is None:
            return ""
        upcoming, title = self.next_page
        if self.number < len(LESSON_PATH):
            label = f"Next lesson: {title} →"
        else:
            label = f"{title} →"
        return (
            f'<nav class="matatu-nav" aria-label="Next lesson">{_anchor(upcoming, label, "matatu-go")}'
            f"{_anchor('index', 'All lessons')}{_anchor(GLOSSARY_PAGE, 'Glossary')}</nav>"
        )


class PathStart(widgets.VBox):
    """The landing page's start: the recommended ruleset, a picker, and a "Start lesson 1" link."""

    def __init__(self):
        first, title = LESSON_PATH[0]
        self.picker = follow(RulesetPicker(carried_ruleset(), description="Learn with"))
        self.start = widgets.HTML()
        advice = widgets.HTML(
            f"<p>New to Matatu? Start with <b>{RECOMMENDED_RULESET}</b> rules: {html.escape(RECOMMENDED_REASON)}. "
            "You can change the ruleset here or on any lesson, and it follows you from page to page.</p>"
        )
        CARRIED.listen(lambda ruleset: self.draw())
        super().__init__([advice, self.picker, self.start])
        self.title = title
        self.first = first
        self.draw()

    def draw(self) -> None:
        self.start.value = NAVIGATION_STYLE + (
            f"<p>{_anchor(self.first, f'Start lesson 1: {self.title} →', 'matatu-go')} "
            f"&nbsp; {_anchor(GLOSSARY_PAGE, 'Glossary')}</p>"
        )


class RulesDisclosure(widgets.Accordion):
    """The full rules behind one click: every ruleset's version and source, and the rules text of
    the carried ruleset (choosing another here carries it on too)."""

    def __init__(self):
        self.browser = RulesBrowser()
        follow(self.browser.picker)
        CARRIED.listen(self._follow)
        intro = widgets.HTML(
            "<p>Every ruleset is published as numbered versions; what you read here is generated from "
            "the same data the game engine runs on.</p>" + rulesets_table_html()
        )
        super().__init__([widgets.VBox([intro, self.browser])], selected_index=None)
        self.set_title(0, "The full rules of every ruleset")

    def _follow(self, ruleset: str) -> None:
        preset = RULESET_CHOICES[ruleset][1]
        if preset in [key for _, key in self.browser.picker.options]:
            self.browser.picker.value = preset
