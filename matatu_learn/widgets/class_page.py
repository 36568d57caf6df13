"""The teacher's view of the class: every learner's progress and the puzzles the class gets wrong most.

Learners' progress is the teacher's to see, so the page shows it only after the teacher code that
``matatu-learn serve --teacher-code`` hands every kernel (``matatu_learn.store.roles``). A server
without one shows only the sentence saying how to set it (under the code's box, greyed); a wrong code
shows the refusal and nothing of anyone. The rows and words come from ``matatu_learn.teaching.progress``; every cell is text.

>>> import os, tempfile
>>> os.environ.pop("MATATU_LEARN_TEACHER_CODE", None) and None
>>> page = ClassPage(os.path.join(tempfile.mkdtemp(), "class.sqlite3"))
>>> page.code.disabled and page.show_button.disabled and "--teacher-code" in page.status.value
True
"""

from __future__ import annotations

import html
import sqlite3
from collections.abc import Sequence
from pathlib import Path

import ipywidgets as widgets

from ..engine.errors import MatatuError
from ..store.progress import START_RATING, LearnerProgress, MissedPuzzle
from ..store.roles import RoleError, how_to_set_teacher_code, require_teacher, teacher_code_set
from ..teaching import room as rooms
from ..teaching.progress import (
    CLASS_COLUMNS,
    CLASS_NOTE,
    CLASS_PAGE_DOING,
    MISSED_COLUMNS,
    MISSED_HEADING,
    NONE_MISSED,
    TREND_COLUMN,
    class_rows,
    class_summary,
    missed_rows,
    trend_description,
    trend_words,
)
from ..teaching.room_voice import NO_OPEN_ROOMS, ROOM_COLUMNS, closed_rooms_words, room_rows
from ..teaching.voice import error_words
from .history import problem_markup, problem_sentence
from .page import kernel_page
from .svg import STYLE

MOST_MISSED = 10  # puzzles listed: enough for a lesson's worth of going over
ROOMS_HEADING = "Rooms on this server"
CLOSE_ROOM = "Close room {code}"
CLOSE_WAITING = "Close waiting rooms"
TREND_SIZE = (96, 24)  # the trend's drawing, in pixels: a word's height, a short line
_TREND_AFTER = CLASS_COLUMNS.index("Rating") + 1  # the trend sits next to the rating it follows
# An HTML widget's content is a flex item that grows to its widest line: held to the page's width,
# so a wide table scrolls in its own box, not the page.
_STYLE = """<style>
.matatu-class-page .widget-html-content{min-width:0;flex:1 1 auto}
.matatu-class th,.matatu-class td{white-space:nowrap}
.matatu-learners th:first-child{position:sticky;left:0;background:#fff}
.matatu-class td.matatu-words{white-space:normal;min-width:14em}
.matatu-trend{display:flex;gap:6px;align-items:center}
.matatu-trend svg{flex:none}
</style>"""


def _status(sentence: str) -> str:
    return f'<p role="status">{html.escape(sentence)}</p>'


def trend_svg(trend: Sequence[float]) -> str:
    """A tiny line of the rating after each rated puzzle, from the start; its text alternative is
    ``trend_description``. No rated puzzle: nothing drawn.

    >>> 'role="img"' in trend_svg([1662.3, 1600.1]) and "<polyline" in trend_svg([1662.3]), trend_svg([])
    (True, '')
    """
    if not trend:
        return ""
    width, height = TREND_SIZE
    ratings = [START_RATING, *trend]
    low, high = min(ratings), max(ratings)
    spread = (high - low) or 1.0
    step = (width - 4) / (len(ratings) - 1)
    points = " ".join(
        f"{2 + index * step:.1f},{2 + (high - rating) / spread * (height - 4):.1f}"
        for index, rating in enumerate(ratings)
    )
    # Where the learner started, as a faint line: the trend reads as above or below it.
    start = 2 + (high - START_RATING) / spread * (height - 4)
    label = html.escape(trend_description(trend))
    return (
        f'<svg width="{width}" height="{height}" viewBox="0 0 {width} {height}" role="img" aria-label="{label}">'
        f"<title>{label}</title>"
        f'<line x1="0" x2="{width}" y1="{start:.1f}" y2="{start:.1f}" stroke="#767676" stroke-dasharray="2 2"/>'
        f'<polyline points="{points}" fill="none" stroke="#1a5fb4" stroke-width="2"/></svg>'
    )


def _table(
    columns: Sequence[str],
    rows: Sequence[Sequence[str]],
    wrapped: Sequence[int] = (),
    inserted: tuple[int, Sequence[str]] | None = None,
    kind: str = "",
) -> str:
    """A table of text cells, each escaped, the first a row's header; ``wrapped``: the places of
    columns of sentences, which wrap; ``inserted``: a column of cells this module drew (its place, a
    ``<td>`` a row), counted among ``columns``."""
    head = "".join(f'<th scope="col">{html.escape(column)}</th>' for column in columns)
    body = []
    for number, row in enumerate(rows):
        cells = [
            f'<td class="matatu-words">{html.escape(cell)}</td>'
            if place in wrapped
            else f"<td>{html.escape(cell)}</td>"
            for place, cell in enumerate(row)
        ]
        cells[0] = f'<th scope="row">{html.escape(row[0])}</th>'
        if inserted is not None:
            cells.insert(inserted[0], inserted[1][number])
        body.append(f"<tr>{''.join(cells)}</tr>")
    # The box scrolls sideways on a phone, not the page; focusable, so a keyboard can scroll it too.
    return (
        f'<div class="matatu-table-wrap" tabindex="0" role="region" aria-label="{html.escape(columns[0])} table">'
        f'<table class="matatu-compare matatu-class {kind}"><thead><tr>{head}</tr></thead>'
        f"<tbody>{''.join(body)}</tbody></table></div>"
    )


def class_html(learners: Sequence[LearnerProgress]) -> str:
    """The teacher's table: ``CLASS_COLUMNS`` with the trend beside the rating, a row a learner, and
    what the columns mean; no learners: one sentence."""
    if not learners:
        return _status(class_summary(learners))
    trends = [
        f'<td><span class="matatu-trend">{trend_svg(learner.trend)}'
        f"<span>{html.escape(trend_words(learner.trend))}</span></span></td>"
        for learner in learners
    ]
    columns = [*CLASS_COLUMNS[:_TREND_AFTER], TREND_COLUMN, *CLASS_COLUMNS[_TREND_AFTER:]]
    return (
        f"{_status(class_summary(learners))}"
        f"{_table(columns, class_rows(learners), inserted=(_TREND_AFTER, trends), kind='matatu-learners')}"
        f'<p class="matatu-note">{html.escape(CLASS_NOTE)}</p>'
    )


def missed_html(missed: Sequence[MissedPuzzle]) -> str:
    """The puzzles the class gets wrong most, under ``MISSED_COLUMNS``; none yet: one sentence."""
    if not missed:
        return _status(NONE_MISSED)
    return _table(MISSED_COLUMNS, missed_rows(missed), wrapped=(0, 1))


class ClassRooms(widgets.VBox):
    """The rooms of the server, for the teacher (its class page shows it once the code is given):
    every open room with its code and players, "Close room CODE" for each, and "Close waiting rooms"."""

    def __init__(self, database: str | Path | None = None):
        self.database = database
        self.heading = widgets.HTML(f"<h2>{html.escape(ROOMS_HEADING)}</h2>")
        self.listing = widgets.HTML()
        self.status = widgets.HTML()
        self.close_buttons = widgets.HBox(layout=widgets.Layout(flex_flow="row wrap"))
        self.close_waiting_button = widgets.Button(
            description=CLOSE_WAITING, icon="times", button_style="danger", layout=widgets.Layout(width="auto")
        )
        self.close_waiting_button.on_click(lambda _: self.close_waiting())
        self.allowed = False  # set by the class page once the teacher code was given
        super().__init__([self.heading, self.status, self.listing, self.close_buttons, self.close_waiting_button])
        self.layout.display = "none"

    def _store(self):
        """The page's one database, where the rooms live."""
        return kernel_page().database(self.database)

    def show(self) -> None:
        """List the open rooms (once the teacher code was given; nothing before)."""
        self.layout.display = None if self.allowed else "none"
        if not self.allowed:
            self.listing.value = ""
            self._buttons([])
            return
        try:
            listed = rooms.open_rooms(self._store())
        except MatatuError as error:
            self.listing.value = problem_markup(error)
            self._buttons([])
            return
        self.listing.value = _table(ROOM_COLUMNS, room_rows(listed)) if listed else _status(NO_OPEN_ROOMS)
        self._buttons([entry["code"] for entry in listed])

    def _buttons(self, codes: list[str]) -> None:
        """A "Close room CODE" button for each open room, and "Close waiting rooms" while there is any."""
        self.close_waiting_button.layout.display = None if codes else "none"
        if [button.code for button in self.close_buttons.children] == codes:
            return
        buttons = []
        for code in codes:
            button = widgets.Button(
                description=CLOSE_ROOM.format(code=code), icon="times", layout=widgets.Layout(width="auto")
            )
            button.code = code
            button.on_click(lambda _, code=code: self.close(code))
            buttons.append(button)
        old, self.close_buttons.children = self.close_buttons.children, buttons
        for button in old:
            button.close()

    def close(self, code: str) -> None:
        """Close one room, whoever opened it."""
        if not self.allowed:
            return
        try:
            rooms.close_room(self._store(), code)
        except MatatuError as error:
            self.status.value = _status(str(error))
        else:
            self.status.value = _status(closed_rooms_words([code], waiting=False))
        self.show()

    def close_waiting(self) -> None:
        """Close every room that waits for its players."""
        if not self.allowed:
            return
        try:
            closed = rooms.close_waiting_rooms(self._store())
        except MatatuError as error:
            self.status.value = _status(str(error))
        else:
            self.status.value = _status(closed_rooms_words(closed))
        self.show()


class ClassPage(widgets.VBox):
    """The class page: the teacher code, then every learner's progress, the puzzles missed most and the server's rooms."""

    def __init__(self, database: str | Path | None = None):
        self.database = database
        self.status = widgets.HTML()
        # The pages' shared sheet (focus, links) and the table's, from the start: it draws nothing.
        sheet = widgets.HTML(STYLE + _STYLE)
        code_set = teacher_code_set()
        # No code on this server: the box and the button stay, greyed, where the code will go, and
        # the sentence says how to set one; nothing else is shown.
        self.code = widgets.Password(
            description="Teacher code",
            placeholder="the server's code",
            disabled=not code_set,
            style={"description_width": "initial"},
        )
        self.show_button = widgets.Button(
            description="Show the class",
            button_style="primary",
            disabled=not code_set,
            tooltip="Check the teacher code and show the class",
        )
        self.refresh_button = widgets.Button(
            description="Refresh",
            icon="refresh",
            tooltip="Read every learner's progress again",
            layout=widgets.Layout(display="none"),
        )
        self.learners = widgets.HTML()
        self.missed_heading = widgets.HTML()
        self.missed = widgets.HTML()
        self.rooms = ClassRooms(database)
        self.unlocked = False
        if not code_set:
            self.status.value = _status(how_to_set_teacher_code(CLASS_PAGE_DOING))
        self.show_button.on_click(lambda _: self.show())
        self.refresh_button.on_click(lambda _: self.refresh())
        wrap = widgets.Layout(flex_flow="row wrap", align_items="center")
        super().__init__(
            [
                sheet,
                widgets.HBox([self.code, self.show_button, self.refresh_button], layout=wrap),
                self.status,
                self.learners,
                self.missed_heading,
                self.missed,
                self.rooms,
            ]
        )
        self.add_class("matatu-class-page")

    def show(self) -> None:
        """Check the code typed: the right one shows the class, any other shows nothing of anyone."""
        given, self.code.value = self.code.value, ""  # a shared device does not keep the code
        try:
            page = kernel_page()
            require_teacher(
                given, CLASS_PAGE_DOING, changes=False, budget=page.writes, database=page.database(self.database)
            )
        except RoleError as error:
            self.lock(error_words(error))
            return
        except (MatatuError, sqlite3.Error) as error:
            self.lock(problem_sentence(error))
            return
        self.unlocked = True
        self.refresh()

    def lock(self, sentence: str) -> None:
        """Show only ``sentence``: no name, no count."""
        self.unlocked = self.rooms.allowed = False
        self.rooms.show()
        self.learners.value = self.missed_heading.value = self.missed.value = ""
        self.refresh_button.layout.display = "none"
        self.status.value = _status(sentence)

    def refresh(self) -> None:
        """Read every learner's progress again (once the code was given)."""
        if not self.unlocked:
            return
        self.rooms.allowed = True
        self.rooms.show()
        try:
            progress = kernel_page().learners(self.database)
            learners = progress.class_progress()
            missed = progress.most_missed(MOST_MISSED) if learners else []
        except (MatatuError, sqlite3.Error) as error:
            self.learners.value = self.missed_heading.value = self.missed.value = ""
            self.status.value = problem_markup(error)
            return
        self.status.value = ""
        self.refresh_button.layout.display = None
        self.learners.value = class_html(learners)
        if learners:
            self.missed_heading.value = f"<h2>{html.escape(MISSED_HEADING)}</h2>"
            self.missed.value = missed_html(missed)
        else:
            self.missed_heading.value = self.missed.value = ""
