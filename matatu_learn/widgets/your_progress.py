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
from ..teaching.progress import lesson_statuses, practised_lessons, progress_lines, where_next
from .bounds import note_html
from .navigation import NAVIGATION_STYLE, PathStart, _anchor, page_address
from .page import kernel_page, refusal_sentence

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
.matatu-standing table { border-collapse: collapse; margin: 4px 0; }
.matatu-standing td { padding: 2px 12px 2px 0; vertical-align: top; }
.matatu-standing ul { margin: 4px 0; padding-left: 18px; }
</style>"""


def standing_html(name: str, progress: LearnerProgress) -> str:
    """A learner's greeting, their big link on, and their own progress, in the teaching layer's words;
    everything from the name as text."""
    greeting = f"<p><b>{html.escape(NAME_WORDS['greeting'].format(name=name))}</b></p>"
    page, words = where_next(practised_lessons(progress))
    # progress_lines: the rating, lessons done, a line a lesson, then the puzzles, the games, the mistakes.
    rating, lessons_done, *rest = progress_lines(progress)
    puzzles, *others = rest[len(LESSON_PATH) :]
    rows = "".join(
        f"<tr><td>{_anchor(lesson, title)}</td><td>{html.escape(status)}</td></tr>"
        for lesson, title, status in lesson_statuses(progress)
    )
    items = "".join(f"<li>{html.escape(line)}</li>" for line in (puzzles, rating, *others))
    return (
        f"{NAVIGATION_STYLE}{STANDING_STYLE}<div class='matatu-standing'>{greeting}"
        f"<p>{_anchor(page, words, 'matatu-go')}</p>"
        f"<p>{html.escape(lessons_done)}</p><table>{rows}</table><ul>{items}</ul></div>"
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
        self.address = page_address()
        self.path = PathStart()
        self.quiet = False  # the page sets the box itself: not a name given
        self.keep_button.on_click(lambda _: self.keep(self.name_box.value))
        self.forget_button.on_click(lambda _: self.forget())
        self.name_box.observe(lambda change: self.quiet or self.keep(change["new"]), names="value")
        kernel_page().learner.listen(lambda name: self.show())
        wrap = widgets.Layout(flex_flow="row wrap", align_items="center")
        super().__init__(
            [
                widgets.HBox([self.name_box, self.keep_button, self.forget_button], layout=wrap),
                self.note,
                self.why,
                self.standing,
                self.address,
                self.path,
            ]
        )
        self.add_class("matatu-your-progress")
        self.show()
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
            self.path.lead_to(None)
            return
        try:
            progress = kernel_page().learners()
            progress.learner(name)  # the learner is made when they give their name
            kept = progress.progress(name)
        except StoreError as error:
            self.standing.value = ""
            self.note.value = note_html(f"{NAME_WORDS['not kept']} {refusal_sentence(error)}")
            self.path.lead_to(None)
            return
        self.standing.value = standing_html(name, kept)
        self.path.lead_to(where_next(practised_lessons(kept))[0])
