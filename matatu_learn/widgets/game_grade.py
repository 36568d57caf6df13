"""A finished game's grade under the table: graded once in a thread of its own, then told in words.

The game counts for the learner as soon as it is finished, wherever it was played
(``teaching.grades.keep_played``, before the grading starts): the path never waits for a grade.

Grading a round takes a few seconds of CPU (``teaching.grades.grade_game``), so it runs off the kernel's
thread, with a database of its own (``own_database``): the table, and a room's poll, go on meanwhile.
The grade comes back to the kernel's event loop to be shown; a grade that comes back after the
next deal is kept in the store but not shown. The words are ``teaching.progress.grade_words``.
"""

from __future__ import annotations

import asyncio
import html
import sys
import threading
from collections.abc import Callable
from pathlib import Path

import ipywidgets as widgets

from ..engine.errors import MatatuError
from ..store.progress import GamePlace
from ..teaching.grades import grade_game, keep_played
from ..teaching.lessons import HOME_PAGE
from ..teaching.progress import grade_words
from .learner import own_database
from .navigation import page_link

GRADE_TITLE = "Your game, graded"
GRADING = "Grading your game… it takes a few seconds."
NO_LEARNER = "Give your name on the landing page to have your games graded and kept."
NO_LEARNER_LINK = "Go to the landing page"
NOT_GRADED = "Your game could not be graded: {error}"
NOT_GRADED_AT_ALL = "Your game could not be graded this time; it is still in the history."

GRADE_STYLE = """<style>
.matatu-grade{border-left:6px solid #1a5fb4;background:#f1f6fd;padding:6px 12px;margin:8px 0;border-radius:4px;
  font-size:16px;line-height:1.4;max-width:48em}
.matatu-grade h3{margin:2px 0 4px;font-size:17px}
.matatu-grade ul{margin:4px 0;padding-left:1.2em}
.matatu-grade li{margin:3px 0}
</style>"""


def start_thread(work: Callable[[], None]) -> None:
    """Run ``work`` in a daemon thread: a page closing never waits for a grade."""
    threading.Thread(target=work, name="matatu-grade", daemon=True).start()


def _text(value: object) -> str:
    return html.escape(str(value), quote=True)


def graded_lines(
    database: str | Path | None, game: int, seat: int, name: str, place: GamePlace, deals: int | None
) -> list[str]:
    """Count ``game`` on the path of ``name``, who played it at ``seat`` and ``place``, then grade it
    (once: a graded game is read back) and say it in sentences. Runs off the kernel's thread, so it
    opens (and closes) a store of its own."""
    with own_database(database) as store:
        keep_played(store, game, seat, name, place)
        graded = grade_game(store, game, seat, name, deals=deals)
        record = store.game(game)
        # The computer's error rates are measured per preset: the base the round's ruleset was made from.
        base = store.ruleset(record.ruleset, record.version).base
    return grade_words(graded, base)


class GameGrade(widgets.HTML):
    """The grade of the last finished round, for this page's learner; empty until a round is graded.

    ``database``: the store the round was recorded in; ``run(work)`` runs the grading (default: a daemon thread; a test runs
    it at once); ``deals``: imagined deals a decision (default: the grading's own).
    """

    def __init__(
        self,
        database: str | Path | None = None,
        run: Callable[[Callable[[], None]], None] = start_thread,
        deals: int | None = None,
    ):
        super().__init__()
        self.database = database
        self.run = run
        self.deals = deals
        self._serial = 0  # which grade is wanted: a deal or a newer grade makes an older one stale
        self._followed: int | None = None  # the last recorded game followed: graded (or invited) once each

    def follow(self, over: bool, game: int | None, seat: int, name: str | None, place: GamePlace) -> None:
        """Follow a table after each drawing: a round just recorded (``game``) at ``place`` is counted
        and graded for ``seat``, played by ``name``, once (no name: an invitation); a new deal clears
        the grade."""
        if not over:
            if self.value:
                self.clear()
            return
        if game is None or game == self._followed:
            return
        self._followed = game
        if name:
            self.grade(game, seat, name, place)
        else:
            self.invite()

    def clear(self) -> None:
        """A new deal: the last grade goes, and one still being made will not be shown."""
        self._serial += 1
        self.value = ""

    def invite(self) -> None:
        """No learner on this page: say how to have games graded (nothing is kept)."""
        self._serial += 1
        link = f'<a href="{_text(page_link(HOME_PAGE))}">{_text(NO_LEARNER_LINK)}</a>'
        self.value = f'<p class="matatu-note matatu-grade-invite">{_text(NO_LEARNER)} {link}</p>'

    def grade(self, game: int, seat: int, name: str, place: GamePlace) -> None:
        """Count recorded game ``game``, played by ``name`` at ``seat`` and ``place``, on their path at
        once; grade it, and show the grade once it is made."""
        self._serial += 1
        serial = self._serial
        self.value = self._box(f'<p role="status" aria-live="polite">{_text(GRADING)}</p>', busy=True)
        try:
            loop = asyncio.get_running_loop()
        except RuntimeError:
            loop = None  # plain Python: the result is shown from whichever thread made it

        def work() -> None:
            try:
                lines = graded_lines(self.database, game, seat, name, place, self.deals)
            except MatatuError as error:
                lines = [NOT_GRADED.format(error=error)]
            except Exception as error:  # noqa: BLE001  (a page shows a sentence; the kernel's log says why)
                print(f"Grading game {game} failed: {error!r}", file=sys.stderr)
                lines = [NOT_GRADED_AT_ALL]
            if loop is None:
                self._show(serial, game, lines)
            else:
                loop.call_soon_threadsafe(self._show, serial, game, lines)

        self.run(work)

    def _show(self, serial: int, game: int, lines: list[str]) -> None:
        if serial != self._serial:
            return  # dealt again meanwhile: the grade is kept, not shown over the new deal
        items = "".join(f"<li>{_text(line)}</li>" for line in lines)
        self.value = self._box(f'<ul role="status" aria-live="polite">{items}</ul>', game=game)

    @staticmethod
    def _box(body: str, busy: bool = False, game: int | None = None) -> str:
        marks = ' aria-busy="true"' if busy else ""
        if game is not None:
            marks += f' data-graded-game="{game}"'
        return (
            f'{GRADE_STYLE}<section class="matatu-grade" aria-label="{_text(GRADE_TITLE)}"{marks}>'
            f"<h3>{_text(GRADE_TITLE)}</h3>{body}</section>"
        )


__all__ = ["GameGrade", "graded_lines", "start_thread"]
