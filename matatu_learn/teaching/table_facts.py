"""A controller's table as the person at its screen sees it: the facts ``TableWords`` and ``table_state`` read.

``ScreenFacts(controller, ...)`` reads a ``play.controller.Controller`` live (the Play page and the
first game): the viewer's view of the round, the round's seats named as the match names them (with
"eliminate" a round seats only the players still in), the voice for that viewer, the recorder's
facts, and the controller's notice in words.

A room seat's screen (``teaching.room``) states more facts through the hooks declared here:
``seat_names`` (what the voice calls each seat: the people's names, not the compass points),
``remote``, ``stand_ins``, ``catch_here``, ``events(move)``, ``recorded`` and ``refusal(error)``.
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import cached_property
from typing import Any

from ..engine.rules import Rules
from ..play.controller import Controller, LocalTable, NoticeKind
from ..play.recorder import Recorder
from ..play.table import Move, Table, TableError, TableObserver, TableRefusal
from ..store.registry import Registry
from ..store.roles import WriteBudget
from .play import player_name, published_mix
from .table_state import table_state
from .table_words import TableWords
from .voice import COMPASS, Voice, changes_words

__all__ = ["ScreenFacts", "set_up_screen", "table_refusal_words"]


def table_refusal_words(refusal: TableRefusal, facts: dict) -> str:
    """What the table refused, in words."""
    return {
        TableRefusal.SEATS: f"A table seats {facts.get('least')} to {facts.get('most')} players, not {facts.get('seats')}.",
        TableRefusal.ROUND_NOT_OVER: "The round is still being played: finish it first.",
        TableRefusal.MATCH_OVER: "The match is over: start a new game.",
        TableRefusal.NOT_IN_ROUND: "That seat has left the match: it has no hand in this round.",
        TableRefusal.PERSON_TO_MOVE: "It is a person's turn, not the computer's: play a card or press a button.",
    }[refusal]


class ScreenFacts:
    """One screen's table, read live from its controller (see the module's text).

    ``ruleset`` and ``title`` name the published ruleset the table's rules come from
    (``published_rules``); ``recorder`` is the history's recorder composed with the table, if any.
    """

    def __init__(
        self,
        controller: Controller,
        *,
        ruleset: str,
        title: str,
        published_rules: Rules,
        recorder: Recorder | None = None,
        labels: tuple[str, ...],
        seat_names: tuple[str, ...] | None = None,
    ):
        self.controller = controller
        self.ruleset, self.title, self.published_rules = ruleset, title, published_rules
        self.recorder = recorder
        self.labels = labels  # each match seat's label: "South (you)", "West (computer, Steady)"
        self.seat_names = seat_names  # what the voice calls each match seat (None: its compass point)

    # ------------------------------------------------------------------ the table
    @property
    def table(self):
        return self.controller.table

    @property
    def rules(self) -> Rules:
        return self.table.rules

    @property
    def game(self):
        return self.table.game

    @property
    def match(self):
        return self.table.match

    @property
    def seed(self) -> int:
        return self.table.seed

    @property
    def whole_match(self) -> bool:
        return self.table.whole_match

    @property
    def round_seats(self) -> tuple[int, ...]:
        return self.table.round_seats

    @property
    def moves(self) -> list[Move]:
        return self.table.moves

    @property
    def over(self) -> bool:
        return self.table.over

    @property
    def round_number(self) -> int:
        return self.table.round_number

    @property
    def scores(self) -> tuple[int, ...]:
        return tuple(self.match.scores)

    @property
    def match_over(self) -> bool:
        """No next round is offered here."""
        return not self.controller.next_round_offered

    @property
    def learner_in_match(self) -> bool:
        return any(seat in self.match.seated for seat in self.controller.seats_here)

    @property
    def computer_to_move(self) -> bool:
        return self.table.computer_to_move

    # ------------------------------------------------------------------ the round's seats
    @property
    def kinds(self) -> tuple[str | None, ...]:
        """Each round seat's computer player (its spec), None for a person's."""
        return tuple(self.table.seat_of(seat).agent for seat in range(self.game.players))

    @property
    def agents(self) -> tuple:
        return tuple(self.table.agents[seat] for seat in self.round_seats)

    @property
    def humans(self) -> tuple[int, ...]:
        return tuple(seat for seat, kind in enumerate(self.kinds) if kind is None)

    @property
    def players(self) -> int:
        return self.game.players

    @property
    def names(self) -> tuple[str, ...]:
        return tuple(self.labels[seat] for seat in self.round_seats)

    @cached_property
    def _match_words(self) -> tuple[str, ...]:
        return self.seat_names or COMPASS[self.table.players]

    @property
    def seat_words(self) -> tuple[str, ...]:
        return tuple(self._match_words[seat] for seat in self.round_seats)

    # ------------------------------------------------------------------ the screen
    @property
    def viewer(self) -> int:
        """The round seat of the person at the screen."""
        return self.table.round_seat(self.controller.viewer)

    @property
    def view(self):
        return self.controller.view

    @property
    def voice(self) -> Voice:
        return Voice(self.players, viewer=self.viewer, names=self.seat_words)

    @property
    def match_voice(self) -> Voice:
        return Voice(self.table.players, viewer=self.controller.viewer, names=self._match_words)

    @property
    def covered(self) -> bool:
        return self.controller.covered

    @property
    def my_turn(self) -> bool:
        return self.controller.my_turn

    @property
    def pending(self):
        return self.controller.pending if self.controller.my_turn else None

    @property
    def remote(self) -> bool:
        """A room's device: only its own seat's person acts here (and the seed is never shown)."""
        return False

    @property
    def stand_ins(self) -> frozenset[int]:
        """The round seats the computer plays while their person is away (a room's)."""
        return frozenset()

    @property
    def catch_here(self) -> int | None:
        """The round seat that missed a call and that the viewer may catch out of turn (a room's)."""
        return None

    @property
    def deal_again_offered(self) -> bool:
        return self.controller.deal_again_offered

    def events(self, move: Move) -> tuple:
        """What a move did, as this screen tells it."""
        return move.events

    @property
    def shared(self) -> bool:
        return len(self.controller.seats_here) > 1

    def heard(self, move: Move) -> str:
        """A computer's reason, as the person at the screen may hear it (its public part), without
        the move it gives the reason for: the table has told the move already."""
        return "" if move.decision is None else self.voice.reason(move.decision)

    # ------------------------------------------------------------------ the history
    @property
    def recorded(self) -> list[int]:
        return self.recorder.recorded if self.recorder is not None else []

    @property
    def record_problem(self) -> str:
        problem = self.recorder.problem if self.recorder is not None else None
        return "" if problem is None else f"This round could not be saved to the history: {problem}"

    def changes_words(self) -> str:
        return changes_words(self.published_rules, self.rules)

    # ------------------------------------------------------------------ words
    @property
    def words(self) -> TableWords:
        return TableWords(self)

    def refusal(self, error: TableError) -> str:
        """What the table refused, in words."""
        return table_refusal_words(error.refusal, error.facts)

    def notice(self) -> dict[str, Any] | None:
        """The controller's notice in words: ``{"text", "card", "control", "serial"}``, or None."""
        notice = self.controller.notice
        if notice is None:
            return None
        kind = notice.kind
        if kind is NoticeKind.RULING:
            text = self.voice.ruling(notice.ruling)
        elif kind is NoticeKind.TABLE:
            text = self.refusal(notice.error)
        elif kind is NoticeKind.CONTROL:
            text = next((control.tooltip for control in self.words.controls() if control.kind == notice.control), "")
        elif kind is NoticeKind.HINT:
            who = player_name(self.controller.hint_spec)
            text = f"💡 {who[0].upper()}{who[1:]} would say: “{self.voice.decision(notice.decision)}”"
        else:
            text = self.words.status()
        return {"text": text, "card": notice.card, "control": notice.control, "serial": notice.serial}


def no_pause(delay: float, callback) -> None:
    """A table with no page: the computer moves only when asked."""


def set_up_screen(
    table: Table,
    *,
    registry: Registry,
    ruleset: str,
    labels: tuple[str, ...],
    draw=None,
    schedule=no_pause,
    pace=lambda: None,
    observers: Sequence[TableObserver] = (),
    budget: WriteBudget | None = None,
) -> ScreenFacts:
    """A table set up for one screen: a controller over a ``LocalTable`` with the history's
    recorder (and any other ``observers``) composed, seen through ``ScreenFacts``.

    ``ruleset`` is the published ruleset the table's rules come from (a mix of house rules is
    recorded under ``published_mix``'s name). ``draw`` None: nothing is drawn (plain Python), or
    the page draws from a controller listener. ``budget``: the page's writes, a game spent for
    each round recorded (None: a caller that is no page, with a budget of its own).
    """
    published = registry.ruleset(ruleset)
    recorder = Recorder(
        registry.path,
        lambda rules: published_mix(registry, published.name, rules),
        budget=WriteBudget() if budget is None else budget,
    )

    def build(controller: Controller) -> dict[str, Any]:
        return table_state(screen, notice=screen.notice())

    seats_here = [seat for seat, player in enumerate(table.seats) if player.is_person]
    controller = Controller(
        LocalTable(table, observers=[recorder, *observers]),
        seats_here,
        build_state=build,
        draw=draw,
        schedule=schedule,
        pace=pace,
    )
    screen = ScreenFacts(
        controller,
        ruleset=published.name,
        title=published.title,
        published_rules=published.rules,
        recorder=recorder,
        labels=labels,
    )
    return screen
