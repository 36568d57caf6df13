"""Rooms: tables that several pages share on one server, kept in the store's SQLite database.

A room is a code that is easy to read out, 2 to 6 seats (a person's, or a computer player's),
the ruleset it is played by (an exact published version) and its moves. Every page's kernel is
a client of it: it reads the room, and writes through this module only. A move is one
``BEGIN IMMEDIATE`` transaction that re-reads the room, replays its match with the engine,
checks that the move was made on the current move number and is legal for that seat, and
inserts it; a move that ends a round records the round in ``games`` (with the room's code and
its players' names) in the same transaction. Two clicks at once: the second finds the move
number taken and is refused, so nothing is doubled.

This layer states facts: a refusal is a ``RoomError`` with a ``why`` (a ``Refusal``) and its
facts; the teaching layer (``teaching/room.py``) says it in words for the person who tried.

>>> import os, tempfile
>>> rooms = Rooms(os.path.join(tempfile.mkdtemp(), "rooms.sqlite3"))
>>> code, token = rooms.open("Amina", "house", 1, seed=7)
>>> seat, _ = rooms.join(code, "Okello")
>>> rooms.start(code, token, "house", 1)
>>> rooms.move(code, "draw", round=1, number=0, token=token).action
'draw'
>>> rooms.move(code, "draw", round=1, number=0, token=token)  # the same click again: refused
Traceback (most recent call last):
...
matatu_learn.store.rooms.RoomError: The move 1 of round 1 was already made: the table has moved on.
>>> rooms.close()
"""

from __future__ import annotations

import hashlib
import json
import secrets
import sqlite3
import time
from collections.abc import Callable, Iterable, Mapping
from contextlib import contextmanager
from dataclasses import dataclass, field
from datetime import UTC, datetime
from enum import StrEnum
from pathlib import Path
from typing import Any

from ..agents.choices import AGENT_CHOICES, agent_spec
from ..engine.actions import CATCH, parse_action
from ..engine.errors import MatatuError
from ..engine.round import MAX_PLAYERS, MIN_PLAYERS, Round
from ..engine.rules import Rules, with_switches
from ..engine.scoring import Match
from .database import Store, StoreError, _database_error, check_fields
from .settings import seconds

# A code is 4 characters from an alphabet without look-alikes (no 0 and O, no 1, I and L):
# 31⁴ ≈ 920,000 codes, read out in a breath.
CODE_ALPHABET = "ABCDEFGHJKMNPQRSTUVWXYZ23456789"
CODE_LENGTH = 4
OPEN_ROOMS_LIMIT = 200  # rooms open at once on one server (one database)
EXPIRE_SECONDS = 12 * 3600  # a room nobody has written to (a move, a join, a setting) for this long counts as closed
AWAY_SECONDS = seconds("MATATU_LEARN_AWAY_SECONDS", 20.0)  # a page unheard this long is away: the computer plays
NAME_LIMIT = 24
STAND_IN = "heuristic"  # who plays an away person's seat
PERSON = "person"  # a seat's kind when a person plays it; a computer seat's kind is its agent spec
# Names the table cannot tell apart from its own words: the viewer's "You", and the computer players.
RESERVED_NAMES = frozenset({"you", "human", "search", *AGENT_CHOICES})


class Status(StrEnum):
    """Where a room is: seats being taken, a match being played, a match over, or closed."""

    WAITING = "waiting"
    PLAYING = "playing"
    OVER = "over"
    CLOSED = "closed"


class Refusal(StrEnum):
    """Why a room refused what was asked (the facts travel with it in ``RoomError.facts``)."""

    BAD_CODE = "bad code"  # text that cannot be a room's code: {code}
    NO_ROOM = "no room"  # no open room has this code: {code}
    CLOSED = "closed"  # {code}
    EXPIRED = "expired"  # {code, hours}
    TOO_MANY_ROOMS = "too many rooms"  # {limit}
    FULL = "full"  # {code, seats, started}
    SEAT_TAKEN = "seat taken"  # {seat, name}
    NOT_A_SEAT = "not a seat"  # {seat, players}
    NOT_PERSON_SEAT = "not a person's seat"  # {seat, agent}
    NAME = "name"  # {name, limit, problem: empty | long | unprintable | reserved}
    NAME_TAKEN = "name taken"  # {name}
    NOT_SEATED = "not seated"  # the token is nobody's seat here: {code}
    NOT_HOST = "not host"  # {host: seat}
    NOT_WAITING = "not waiting"  # the rules lock once dealt: {status}
    NOT_PLAYING = "not playing"  # {status}
    SEATS = "seats"  # a number of seats out of bounds: {players, low, high}
    PERSON_SEATED = "person seated"  # a seat someone sits at cannot become the computer's or go: {seat, name}
    FIRST_SEAT = "first seat"  # seat 0 is always a person's
    EMPTY_SEATS = "empty seats"  # the round cannot start: {seats}
    EMPTY_SEAT = "empty seat"  # nobody sits there to take the host role: {seat}
    RULES = "rules"  # the published version does not hold the table's rules: {played, version}
    ELIMINATE = "eliminate"  # rooms do not play matches that eliminate players
    MOVED_ON = "moved on"  # the move number was taken: {round, number, seat, by_seat}
    NOT_YOUR_TURN = "not your turn"  # {seat, to_move}
    NOT_AWAY = "not away"  # the computer may not play a person's seat while they are here: {seat}
    ILLEGAL = "illegal"  # the engine refuses it: the ruling travels in ``ruling``
    NOBODY_TO_CATCH = "nobody to catch"  # {seat}
    ROUND_ON = "round on"  # the next round waits until this one is over: {round}
    MATCH_OVER = "match over"


class RoomError(StoreError):
    """A room refused a request; nothing was written. ``why`` and ``facts`` say what refused it,
    ``ruling`` (for an illegal move) the engine's ruling."""

    def __init__(self, why: Refusal, message: str, ruling=None, **facts: Any):
        super().__init__(message)
        self.why = why
        self.facts = facts
        self.ruling = ruling


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

    def present(self, now: float) -> bool:
        """A computer is always there; a person while their page was heard from within AWAY_SECONDS."""
        return not self.person or (self.taken and now - self.seen <= AWAY_SECONDS)


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
    seed: int
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
    expired: bool = False

    @property
    def open(self) -> bool:
        return self.status is not Status.CLOSED and not self.expired


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


@dataclass
class Replayed:
    """A room's match replayed from its moves: the match, and the round being (or last) played."""

    room: RoomRecord
    rules: Rules
    match: Match
    game: Round | None
    moves: list[MoveRecord] = field(default_factory=list)  # every move of every round, in order

    def room_seat(self, seat: int) -> int:
        """The room's seat of a seat of the current round (the engine numbers a round's seats afresh)."""
        return self.match.round_seats[seat]


def hash_token(token: str) -> str:
    """What the database keeps of a token: its SHA-256, so a copy of the file lets no one take a seat."""
    return hashlib.sha256(token.encode("utf-8", "surrogatepass")).hexdigest()


def read_code(text: Any) -> str:
    """A code as typed (spaces and case do not matter), or ``RoomError`` when it cannot be one.

    >>> read_code(" kq7m "), read_code("K Q 7 M")
    ('KQ7M', 'KQ7M')
    >>> read_code("KQ0M")
    Traceback (most recent call last):
    ...
    matatu_learn.store.rooms.RoomError: 'KQ0M' is not a room's code: a code is 4 letters and digits like KQ7M.
    """
    if not isinstance(text, str):
        raise RoomError(Refusal.BAD_CODE, f"{text!r} is not a room's code.", code=str(text)[:20])
    code = "".join(text.split()).upper()
    if len(code) != CODE_LENGTH or set(code) - set(CODE_ALPHABET):
        shown = code[:20] if code.isprintable() else code.encode("unicode_escape").decode("ascii")[:20]
        raise RoomError(
            Refusal.BAD_CODE,
            f"'{shown}' is not a room's code: a code is {CODE_LENGTH} letters and digits like KQ7M.",
            code=shown,
        )
    return code


def read_name(text: Any, others: Iterable[str] = ()) -> str:
    """A player's name, trimmed: 1 to 24 printable characters, not another seat's, not a word the
    table uses ("You", a computer player). Markup is kept as text: the pages escape it.

    >>> read_name("  <b>Amina</b> ")
    '<b>Amina</b>'
    >>> read_name("Okello", others=["okello"])
    Traceback (most recent call last):
    ...
    matatu_learn.store.rooms.RoomError: 'Okello' is already a name at this table.
    """
    if not isinstance(text, str):
        raise RoomError(Refusal.NAME, "A name is text.", name="", limit=NAME_LIMIT, problem="empty")
    name = text.strip()
    problem = ""
    if not name:
        problem = "empty"
    elif len(name) > NAME_LIMIT:
        problem = "long"
    elif not name.isprintable():
        problem = "unprintable"
    elif name.casefold() in RESERVED_NAMES:
        problem = "reserved"
    if problem:
        quoted = name[:NAME_LIMIT] if name.isprintable() else name.encode("unicode_escape").decode("ascii")[:40]
        raise RoomError(
            Refusal.NAME,
            f"A name is 1 to {NAME_LIMIT} printable characters, not a word the table uses: not '{quoted}'.",
            name=quoted,
            limit=NAME_LIMIT,
            problem=problem,
        )
    if name.casefold() in {other.casefold() for other in others}:
        raise RoomError(Refusal.NAME_TAKEN, f"'{name}' is already a name at this table.", name=name)
    return name


def computer_name(players: int, seat: int) -> str:
    """What a computer seat is called at a room's table: its compass point, marked as the computer's.

    >>> computer_name(4, 2)
    'North (computer)'
    """
    return f"{_COMPASS[players][seat]} (computer)"


# The compass points the voice names seats by (teaching/voice.py's COMPASS): the store cannot import
# the teaching layer, and a computer seat's recorded name must match what the table calls it.
_COMPASS = {
    2: ("South", "North"),
    3: ("South", "West", "East"),
    4: ("South", "West", "North", "East"),
    5: ("South", "West", "North-West", "North-East", "East"),
    6: ("South", "South-West", "North-West", "North", "North-East", "South-East"),
}


def _iso(moment: float) -> str:
    return datetime.fromtimestamp(moment, UTC).isoformat(timespec="milliseconds")


class Rooms:
    """The rooms of one database. ``clock`` gives the time (unix seconds); a test can fake it.

    Every write takes ``now`` (default: ``clock()``); the teaching layer passes its own clock's.
    ``during_move`` is a test's hook, called inside a move's transaction just before it commits.
    """

    def __init__(self, path: str | Path | None = None, clock: Callable[[], float] = time.time):
        self.store = Store(path)
        self.path = self.store.path
        self.clock = clock
        self.during_move: Callable[[], None] | None = None

    def close(self) -> None:
        self.store.close()

    def __enter__(self) -> Rooms:
        return self

    def __exit__(self, *exception) -> None:
        self.close()

    def _now(self, now: float | None) -> float:
        return self.clock() if now is None else now

    def _query(self, sql: str, parameters=()) -> list[tuple]:
        return self.store._query(sql, parameters)

    # ------------------------------------------------------------------ reading
    def _load(self, code: str, now: float) -> RoomRecord | None:
        """The room and its seats (inside a write's transaction too: the store has one connection)."""
        rows = self._query(
            "SELECT code, ruleset, version, switches, played, played_version, players, whole_match, seed, status, "
            "host, round, to_move, moves, changes, round_started_at, moved_at, active, created_at, updated_at "
            "FROM rooms WHERE code = ?",
            (code,),
        )
        row = rows[0] if rows else None
        seat_rows = (
            self._query(
                "SELECT seat, kind, name, token != '', seen FROM room_seats WHERE room = ? ORDER BY seat", (code,)
            )
            if row
            else []
        )
        if row is None:
            return None
        seats = tuple(SeatRecord(seat, kind, name, bool(taken), seen) for seat, kind, name, taken, seen in seat_rows)
        values = list(row)
        values[3] = json.loads(values[3])
        values[7] = bool(values[7])
        values[9] = Status(values[9])
        room = RoomRecord(*values, seats=seats)
        # Only a write counts as activity: a page left open overnight does not keep its room open.
        expired = room.status is not Status.CLOSED and now - room.active > EXPIRE_SECONDS
        if expired:
            room = RoomRecord(*values, seats=seats, expired=True)
        return room

    def room(self, code: str, now: float | None = None, closed: bool = False) -> RoomRecord:
        """The open room of this code, or ``RoomError`` (no such room, closed, expired); ``closed``: any."""
        code = read_code(code)
        return self._checked(self._load(code, self._now(now)), code, closed)

    @staticmethod
    def _checked(room: RoomRecord | None, code: str, closed: bool = False) -> RoomRecord:
        if room is None:
            raise RoomError(Refusal.NO_ROOM, f"No room has the code {code}.", code=code)
        if not closed and room.expired:
            hours = EXPIRE_SECONDS // 3600
            raise RoomError(
                Refusal.EXPIRED,
                f"Room {code} has expired: nobody played there for {hours} hours.",
                code=code,
                hours=hours,
            )
        if not closed and room.status is Status.CLOSED:
            raise RoomError(Refusal.CLOSED, f"Room {code} is closed.", code=code)
        return room

    def moves(self, code: str) -> list[MoveRecord]:
        """Every move made in a room, round by round, in order."""
        return [
            MoveRecord(*row)
            for row in self._query(
                "SELECT round, number, seat, by_seat, agent, action, made_at FROM room_moves WHERE room = ? "
                "ORDER BY round, number",
                (read_code(code),),
            )
        ]

    def games(self, code: str) -> dict[int, int]:
        """The recorded game of each finished round: {round: game id}."""
        return dict(self._query("SELECT round, game FROM room_games WHERE room = ?", (read_code(code),)))

    def open_rooms(self, now: float | None = None) -> list[RoomRecord]:
        """Every open room (not closed, not expired), oldest first."""
        now = self._now(now)
        codes = [row[0] for row in self._query("SELECT code FROM rooms WHERE status != 'closed' ORDER BY created_at")]
        rooms = [self._load(code, now) for code in codes]
        return [room for room in rooms if room is not None and room.open]

    def replayed(self, code: str, now: float | None = None) -> Replayed:
        """The room's match replayed from its moves (the round dealt last, over or not)."""
        return self._replay(self.room(code, now))

    def _replay(self, room: RoomRecord) -> Replayed:
        if room.played is None:
            raise RoomError(Refusal.NOT_PLAYING, f"Room {room.code} has not started yet.", status=room.status)
        rules = self.store.rules(room.played, room.played_version)
        moves = self.moves(room.code)
        match = Match(rules, room.players, room.seed)
        game = None
        index = 0
        for number in range(1, room.round + 1):
            game = match.next_round()
            while index < len(moves) and moves[index].round == number:
                game.apply(moves[index].action)
                index += 1
            if game.over:
                match.record(game)
        return Replayed(room, rules, match, game, moves)

    # ------------------------------------------------------------------ writing
    @contextmanager
    def _write(self, code: str, now: float, closed: bool = False):
        """One ``BEGIN IMMEDIATE`` transaction on a room, read again inside it: yields the connection
        and the room. A refusal raised inside rolls it back whole."""
        code = read_code(code)
        with self.store._transaction() as connection:
            yield connection, self._checked(self._load(code, now), code, closed)

    def _bump(self, connection: sqlite3.Connection, code: str, now: float, **columns: Any) -> None:
        """Every write to a room bumps its change counter and its activity."""
        sets = "".join(f", {name} = ?" for name in columns)
        connection.execute(
            f"UPDATE rooms SET changes = changes + 1, active = ?, updated_at = ?{sets} WHERE code = ?",
            (now, _iso(now), *columns.values(), code),
        )

    def open(
        self,
        name: str,
        ruleset: str,
        version: int,
        *,
        players: int = 2,
        seed: int | None = None,
        whole_match: bool = True,
        now: float | None = None,
    ) -> tuple[str, str]:
        """Open a room: the host at seat 0, the other seats people's; returns (code, the host's token)."""
        now = self._now(now)
        name = read_name(name)
        self._check_players(players)
        if seed is None:
            seed = secrets.randbelow(10**9)
        check_fields(seed=seed, ruleset=ruleset, version=version)
        self.store.ruleset(ruleset, version)  # a sentence if it is not published
        token = secrets.token_urlsafe(16)
        with self.store._transaction() as connection:
            open_now = connection.execute(
                "SELECT count(*) FROM rooms WHERE status != 'closed' AND active >= ?", (now - EXPIRE_SECONDS,)
            ).fetchone()[0]
            if open_now >= OPEN_ROOMS_LIMIT:
                raise RoomError(
                    Refusal.TOO_MANY_ROOMS,
                    f"This server has {OPEN_ROOMS_LIMIT} rooms open, the most it holds.",
                    limit=OPEN_ROOMS_LIMIT,
                )
            code = self._free_code(connection, now)
            connection.execute(
                "INSERT INTO rooms (code, ruleset, version, switches, players, whole_match, seed, status, host, active, "
                "created_at, updated_at, moved_at) VALUES (?, ?, ?, '{}', ?, ?, ?, ?, 0, ?, ?, ?, ?)",
                (
                    code,
                    ruleset,
                    version,
                    players,
                    int(bool(whole_match)),
                    seed,
                    Status.WAITING,
                    now,
                    _iso(now),
                    _iso(now),
                    now,
                ),
            )
            connection.executemany(
                "INSERT INTO room_seats (room, seat, kind, name, token, seen) VALUES (?, ?, ?, ?, ?, ?)",
                [
                    (
                        code,
                        seat,
                        PERSON,
                        name if seat == 0 else "",
                        hash_token(token) if seat == 0 else "",
                        now if seat == 0 else 0,
                    )
                    for seat in range(players)
                ],
            )
        return code, token

    def _free_code(self, connection: sqlite3.Connection, now: float) -> str:
        """A code no open room has; a closed or expired room's code is taken over (its rounds stay in history)."""
        for _ in range(1000):
            code = "".join(secrets.choice(CODE_ALPHABET) for _ in range(CODE_LENGTH))
            old = self._load(code, now)
            if old is None:
                return code
            if not old.open:
                connection.execute("DELETE FROM rooms WHERE code = ?", (code,))
                return code
        raise RoomError(
            Refusal.TOO_MANY_ROOMS, "No room code is free now; try again.", limit=OPEN_ROOMS_LIMIT
        )  # pragma: no cover

    @staticmethod
    def _check_players(players: Any) -> None:
        if type(players) is not int or not MIN_PLAYERS <= players <= MAX_PLAYERS:
            raise RoomError(
                Refusal.SEATS,
                f"A room has {MIN_PLAYERS} to {MAX_PLAYERS} seats, not {players!r}.",
                players=players,
                low=MIN_PLAYERS,
                high=MAX_PLAYERS,
            )

    def join(self, code: str, name: str, seat: int | None = None, now: float | None = None) -> tuple[int, str]:
        """Take a person's seat (the first free one, or ``seat``) under ``name``; returns (seat, token)."""
        now = self._now(now)
        token = secrets.token_urlsafe(16)
        with self._write(code, now) as (connection, room):
            name = read_name(name, [other.name for other in room.seats if other.taken or not other.person])
            names = [computer_name(room.players, other.seat) for other in room.seats if not other.person]
            if name.casefold() in {other.casefold() for other in names}:
                raise RoomError(Refusal.NAME_TAKEN, f"'{name}' is already a name at this table.", name=name)
            free = [other.seat for other in room.seats if other.person and not other.taken]
            if seat is None:
                if room.status is not Status.WAITING or not free:
                    raise RoomError(
                        Refusal.FULL,
                        f"Room {room.code} is full.",
                        code=room.code,
                        seats=room.players,
                        started=room.status is not Status.WAITING,
                    )
                seat = free[0]
            else:
                self._check_seat(room, seat)
                chosen = room.seats[seat]
                if not chosen.person:
                    raise RoomError(
                        Refusal.NOT_PERSON_SEAT, f"Seat {seat + 1} is the computer's.", seat=seat, agent=chosen.kind
                    )
                if chosen.taken:
                    raise RoomError(Refusal.SEAT_TAKEN, f"Seat {seat + 1} is taken.", seat=seat, name=chosen.name)
                if room.status is not Status.WAITING:
                    raise RoomError(
                        Refusal.FULL, f"Room {room.code} is full.", code=room.code, seats=room.players, started=True
                    )
            connection.execute(
                "UPDATE room_seats SET name = ?, token = ?, seen = ? WHERE room = ? AND seat = ?",
                (name, hash_token(token), now, room.code, seat),
            )
            self._bump(connection, room.code, now)
        return seat, token

    @staticmethod
    def _check_seat(room: RoomRecord, seat: Any) -> None:
        if type(seat) is not int or not 0 <= seat < room.players:
            raise RoomError(
                Refusal.NOT_A_SEAT, f"Room {room.code} has seats 1 to {room.players}.", seat=seat, players=room.players
            )

    def _seated(self, room: RoomRecord, connection: sqlite3.Connection, token: str) -> int:
        row = connection.execute(
            "SELECT seat FROM room_seats WHERE room = ? AND token = ? AND token != ''",
            (room.code, hash_token(str(token))),
        ).fetchone()
        if row is None:
            raise RoomError(Refusal.NOT_SEATED, f"That link holds no seat in room {room.code}.", code=room.code)
        return row[0]

    def _host_only(self, room: RoomRecord, seat: int) -> None:
        if seat != room.host:
            raise RoomError(Refusal.NOT_HOST, "Only the host may do that.", host=room.host)

    def rejoin(self, code: str, token: str, now: float | None = None) -> int:
        """Come back to a seat with its token (the player's link): their seat, present again."""
        now = self._now(now)
        with self._write(code, now) as (connection, room):
            seat = self._seated(room, connection, token)
            connection.execute("UPDATE room_seats SET seen = ? WHERE room = ? AND seat = ?", (now, room.code, seat))
        return seat

    def heartbeat(self, code: str, token: str, now: float | None = None) -> None:
        """The page of this token is there (no change counted: presence is read from the times)."""
        now = self._now(now)
        try:
            self.store._connection.execute(
                "UPDATE room_seats SET seen = ? WHERE room = ? AND token = ? AND token != ''",
                (now, read_code(code), hash_token(str(token))),
            )
        except sqlite3.Error as error:
            raise _database_error(self.path, error) from None

    def leave(self, code: str, token: str, now: float | None = None) -> None:
        """Leave: in a waiting room the seat is freed; once dealt, the computer plays it at once
        (the link still brings its player back). The host role passes to the next person seated;
        a waiting room nobody is left in closes."""
        now = self._now(now)
        with self._write(code, now, closed=True) as (connection, room):
            if not room.open:
                return
            seat = self._seated(room, connection, token)
            if room.status is Status.WAITING:
                connection.execute(
                    "UPDATE room_seats SET name = '', token = '', seen = 0 WHERE room = ? AND seat = ?",
                    (room.code, seat),
                )
            else:
                connection.execute("UPDATE room_seats SET seen = 0 WHERE room = ? AND seat = ?", (room.code, seat))
            columns: dict[str, Any] = {}
            if seat == room.host:
                others = [other for other in room.seats if other.person and other.taken and other.seat != seat]
                present = [other for other in others if other.present(now)]
                if present or others:
                    columns["host"] = (present or others)[0].seat
                elif room.status is Status.WAITING:
                    columns["status"] = Status.CLOSED
            self._bump(connection, room.code, now, **columns)

    def hand_host(self, code: str, token: str, seat: int, now: float | None = None) -> None:
        """The host hands the host role to another person seated at the table; while the host is
        away (AWAY_SECONDS without their page), any person seated may take it for themselves."""
        now = self._now(now)
        with self._write(code, now) as (connection, room):
            mine = self._seated(room, connection, token)
            if not (seat == mine and not room.seats[room.host].present(now)):
                self._host_only(room, mine)
            self._check_seat(room, seat)
            target = room.seats[seat]
            if not target.person:
                raise RoomError(
                    Refusal.NOT_PERSON_SEAT, f"Seat {seat + 1} is the computer's.", seat=seat, agent=target.kind
                )
            if not target.taken:
                raise RoomError(Refusal.EMPTY_SEAT, f"Nobody sits at seat {seat + 1}.", seat=seat)
            self._bump(connection, room.code, now, host=seat)

    def configure(
        self,
        code: str,
        token: str,
        *,
        ruleset: tuple[str, int] | None = None,
        switches: Mapping[str, Any] | None = None,
        players: int | None = None,
        computer: Mapping[int, str | None] | None = None,
        whole_match: bool | None = None,
        now: float | None = None,
    ) -> None:
        """The host sets the table up while the room waits: the ruleset (name, exact version), the
        table's changes to it, the number of seats, and which seats the computer plays
        (``computer``: seat → agent spec, or None for a person's seat)."""
        now = self._now(now)
        with self._write(code, now) as (connection, room):
            mine = self._seated(room, connection, token)
            self._host_only(room, mine)
            if room.status is not Status.WAITING:
                raise RoomError(Refusal.NOT_WAITING, "The rules lock once the cards are dealt.", status=room.status)
            columns: dict[str, Any] = {}
            name, version = ruleset if ruleset is not None else (room.ruleset, room.version)
            if ruleset is not None:
                check_fields(ruleset=name, version=version)
                self.store.ruleset(name, version)
                columns.update(ruleset=name, version=version)
            changes = dict(room.switches if switches is None and ruleset is None else (switches or {}))
            if switches is not None or ruleset is not None:
                check_fields(switches=changes)
                base = self.store.rules(name, version)
                rules = with_switches(base, changes)  # the engine refuses a bad mix with a sentence
                changed = {key: value for key, value in rules.switches().items() if getattr(base, key) != value}
                columns["switches"] = json.dumps(changed, sort_keys=True)
            if whole_match is not None:
                columns["whole_match"] = int(bool(whole_match))
            kinds = [seat.kind for seat in room.seats]
            taken = {seat.seat: seat for seat in room.seats if seat.person and seat.taken}
            if players is not None:
                self._check_players(players)
                for seat in range(players, room.players):
                    if seat in taken:
                        raise RoomError(
                            Refusal.PERSON_SEATED,
                            f"{taken[seat].name} sits at seat {seat + 1}.",
                            seat=seat,
                            name=taken[seat].name,
                        )
                kinds = kinds[:players] + [PERSON] * (players - len(kinds))
                columns["players"] = players
            for seat, spec in dict(computer or {}).items():
                if type(seat) is not int or not 0 <= seat < len(kinds):
                    raise RoomError(
                        Refusal.NOT_A_SEAT,
                        f"Room {room.code} has seats 1 to {len(kinds)}.",
                        seat=seat,
                        players=len(kinds),
                    )
                if spec is None or spec == PERSON:
                    kinds[seat] = PERSON
                    continue
                spec = agent_spec(spec)
                if seat == 0:
                    raise RoomError(Refusal.FIRST_SEAT, "The first seat is always a person's.")
                if seat in taken:
                    raise RoomError(
                        Refusal.PERSON_SEATED,
                        f"{taken[seat].name} sits at seat {seat + 1}.",
                        seat=seat,
                        name=taken[seat].name,
                    )
                kinds[seat] = spec
            connection.execute("DELETE FROM room_seats WHERE room = ? AND seat >= ?", (room.code, len(kinds)))
            for seat, kind in enumerate(kinds):
                if seat < room.players:
                    if kind != room.seats[seat].kind:
                        connection.execute(
                            "UPDATE room_seats SET kind = ?, name = '', token = '', seen = 0 WHERE room = ? AND seat = ?",
                            (kind, room.code, seat),
                        )
                else:
                    connection.execute(
                        "INSERT INTO room_seats (room, seat, kind) VALUES (?, ?, ?)", (room.code, seat, kind)
                    )
            self._bump(connection, room.code, now, **columns)

    def start(self, code: str, token: str, played: str, played_version: int, now: float | None = None) -> None:
        """The host deals round 1 under ``played`` (the exact published version of the table's rules):
        the rules lock. Every person's seat must be taken."""
        now = self._now(now)
        with self._write(code, now) as (connection, room):
            mine = self._seated(room, connection, token)
            self._host_only(room, mine)
            if room.status is not Status.WAITING:
                raise RoomError(Refusal.NOT_WAITING, "The rules lock once the cards are dealt.", status=room.status)
            empty = tuple(seat.seat for seat in room.seats if seat.person and not seat.taken)
            if empty:
                raise RoomError(Refusal.EMPTY_SEATS, "Every person's seat must be taken first.", seats=empty)
            rules = with_switches(self.store.rules(room.ruleset, room.version), room.switches)
            check_fields(ruleset=played, version=played_version)
            if self.store.rules(played, played_version) != rules:
                raise RoomError(
                    Refusal.RULES,
                    f"{played} v{played_version} is not the table's rules.",
                    played=played,
                    version=played_version,
                )
            if rules.eliminate:
                raise RoomError(Refusal.ELIMINATE, "Rooms do not play matches that eliminate players.")
            game = Match(rules, room.players, room.seed).next_round()
            self._bump(
                connection,
                room.code,
                now,
                played=played,
                played_version=played_version,
                status=Status.PLAYING,
                round=1,
                to_move=game.to_move,
                moves=0,
                moved_at=now,
                round_started_at=_iso(now),
            )

    def move(
        self,
        code: str,
        action: str,
        *,
        round: int,
        number: int,
        token: str | None = None,
        agent: str | None = None,
        now: float | None = None,
    ) -> MoveRecord:
        """Make a move made on move ``number`` of ``round``: a person's (``token``) or the computer's
        (``agent``: the spec that decided it, for a computer's seat or an away person's).

        One transaction: the room is replayed, the number checked (a move made on a position that
        has since moved on is refused), the seat and the action checked, the move inserted; a move
        that ends the round records it in the history in the same transaction.
        """
        now = self._now(now)
        with self._write(code, now) as (connection, room):
            if room.status is not Status.PLAYING:
                if room.status is Status.OVER:
                    raise RoomError(Refusal.MATCH_OVER, f"The match in room {room.code} is over.")
                raise RoomError(Refusal.NOT_PLAYING, f"Room {room.code} has not started yet.", status=room.status)
            replayed = self._replay(room)
            game = replayed.game
            made = len(game.history)
            if (round, number) != (room.round, made) or game.over:
                taken = next((move for move in replayed.moves if (move.round, move.number) == (round, number)), None)
                raise RoomError(
                    Refusal.MOVED_ON,
                    f"The move {number + 1} of round {round} was already made: the table has moved on.",
                    round=room.round,
                    number=made,
                    seat=None if taken is None else taken.seat,
                    by_seat=None if taken is None else taken.by_seat,
                    over=game.over,
                )
            mover = replayed.room_seat(game.to_move)
            try:
                parsed = parse_action(action)
            except MatatuError as error:
                raise RoomError(Refusal.ILLEGAL, str(error), ruling=getattr(error, "ruling", None)) from None
            if token is not None:
                by_seat = self._seated(room, connection, token)
                if by_seat != mover:
                    if parsed.kind is not CATCH:
                        raise RoomError(
                            Refusal.NOT_YOUR_TURN, "It is not this seat's turn.", seat=by_seat, to_move=mover
                        )
                    silent = game.catchable
                    if silent is None or replayed.room_seat(silent) == by_seat:
                        raise RoomError(Refusal.NOBODY_TO_CATCH, "Nobody can be caught now.", seat=by_seat)
                connection.execute(
                    "UPDATE room_seats SET seen = ? WHERE room = ? AND seat = ?", (now, room.code, by_seat)
                )
                agent_text = ""
            else:
                agent_text = agent_spec(agent or "")
                seat = room.seats[mover]
                if seat.person and seat.present(now):
                    raise RoomError(Refusal.NOT_AWAY, "That seat's player is here.", seat=mover)
                by_seat = mover
            if parsed not in game.legal_actions():
                raise RoomError(
                    Refusal.ILLEGAL, f"'{parsed.text}' is not allowed now.", ruling=game.ruling(parsed), seat=mover
                )
            game.apply(parsed)
            connection.execute(
                "INSERT INTO room_moves (room, round, number, seat, by_seat, agent, action, made_at) "
                "VALUES (?, ?, ?, ?, ?, ?, ?, ?)",
                (room.code, round, number, mover, by_seat, agent_text, parsed.text, _iso(now)),
            )
            columns: dict[str, Any] = {"moves": made + 1, "moved_at": now}
            if game.over:
                self._record(connection, replayed, game)
                replayed.match.record(game)
                columns["to_move"] = -1
                if replayed.match.over or not room.whole_match:
                    columns["status"] = Status.OVER
            else:
                columns["to_move"] = replayed.room_seat(game.to_move)
            self._bump(connection, room.code, now, **columns)
            if self.during_move is not None:
                self.during_move()
        return MoveRecord(round, number, mover, by_seat, agent_text, parsed.text, _iso(now))

    def _record(self, connection: sqlite3.Connection, replayed: Replayed, game: Round) -> int:
        room = replayed.room
        names = []
        for seat in replayed.match.round_seats:
            record = room.seats[seat]
            names.append(record.name if record.person else record.kind)
        game_id = self.store.record(
            game, room.played, room.played_version, names, started_at=room.round_started_at or None, room=room.code
        )
        connection.execute(
            "INSERT INTO room_games (room, round, game) VALUES (?, ?, ?)", (room.code, room.round, game_id)
        )
        return game_id

    def deal_next(self, code: str, token: str, after: int, now: float | None = None) -> bool:
        """Deal the round after round ``after`` once it is over (any person at the table may);
        False when it was already dealt (two presses deal once)."""
        now = self._now(now)
        with self._write(code, now) as (connection, room):
            self._seated(room, connection, token)
            if room.status is Status.OVER:
                raise RoomError(Refusal.MATCH_OVER, f"The match in room {room.code} is over.")
            if room.status is not Status.PLAYING:
                raise RoomError(Refusal.NOT_PLAYING, f"Room {room.code} has not started yet.", status=room.status)
            if room.round > after:
                return False
            replayed = self._replay(room)
            if not replayed.game.over:
                raise RoomError(Refusal.ROUND_ON, "The round is still being played.", round=room.round)
            game = replayed.match.next_round()
            self._bump(
                connection,
                room.code,
                now,
                round=room.round + 1,
                moves=0,
                to_move=replayed.room_seat(game.to_move),
                moved_at=now,
                round_started_at=_iso(now),
            )
        return True

    def close_room(self, code: str, token: str | None = None, now: float | None = None) -> None:
        """Close a room: with a token, only its host may; without one, the caller has checked who may
        (the command line on the server's machine, or the teacher code)."""
        now = self._now(now)
        with self._write(code, now, closed=True) as (connection, room):
            if token is not None:
                self._host_only(room, self._seated(room, connection, token))
            if room.status is Status.CLOSED:
                return
            self._bump(connection, room.code, now, status=Status.CLOSED, to_move=-1)


__all__ = [
    "AWAY_SECONDS",
    "CODE_ALPHABET",
    "EXPIRE_SECONDS",
    "NAME_LIMIT",
    "OPEN_ROOMS_LIMIT",
    "PERSON",
    "STAND_IN",
    "MoveRecord",
    "Refusal",
    "RoomError",
    "RoomRecord",
    "Rooms",
    "SeatRecord",
    "Status",
    "computer_name",
    "hash_token",
    "read_code",
    "read_name",
]
