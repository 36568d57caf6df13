"""Play against the computer: the table's settings, then one table widget drawing the learner's view.

It only sets a table up: a ``play.Table`` (the round, the agents, the moves) behind a
``play.controller.Controller`` over a ``LocalTable``, with the history's ``Recorder`` composed;
``teaching.table_state`` says what the person at the screen may see, in the voice's words, from
the controller's facts; the ``TableWidget`` draws it and sends back what was tapped. The computer
plays by itself after a pause (the table's pace), or one move at a time on "Next move".
"""

from __future__ import annotations

import asyncio
import html
from collections.abc import Callable
from typing import Any

import ipywidgets as widgets

from ..engine.errors import MatatuError
from ..engine.round import MAX_PLAYERS, MIN_PLAYERS
from ..engine.rules import with_switches
from ..play.controller import Controller
from ..play.seats import Seat
from ..play.table import Table
from ..store.progress import GamePlace
from ..store.registry import Registry
from ..teaching.lessons import RULESET_CHOICES
from ..teaching.play import COMPASS, DEAL_NUMBER, DEFAULT_OPPONENT, HUMAN, agent_choices, match_length, seat_labels
from ..teaching.table_facts import ScreenFacts, set_up_screen
from ..teaching.voice import ruleset_words
from .bounds import note_html, within
from .game_grade import GameGrade, start_thread
from .house_rules import HouseRules
from .learner import carried_learner
from .navigation import carried_ruleset
from .page import kernel_page, refusal_sentence
from .page_access import PageAccess
from .svg import STYLE
from .table_widget import PACES, TableWidget

SETTINGS_TITLE = "Table settings: rules and players"
# A drop-down as wide as its row keeps its margins inside the row: at 100% a phone's row overflows by
# the margins and becomes a scrolling region that the keyboard cannot reach.
WITHIN_THE_ROW = "calc(100% - 2 * var(--jp-widgets-margin))"


def call_later(delay: float, callback: Callable[[], None]) -> None:
    """Run ``callback`` after ``delay`` seconds on the kernel's event loop (at once outside a kernel)."""
    try:
        loop = asyncio.get_running_loop()
    except RuntimeError:
        callback()
        return
    loop.call_later(delay, callback)


def _escape(text: str) -> str:
    return html.escape(text, quote=False)


def carried_preset(names: list[str]) -> str:
    """The preset the learner carried from the lessons (``?rules=`` in the address), if it is offered."""
    preset = RULESET_CHOICES[carried_ruleset()][1]
    return preset if preset in names else names[0]


class PlayTable(widgets.VBox):
    """Choose the rules and the players, deal, and play at the table widget.

    ``ruleset`` (a published name) and ``jokers`` (its mode, where it has one) preset the
    settings; ``database`` is where finished rounds are recorded (default: the user's history);
    ``schedule(delay, callback)`` runs the computer's next move later when it plays by itself.
    Each finished round is graded for the page's learner (``learner()``, the name the address
    carries) and the grade shown under the table: ``grade_run`` and ``grade_deals`` are the
    grading's (see ``GameGrade``). Without a learner nothing is graded or kept.
    """

    def __init__(
        self,
        ruleset: str | None = None,
        jokers: bool | None = None,
        opponents: int = 1,
        seed: int = 1,
        database=None,
        schedule: Callable[[float, Callable[[], None]], None] = call_later,
        learner: Callable[[], str | None] = carried_learner,
        grade_run: Callable[[Callable[[], None]], None] = start_thread,
        grade_deals: int | None = None,
    ):
        self.database = database
        self.schedule = schedule
        self.learner = learner
        self.controller: Controller | None = None
        self.session: ScreenFacts | None = None  # the table as the screen sees it (live)
        registry = Registry(database)
        self.registry = registry
        names = registry.names()
        # ----- the settings
        self.ruleset = widgets.Dropdown(
            options=[(ruleset_words(name, registry.ruleset(name).title), name) for name in names],
            value=ruleset or carried_preset(names),
            description="Rules",
            style={"description_width": "initial"},
            layout=widgets.Layout(width="auto", max_width=WITHIN_THE_ROW),
        )
        follows_page = ruleset is None and jokers is None
        if follows_page:
            # The joker mode the learner carried from the lessons, when the ruleset has one.
            jokers = RULESET_CHOICES[carried_ruleset()][2].get("jokers")
        self.house_rules = HouseRules(registry, self.ruleset.value)
        self.length = widgets.Dropdown(
            description="Play",
            layout=widgets.Layout(width="auto", max_width=WITHIN_THE_ROW),
            style={"description_width": "initial"},
        )
        self.opponents = widgets.Dropdown(
            options=list(range(MIN_PLAYERS - 1, MAX_PLAYERS)),
            value=opponents,
            description="Opponents",
            style={"description_width": "initial"},
            layout=widgets.Layout(width="auto"),
        )
        choices = [(text, kind) for kind, text in agent_choices().items()]
        self.seat_kinds = [
            widgets.Dropdown(
                options=choices,
                value=DEFAULT_OPPONENT,
                style={"description_width": "90px"},
                layout=widgets.Layout(width="auto", max_width="100%"),
            )
            for _ in range(MAX_PLAYERS - 1)
        ]
        self.seed = widgets.BoundedIntText(
            value=seed,
            min=0,
            max=10**9,
            description=DEAL_NUMBER,
            tooltip="The same deal number and settings always give the same deal",
            layout=widgets.Layout(width="160px"),
        )
        self.deal_button = widgets.Button(
            description="Deal",
            icon="random",
            button_style="primary",
            tooltip="Start a new game with these settings",
            layout=widgets.Layout(height="44px", width="auto"),
        )
        self.change_button = widgets.Button(
            description="Change the rules",
            tooltip="End this game and unlock the table's rules",
            layout=widgets.Layout(height="44px", width="auto"),
        )
        self.settings_note = widgets.HTML()
        self.ruleset.observe(lambda change: self._ruleset_changed(), names="value")
        self.house_rules.observe(lambda change: self._length_options(), names="switches")
        self.opponents.observe(lambda change: self._seat_labels(), names="value")
        self.deal_button.on_click(lambda _: self.deal())
        self.change_button.on_click(lambda _: self._unlock())
        wrap = widgets.Layout(flex_flow="row wrap", align_items="center")
        settings = widgets.VBox(
            [
                widgets.HBox([self.ruleset, self.length], layout=wrap),
                self.house_rules,
                widgets.HBox([self.opponents, self.seed], layout=wrap),
                widgets.VBox(self.seat_kinds),
                widgets.HBox([self.deal_button, self.change_button], layout=wrap),
                self.settings_note,
            ]
        )
        self.settings = widgets.Accordion(children=[settings], titles=(SETTINGS_TITLE,), selected_index=None)
        # ----- the table
        self.board = TableWidget()
        self.tapped = False  # whether the person has tapped the table since the last deal
        self.board.on_tap(self._tap)
        self.board.observe(lambda change: self.controller.play_on(), names="pace")
        self.grade = GameGrade(database, run=grade_run, deals=grade_deals)
        # The pages' shared sheet: readable accordion titles, underlined links, a visible focus.
        # The settings' title answers to the keyboard (the Accordion's own does not); icons are not read.
        super().__init__([widgets.HTML(STYLE), self.board, self.grade, self.settings, PageAccess()])
        self._ruleset_changed()
        if jokers is not None and jokers != self.house_rules.rules.jokers:
            self.house_rules.choose("jokers", jokers)
        self._seat_labels()
        self.deal()
        if follows_page:
            kernel_page().ruleset.listen(self._follow_ruleset)

    def _tap(self, tap) -> None:
        self.tapped = True
        self.controller.tap(tap)

    def _follow_ruleset(self, choice: str) -> None:
        """The page's ruleset changed (its address arrived late): a game not yet touched is dealt
        again with the carried preset and joker mode."""
        if self.tapped:
            return
        self._lock(False)
        self.ruleset.value = carried_preset([name for _, name in self.ruleset.options])
        jokers = RULESET_CHOICES[choice][2].get("jokers")
        if jokers is not None and jokers != self.house_rules.rules.jokers:
            self.house_rules.choose("jokers", jokers)
        self.deal()

    # ------------------------------------------------------------------ settings
    def _ruleset_changed(self) -> None:
        self.house_rules.ruleset = self.ruleset.value
        self._length_options()

    def _length_options(self) -> None:
        rules = self.house_rules.rules
        whole = match_length(rules)
        if rules.match_target is None and rules.match_rounds is None:
            options = [(whole, True)]
        else:
            options = [(whole, True), ("one round", False)]
        if list(self.length.options) != options:
            self.length.options = options
            self.length.value = True

    def _seat_labels(self) -> None:
        count = self.opponents.value
        compass = COMPASS[count + 1]
        for seat, picker in enumerate(self.seat_kinds, 1):
            picker.description = compass[seat] if seat <= count else ""
            picker.layout.display = None if seat <= count else "none"

    def _lock(self, locked: bool) -> None:
        """The rules and players are fixed while a game is on: "Change the rules" ends it."""
        for control in (self.ruleset, self.length, self.opponents, self.seed, *self.seat_kinds):
            control.disabled = locked
        if locked:
            self.house_rules.lock()
        else:
            self.house_rules.unlock()
        self.change_button.layout.display = None if locked else "none"
        self.deal_button.description = "Deal again" if locked else "Deal"

    def _unlock(self) -> None:
        self._lock(False)
        self.settings.selected_index = 0
        self.ruleset.focus()  # "Change the rules" is put away: the focus goes to the first setting

    def deal(self) -> None:
        """A new game with the settings as they are now; the rules lock once the cards are dealt."""
        kinds = [picker.value for picker in self.seat_kinds[: self.opponents.value]]
        seats = [Seat.person(), *(Seat.person() if kind == HUMAN else Seat.computer(kind) for kind in kinds)]
        seed, clamped = within(self.seed.value, 0, 10**9, f"The {DEAL_NUMBER.lower()}")
        name = self.ruleset.value
        try:
            rules = with_switches(self.registry.ruleset(name).rules, dict(self.house_rules.switches or {}))
            table = Table(rules, seats, seed, whole_match=self.length.value)
        except MatatuError as error:
            self.settings_note.value = f"<p>✘ {_escape(refusal_sentence(error))}</p>"
            self.settings.selected_index = 0
            return
        self.session = set_up_screen(
            table,
            registry=self.registry,
            ruleset=name,
            labels=seat_labels([HUMAN, *kinds]),
            draw=self.board.draw,
            schedule=self.schedule,
            pace=lambda: PACES.get(self.board.pace),
            budget=kernel_page().writes,
        )
        self.controller = self.session.controller
        self.controller.listeners.append(lambda controller: self._shown())
        self.settings_note.value = note_html(clamped)
        self._lock(True)
        self.show()
        self.controller.play_on()

    # ------------------------------------------------------------------ drawing
    def state(self) -> dict[str, Any]:
        """What the table widget draws now: the learner's view, and the last refusal or hint."""
        return self.controller.state()

    def show(self) -> None:
        """Draw the table: the person at the screen sees only their own view."""
        if self.controller is not None:
            self.controller.show()

    def _shown(self) -> None:
        """After each drawing: a new deal shows its seed; a round just recorded is graded, once."""
        table = self.controller.table
        if self.seed.value != table.seed and table.seed <= self.seed.max:
            self.seed.value = table.seed  # "Play again" dealt the next seed
        self._grade_finished()

    def _grade_finished(self) -> None:
        """A round just recorded is counted and graded for the learner's seat, once; a new deal clears the grade."""
        session = self.session
        game = session.recorded[-1] if session.recorded else None
        self.grade.follow(session.over, game, session.humans[0], self.learner(), GamePlace.PLAY)


__all__ = ["PlayTable", "SETTINGS_TITLE"]
