"""A coached first game, then a game without help: the table widget with the coach beside it.

A thin view of ``teaching.coach.CoachedTable``: the coach's words (what is happening, the options,
its choice, the answer to each move, the counting at the end) arrive in the table state's
``coach`` block and the table widget draws them; this widget only turns taps into moves, lets
the computer play after a pause, and, once the coached round is counted, deals the game without
help (no marks on the cards that fit, no coach, no hint).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import ipywidgets as widgets

from ..engine.errors import MatatuError
from ..teaching.coach import CoachedTable, first_game_seeds, second_game
from ..teaching.play import tap_move
from ..teaching.table_state import table_state
from .page import kernel_page
from .play_table import call_later
from .table_widget import PACES, TableWidget


class FirstGame(widgets.VBox):
    """The coached first game (``seed``: one of the chosen deals), then "Play without help".

    ``database`` is where finished rounds are recorded; ``schedule(delay, callback)`` runs the
    computer's next move later; ``free_seed`` fixes the deal of the game without help (default:
    a fresh one each time).
    """

    def __init__(
        self,
        seed: int | None = None,
        database=None,
        schedule: Callable[[float, Callable[[], None]], None] = call_later,
        free_seed: int | None = None,
    ):
        self.database = database
        self.schedule = schedule
        self.free_seed = free_seed
        self.notice: dict[str, Any] | None = None
        self._notices = 0
        self._waiting = False
        self.board = TableWidget()
        self.board.on_action(self._tapped)
        self.board.observe(lambda change: self._play_on(), names="pace")
        self.without_help = widgets.Button(
            description="Play without help",
            icon="play",
            button_style="primary",
            tooltip="A new deal at the same table: no marks on the cards that fit, and no coach",
            layout=widgets.Layout(width="auto", min_height="44px", align_self="flex-start", display="none"),
        )
        self.without_help.add_class("matatu-without-help")
        self.without_help.on_click(lambda _: self.play_without_help())
        super().__init__([self.board, self.without_help])
        self.table: CoachedTable = self._coached(seed)
        self.show()

    # ------------------------------------------------------------------ games
    def _coached(self, seed: int | None) -> CoachedTable:
        table = CoachedTable(seed, database=self.database, budget=kernel_page().writes)
        table.judge_later = True  # the move is shown at once, the coach's answer just after
        return table

    def coach_again(self) -> None:
        """Another coached game, on the next chosen deal."""
        seeds = first_game_seeds()
        seed = self.table.seed if self.table.coached else seeds[-1]
        following = seeds[(seeds.index(seed) + 1) % len(seeds)] if seed in seeds else seeds[0]
        self.table = self._coached(following)
        self.notice = None
        self.show()

    def play_without_help(self) -> None:
        """A game without help: a new deal, no marks on the cards that fit, no coach, no hint."""
        self.table = second_game(self.free_seed, database=self.database, budget=kernel_page().writes)
        self.notice = None
        self.show()
        self._play_on()

    # ------------------------------------------------------------------ acting
    def _tapped(self, message: dict) -> None:
        """A tap the table widget checked: make the move it asks for, or say in place why not."""
        kind = message["type"]
        move = tap_move(self.table, message)
        if move is not None:
            self._act(move, card=message.get("card"))
        elif kind == "control":
            self._control(message["kind"])
        elif kind == "again":
            if self.table.coached:
                self.coach_again()
            else:
                self.play_without_help()

    def _control(self, kind: str) -> None:
        control = next((control for control in self.table.controls() if control.kind == kind), None)
        if control is None or control.action is None or not control.enabled:
            self._say(control.tooltip if control is not None else "", control=kind)
            self.show()
            return
        self._act(lambda: self.table.act(control.action), control=kind)

    def _say(self, text: str, card: str | None = None, control: str | None = None) -> None:
        self._notices += 1
        self.notice = {"text": text, "card": card, "control": control, "serial": self._notices}

    def _act(self, move: Callable[[], object], card: str | None = None, control: str | None = None) -> None:
        """Make a move; a refusal is said in place. The move shows first, then the coach's answer."""
        self.notice = None
        try:
            move()
        except MatatuError as error:
            self._say(str(error), card=card, control=control)
        self.show()
        if self.table.settle() is not None:
            self.show()
        self._play_on()

    def _play_on(self) -> None:
        """The computer's next move comes after a pause at the table's pace."""
        delay = PACES.get(self.board.pace)
        if delay is not None and self.table.computer_to_move and not self._waiting:
            self._waiting = True
            self.schedule(delay, self._auto_step)

    def _auto_step(self) -> None:
        self._waiting = False
        if PACES.get(self.board.pace) is not None and self.table.computer_to_move:
            self._act(self.table.step)

    # ------------------------------------------------------------------ drawing
    def state(self, advise: bool = True) -> dict[str, Any]:
        """What the table widget draws: the learner's view, the coach's block, the last refusal."""
        table = self.table
        return table_state(
            table,
            notice=self.notice,
            coach=table.coach_block(advise=advise),
            show_playable=table.coached,
            hint=False,
        )

    def show(self) -> None:
        """Draw the table; on the learner's turn, draw it before the coach's choice is made, then with it."""
        table = self.table
        self.without_help.layout.display = None if table.coached and table.over else "none"
        thinking = table.coached and table.my_turn and table.coach_block(advise=False)["advice"] is None
        self.board.draw(self.state(advise=not thinking))
        if thinking:
            self.board.draw(self.state())


__all__ = ["FirstGame"]
