"""Rooms' rows: tables several pages share on one server, kept in the store's SQLite database.

A repository and nothing else: rooms, their seats (a person's, or a computer player's), their
moves, which recorded game each finished round became, and when each person's page was last
heard from. SQL only: the room's rules (who may do what, turns, catches, presence, stand-ins,
dealing) are the room service's (``play/rooms.py``); what a refusal says is the teaching layer's.

The service writes through ``transaction()``: one ``BEGIN IMMEDIATE`` transaction in which it
reads the room again (``room``) and writes rows; a refusal raised inside rolls it back whole.

>>> import os, tempfile
>>> from matatu_learn.store.database import Store
>>> store = Store(os.path.join(tempfile.mkdtemp(), "rooms.sqlite3"))
>>> rooms = RoomRepository(store)
>>> with rooms.transaction():
...     rooms.insert_room("KQ7M", "house", 1, players=2, whole_match=True, seed=7, host="Amina",
...                       token_hash=hash_token("secret"), now=0.0)
>>> room = rooms.room("KQ7M")
>>> room.status, [seat.name for seat in room.seats], rooms.seat_of("KQ7M", hash_token("secret"))
(<Status.WAITING: 'waiting'>, ['Amina', ''], 0)
>>> store.close()
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from dataclasses import dataclass
from datetime import UTC, datetime
from enum import StrEnum
from typing import Any

from .database import Database

PERSON = "person"  # a seat's kind when a person plays it; a computer seat's kind is its agent spec

_ROOM_COLUMNS = (
    "code, ruleset, version, switches, played, played_version, players, whole_match, seed, status, "
    "host, round, to_move, moves, changes, round_started_at, moved_at, active, created_at, updated_at, lapsed"
)
_MOVE_COLUMNS = "round, number, seat, by_seat, agent, action, made_at"


class Status(StrEnum):
    """Where a room is: seats being taken, a match being played, a match over, or closed."""

    WAITING = "waiting"
    PLAYING = "playing"
    OVER = "over"
    CLOSED = "closed"


@dataclass(frozen=True)
class SeatRecord:
    """One seat of a room: a person's (``name`` empty while nobody sits there) or a computer's."""

    seat: int
    kind: str  # PERSON or an agent spec
    name: str
    taken: bool  # a person sits here (a computer's seat is always taken)
    seen: float  # when the person's page was last heard from (unix time; 0: never, or left)

    @property
    def person(self) -> bool:
        return self.kind == PERSON


@dataclass(frozen=True)
class RoomRecord:
    """A room as the database holds it (never a token), with its seats."""

    code: str
    ruleset: str  # the published ruleset the host chose, and its exact version
    version: int
    switches: dict[str, Any]  # the table's changes to it
    played: str | None  # the exact published version the rounds are played and recorded under (from the start)
    played_version: int | None
    players: int
    whole_match: bool
    seed: int  # the seed of the match being played (a new one each time the host deals again)
    status: Status
    host: int
    round: int  # the round dealt last (0 before the start)
    to_move: int  # the seat to move (-1: no round in play)
    moves: int  # moves made in the current round
    changes: int  # bumped by every write: a page polls this
    round_started_at: str
    moved_at: float  # unix time of the last move or deal
    active: float  # unix time of the last write
    created_at: str
    updated_at: str
    seats: tuple[SeatRecord, ...] = ()
    lapsed: bool = False  # closed by itself: a waiting room its host left, or nobody joined
    expired: bool = False  # set by the room service: nobody wrote to it for too long


@dataclass(frozen=True)
class MoveRecord:
    """One move made in a room: the seat whose move it was, who made it, and the action."""

    round: int
    number: int  # from 0 within the round
    seat: int  # the seat to move when it was made (the engine's mover)
    by_seat: int  # who made it: the same seat, or another player who caught a missed call
    agent: str  # the computer player that decided it ('' for a person)
    action: str
    made_at: str


def hash_token(token: str) -> str:
    """What the database keeps of a token: its SHA-256, so a copy of the file lets no one take a seat."""
    return hashlib.sha256(token.encode("utf-8", "surrogatepass")).hexdigest()


def iso_time(moment: float) -> str:
    """A unix time as the database writes times.

    >>> iso_time(0)
    '1970-01-01T00:00:00.000+00:00'
    """
    return datetime.fromtimestamp(moment, UTC).isoformat(timespec="milliseconds")


class RoomRepository:
    """The rooms' rows of one database (``store``: the page's one database object)."""

    def __init__(self, store: Database):
        self.store = store

    # ------------------------------------------------------------------ transactions
    @contextmanager
    def transaction(self) -> Iterator[None]:
        """One write transaction: every read and write inside it is of one moment, all stored or none."""
        with self.store.write():
            yield

    def _rows(self, sql: str, parameters: Sequence[Any] = ()) -> list[tuple]:
        return self.store.query(sql, parameters)

    def _write(self, sql: str, parameters: Sequence[Any] = ()) -> None:
        self.store.execute(sql, parameters)

    # ------------------------------------------------------------------ reading
    def room(self, code: str) -> RoomRecord | None:
        """The room of this code and its seats, or None."""
        rows = self._rows(f"SELECT {_ROOM_COLUMNS} FROM rooms WHERE code = ?", (code,))
        if not rows:
            return None
        seat_rows = self._rows(
            "SELECT seat, kind, name, token != '', seen FROM room_seats WHERE room = ? ORDER BY seat", (code,)
        )
        seats = tuple(SeatRecord(seat, kind, name, bool(taken), seen) for seat, kind, name, taken, seen in seat_rows)
        values = list(rows[0])
        values[3] = json.loads(values[3])
        values[7] = bool(values[7])
        values[9] = Status(values[9])
        return RoomRecord(*values[:-1], seats=seats, lapsed=bool(values[-1]))

    def codes(self) -> list[str]:
        """The codes of the rooms not closed, oldest first."""
        return [row[0] for row in self._rows("SELECT code FROM rooms WHERE status != 'closed' ORDER BY created_at")]

    def count_active(self, since: float) -> int:
        """Rooms not closed that were written to since ``since``."""
        return self._rows("SELECT count(*) FROM rooms WHERE status != 'closed' AND active >= ?", (since,))[0][0]

    def moves(self, code: str, after: tuple[int, int] = (0, 0)) -> list[MoveRecord]:
        """The moves of a room from move ``after`` = (round, number) on, round by round, in order."""
        round_number, number = after
        return [
            MoveRecord(*row)
            for row in self._rows(
                f"SELECT {_MOVE_COLUMNS} FROM room_moves WHERE room = ? AND (round > ? OR (round = ? AND number >= ?)) "
                "ORDER BY round, number",
                (code, round_number, round_number, number),
            )
        ]

    def move(self, code: str, round_number: int, number: int) -> MoveRecord | None:
        """The move made as move ``number`` of round ``round_number``, or None."""
        rows = self._rows(
            f"SELECT {_MOVE_COLUMNS} FROM room_moves WHERE room = ? AND round = ? AND number = ?",
            (code, round_number, number),
        )
        return MoveRecord(*rows[0]) if rows else None

    def games(self, code: str) -> dict[int, int]:
        """The recorded game of each finished round of the match being played: {round: game id}."""
        return dict(self._rows("SELECT round, game FROM room_games WHERE room = ?", (code,)))

    def openings(self, client: str, since: float) -> list[float]:
        """When the client of this hash opened rooms since ``since``, oldest first."""
        rows = self._rows(
            "SELECT opened_at FROM room_openings WHERE client = ? AND opened_at > ? ORDER BY opened_at",
            (client, since),
        )
        return [row[0] for row in rows]

    def seat_of(self, code: str, token_hash: str) -> int | None:
        """The seat a token's hash holds in a room, or None."""
        rows = self._rows(
            "SELECT seat FROM room_seats WHERE room = ? AND token = ? AND token != ''", (code, token_hash)
        )
        return rows[0][0] if rows else None

    # ------------------------------------------------------------------ writing
    def insert_room(
        self,
        code: str,
        ruleset: str,
        version: int,
        *,
        players: int,
        whole_match: bool,
        seed: int,
        host: str,
        token_hash: str,
        now: float,
    ) -> None:
        """A waiting room: ``host`` at seat 0 (holding ``token_hash``), the other seats people's and free."""
        self._write(
            "INSERT INTO rooms (code, ruleset, version, switches, players, whole_match, seed, status, host, active, "
            "created_at, updated_at, moved_at) VALUES (?, ?, ?, '{}', ?, ?, ?, ?, 0, ?, ?, ?, ?)",
            (
                code,
                ruleset,
                version,
                players,
                int(whole_match),
                seed,
                Status.WAITING,
                now,
                iso_time(now),
                iso_time(now),
                now,
            ),
        )
        for seat in range(players):
            first = seat == 0
            self._write(
                "INSERT INTO room_seats (room, seat, kind, name, token, seen) VALUES (?, ?, ?, ?, ?, ?)",
                (code, seat, PERSON, host if first else "", token_hash if first else "", now if first else 0),
            )

    def add_opening(self, client: str, now: float, forget_before: float) -> None:
        """The client of this hash opened a room at ``now``; openings before ``forget_before`` are forgotten."""
        self._write("DELETE FROM room_openings WHERE opened_at <= ?", (forget_before,))
        self._write("INSERT INTO room_openings (client, opened_at) VALUES (?, ?)", (client, now))

    def delete_room(self, code: str) -> None:
        """Delete a room, its seats, moves and links to games (its recorded games stay in the history)."""
        self._write("DELETE FROM rooms WHERE code = ?", (code,))

    def take_seat(self, code: str, seat: int, name: str, token_hash: str, now: float) -> None:
        self._write(
            "UPDATE room_seats SET name = ?, token = ?, seen = ? WHERE room = ? AND seat = ?",
            (name, token_hash, now, code, seat),
        )

    def free_seat(self, code: str, seat: int, kind: str = PERSON) -> None:
        """Nobody sits at ``seat`` any more; it becomes a seat of ``kind``."""
        self._write(
            "UPDATE room_seats SET kind = ?, name = '', token = '', seen = 0 WHERE room = ? AND seat = ?",
            (kind, code, seat),
        )

    def add_seat(self, code: str, seat: int, kind: str) -> None:
        self._write("INSERT INTO room_seats (room, seat, kind) VALUES (?, ?, ?)", (code, seat, kind))

    def drop_seats_from(self, code: str, seat: int) -> None:
        self._write("DELETE FROM room_seats WHERE room = ? AND seat >= ?", (code, seat))

    def seen(self, code: str, seat: int, moment: float) -> None:
        """The page of ``seat`` was heard from at ``moment`` (0: it left)."""
        self._write("UPDATE room_seats SET seen = ? WHERE room = ? AND seat = ?", (moment, code, seat))

    def heartbeat(self, code: str, token_hash: str, now: float) -> None:
        """The page holding this token is there: one UPDATE in autocommit (no change counted)."""
        self._write(
            "UPDATE room_seats SET seen = ? WHERE room = ? AND token = ? AND token != ''", (now, code, token_hash)
        )

    def insert_move(self, code: str, move: MoveRecord) -> None:
        self._write(
            f"INSERT INTO room_moves (room, {_MOVE_COLUMNS}) VALUES (?, ?, ?, ?, ?, ?, ?, ?)",
            (code, move.round, move.number, move.seat, move.by_seat, move.agent, move.action, move.made_at),
        )

    def link_game(self, code: str, round_number: int, game: int) -> None:
        """Round ``round_number`` of the room was recorded as ``game``."""
        self._write("INSERT INTO room_games (room, round, game) VALUES (?, ?, ?)", (code, round_number, game))

    def round_seeds(self, code: str) -> dict[int, int]:
        """The seeds of the match's rounds after its first, by round."""
        return dict(self._rows("SELECT round, seed FROM room_rounds WHERE room = ?", (code,)))

    def insert_round_seed(self, code: str, round_number: int, seed: int) -> None:
        self._write("INSERT INTO room_rounds (room, round, seed) VALUES (?, ?, ?)", (code, round_number, seed))

    def clear_match(self, code: str) -> None:
        """Forget the moves, round seeds and round links of the match played (its rounds stay in the history)."""
        self._write("DELETE FROM room_moves WHERE room = ?", (code,))
        self._write("DELETE FROM room_rounds WHERE room = ?", (code,))
        self._write("DELETE FROM room_games WHERE room = ?", (code,))

    def bump(self, code: str, now: float, **columns: Any) -> None:
        """Write ``columns`` of the room; every write bumps its change counter and its activity."""
        sets = "".join(f", {name} = ?" for name in columns)
        values = [json.dumps(value, sort_keys=True) if isinstance(value, dict) else value for value in columns.values()]
        self._write(
            f"UPDATE rooms SET changes = changes + 1, active = ?, updated_at = ?{sets} WHERE code = ?",
            (now, iso_time(now), *values, code),
        )


__all__ = [
    "PERSON",
    "MoveRecord",
    "RoomRecord",
    "RoomRepository",
    "SeatRecord",
    "Status",
    "hash_token",
    "iso_time",
]
