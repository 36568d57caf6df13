"""A table: the match, its typed seats, the computer's players, the moves, and the one way a move is made.

A ``Table`` deals the rounds of a ``Match`` to its seats, fields an agent for every computer
seat and keeps the moves of the round being played as typed ``Move`` records. ``apply`` is the
only way a move is made: the engine checks it once against its legal actions, and a refusal is
the engine's ruling (``IllegalActionError``); the table is then as it was. ``step`` makes the
computer's move for the seat to move. Seats are the match's (0 … players-1); with "eliminate"
a round is dealt only to the seats still in, and ``round_seats`` maps the round's seats (as the
engine numbers them) to the match's. Observers (a coach, a recorder) hear every move and the end
of every round. No store, no words: what the table says is the teaching layer's.

>>> from matatu_learn.engine.rules import PRESETS
>>> table = Table(PRESETS["house"], (Seat.person(), Seat.computer("heuristic")), seed=3)
>>> table.to_move, table.computer_to_move, table.view(0).hand_sizes
(0, False, (7, 7))
>>> move = table.apply("draw", seat=0)
>>> move.seat, move.action.text, move.number, table.view(1).legal
(0, 'draw', 0, ())
>>> table.apply("pass", seat=0).number, table.computer_to_move
(1, True)
>>> table.step().decision is not None
True
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass
from enum import StrEnum
from typing import Any, Protocol

from ..agents.choices import make_agent
from ..agents.decisions import Decision
from ..engine.actions import Action, parse_action
from ..engine.errors import IllegalActionError, MatatuError
from ..engine.events import Event
from ..engine.round import MAX_PLAYERS, MIN_PLAYERS, Round
from ..engine.rules import Rules
from ..engine.scoring import Match
from ..engine.view import PlayerView
from .seats import Seat

__all__ = ["Move", "Table", "TableError", "TableObserver", "TableRefusal"]


@dataclass(frozen=True, slots=True)
class Move:
    """One move at the table: the round (from 1), its number in the round (from 0), the round seat
    that made it, the action, the computer's decision (None for a person) and what the log gained."""

    round: int
    number: int
    seat: int
    action: Action
    decision: Decision | None = None
    events: tuple[Event, ...] = ()


class TableRefusal(StrEnum):
    """Why the table (not the rules of a move) refuses something now."""

    SEATS = "seats"  # not 2 to 6 seats
    ROUND_NOT_OVER = "round_not_over"  # the next round, while this one is played
    MATCH_OVER = "match_over"  # the next round, after the match (or a single round) ended
    NOT_IN_ROUND = "not_in_round"  # a seat that left the match has no view of the round
    PERSON_TO_MOVE = "person_to_move"  # the computer asked to move for a person's seat


class TableError(MatatuError):
    """Something the table cannot do now; nothing changed. ``refusal`` says why, ``facts`` with what."""

    def __init__(self, refusal: TableRefusal, **facts: Any):
        super().__init__(f"{refusal.value} {facts}")
        self.refusal = refusal
        self.facts = facts


class TableObserver(Protocol):
    """What a coach or a recorder hears from a table (``Table.observers``)."""

    def moved(self, table: Table, move: Move) -> None: ...

    def round_over(self, table: Table) -> None: ...


class Table:
    """A round or a match at one table (see the module's text).

    ``seats`` are the players, match seat by match seat; ``whole_match`` False plays one round
    only. ``seed`` fixes every deal, and the agents' own seeds (apart from the deals', so an
    agent never changes a deal).
    """

    def __init__(self, rules: Rules, seats: Sequence[Seat], seed: int, *, whole_match: bool = True):
        seats = tuple(seats)
        if not MIN_PLAYERS <= len(seats) <= MAX_PLAYERS or not all(isinstance(seat, Seat) for seat in seats):
            raise TableError(TableRefusal.SEATS, seats=len(seats), least=MIN_PLAYERS, most=MAX_PLAYERS)
        self.rules = rules
        self.seats = seats
        self.seed = seed
        self.whole_match = whole_match
        seeds = random.Random(f"agents {seed}")
        self.agents = [None if seat.is_person else make_agent(seat.agent, seeds.randrange(2**63)) for seat in seats]
        self.match = Match(rules, len(seats), seed)
        self.observers: list[TableObserver] = []
        self._deal()

    # ------------------------------------------------------------------ the round
    def _deal(self, seed: int | None = None) -> None:
        self.game: Round = self.match.next_round(seed)
        self.round_seats: tuple[int, ...] = self.match.round_seats
        self.moves: list[Move] = []

    @property
    def players(self) -> int:
        """The match's seats."""
        return len(self.seats)

    @property
    def round_number(self) -> int:
        return self.match.rounds_played + (0 if self.game.over else 1)

    @property
    def over(self) -> bool:
        """The round is over."""
        return self.game.over

    @property
    def match_over(self) -> bool:
        """No next round: the match is over, or a single round was played."""
        return self.match.over or (self.game.over and not self.whole_match)

    def round_seat(self, seat: int) -> int | None:
        """A match seat's seat in this round, or None when it has left the match."""
        return self.round_seats.index(seat) if seat in self.round_seats else None

    def seat_of(self, round_seat: int) -> Seat:
        """The player of one of the round's seats."""
        return self.seats[self.round_seats[round_seat]]

    def view(self, seat: int) -> PlayerView:
        """What match seat ``seat`` may see of the round: its own view, never another's."""
        round_seat = self.round_seat(seat)
        if round_seat is None:
            raise TableError(TableRefusal.NOT_IN_ROUND, seat=seat)
        return PlayerView(self.game, round_seat)  # a view costs one small object

    @property
    def to_move(self) -> int | None:
        """The match seat to move; None once the round is over."""
        return None if self.game.over else self.round_seats[self.game.to_move]

    @property
    def computer_to_move(self) -> bool:
        return not self.game.over and self.agents[self.to_move] is not None

    def moves_since(self, number: int) -> tuple[Move, ...]:
        """This round's moves from move ``number`` on."""
        return tuple(self.moves[number:])

    # ------------------------------------------------------------------ moving
    def decision(self) -> Decision:
        """The computer's decision for the seat to move, on that seat's view only."""
        if not self.computer_to_move:
            raise TableError(TableRefusal.PERSON_TO_MOVE, seat=self.to_move)
        seat = self.to_move
        return self.agents[seat].decide(self.view(seat))

    def step(self) -> Move:
        """The computer seat to move makes its move."""
        decision = self.decision()
        return self.apply(decision.action, decision=decision)

    def apply(self, action: Action | str, seat: int | None = None, decision: Decision | None = None) -> Move:
        """Make a move for the seat to move (``seat``: the match seat that claims it, checked).

        The engine checks the action once; a refusal raises ``IllegalActionError`` with its ruling.
        """
        game = self.game
        if seat is not None and not game.over and self.round_seat(seat) != game.to_move:
            raise IllegalActionError(self.view(seat).ruling(action))  # not this seat's turn, in the engine's words
        action = parse_action(action)
        number, before, mover = self.match.rounds_played + 1, len(game.log), game.to_move
        game.apply(action)  # raises with the engine's ruling, the round unchanged
        move = Move(number, len(self.moves), mover, action, decision, tuple(game.log[before:]))
        self.moves.append(move)
        if game.over:
            self.match.record(game)
        for observer in tuple(self.observers):
            observer.moved(self, move)
        if game.over:
            for observer in tuple(self.observers):
                observer.round_over(self)
        return move

    def next_round(self, seed: int | None = None) -> None:
        """Deal the match's next round to the seats still in (the lead moves one seat); ``seed``:
        the round's own (a room's, drawn when it was dealt), else the next the match's seed gives."""
        if not self.game.over:
            raise TableError(TableRefusal.ROUND_NOT_OVER, round=self.round_number)
        if self.match_over:
            raise TableError(TableRefusal.MATCH_OVER, rounds=self.match.rounds_played)
        self._deal(seed)
