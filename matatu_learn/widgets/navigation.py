"""The learner's path: "Lesson N of M", the way back and on, the glossary, and the ruleset carried on.

The ruleset a learner chose travels in the page's address (``?rules=uganda``); the page carries
it on (``kernel_page().ruleset``, read from the address Voilà hands the kernel). A lesson
has one ruleset picker, at its head; it starts on the carried ruleset, and choosing another
redraws every lesson widget of the page (``FollowsRuleset``) and changes every link, so the
next page opens on the same ruleset. The foot of a lesson leads on once its practice has been
answered right (``kernel_page().practice``); until then it only offers to skip ahead.
"""

from __future__ import annotations

import html
from urllib.parse import urlencode

import ipywidgets as widgets

from ..engine.rules import Rules
from ..store.database import StoreError
from ..store.progress import LearnerProgress
from ..teaching.lessons import (
    FIRST_GAME,
    GLOSSARY_PAGE,
    HOME_PAGE,
    LESSON_PATH,
    PATH_WORDS,
    RECOMMENDED_REASON,
    RECOMMENDED_RULESET,
    RULESET_CHOICES,
    lesson_number,
    ruleset_name,
    ruleset_rules,
)
from ..teaching.pages import page
from ..teaching.progress import practised_lessons
from .learner import PageAddress
from .page import kernel_page, refusal_sentence
from .page_access import PageAccess
from .rules_browser import RulesBrowser, rulesets_table_html
from .views import RulesetPicker

NAVIGATION_STYLE = """<style>
.matatu-nav { display: flex; flex-wrap: wrap; gap: 6px 18px; align-items: center; margin: 4px 0 8px; }
.matatu-nav a { color: #0b5394; text-decoration: underline; }
.matatu-nav .matatu-step { font-weight: bold; background: #eef3f8; border-radius: 12px; padding: 2px 10px; }
a.matatu-go { display: inline-block; background: #1a7f37; color: #fff !important; text-decoration: none !important;
  font-weight: bold; font-size: 1.1em; padding: 8px 18px; border-radius: 6px; margin: 6px 0; }
a.matatu-go:hover, a.matatu-go:focus { background: #116329; outline: 3px solid #f0b400; }
a.matatu-skip { color: #444 !important; }
.matatu-head { border-bottom: 1px solid #d0d7de; padding-bottom: 6px; margin-bottom: 6px; }
.matatu-nav .matatu-learner { color: #333; }
</style>"""

# Who a lesson keeps progress for, at its head (the name shown as text), and the landing page's
# link on when lessons are done already.


def carried_ruleset() -> str:
    """The ruleset choice this page started on (from its address) or the learner has chosen since."""
    return kernel_page().ruleset.value


def carry(ruleset: str) -> None:
    """Carry a ruleset choice on: every link of the page now opens the next page on it.

    A table's own published ruleset is not one of the lessons' choices: the lessons keep theirs.
    """
    if ruleset in RULESET_CHOICES:
        kernel_page().ruleset.change(ruleset)


def follow(picker: RulesetPicker, chosen: str | None = None) -> RulesetPicker:
    """Start ``picker`` on the carried ruleset unless a page ``chosen`` one, carry its changes on, and
    show the page's ruleset whenever it changes (another picker, or the page's address read late).

    A picker that offers only the presets starts on the carried choice's preset
    (``uganda-jokers`` → ``uganda``); one that offers neither keeps its own value.
    """
    keys = [key for _, key in picker.options]
    if chosen is None:
        _show(picker, carried_ruleset(), keys)
    picker.observe(lambda change: _carry_from(change["new"], keys), names="value")
    kernel_page().ruleset.listen(lambda carried: _show(picker, carried, keys))
    return picker


def _show(picker: RulesetPicker, carried: str, keys: list[str]) -> None:
    preset = RULESET_CHOICES[carried][1]
    shown = carried if carried in keys else preset if preset in keys else picker.value
    if picker.value != shown:
        picker.value = shown


def _carry_from(value: str, keys: list[str]) -> None:
    # A picker without the carried choice, set to that choice's own preset, keeps the carried mode;
    # a picker set to follow the page (the choice carried already) chooses nothing new.
    carried = carried_ruleset()
    if value != carried and (carried in keys or value != RULESET_CHOICES[carried][1]):
        carry(value)


def page_link(page_id: str, ruleset: str | None = None) -> str:
    """The address of a page (by its id, ``teaching.pages``), carrying the ruleset and the learner
    (when the page has one).

    >>> page_link("matching-and-turns", "uganda")
    '02-matching-and-turns.ipynb?rules=uganda'
    """
    query = {"rules": ruleset or carried_ruleset()}
    learner = kernel_page().learner.name
    if learner:
        query["learner"] = learner
    return f"{page(page_id).notebook}?{urlencode(query)}"


def page_address() -> PageAddress:
    """The browser's address bar, following the page's learner and the ruleset it carries, so a
    reload and every link of the page (those in the notebook's text too) keep both."""
    context = kernel_page()
    address = PageAddress(learner=context.learner.name or "", rules=context.ruleset.value)
    context.learner.listen(lambda name: setattr(address, "learner", name or ""))
    context.ruleset.listen(lambda ruleset: setattr(address, "rules", ruleset))
    return address


def page_anchor(page: str, text: str, css: str = "") -> str:
    """A link to a page (by its id) with ``text``, escaped, carrying the ruleset and the learner."""
    klass = f' class="{css}"' if css else ""
    return f'<a href="{html.escape(page_link(page))}"{klass}>{html.escape(text)}</a>'


def stored_progress(name: str | None) -> LearnerProgress | None:
    """The learner's kept progress (None: no learner, or nothing kept yet); may raise a ``StoreError``."""
    if not name:
        return None
    progress = kernel_page().learners()
    return progress.progress(name) if progress.find(name) is not None else None


def remember_practice(page: str) -> str:
    """Open the way on from ``page`` if the page's learner did its practice on an earlier visit;
    a sentence if their progress cannot be read ("" otherwise)."""
    context = kernel_page()
    try:
        kept = stored_progress(context.learner.name)
    except StoreError as error:
        return refusal_sentence(error)
    if kept is not None and page in practised_lessons(kept):
        context.practice.practised(page)
    return ""


class FollowsRuleset:
    """A lesson widget shows the ruleset it was given, or else the one the page carries, and draws
    itself again (``redraw``) whenever the page's ruleset changes."""

    def follow_ruleset(self, ruleset: str | None) -> None:
        self.fixed = ruleset
        if ruleset is None:
            kernel_page().ruleset.listen(lambda _: self.redraw())

    @property
    def ruleset(self) -> str:
        """The ruleset choice this widget shows (a key of ``RULESET_CHOICES``)."""
        return self.fixed or carried_ruleset()

    @property
    def rules(self) -> Rules:
        return ruleset_rules(self.ruleset)

    def redraw(self) -> None:
        raise NotImplementedError


class LessonNavigation(widgets.VBox):
    """Where a page stands on the path, its links (every one carries the ruleset), and the page's
    one ruleset picker: choosing another ruleset redraws every lesson widget of the page.

    ``end=True`` draws the foot of a lesson instead: once the lesson's practice is answered right
    (on this page, or by the page's learner on an earlier visit), one big link to the next lesson
    (after the last lesson, to a first game with a coach); until then a soft link that skips ahead.
    The head says who is learning, when the page has a learner.

    >>> carry("uganda")
    >>> navigation = LessonNavigation("matching-and-turns")
    >>> "Lesson 2 of 6" in navigation.links.value, navigation.picker.value
    (True, 'uganda')
    >>> 'href="03-special-cards.ipynb?rules=uganda"' in LessonNavigation("matching-and-turns", end=True).links.value
    True
    >>> carry("house")
    """

    def __init__(self, page: str, end: bool = False, **kwargs):
        self.page, self.end = page, end
        self.number = lesson_number(page) if page not in (HOME_PAGE, GLOSSARY_PAGE) else None
        self.links = widgets.HTML()
        children = [self.links]
        self.picker = None
        context = kernel_page()
        if not end:
            self.picker = follow(RulesetPicker(carried_ruleset(), description=PATH_WORDS["ruleset"]))
            children += [self.picker, page_address(), PageAccess()]  # the folded sections reach the keyboard
        super().__init__(children, **kwargs)
        self.add_class("matatu-foot" if end else "matatu-head")
        for followed in (context.ruleset, context.practice, context.learner):
            followed.listen(lambda _: self.draw())
        self.store_problem = ""
        self.draw()
        if end and self.number is not None:
            self.remember()
            context.learner.listen(lambda _: self.remember())  # a learner the page's address names late

    def remember(self) -> None:
        """Open the way on if the page's learner did this lesson's practice on an earlier visit."""
        self.store_problem = remember_practice(self.page)
        self.draw()

    @property
    def next_page(self) -> tuple[str, str] | None:
        if self.number is None:
            return None
        return LESSON_PATH[self.number] if self.number < len(LESSON_PATH) else FIRST_GAME

    @property
    def practised(self) -> bool:
        return self.page in kernel_page().practice.done

    def draw(self) -> None:
        if self.end:
            problem = f'<p class="matatu-note">{html.escape(self.store_problem)}</p>' if self.store_problem else ""
            self.links.value = NAVIGATION_STYLE + self._foot() + problem
            return
        parts = []
        if self.number is not None:
            where = PATH_WORDS["where"].format(number=self.number, total=len(LESSON_PATH))
            parts.append(f'<span class="matatu-step">{where}</span>')
            if self.number > 1:
                previous, title = LESSON_PATH[self.number - 2]
                parts.append(page_anchor(previous, PATH_WORDS["previous"].format(title=title)))
        parts.append(page_anchor(HOME_PAGE, PATH_WORDS["lessons"]))
        if self.page != GLOSSARY_PAGE:
            parts.append(page_anchor(GLOSSARY_PAGE, PATH_WORDS["glossary"]))
        context = kernel_page()
        if context.learner.name:
            learning = html.escape(PATH_WORDS["learning as"].format(name=context.learner.name))
            parts.append(f'<span class="matatu-learner">{learning}</span>')
        problem = "".join(
            f'<p class="matatu-note">{html.escape(sentence)}</p>'
            for sentence in (context.ruleset.problem, context.learner.problem)
            if sentence
        )
        self.links.value = (
            f'{NAVIGATION_STYLE}<nav class="matatu-nav" aria-label="Lessons">{"".join(parts)}</nav>{problem}'
        )

    def _foot(self) -> str:
        if self.number is None:
            return ""
        upcoming, title = self.next_page
        if not self.practised:
            return (
                f'<p class="matatu-note">{html.escape(PATH_WORDS["practise first"])}</p>'
                f'<nav class="matatu-nav" aria-label="Next lesson">'
                f"{page_anchor(upcoming, PATH_WORDS['skip'].format(title=title), 'matatu-skip')}"
                f"{page_anchor(HOME_PAGE, PATH_WORDS['lessons'])}{page_anchor(GLOSSARY_PAGE, PATH_WORDS['glossary'])}</nav>"
            )
        label = PATH_WORDS["next" if self.number < len(LESSON_PATH) else "last"].format(title=title)
        return (
            f'<nav class="matatu-nav" aria-label="Next lesson">{page_anchor(upcoming, label, "matatu-go")}'
            f"{page_anchor(HOME_PAGE, PATH_WORDS['lessons'])}{page_anchor(GLOSSARY_PAGE, PATH_WORDS['glossary'])}</nav>"
        )


class PathStart(widgets.VBox):
    """The landing page's start: the recommended ruleset, a picker, a "Start lesson 1" link, and
    the first game with a coach that follows the lessons.

    ``lead_to(page)``: a learner's own way on is shown elsewhere on the page, so "Start lesson 1"
    becomes a plain link: the page has one big link.
    """

    def __init__(self):
        first, title = LESSON_PATH[0]
        self.picker = follow(RulesetPicker(carried_ruleset(), description=PATH_WORDS["learn with"]))
        self.start = widgets.HTML()
        advice = widgets.HTML(
            "<p>"
            + html.escape(
                PATH_WORDS["advice"].format(name=ruleset_name(RECOMMENDED_RULESET), reason=RECOMMENDED_REASON)
            )
            + "</p>"
        )
        context = kernel_page()
        for followed in (context.ruleset, context.learner):
            followed.listen(lambda _: self.draw())
        super().__init__([advice, self.picker, self.start])
        self.title = title
        self.first = first
        self.led_to: str | None = None
        self.draw()

    def lead_to(self, page: str | None) -> None:
        """The page the learner's own big link leads to (None: there is none)."""
        self.led_to = page
        self.draw()

    def draw(self) -> None:
        game, title = FIRST_GAME
        # A learner's own big link (where they stand) replaces "Start lesson 1": one way on.
        start = (
            f"{page_anchor(self.first, PATH_WORDS['start'].format(title=self.title), 'matatu-go')} &nbsp; "
            if self.led_to is None
            else ""
        )
        self.start.value = NAVIGATION_STYLE + (
            f"<p>{start}{page_anchor(GLOSSARY_PAGE, PATH_WORDS['glossary'])}</p>"
            f"<p>{page_anchor(game, PATH_WORDS['first game'].format(title=title))}</p>"
        )


class RulesDisclosure(widgets.Accordion):
    """The full rules behind one click: every ruleset's version and source, and the rules text of
    the carried ruleset (choosing another here carries it on too)."""

    def __init__(self):
        self.browser = RulesBrowser()
        follow(self.browser.picker)
        intro = widgets.HTML(
            "<p>Every ruleset is published as numbered versions; what you read here is generated from "
            "the same data the lessons and the tables play by.</p>" + rulesets_table_html()
        )
        super().__init__([widgets.VBox([intro, self.browser])], selected_index=None)
        self.set_title(0, "The full rules of every ruleset")
