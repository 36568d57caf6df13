"""One controller between a table page and its table: dispatch, the pace, and the notice.

The page's widget sends taps (``protocol.Tap``); the controller turns each into a move, a
question or a refusal (``choosing.choose``), makes moves through its ``Backend``, lets the
computer move one move at a time (at once on "Next move", else after the page's pace), keeps the
one notice (a refusal or a hint, as facts), and hands the person at the screen their seat's view
(passing the device between people: the next person's hand is covered until they reveal it).

What the page draws is built elsewhere (the teaching layer, in words) from the controller's
facts: the controller is given ``build_state(controller) -> dict`` and ``draw(state)`` at setup.

The backend protocol (``Backend``) is what a table page needs of a table, kept small so that a
room seat (several pages, one room) can stand where ``LocalTable`` (this page alone) stands:

- ``table``: the ``Table`` this screen plays at (a room seat keeps its copy in step with the room);
- ``view(seat)``: match seat ``seat``'s view of the round;
- ``apply(action, seat)``: a person's move for match seat ``seat``; a refusal raises
  ``IllegalActionError`` (the engine's ruling) or ``TableError``;
- ``computer_due()`` / ``computer_move()``: whether a computer seat is to move here, and its move;
- ``next_round()``; ``deal_again()`` and ``may_deal_again()`` (a room: its host only);
- ``moves_since(number)``: this round's moves from move ``number`` on (what changed since).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from enum import StrEnum
from typing import Any, Protocol

from ..agents.choices import agent_spec, make_agent
from ..agents.decisions import Decision
from ..engine.actions import CALL, CATCH, CUT, DRAW, PASS, PICK, Action, make_action
from ..engine.cards import parse_card
from ..engine.errors import IllegalActionError
from ..engine.rulings import Ruling
from ..engine.view import PlayerView
from .choosing import Ask, Refuse, choose
from .protocol import ControlKind, Tap, TapKind
from .table import Move, Table, TableError, TableObserver

__all__ = ["Backend", "Controller", "LocalTable", "Notice", "NoticeKind", "control_action"]


class Backend(Protocol):
    """What a controller drives (see the module's text)."""

    @property
    def table(self) -> Table: ...

    def view(self, seat: int) -> PlayerView: ...

    def apply(self, action: Action, seat: int) -> Move: ...

    def computer_due(self) -> bool: ...

    def computer_move(self) -> Move: ...

    def next_round(self) -> None: ...

    def deal_again(self) -> None: ...

    def may_deal_again(self) -> bool: ...

    def moves_since(self, number: int) -> tuple[Move, ...]: ...


class LocalTable:
    """A table on this page alone: the backend of the Play page and the first game.

    ``observers`` (a coach, a recorder) are given to every table this backend deals, the
    first and each one "deal again" makes (the same seats and rules, the next seed).
    """

    def __init__(self, table: Table, observers: Sequence[TableObserver] = ()):
        self.observers = list(observers)
        self._table = table
        table.observers.extend(self.observers)

    @property
    def table(self) -> Table:
        return self._table

    def view(self, seat: int) -> PlayerView:
        return self._table.view(seat)

    def apply(self, action: Action, seat: int) -> Move:
        return self._table.apply(action, seat=seat)

    def computer_due(self) -> bool:
        return self._table.computer_to_move

    def computer_move(self) -> Move:
        return self._table.step()

    def next_round(self) -> None:
        self._table.next_round()

    def deal_again(self) -> None:
        old = self._table
        self._table = Table(old.rules, old.seats, old.seed + 1, whole_match=old.whole_match)
        self._table.observers.extend(self.observers)

    def may_deal_again(self) -> bool:
        return True

    def moves_since(self, number: int) -> tuple[Move, ...]:
        return self._table.moves_since(number)


class NoticeKind(StrEnum):
    """What the notice shown in place says."""

    RULING = "ruling"  # a move refused: the engine's ruling
    TABLE = "table"  # something the table refused (``TableError``)
    CONTROL = "control"  # a button that cannot be pressed now: its own reason
    HINT = "hint"  # the search player's move in the viewer's place
    WAIT = "wait"  # not this screen's turn to act (the computer's, or another device's)


@dataclass(frozen=True, slots=True)
class Notice:
    """The one notice of the table, as facts; ``serial`` changes each time one is given."""

    kind: NoticeKind
    serial: int
    ruling: Ruling | None = None
    error: TableError | None = None
    decision: Decision | None = None
    card: str | None = None
    control: str | None = None


def control_action(view: PlayerView, kind: str) -> Action | None:
    """The action a button under the hand makes now (None: no single action, e.g. several sevens cut)."""
    if kind in (ControlKind.DRAW, ControlKind.PASS, ControlKind.PICK, ControlKind.CATCH):
        return make_action({"draw": DRAW, "pass": PASS, "pick": PICK, "catch": CATCH}[kind])
    if kind == ControlKind.CUT:
        cuts = [action for action in view.legal if action.kind is CUT]
        return cuts[0] if len(cuts) == 1 else None
    if kind == ControlKind.CALL:
        owed = view.owed_calls[view.seat]
        words = [action.word for action in view.legal if action.kind is CALL]
        word = owed if owed is not None else (words[0] if words else None)
        return make_action(CALL, word=word) if word is not None else None
    return None


class Controller:
    """Dispatch, pace and notice for one screen at one table (see the module's text).

    ``seats_here`` are the match seats whose people play at this screen (the learner's first).
    ``build_state(controller)`` says what the page draws and ``draw(state)`` draws it (None: the
    listeners draw, or nothing is drawn);
    ``schedule(delay, callback)`` runs the computer's next move later, ``pace()`` is the pause
    before it in seconds (None: only on "Next move"); ``hint`` is the computer player whose
    move a hint shows.
    """

    def __init__(
        self,
        backend: Backend,
        seats_here: Sequence[int],
        *,
        build_state: Callable[[Controller], dict[str, Any]],
        draw: Callable[[dict[str, Any]], None] | None,
        schedule: Callable[[float, Callable[[], None]], None],
        pace: Callable[[], float | None],
        hint: str = "search",
    ):
        self.backend = backend
        self.seats_here = tuple(seats_here)
        self.build_state = build_state
        self.draw = draw
        self.schedule = schedule
        self.pace = pace
        self.hint_spec = agent_spec(hint)
        self._hints = None
        self.notice: Notice | None = None
        self._notices = 0
        self._waiting = False
        self.listeners: list[Callable[[Controller], None]] = []  # told after each change, once drawn
        self._new_table()

    # ------------------------------------------------------------------ facts for the page
    @property
    def table(self) -> Table:
        return self.backend.table

    @property
    def view(self) -> PlayerView:
        """What the person at the screen may see: their own seat's view of the round."""
        return self.backend.view(self.viewer)

    @property
    def my_turn(self) -> bool:
        """The person at the screen is to move, with their hand shown."""
        return self.table.to_move == self.viewer and not self.covered

    @property
    def next_round_offered(self) -> bool:
        """A result offers the next round: the match goes on, with someone at this screen still in it."""
        table = self.table
        return table.over and not table.match_over and any(seat in table.match.seated for seat in self.seats_here)

    @property
    def deal_again_offered(self) -> bool:
        return self.table.over and self.backend.may_deal_again()

    def state(self) -> dict[str, Any]:
        return self.build_state(self)

    def show(self) -> None:
        """Draw the state (when the controller draws: ``draw`` given), then tell the listeners."""
        if self.draw is not None:
            self.draw(self.state())
        for listener in tuple(self.listeners):
            listener(self)

    # ------------------------------------------------------------------ the screen's seat
    def _new_table(self) -> None:
        self.pending: Ask | None = None
        table = self.table
        self.viewer = next((seat for seat in self.seats_here if seat in table.round_seats), self.seats_here[0])
        self.covered = False
        self._follow_turn()

    def _follow_turn(self) -> None:
        """Hand the screen to the person whose turn it is; cover their hand until they reveal it."""
        seat = self.table.to_move
        if seat is not None and seat in self.seats_here and seat != self.viewer:
            self.viewer = seat
            self.covered = True

    # ------------------------------------------------------------------ taps
    def tap(self, tap: Tap) -> None:
        """Do what a checked tap asks; a refusal becomes the notice. Then draw, and let the computer play on."""
        self.notice = None
        kind = tap.kind
        if kind is TapKind.CARD:
            self._choose(choose(self.view, None, card=parse_card(tap.card)), tap)
        elif kind is TapKind.ANSWER:
            pending = self.pending
            answer = pending.options[tap.index] if pending is not None and tap.index < len(pending.options) else None
            self._choose(choose(self.view, pending, answer=answer), tap)
        elif kind is TapKind.CANCEL:
            self.pending = None
        elif kind is TapKind.REVEAL:
            self.covered = False
        elif kind is TapKind.NEXT:
            self.computer_move()
        elif kind is TapKind.CONTROL:
            self._control(tap.control)
        elif kind is TapKind.NEXT_ROUND:
            self._guarded(self.backend.next_round)
            self._new_table()
        elif kind is TapKind.DEAL_AGAIN:
            self._guarded(self.backend.deal_again)
            self._new_table()
        self.show()
        self.play_on()

    def _say(self, kind: NoticeKind, **facts) -> None:
        self._notices += 1
        self.notice = Notice(kind, self._notices, **facts)

    def _guarded(self, doing: Callable[[], object], card: str | None = None, control: str | None = None) -> None:
        try:
            doing()
        except IllegalActionError as error:
            self._say(NoticeKind.RULING, ruling=error.ruling, card=card, control=control)
        except TableError as error:
            self._say(NoticeKind.TABLE, error=error, card=card, control=control)

    def _choose(self, choice, tap: Tap) -> None:
        if isinstance(choice, Refuse):
            self.pending = None
            self._say(NoticeKind.RULING, ruling=choice.ruling, card=tap.card)
        elif isinstance(choice, Ask):
            self.pending = choice
        else:
            self.act(choice.action, card=tap.card)

    def _control(self, kind: str) -> None:
        if kind == ControlKind.HINT:
            self.give_hint()
            return
        action = control_action(self.view, kind) if self.my_turn else None
        if action is None or action not in self.view.legal:
            self._say(NoticeKind.CONTROL, control=kind)
            return
        self.act(action, control=kind)

    def act(self, action: Action, card: str | None = None, control: str | None = None) -> None:
        """The person at the screen makes ``action``; a refusal becomes the notice."""
        self.pending = None
        self._guarded(lambda: self.backend.apply(action, self.viewer), card=card, control=control)
        self._follow_turn()

    def give_hint(self) -> None:
        """The search player's move in the viewer's place, as the notice (its own reasons)."""
        if not self.my_turn:
            self._say(NoticeKind.WAIT, control=ControlKind.HINT)
            return
        if self._hints is None:
            self._hints = make_agent(self.hint_spec, self.table.seed)
        self._say(NoticeKind.HINT, decision=self._hints.decide(self.view), control=ControlKind.HINT)

    # ------------------------------------------------------------------ the pace
    def computer_move(self) -> None:
        """The computer's next move, now (when one is due)."""
        if self.backend.computer_due():
            self._guarded(self.backend.computer_move)
            self._follow_turn()

    def play_on(self) -> None:
        """The computer's next move comes after a pause at the page's pace, until a person is to move."""
        delay = self.pace()
        if delay is not None and not self._waiting and self.backend.computer_due():
            self._waiting = True
            self.schedule(delay, self._auto_step)

    def _auto_step(self) -> None:
        self._waiting = False
        if self.pace() is not None and self.backend.computer_due():
            self.computer_move()
            self.show()
            self.play_on()
