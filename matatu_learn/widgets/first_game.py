"""A coached first game in the page's ruleset, then a game without help: the table widget with the coach beside it.

It only sets a table up: ``teaching.coach.CoachedTable`` (a ``play`` table behind a controller,
with the coach and the history's recorder composed) and the table widget, whose taps go to the
controller. The coach's words (what is happening, the options, its choice, the answer to each
move, the counting at the end) arrive in the table state's ``coach`` block. Once the coached
round is counted, "Play without help" deals the game without help (no marks on the cards that
fit, no coach, no hint). Each finished game counts on the path of the page's learner and is
graded under the table, as at the Play table (``GameGrade``).
"""

from __future__ import annotations

import html
from collections.abc import Callable
from typing import Any

import ipywidgets as widgets

from ..play.protocol import Tap, TapKind
from ..store.progress import GamePlace
from ..teaching.coach import CoachedTable, coached_ruleset, first_game_seeds, second_game
from ..teaching.play import AGAIN_OR_ALONE, COACHED_TITLE, WITHOUT_HELP_TITLE
from .game_grade import GameGrade, start_thread
from .learner import carried_learner
from .page import kernel_page
from .page_access import PageAccess
from .play_table import call_later
from .table_widget import PACES, TableWidget


class FirstGame(widgets.VBox):
    """The coached first game (``seed``: one of the chosen deals), then "Play without help".

    ``ruleset`` is a preset with chosen deals (default: the one the page carries, ``kernel_page()``,
    followed when the page's address arrives late); ``database`` is where finished rounds are
    recorded; ``schedule(delay, callback)`` runs the computer's next move later; ``free_seed``
    fixes the deal of the game without help (default: a fresh one each time); ``learner()``,
    ``grade_run`` and ``grade_deals``: who a finished game counts for, and the grading's (see
    ``GameGrade``).
    """

    def __init__(
        self,
        seed: int | None = None,
        database=None,
        schedule: Callable[[float, Callable[[], None]], None] = call_later,
        free_seed: int | None = None,
        ruleset: str | None = None,
        learner: Callable[[], str | None] = carried_learner,
        grade_run: Callable[[Callable[[], None]], None] = start_thread,
        grade_deals: int | None = None,
    ):
        self.ruleset = coached_ruleset(kernel_page().ruleset.value) if ruleset is None else ruleset
        self.database = database
        self.learner = learner
        self.grade = GameGrade(database, run=grade_run, deals=grade_deals)
        self.schedule = schedule
        self.free_seed = free_seed
        self.board = TableWidget()
        self.board.on_tap(self._tapped)
        self.board.observe(lambda change: self.table.controller.play_on(), names="pace")
        self.without_help = widgets.Button(
            description="Play without help",
            icon="play",
            button_style="primary",
            tooltip="A new deal at the same table: no marks on the cards that fit, and no coach",
            layout=widgets.Layout(width="auto", min_height="44px", align_self="flex-start", display="none"),
        )
        self.without_help.add_class("matatu-without-help")
        self.without_help.on_click(lambda _: self.play_without_help())
        self.title = widgets.HTML()  # which game this is: with the coach, or without help
        self.choice_note = widgets.HTML()  # once counted: Play again or Play without help, and the difference
        super().__init__(
            [self.title, self.board, self.grade, self.choice_note, self.without_help, PageAccess()]
        )  # icons are not read
        self._set(CoachedTable(seed, **self._screen()))
        if ruleset is None:
            kernel_page().ruleset.listen(self._follow_ruleset)

    # ------------------------------------------------------------------ games
    def _screen(self) -> dict:
        """How a table is set up on this page: its database, its pace, and the page's writes."""
        return {
            "database": self.database,
            "schedule": self.schedule,
            "pace": lambda: PACES.get(self.board.pace),
            "budget": kernel_page().writes,
            "ruleset": self.ruleset,
        }

    def _set(self, table: CoachedTable) -> None:
        """Sit at ``table``: its controller's changes are drawn here; the coach answers just after a move."""
        self.table = table
        table.coach.judge_later = True  # the move is shown at once, the coach's answer just after
        table.controller.listeners.append(lambda controller: self._changed())
        self.show()
        self._count_finished()  # a new deal: the last game's grade goes
        table.controller.play_on()

    def _follow_ruleset(self, choice: str) -> None:
        """The page's ruleset changed (its address arrived): a coached game not yet begun is dealt again in it."""
        ruleset = coached_ruleset(choice)
        if ruleset != self.ruleset and self.table.coached and not self.table.coach.learner_actions():
            self.ruleset = ruleset
            self._set(CoachedTable(**self._screen()))

    def coach_again(self) -> None:
        """Another coached game, on the next chosen deal."""
        seeds = first_game_seeds(self.ruleset)
        seed = self.table.seed if self.table.coached else seeds[-1]
        following = seeds[(seeds.index(seed) + 1) % len(seeds)] if seed in seeds else seeds[0]
        self._set(CoachedTable(following, **self._screen()))
        self.board.take_focus()  # the button that dealt it may be gone: the focus goes to the hand

    def play_without_help(self) -> None:
        """A game without help: a new deal, no marks on the cards that fit, no coach, no hint."""
        self._set(second_game(self.free_seed, **self._screen()))
        self.board.take_focus()  # "Play without help" is put away: the focus goes to the hand

    # ------------------------------------------------------------------ acting
    def _tapped(self, tap: Tap) -> None:
        """A tap the table widget checked: the controller makes it; a new deal is this page's own."""
        if tap.kind is TapKind.DEAL_AGAIN:
            if self.table.coached:
                self.coach_again()
            else:
                self.play_without_help()
            return
        self.table.controller.tap(tap)

    def _changed(self) -> None:
        """The table changed: draw it, then the coach's answer to the learner's move once it is judged."""
        self.show()
        if self.table.coach.settle() is not None:
            self.show()
        self._count_finished()

    def _count_finished(self) -> None:
        """A round just recorded counts for the learner (the coached game, or one without help) and is graded, once."""
        screen = self.table.screen
        game = screen.recorded[-1] if screen.recorded else None
        place = GamePlace.COACHED if self.table.coached else GamePlace.WITHOUT_HELP
        self.grade.follow(screen.over, game, screen.humans[0], self.learner(), place)

    # ------------------------------------------------------------------ drawing
    def state(self, advise: bool = True) -> dict[str, Any]:
        """What the table widget draws: the learner's view, the coach's block, the last refusal."""
        return self.table.state(advise)

    def show(self) -> None:
        """Draw the table; on the learner's turn, draw it before the coach's choice is made, then with it."""
        table = self.table
        self.title.value = f"<h3>{html.escape(COACHED_TITLE if table.coached else WITHOUT_HELP_TITLE)}</h3>"
        choosing = table.coached and table.over
        self.without_help.layout.display = None if choosing else "none"
        self.choice_note.value = f"<p class='matatu-note'>{html.escape(AGAIN_OR_ALONE)}</p>" if choosing else ""
        thinking = table.coached and table.my_turn and table.coach_block(advise=False)["advice"] is None
        self.board.draw(self.state(advise=not thinking))
        if thinking:
            self.board.draw(self.state())


__all__ = ["FirstGame"]
