"""The landing page's learner: a name box ("Your name"), and where the learner stands on the path.

A good name is carried from then on (``kernel_page().learner``): the address gets ``?learner=NAME`` and every
link carries it; the page greets the learner and shows their own progress, with one big link on.
A refused name is one sentence, shown as text, and nothing is kept. "Not you?" forgets the name
on this page: nothing more is kept, and what was kept stays in the store under the name.
Everything from a name is shown as text, never as markup.
"""

from __future__ import annotations

import html

import ipywidgets as widgets

from ..store.database import StoreError
from ..store.progress import LearnerProgress
from ..teaching.lessons import LESSON_PATH
from ..teaching.path import (
    AFTER_THE_PATH,
    MOST_STARS,
    PATH_STEP_WORDS,
    STEPS,
    StepKind,
    StepStanding,
    StepState,
    lesson_record,
    other_rulesets,
    path_standing,
    steps_done,
    where_next,
)
from ..teaching.progress import lesson_status, progress_lines
from .bounds import note_html
from .navigation import NAVIGATION_STYLE, PathStart, carried_ruleset, page_address, page_anchor, page_link
from .page import kernel_page, refusal_sentence
from .page_access import PageAccess

NAME_WORDS = {
    "box": "Your name",
    "placeholder": "e.g. Amina",
    "keep": "Keep my progress",
    "forget": "Not you? Forget my name",
    "why": (
        "Give your name to keep your progress: the lessons you practised, your puzzles and your games. "
        "No password: use a name your class knows you by."
    ),
    "greeting": "Hello, {name}. Your progress is kept under your name.",
    "forgotten": "Your name is forgotten on this page: nothing more is kept. What was kept stays under the name.",
    "not kept": "Your progress cannot be kept:",
    "empty": "Type your name in the box first, then press Keep my progress.",
}

STANDING_STYLE = """<style>
.matatu-standing { border-left: 4px solid #1a7f37; background: #f3f8f4; padding: 4px 12px; margin: 6px 0; }
.matatu-standing ul { margin: 4px 0; padding-left: 18px; }
</style>"""

# The path as lichess's Learn draws its stages: a step a row, done ones green with their stars, the
# next one lit, the later ones grey; every row a thumb's height.
PATH_STYLE = """<style>
.matatu-path { margin: 8px 0; max-width: 44em; }
.matatu-path h3 { margin: 4px 0; }
.matatu-path ol { list-style: none; margin: 4px 0; padding: 0; }
.matatu-path ol > li { display: grid; grid-template-columns: 1.6em 1fr auto; column-gap: 8px; align-items: center;
  border: 1px solid #d0d7de; border-radius: 8px; margin: 6px 0; padding: 2px 10px 4px; box-sizing: border-box; }
.matatu-path ol > li a { grid-column: 2; min-height: 44px; display: flex; align-items: center; color: #0b5394; }
.matatu-path .matatu-mark { grid-column: 1; grid-row: 1 / span 2; font-size: 1.3em; text-align: center; }
.matatu-path ol > li[data-state="done"] { background: #eaf6ec; border-color: #1a7f37; }
.matatu-path ol > li[data-state="done"] .matatu-mark { color: #1a7f37; }
.matatu-path ol > li[data-state="next"] { background: #fff8e1; border: 2px solid #f0b400; font-weight: bold; }
.matatu-path ol > li[data-state="later"] { color: #555; }
.matatu-path ol > li[data-state="later"] a { color: #3d5a80; }
.matatu-stars { grid-column: 3; grid-row: 1 / span 2; color: #8a5d00; font-size: 1.25em; letter-spacing: 1px;
  white-space: nowrap; }
.matatu-stars .matatu-unearned { color: #5f6670; }
.matatu-step-detail { grid-column: 2; margin-top: -6px; font-size: 0.9em; color: #333; font-weight: normal; }
.matatu-path-end { border: 2px solid #1a7f37; background: #eaf6ec; border-radius: 10px; padding: 8px 14px; margin: 8px 0; }
.matatu-path-end h3 { font-size: 1.35em; margin: 4px 0; }
.matatu-path-end .matatu-celebrate { color: #8a5d00; }
.matatu-path-end ul { list-style: none; padding: 0; margin: 4px 0; display: flex; flex-wrap: wrap; gap: 6px; }
.matatu-path-end li a { display: inline-flex; align-items: center; min-height: 44px; padding: 0 12px;
  border: 1px solid #1a7f37; border-radius: 22px; background: #fff; color: #0b5394; }
.matatu-path-end p { margin: 6px 0 2px; }
</style>"""
MARKS = {StepState.DONE: "✓", StepState.NEXT: "▶", StepState.LATER: "○"}


def standing_html(name: str, progress: LearnerProgress) -> str:
    """A learner's greeting, their big link on, their path (``path_html``) and their own progress, in
    the teaching layer's words; everything from the name as text."""
    greeting = f"<p><b>{html.escape(NAME_WORDS['greeting'].format(name=name))}</b></p>"
    page, words = where_next(progress)
    # progress_lines: the rating, lessons done, the path, a line a lesson, then the puzzles, the games, the mistakes.
    rating, lessons_done, path, *rest = progress_lines(progress)
    puzzles, *others = rest[len(LESSON_PATH) :]
    items = "".join(f"<li>{html.escape(line)}</li>" for line in (lessons_done, path, puzzles, rating, *others))
    return (
        f"{NAVIGATION_STYLE}{STANDING_STYLE}<div class='matatu-standing'>{greeting}"
        f"<p>{page_anchor(page, words, 'matatu-go')}</p>{path_html(progress)}<ul>{items}</ul></div>"
    )


def _stars_html(standing: StepStanding) -> str:
    earned = "★" * standing.stars
    unearned = "☆" * (MOST_STARS - standing.stars)
    label = (
        PATH_STEP_WORDS["stars"].format(stars=standing.stars, most=MOST_STARS, why=standing.why)
        if standing.stars
        else f"0 of {MOST_STARS} stars"
    )
    return (
        f'<span class="matatu-stars" role="img" aria-label="{html.escape(label)}" title="{html.escape(label)}">'
        f'{earned}<span class="matatu-unearned">{unearned}</span></span>'
    )


def _step_html(number: int, standing: StepStanding, progress: LearnerProgress | None) -> str:
    step = standing.step
    if step.kind is StepKind.LESSON and progress is not None:
        detail = lesson_status(lesson_record(progress, step.id))
    else:
        detail = PATH_STEP_WORDS[standing.state.value] + (f": {standing.why}" if standing.why else "")
    return (
        f'<li data-step="{step.id}" data-state="{standing.state.value}" data-stars="{standing.stars}">'
        f'<span class="matatu-mark" aria-hidden="true">{MARKS[standing.state]}</span>'
        f"{page_anchor(step.page, f'{number}. {step.title}')}"
        f'<span class="matatu-step-detail">{html.escape(detail)}</span>{_stars_html(standing)}</li>'
    )


def path_end_html() -> str:
    """The end of the path: it says so, and offers what comes after."""
    offers = "".join(f"<li>{page_anchor(page, words)}</li>" for page, words in AFTER_THE_PATH)
    first = STEPS[0].page
    rulesets = "".join(
        f'<li><a href="{html.escape(page_link(first, choice))}">{html.escape(name)}</a></li>'
        for choice, name in other_rulesets(carried_ruleset())
    )
    stars = '<span class="matatu-celebrate" aria-hidden="true">★</span>'
    return (
        f'<div class="matatu-path-end" role="status" data-path-finished="true">'
        f"<h3>{stars} {html.escape(PATH_STEP_WORDS['finished'])} {stars}</h3>"
        f"<p>{html.escape(PATH_STEP_WORDS['finished more'])}</p><ul>{offers}</ul>"
        f"<p>{html.escape(PATH_STEP_WORDS['another ruleset'])}</p><ul>{rulesets}</ul></div>"
    )


def path_html(progress: LearnerProgress | None) -> str:
    """Every step of the path, done, next or later, with its stars (``data-step``, ``data-state``,
    ``data-stars``); once every step is done, the end of the path."""
    standings = path_standing(progress)
    done = steps_done(standings)
    finished = done == len(standings)
    rows = "".join(_step_html(number, standing, progress) for number, standing in enumerate(standings, 1))
    count = PATH_STEP_WORDS["count"].format(done=done, total=len(standings))
    return (
        f"{PATH_STYLE}"
        f'<section class="matatu-path" aria-label="{PATH_STEP_WORDS["heading"]}" data-steps-done="{done}" '
        f'data-path-finished="{str(finished).lower()}">'
        f"{path_end_html() if finished else ''}"
        f"<h3>{html.escape(PATH_STEP_WORDS['heading'])}</h3><p>{html.escape(count)}</p><ol>{rows}</ol></section>"
    )


class YourProgress(widgets.VBox):
    """The landing page's start: "Your name" (a button, or Enter, keeps it), the learner's standing,
    and the path's start (``PathStart``)."""

    def __init__(self):
        self.name_box = widgets.Text(
            value=kernel_page().learner.name or "",
            description=NAME_WORDS["box"],
            placeholder=NAME_WORDS["placeholder"],
            continuous_update=False,  # Enter (or leaving the box) gives the name, not every key
            style={"description_width": "initial"},
            layout=widgets.Layout(width="20em", max_width="100%"),
        )
        self.keep_button = widgets.Button(
            description=NAME_WORDS["keep"],
            icon="save",
            button_style="primary",
            tooltip=NAME_WORDS["why"],
            layout=widgets.Layout(width="auto"),
        )
        self.forget_button = widgets.Button(
            description=NAME_WORDS["forget"],
            icon="sign-out",
            tooltip="Stop keeping progress on this page",
            layout=widgets.Layout(width="auto"),  # the whole question, never cut short
        )
        self.why = widgets.HTML(f"<p class='matatu-note'>{html.escape(NAME_WORDS['why'])}</p>")
        self.note = widgets.HTML()
        self.standing = widgets.HTML()
        self.steps = widgets.HTML()
        self.address = page_address()
        self.path = PathStart()
        self.quiet = False  # the page sets the box itself: not a name given
        self.keep_button.on_click(lambda _: self.keep(self.name_box.value))
        self.forget_button.on_click(lambda _: self.forget())
        self.name_box.observe(lambda change: self.quiet or self.keep(change["new"]), names="value")
        # The path's links carry the learner and the ruleset: either changed, they are drawn again.
        for followed in (kernel_page().learner, kernel_page().ruleset):
            followed.listen(lambda _: self.show())
        wrap = widgets.Layout(flex_flow="row wrap", align_items="center")
        super().__init__(
            [
                widgets.HBox([self.name_box, self.keep_button, self.forget_button], layout=wrap),
                self.note,
                self.why,
                self.standing,
                self.steps,
                self.address,
                PageAccess(),  # the rules' folded sections reach the keyboard
                self.path,
            ]
        )
        self.add_class("matatu-your-progress")
        self.show()
        self.say_problem()
        kernel_page().learner.listen(lambda _: self.say_problem())  # an address read late, too

    def say_problem(self) -> None:
        """Say why the name the page's address carries was not taken, if it was not."""
        if kernel_page().learner.problem:
            self.note.value = note_html(kernel_page().learner.problem)

    def keep(self, name: str) -> None:
        """Keep progress under ``name`` from now on; a refused name is a sentence, and nothing is kept."""
        before = kernel_page().learner.name
        self.note.value = ""
        if not name.strip():
            self.note.value = note_html(NAME_WORDS["empty"])
            return
        try:
            kernel_page().learner.change(name)  # a new name redraws the page (``show`` listens)
        except StoreError as error:  # RecordError: a name refused
            self.note.value = note_html(refusal_sentence(error))
            return
        if kernel_page().learner.name == before:
            self.show()

    def forget(self) -> None:
        kernel_page().learner.change(None)
        self.note.value = note_html(NAME_WORDS["forgotten"])

    def show(self) -> None:
        """Draw the page for its learner (or for nobody)."""
        name = kernel_page().learner.name
        self.quiet = True
        try:
            self.name_box.value = name or ""
        finally:
            self.quiet = False
        self.forget_button.layout.display = None if name else "none"
        self.why.layout.display = "none" if name else None
        if not name:
            self.standing.value = ""
            self.steps.value = path_html(None)
            self.path.lead_to(None)
            return
        try:
            progress = kernel_page().learners()
            progress.learner(name)  # the learner is made when they give their name
            kept = progress.progress(name)
        except StoreError as error:
            self.standing.value = ""
            self.steps.value = path_html(None)
            self.note.value = note_html(f"{NAME_WORDS['not kept']} {refusal_sentence(error)}")
            self.path.lead_to(None)
            return
        self.standing.value = standing_html(name, kept)
        self.steps.value = ""  # the learner's path is in their standing
        self.path.lead_to(where_next(kept)[0])
