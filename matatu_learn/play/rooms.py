"""The room service: the rules of a room several pages share, above the rooms' rows.

A room is a code that is easy to read out, 2 to 6 seats (a person's, or a computer player's),
the ruleset it is played by (an exact published version) and its moves. The service says who
may do what: the host (sets the table up, starts, deals again, closes, hands the role on),
turns (a move is made on the move number it was seen at: two clicks at once make one move),
catches (anyone else at the table may catch a missed call while the chance lasts), presence
(a page not heard from for AWAY_SECONDS is away), stand-ins (the computer plays an away
person's seat), the computer's moves (``drive``), dealing the next round, and dealing again
with the same seats, at a match's end or between rounds.

The service keeps each room's match (``kept``): moves are applied as they come, so a move
replays nothing when nothing else moved (``replays`` counts the matches replayed from their
first move). A move is one write transaction that reads the room again, brings the kept match
up to it (normally: nothing to read), checks the move number and lets the engine check the
move once, and inserts it; a move that ends a round records the round in the history in the
same transaction.

It states facts: a refusal is a ``RoomError`` with a ``why`` (a ``Refusal``) and its facts; the
teaching layer says it in words for the person who tried.

>>> import os, tempfile
>>> rooms = RoomService(os.path.join(tempfile.mkdtemp(), "rooms.sqlite3"))
>>> code, token = rooms.open("Amina", "house", 1)
>>> seat, _ = rooms.join(code, "Okello")
>>> rooms.start(code, token, "house", 1)
>>> rooms.move(code, "draw", round=1, number=0, token=token).action
'draw'
>>> rooms.move(code, "draw", round=1, number=0, token=token)  # the same click again: refused
Traceback (most recent call last):
...
matatu_learn.play.rooms.RoomError: moved on {'round': 1, 'number': 1, 'seat': 0, 'by_seat': 0, 'over': False}
>>> rooms.replays
0
>>> rooms.close()
"""

from __future__ import annotations

import random
import secrets
import time
import unicodedata
from collections.abc import Callable, Iterable, Iterator, Mapping
from contextlib import contextmanager
from dataclasses import replace
from enum import StrEnum
from pathlib import Path
from typing import Any

from ..agents.choices import AGENT_CHOICES, agent_spec, make_agent
from ..engine.actions import CATCH, Action, parse_action
from ..engine.errors import IllegalActionError, MatatuError
from ..engine.round import MAX_PLAYERS, MIN_PLAYERS, Round, drawn_seed
from ..engine.rules import Rules, with_switches
from ..engine.scoring import Match
from ..engine.view import PlayerView
from ..store.database import Store, StoreError, check_fields
from ..store.rooms import (
    PERSON,
    MoveRecord,
    RoomRecord,
    RoomRepository,
    SeatRecord,
    Status,
    hash_token,
    iso_time,
)
from ..store.settings import seconds
from .seats import Seat
from .table import Move, Table, TableError

# A code is 4 characters from an alphabet without look-alikes (no 0 and O, no 1, I and L):
# 31⁴ ≈ 920,000 codes, read out in a breath.
CODE_ALPHABET = "ABCDEFGHJKMNPQRSTUVWXYZ23456789"
CODE_LENGTH = 4
OPEN_ROOMS_LIMIT = 200  # rooms open at once on one server (one database)
EXPIRE_SECONDS = 12 * 3600  # a room nobody has written to (a move, a join, a setting) for this long counts as closed
AWAY_SECONDS = seconds("MATATU_LEARN_AWAY_SECONDS", 20.0)  # a page unheard this long is away: the computer plays
# A waiting room closes once its host's page has been away this long, or nobody joined and nothing
# was set in it for this long: a room opened and left does not hold a code and a place for hours.
WAITING_ROOM_SECONDS = seconds("MATATU_LEARN_WAITING_ROOM_SECONDS", 300.0)
# Rooms one client (its address, as the server saw it) may open on the server, in a sliding window:
# every page of that client together, whatever page or kernel it opens them from.
CLIENT_ROOMS = 12
CLIENT_WINDOW = 1800.0
# Seconds a computer (or a stand-in) waits after the last move before it moves: the table's pace.
COMPUTER_PAUSE = 0.8
# When the page elected to make the computer's moves is quiet, another page makes them after this.
DRIVER_GRACE = 2.0
NAME_LIMIT = 24
STAND_IN = "heuristic"  # who plays an away person's seat
# Names the table cannot tell apart from its own words: the viewer's "You", and the computer players.
RESERVED_NAMES = frozenset({"you", "human", "search", *AGENT_CHOICES})
# How the table marks a computer seat's name ("North (computer)"): no person's name ends so.
COMPUTER_MARK = "(computer)"


class Refusal(StrEnum):
    """Why a room refused what was asked (the facts travel with it in ``RoomError.facts``)."""

    BAD_CODE = "bad code"  # text that cannot be a room's code: {code}
    NO_ROOM = "no room"  # no open room has this code: {code}
    CLOSED = "closed"  # {code, lapsed}
    EXPIRED = "expired"  # {code, hours}
    TOO_MANY_ROOMS = "too many rooms"  # {limit}
    CLIENT_ROOMS = "client rooms"  # this client opened the most rooms it may lately: {limit, minutes, wait}
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
    EMPTY_SEAT = "empty seat"  # nobody sits there (to take the host role, or to free): {seat}
    OWN_SEAT = "own seat"  # the host frees others' seats; their own they leave: {seat}
    SEAT_DEALT = "seat dealt"  # a seat is freed only while the room waits: {status}
    RULES = "rules"  # the published version does not hold the table's rules: {played, version}
    ELIMINATE = "eliminate"  # rooms do not play matches that eliminate players
    MOVED_ON = "moved on"  # the move number was taken: {round, number, seat, by_seat, over}
    NOT_YOUR_TURN = "not your turn"  # {seat, to_move}
    NOT_AWAY = "not away"  # the computer may not play a person's seat while they are here: {seat}
    ILLEGAL = "illegal"  # the engine refuses it: the ruling travels in ``ruling``; text that is no action: {text}
    NOBODY_TO_CATCH = "nobody to catch"  # {seat}
    ROUND_ON = "round on"  # the next round (or a new deal) waits until this one is over: {round}
    MATCH_OVER = "match over"  # the match is over: only the host's "deal again" goes on
    NOT_STORED = "not stored"  # the database failed, nothing was written: {problem} (the store's own sentence)


class RoomError(TableError):
    """A room refused a request; nothing was written. ``why`` (also ``refusal``, as for any
    ``TableError``) and ``facts`` say what refused it, ``ruling`` (for an illegal move) the
    engine's ruling. The message is the facts, not words: the teaching layer's ``refusal_words``
    says it for a person."""

    def __init__(self, why: Refusal, ruling=None, **facts: Any):
        super().__init__(why, **facts)
        self.why = why
        self.ruling = ruling


def read_code(text: Any) -> str:
    """A code as typed (spaces and case do not matter), or ``RoomError`` when it cannot be one.

    >>> read_code(" kq7m "), read_code("K Q 7 M")
    ('KQ7M', 'KQ7M')
    >>> read_code("KQ0M")
    Traceback (most recent call last):
    ...
    matatu_learn.play.rooms.RoomError: bad code {'code': 'KQ0M'}
    """
    if not isinstance(text, str):
        raise RoomError(Refusal.BAD_CODE, code=str(text)[:20])
    code = "".join(text.split()).upper()
    if len(code) != CODE_LENGTH or set(code) - set(CODE_ALPHABET):
        shown = code[:20] if code.isprintable() else code.encode("unicode_escape").decode("ascii")[:20]
        raise RoomError(Refusal.BAD_CODE, code=shown)
    return code


def read_name(text: Any, others: Iterable[str] = ()) -> str:
    """A player's name, trimmed: 1 to 24 printable characters, not another seat's, not a word the
    table uses ("You", a computer player). Markup is kept as text: the pages escape it.

    >>> read_name("  <b>Amina</b> ")
    '<b>Amina</b>'
    >>> read_name("Okello", others=["okello"])
    Traceback (most recent call last):
    ...
    matatu_learn.play.rooms.RoomError: name taken {'name': 'Okello'}
    """
    if not isinstance(text, str):
        raise RoomError(Refusal.NAME, name="", limit=NAME_LIMIT, problem="empty")
    name = text.strip()
    problem = ""
    if not name:
        problem = "empty"
    elif len(name) > NAME_LIMIT:
        problem = "long"
    elif not name.isprintable():
        problem = "unprintable"
    elif reads_as_computer(name):
        problem = "computer"
    elif name.casefold() in RESERVED_NAMES:
        problem = "reserved"
    if problem:
        quoted = name[:NAME_LIMIT] if name.isprintable() else name.encode("unicode_escape").decode("ascii")[:40]
        raise RoomError(Refusal.NAME, name=quoted, limit=NAME_LIMIT, problem=problem)
    if name.casefold() in {other.casefold() for other in others}:
        raise RoomError(Refusal.NAME_TAKEN, name=name)
    return name


def reads_as_computer(name: str) -> bool:
    """Whether a name reads as a computer's seat ("North (computer)"): it ends in "(computer)" once
    look-alike characters are folded (full-width brackets, any case) and spaces and trailing
    punctuation dropped.

    >>> reads_as_computer("North (Computer)"), reads_as_computer("North（computer）."), reads_as_computer("Computer Amina")
    (True, True, False)
    """
    folded = "".join(unicodedata.normalize("NFKC", name).casefold().split()).rstrip(".,;:!?'\"")
    return folded.endswith("".join(COMPUTER_MARK.split()))


def present(seat: SeatRecord, now: float) -> bool:
    """A computer is always there; a person while their page was heard from within AWAY_SECONDS."""
    return not seat.person or (seat.taken and now - seat.seen <= AWAY_SECONDS)


# ---------------------------------------------------------------------- a room's match, kept
class KeptMatch:
    """A room's match kept in memory and moved on move by move as the rows come: a ``Table`` (the
    match, its seats, the round dealt last and its moves, each checked once by the engine), and
    the moves of the match as the room stored them (who made each). The room seats of the pages
    of this service play at its table (``RoomSeat``)."""

    def __init__(self, room: RoomRecord, rules: Rules):
        self.code = room.code
        self.seed = room.seed
        self.rules = rules
        seats = [Seat.person(seat.name) if seat.person else Seat.computer(seat.kind) for seat in room.seats]
        self.table = Table(rules, seats, room.seed, whole_match=room.whole_match)  # round 1 dealt
        self.round = 1
        self.moves: list[MoveRecord] = []  # every move of the match, in order

    @property
    def game(self) -> Round:
        """The round dealt last."""
        return self.table.game

    @property
    def match(self) -> Match:
        return self.table.match

    @property
    def position(self) -> tuple[int, int]:
        """(the round dealt last, the moves made in it)."""
        return self.round, len(self.table.moves)

    def room_seat(self, seat: int) -> int:
        """The room's seat of a seat of the current round (the engine numbers a round's seats afresh)."""
        return self.table.round_seats[seat]

    def deal(self, seed: int | None) -> Round:
        """Deal the next round from its own seed (None: a round dealt before rounds had their own,
        which the match's seed gives)."""
        self.table.next_round(seed)
        self.round += 1
        return self.table.game

    def apply(self, move: MoveRecord, action: Action | None = None) -> None:
        """Apply a move of the current round (the engine's one check of it)."""
        self.table.apply(parse_action(move.action) if action is None else action)
        self.moves.append(move)

    def catch_up(self, moves: Iterable[MoveRecord], round_number: int, seeds: Mapping[int, int]) -> None:
        """Apply the moves read since the kept position, dealing the rounds they need (from ``seeds``,
        by round), up to ``round_number``."""
        for move in moves:
            while move.round > self.round:
                self.deal(seeds.get(self.round + 1))
            self.apply(move)
        while self.round < round_number:
            self.deal(seeds.get(self.round + 1))


# ---------------------------------------------------------------------- the service
class RoomService:
    """The rooms of one database and their rules (see the module's docstring).

    ``database``: the page's database object (a ``Store``), or a path to open one (closed with
    the service). ``clock`` gives the time (unix seconds); a test can fake it. Every write takes
    ``now`` (default: ``clock()``). ``during_move`` is a test's hook, called inside a move's
    transaction just before it commits. ``waiting_seconds``: how long a waiting room lasts with its
    host away or nobody joining (``WAITING_ROOM_SECONDS``); ``client_rooms``: (rooms, seconds) one
    client may open (``CLIENT_ROOMS`` in ``CLIENT_WINDOW``).
    """

    def __init__(
        self,
        database: Store | str | Path | None = None,
        clock: Callable[[], float] = time.time,
        *,
        waiting_seconds: float = WAITING_ROOM_SECONDS,
        client_rooms: tuple[int, float] = (CLIENT_ROOMS, CLIENT_WINDOW),
    ):
        self._owned = not isinstance(database, Store)
        self.store = Store(database) if self._owned else database
        self.path = self.store.path
        self.rows = RoomRepository(self.store)
        self.clock = clock
        self.waiting_seconds = waiting_seconds
        self.client_rooms = client_rooms
        self.during_move: Callable[[], None] | None = None
        self.replays = 0  # matches replayed from their first move (a move normally replays none)
        self._kept: dict[str, KeptMatch] = {}

    def close(self) -> None:
        self._kept.clear()
        if self._owned:
            self.store.close()

    def __enter__(self) -> RoomService:
        return self

    def __exit__(self, *exception) -> None:
        self.close()

    def _now(self, now: float | None) -> float:
        return self.clock() if now is None else now

    # ------------------------------------------------------------------ reading
    def _load(self, code: str, now: float, settle: bool = True) -> RoomRecord | None:
        """The room of this code as it stands at ``now``: expired, or closed once it lapsed (``lapsed``);
        ``settle``: a lapsed room's closing is written at once (outside a write transaction, so that a
        refusal rolling that transaction back cannot undo it)."""
        room = self.rows.room(code)
        # Only a write counts as activity: a page left open overnight does not keep its room open.
        if room is not None and room.status is not Status.CLOSED and now - room.active > EXPIRE_SECONDS:
            room = replace(room, expired=True)
        elif room is not None and self.lapsed(room, now):
            if settle:
                try:
                    self.rows.bump(room.code, now, status=Status.CLOSED, to_move=-1, lapsed=1)
                    room = self.rows.room(code) or room  # its change counter moved on: pages redraw
                except StoreError:
                    pass  # a database that cannot be written (read-only): the room reads as closed all the same
            room = replace(room, status=Status.CLOSED, lapsed=True)
        return room

    def lapsed(self, room: RoomRecord, now: float) -> bool:
        """Whether a waiting room is over: its host's page has been away for ``waiting_seconds``, or
        nobody has joined it and nothing was set in it for as long."""
        if room.status is not Status.WAITING or not room.seats:
            return False
        if now - room.seats[room.host].seen > self.waiting_seconds:
            return True
        joined = any(seat.person and seat.taken and seat.seat != room.host for seat in room.seats)
        return not joined and now - room.active > self.waiting_seconds

    def room(self, code: str, now: float | None = None, closed: bool = False) -> RoomRecord:
        """The open room of this code, or ``RoomError`` (no such room, closed, expired); ``closed``: any."""
        code = read_code(code)
        return self._checked(self._load(code, self._now(now)), code, closed)

    @staticmethod
    def _checked(room: RoomRecord | None, code: str, closed: bool = False) -> RoomRecord:
        if room is None:
            raise RoomError(Refusal.NO_ROOM, code=code)
        if not closed and room.expired:
            raise RoomError(Refusal.EXPIRED, code=code, hours=EXPIRE_SECONDS // 3600)
        if not closed and room.status is Status.CLOSED:
            raise RoomError(Refusal.CLOSED, code=code, lapsed=room.lapsed)
        return room

    def moves(self, code: str) -> list[MoveRecord]:
        """Every move of the match being played in a room, round by round, in order."""
        return self.rows.moves(read_code(code))

    def games(self, code: str) -> dict[int, int]:
        """The recorded game of each finished round of the match being played: {round: game id}."""
        return self.rows.games(read_code(code))

    def open_rooms(self, now: float | None = None) -> list[RoomRecord]:
        """Every open room (not closed, not expired, not lapsed), oldest first."""
        now = self._now(now)
        self.settle(now)
        rooms = [self._load(code, now) for code in self.rows.codes()]
        return [room for room in rooms if room is not None and room.status is not Status.CLOSED and not room.expired]

    def rules_played(self, room: RoomRecord) -> Rules:
        """The exact rules the room's rounds are played under (once started)."""
        if room.played is None:
            raise RoomError(Refusal.NOT_PLAYING, status=room.status)
        return self.store.rules(room.played, room.played_version)

    def kept(self, code: str, now: float | None = None, room: RoomRecord | None = None) -> KeptMatch:
        """The room's match kept by this service, brought up to the database: only the moves made
        since it was last brought up are read and applied; a match dealt again is kept afresh."""
        room = room if room is not None else self.room(code, now, closed=True)
        kept = self._kept.get(room.code)
        if kept is None or kept.seed != room.seed or kept.position > (room.round, room.moves):
            if room.round == 0:
                raise RoomError(Refusal.NOT_PLAYING, status=room.status)
            kept = KeptMatch(room, self.rules_played(room))
            self._kept[room.code] = kept
            if (room.round, room.moves) > (1, 0):
                self.replays += 1  # a match with moves made is replayed from its first
        if kept.position != (room.round, room.moves):
            # Only the moves the room's row counts: one written since it was read waits for the next look.
            moves = [
                move
                for move in self.rows.moves(room.code, after=kept.position)
                if (move.round, move.number) < (room.round, room.moves)
            ]
            try:
                kept.catch_up(moves, room.round, self.rows.round_seeds(room.code))
            except MatatuError:
                self._kept.pop(room.code, None)  # rows no engine accepts: nothing is kept of them
                raise
        return kept

    def held(self, code: str, room: RoomRecord) -> KeptMatch:
        """The room's match as this service keeps it now (brought up to ``room`` only when it has none)."""
        kept = self._kept.get(room.code)
        return kept if kept is not None and kept.seed == room.seed else self.kept(code, room=room)

    # ------------------------------------------------------------------ writing
    @contextmanager
    def _write(self, code: str, now: float, closed: bool = False) -> Iterator[RoomRecord]:
        """One write transaction on a room, read again inside it. A refusal raised inside rolls it back whole."""
        code = read_code(code)
        self._load(code, now)  # a room that lapsed is closed first, for good
        with self.rows.transaction():
            yield self._checked(self._load(code, now, settle=False), code, closed)

    def open(
        self,
        name: str,
        ruleset: str,
        version: int,
        *,
        players: int = 2,
        seed: int | None = None,
        whole_match: bool = True,
        client: str = "",
        now: float | None = None,
    ) -> tuple[str, str]:
        """Open a room: the host at seat 0, the other seats people's; returns (code, the host's token).
        The seed of its first match comes from the operating system's generator unless given.
        ``client``: who asks, as the server saw them (their address; '' when unknown): a client opens
        at most ``client_rooms`` rooms in its window, from every page together."""
        now = self._now(now)
        self.settle(now)
        name = read_name(name)
        self._check_players(players)
        if seed is None:
            seed = drawn_seed()
        check_fields(seed=seed, ruleset=ruleset, version=version)
        self.store.ruleset(ruleset, version)  # a sentence if it is not published
        token = secrets.token_urlsafe(16)
        with self.rows.transaction():
            if client:
                self._count_opening(hash_token(client), now)
            if self.rows.count_active(now - EXPIRE_SECONDS) >= OPEN_ROOMS_LIMIT:
                raise RoomError(Refusal.TOO_MANY_ROOMS, limit=OPEN_ROOMS_LIMIT)
            code = self._free_code(now)
            self.rows.insert_room(
                code,
                ruleset,
                version,
                players=players,
                whole_match=bool(whole_match),
                seed=seed,
                host=name,
                token_hash=hash_token(token),
                now=now,
            )
        return code, token

    def _count_opening(self, client: str, now: float) -> None:
        """Count a room opened by ``client`` (its hash), or refuse it past the client's bound."""
        limit, window = self.client_rooms
        opened = self.rows.openings(client, now - window)
        if len(opened) >= limit:
            # The opening that must leave the window before one more fits.
            frees_at = opened[len(opened) - limit] + window
            raise RoomError(Refusal.CLIENT_ROOMS, limit=limit, minutes=window / 60, wait=frees_at - now)
        self.rows.add_opening(client, now, forget_before=now - window)

    def settle(self, now: float | None = None) -> list[str]:
        """Close every waiting room that lapsed (see ``lapsed``); the codes closed."""
        now = self._now(now)
        rooms = [self._load(code, now) for code in self.rows.codes()]  # a lapsed room is closed as it is read
        return [room.code for room in rooms if room is not None and room.lapsed]

    def _free_code(self, now: float) -> str:
        """A code no open room has; a closed or expired room's code is taken over (its rounds stay in history)."""
        for _ in range(1000):
            code = "".join(secrets.choice(CODE_ALPHABET) for _ in range(CODE_LENGTH))
            old = self._load(code, now)
            if old is None:
                return code
            if old.status is Status.CLOSED or old.expired:
                self.rows.delete_room(code)
                self._kept.pop(code, None)
                return code
        raise RoomError(Refusal.TOO_MANY_ROOMS, limit=OPEN_ROOMS_LIMIT)  # pragma: no cover

    @staticmethod
    def _check_players(players: Any) -> None:
        if type(players) is not int or not MIN_PLAYERS <= players <= MAX_PLAYERS:
            raise RoomError(Refusal.SEATS, players=players, low=MIN_PLAYERS, high=MAX_PLAYERS)

    @staticmethod
    def _check_seat(room: RoomRecord, seat: Any) -> None:
        if type(seat) is not int or not 0 <= seat < room.players:
            raise RoomError(Refusal.NOT_A_SEAT, seat=seat, players=room.players)

    def _seated(self, room: RoomRecord, token: str) -> int:
        seat = self.rows.seat_of(room.code, hash_token(str(token)))
        if seat is None:
            raise RoomError(Refusal.NOT_SEATED, code=room.code)
        return seat

    @staticmethod
    def _host_only(room: RoomRecord, seat: int) -> None:
        if seat != room.host:
            raise RoomError(Refusal.NOT_HOST, host=room.host)

    def join(self, code: str, name: str, seat: int | None = None, now: float | None = None) -> tuple[int, str]:
        """Take a person's seat (the first free one, or ``seat``) under ``name``; returns (seat, token)."""
        now = self._now(now)
        token = secrets.token_urlsafe(16)
        with self._write(code, now) as room:
            taken = [other.name for other in room.seats if other.taken and other.person]
            name = read_name(name, taken)
            free = [other.seat for other in room.seats if other.person and not other.taken]
            if seat is None:
                if room.status is not Status.WAITING or not free:
                    raise RoomError(
                        Refusal.FULL, code=room.code, seats=room.players, started=room.status is not Status.WAITING
                    )
                seat = free[0]
            else:
                self._check_seat(room, seat)
                chosen = room.seats[seat]
                if not chosen.person:
                    raise RoomError(Refusal.NOT_PERSON_SEAT, seat=seat, agent=chosen.kind)
                if chosen.taken:
                    raise RoomError(Refusal.SEAT_TAKEN, seat=seat, name=chosen.name)
                if room.status is not Status.WAITING:
                    raise RoomError(Refusal.FULL, code=room.code, seats=room.players, started=True)
            self.rows.take_seat(room.code, seat, name, hash_token(token), now)
            self.rows.bump(room.code, now)
        return seat, token

    def free_seat(self, code: str, token: str, seat: int, now: float | None = None) -> None:
        """The host frees another person's seat while the room waits (someone who joined by mistake,
        or a stranger): the seat is free to join again, and its old link holds no seat."""
        now = self._now(now)
        with self._write(code, now) as room:
            mine = self._seated(room, token)
            self._host_only(room, mine)
            if room.status is not Status.WAITING:
                raise RoomError(Refusal.SEAT_DEALT, status=room.status)
            self._check_seat(room, seat)
            if seat == mine:
                raise RoomError(Refusal.OWN_SEAT, seat=seat)
            target = room.seats[seat]
            if not target.person:
                raise RoomError(Refusal.NOT_PERSON_SEAT, seat=seat, agent=target.kind)
            if not target.taken:
                raise RoomError(Refusal.EMPTY_SEAT, seat=seat)
            self.rows.free_seat(room.code, seat)
            self.rows.bump(room.code, now)

    def rejoin(self, code: str, token: str, now: float | None = None) -> int:
        """Come back to a seat with its token (the player's link): their seat, present again."""
        now = self._now(now)
        with self._write(code, now) as room:
            seat = self._seated(room, token)
            self.rows.seen(room.code, seat, now)
        return seat

    def heartbeat(self, code: str, token: str, now: float | None = None) -> None:
        """The page of this token is there (no change counted: presence is read from the times)."""
        self.rows.heartbeat(read_code(code), hash_token(str(token)), self._now(now))

    def away(self, code: str, token: str, now: float | None = None) -> None:
        """The page of this token has closed: its seat is away at once, as if last heard from just
        over AWAY_SECONDS ago (the link still brings its player back). Not "never": a waiting room
        counts its host's absence from then, so a host who reloads the page keeps the room."""
        self.rows.heartbeat(read_code(code), hash_token(str(token)), self._now(now) - AWAY_SECONDS - 1)

    def leave(self, code: str, token: str, now: float | None = None) -> None:
        """Leave: in a waiting room the seat is freed; once dealt, the computer plays it at once
        (the link still brings its player back). The host role passes to the next person seated;
        a waiting room nobody is left in closes."""
        now = self._now(now)
        with self._write(code, now, closed=True) as room:
            if room.status is Status.CLOSED or room.expired:
                return
            seat = self._seated(room, token)
            if room.status is Status.WAITING:
                self.rows.free_seat(room.code, seat)
            else:
                self.rows.seen(room.code, seat, 0)
            columns: dict[str, Any] = {}
            if seat == room.host:
                others = [other for other in room.seats if other.person and other.taken and other.seat != seat]
                here = [other for other in others if present(other, now)]
                if here or others:
                    columns["host"] = (here or others)[0].seat
                elif room.status is Status.WAITING:
                    columns["status"] = Status.CLOSED
            self.rows.bump(room.code, now, **columns)

    def hand_host(self, code: str, token: str, seat: int, now: float | None = None) -> None:
        """The host hands the host role to another person seated at the table; while the host is
        away (AWAY_SECONDS without their page), any person seated may take it for themselves."""
        now = self._now(now)
        with self._write(code, now) as room:
            mine = self._seated(room, token)
            if not (seat == mine and not present(room.seats[room.host], now)):
                self._host_only(room, mine)
            self._check_seat(room, seat)
            target = room.seats[seat]
            if not target.person:
                raise RoomError(Refusal.NOT_PERSON_SEAT, seat=seat, agent=target.kind)
            if not target.taken:
                raise RoomError(Refusal.EMPTY_SEAT, seat=seat)
            self.rows.bump(room.code, now, host=seat)

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
        with self._write(code, now) as room:
            self._host_only(room, self._seated(room, token))
            if room.status is not Status.WAITING:
                raise RoomError(Refusal.NOT_WAITING, status=room.status)
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
                columns["switches"] = {
                    key: value for key, value in rules.switches().items() if getattr(base, key) != value
                }
            if whole_match is not None:
                columns["whole_match"] = int(bool(whole_match))
            kinds = self._seat_kinds(room, players, computer)
            if players is not None:
                columns["players"] = players
            self.rows.drop_seats_from(room.code, len(kinds))
            for seat, kind in enumerate(kinds):
                if seat >= room.players:
                    self.rows.add_seat(room.code, seat, kind)
                elif kind != room.seats[seat].kind:
                    self.rows.free_seat(room.code, seat, kind)
            self.rows.bump(room.code, now, **columns)

    def _seat_kinds(
        self, room: RoomRecord, players: int | None, computer: Mapping[int, str | None] | None
    ) -> list[str]:
        """Each seat's kind once the host's changes are made; a seat a person sits at stays theirs."""
        kinds = [seat.kind for seat in room.seats]
        taken = {seat.seat: seat for seat in room.seats if seat.person and seat.taken}
        if players is not None:
            self._check_players(players)
            for seat in range(players, room.players):
                if seat in taken:
                    raise RoomError(Refusal.PERSON_SEATED, seat=seat, name=taken[seat].name)
            kinds = kinds[:players] + [PERSON] * (players - len(kinds))
        for seat, spec in dict(computer or {}).items():
            if type(seat) is not int or not 0 <= seat < len(kinds):
                raise RoomError(Refusal.NOT_A_SEAT, seat=seat, players=len(kinds))
            if spec is None or spec == PERSON:
                kinds[seat] = PERSON
                continue
            spec = agent_spec(spec)
            if seat == 0:
                raise RoomError(Refusal.FIRST_SEAT)
            if seat in taken:
                raise RoomError(Refusal.PERSON_SEATED, seat=seat, name=taken[seat].name)
            kinds[seat] = spec
        return kinds

    def start(self, code: str, token: str, played: str, played_version: int, now: float | None = None) -> None:
        """The host deals round 1 under ``played`` (the exact published version of the table's rules):
        the rules lock. Every person's seat must be taken."""
        now = self._now(now)
        with self._write(code, now) as room:
            self._host_only(room, self._seated(room, token))
            if room.status is not Status.WAITING:
                raise RoomError(Refusal.NOT_WAITING, status=room.status)
            empty = tuple(seat.seat for seat in room.seats if seat.person and not seat.taken)
            if empty:
                raise RoomError(Refusal.EMPTY_SEATS, seats=empty)
            rules = with_switches(self.store.rules(room.ruleset, room.version), room.switches)
            check_fields(ruleset=played, version=played_version)
            if self.store.rules(played, played_version) != rules:
                raise RoomError(Refusal.RULES, played=played, version=played_version)
            if rules.eliminate:
                raise RoomError(Refusal.ELIMINATE)
            self._deal_first(room, rules, room.seed, now, played=played, played_version=played_version)

    def _deal_first(self, room: RoomRecord, rules: Rules, seed: int, now: float, **columns: Any) -> None:
        """Deal round 1 of a match of ``seed`` in the room: the moves and links of any match before are let go."""
        game = Match(rules, room.players, seed).next_round()
        self.rows.clear_match(room.code)
        self.rows.bump(
            room.code,
            now,
            seed=seed,
            status=Status.PLAYING,
            round=1,
            to_move=game.to_move,
            moves=0,
            moved_at=now,
            round_started_at=iso_time(now),
            **columns,
        )

    def deal_again(self, code: str, token: str, now: float | None = None) -> None:
        """The host deals a new match in the same room, with the same seats and rules: once the
        match is over, or between two rounds (the match played so far ends there; its rounds stay
        in the history). The new match's seed comes from the operating system's generator."""
        now = self._now(now)
        with self._write(code, now) as room:
            self._host_only(room, self._seated(room, token))
            if room.status not in (Status.PLAYING, Status.OVER):
                raise RoomError(Refusal.NOT_PLAYING, status=room.status)
            if room.status is Status.PLAYING and room.to_move >= 0:
                raise RoomError(Refusal.ROUND_ON, round=room.round)
            self._deal_first(room, self.rules_played(room), drawn_seed(), now)

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

        One transaction: the room is read again and the kept match brought up to it, the number
        checked (a move made on a position that has since moved on is refused), the seat checked,
        the move applied (the engine's one check of it) and inserted; a move that ends the round
        records it in the history in the same transaction.
        """
        now = self._now(now)
        kept = None
        applied = False
        try:
            with self._write(code, now) as room:
                if room.status is not Status.PLAYING:
                    if room.status is Status.OVER:
                        raise RoomError(Refusal.MATCH_OVER)
                    raise RoomError(Refusal.NOT_PLAYING, status=room.status)
                kept = self.kept(room.code, room=room)
                game = kept.game
                made = len(game.history)
                if (round, number) != (room.round, made) or game.over:
                    taken = self.rows.move(room.code, round, number)
                    raise RoomError(
                        Refusal.MOVED_ON,
                        round=room.round,
                        number=made,
                        seat=None if taken is None else taken.seat,
                        by_seat=None if taken is None else taken.by_seat,
                        over=game.over,
                    )
                mover = kept.room_seat(game.to_move)
                try:
                    parsed = parse_action(action)
                except MatatuError as error:
                    raise RoomError(Refusal.ILLEGAL, text=str(error)) from None
                by_seat, agent_text = self._mover(room, kept, mover, parsed, token, agent, now)
                record = MoveRecord(round, number, mover, by_seat, agent_text, parsed.text, iso_time(now))
                try:
                    kept.apply(record, parsed)
                except IllegalActionError as error:
                    raise RoomError(Refusal.ILLEGAL, ruling=error.ruling, seat=mover) from None
                applied = True
                self.rows.insert_move(room.code, record)
                columns: dict[str, Any] = {"moves": made + 1, "moved_at": now}
                if game.over:
                    self._record(room, kept, game)
                    columns["to_move"] = -1
                    if kept.match.over or not room.whole_match:
                        columns["status"] = Status.OVER
                else:
                    columns["to_move"] = kept.room_seat(game.to_move)
                self.rows.bump(room.code, now, **columns)
                if self.during_move is not None:
                    self.during_move()
        except BaseException:
            if applied:
                self._kept.pop(kept.code, None)  # the kept match holds a move that was not stored
            raise
        return record

    def _mover(
        self,
        room: RoomRecord,
        kept: KeptMatch,
        mover: int,
        action: Action,
        token: str | None,
        agent: str | None,
        now: float,
    ) -> tuple[int, str]:
        """Who makes this move, and the agent that decided it: the seat to move; another person who
        catches a missed call while the chance lasts; or the computer, for its seat or an away person's."""
        if token is None:
            seat = room.seats[mover]
            if seat.person and present(seat, now):
                raise RoomError(Refusal.NOT_AWAY, seat=mover)
            return mover, agent_spec(agent or "")
        by_seat = self._seated(room, token)
        if by_seat != mover:
            if action.kind is not CATCH:
                raise RoomError(Refusal.NOT_YOUR_TURN, seat=by_seat, to_move=mover)
            silent = kept.game.catchable
            if silent is None or kept.room_seat(silent) == by_seat:
                raise RoomError(Refusal.NOBODY_TO_CATCH, seat=by_seat)
        self.rows.seen(room.code, by_seat, now)
        return by_seat, ""

    def _record(self, room: RoomRecord, kept: KeptMatch, game: Round) -> int:
        names = []
        for seat in kept.match.round_seats:
            record = room.seats[seat]
            names.append(record.name if record.person else record.kind)
        game_id = self.store.record(
            game, room.played, room.played_version, names, started_at=room.round_started_at or None, room=room.code
        )
        self.rows.link_game(room.code, room.round, game_id)
        return game_id

    def deal_next(self, code: str, token: str, after: int, now: float | None = None, seed: int | None = None) -> bool:
        """Deal the round after round ``after`` (of the match of ``seed``, if given) once it is over
        (any person at the table may); False when it was already dealt (two presses deal once), or
        the host dealt a new match since."""
        now = self._now(now)
        kept = None
        try:
            with self._write(code, now) as room:
                self._seated(room, token)
                if room.status is Status.OVER:
                    raise RoomError(Refusal.MATCH_OVER)
                if room.status is not Status.PLAYING:
                    raise RoomError(Refusal.NOT_PLAYING, status=room.status)
                if room.round > after or (seed is not None and seed != room.seed):
                    return False
                if room.to_move >= 0:
                    raise RoomError(Refusal.ROUND_ON, round=room.round)
                kept = self.kept(room.code, room=room)
                seed = drawn_seed()  # each round's own: no round's cards tell another's
                self.rows.insert_round_seed(room.code, room.round + 1, seed)
                game = kept.deal(seed)
                self.rows.bump(
                    room.code,
                    now,
                    round=room.round + 1,
                    moves=0,
                    to_move=kept.room_seat(game.to_move),
                    moved_at=now,
                    round_started_at=iso_time(now),
                )
        except BaseException:
            if kept is not None:
                self._kept.pop(kept.code, None)  # dealt in the kept match, but not stored
            raise
        return True

    def close_room(self, code: str, token: str | None = None, now: float | None = None) -> None:
        """Close a room: with a token, only its host may; without one, the caller has checked who may
        (the command line on the server's machine, or the teacher code)."""
        now = self._now(now)
        with self._write(code, now, closed=True) as room:
            if token is not None:
                self._host_only(room, self._seated(room, token))
            if room.status is Status.CLOSED:
                return
            self.rows.bump(room.code, now, status=Status.CLOSED, to_move=-1)

    def close_waiting(self, now: float | None = None) -> list[str]:
        """Close every room that waits for its players (the teacher's, who checked the code first); the codes closed."""
        now = self._now(now)
        closed = []
        with self.rows.transaction():
            for code in self.rows.codes():
                room = self._load(code, now, settle=False)
                if room is not None and not room.expired and room.status in (Status.WAITING, Status.CLOSED):
                    self.rows.bump(code, now, status=Status.CLOSED, to_move=-1)
                    closed.append(code)
        return closed

    def played_for(self, code: str, seat: int, room: RoomRecord | None = None) -> list[MoveRecord]:
        """The moves the computer made for the person at ``seat`` since their last own move in the
        match (a stand-in's, while they were away), in order: facts the seat's own page may hear.
        Read from the match this service keeps (brought up to ``room``, the room as just read)."""
        room = self.room(code, closed=True) if room is None else room
        if room.round == 0:
            return []
        since: list[MoveRecord] = []
        kept = self.held(room.code, room)
        if kept.position < (room.round, room.moves):
            kept = self.kept(room.code, room=room)
        for move in kept.moves:
            if move.agent and move.seat == seat:
                since.append(move)
            elif not move.agent and move.by_seat == seat:
                since.clear()
        return since

    # ------------------------------------------------------------------ the computer's moves
    def computer_due(self, room: RoomRecord, seat: int, now: float | None = None) -> bool:
        """Whether the page at ``seat`` is to make the computer's move now: a computer seat's, or
        an away person's, COMPUTER_PAUSE after the last move. The first person's page that is here
        makes it; another after DRIVER_GRACE more (in case the first is quiet)."""
        now = self._now(now)
        if room.status is not Status.PLAYING or room.to_move < 0 or room.expired:
            return False
        waited = now - room.moved_at
        mover = room.seats[room.to_move]
        if waited < COMPUTER_PAUSE or (mover.person and present(mover, now)):
            return False
        here = [other.seat for other in room.seats if other.person and present(other, now)]
        return not here or here[0] == seat or waited >= COMPUTER_PAUSE + DRIVER_GRACE

    def drive(self, code: str, seat: int, now: float | None = None) -> bool:
        """Make the move of a computer seat, or of a person away for more than AWAY_SECONDS, once
        it is due (``computer_due``), on behalf of the page at ``seat``. Every page may call it on
        every poll: only one move lands. Whether this call made one."""
        now = self._now(now)
        try:
            room = self.room(code, now)
        except RoomError:
            return False
        if not self.computer_due(room, seat, now):
            return False
        kept = self.kept(room.code, room=room)
        game = kept.game
        if game.over:
            return False
        mover = room.seats[room.to_move]
        spec = mover.kind if not mover.person else STAND_IN
        number = len(game.history)
        # Seeded by the room and the move: every page that decides it decides the same.
        chooser = make_agent(spec, random.Random(f"room {room.seed} {room.round} {number}").randrange(2**63))
        decision = chooser.decide(PlayerView(game, game.to_move))
        try:
            self.move(room.code, decision.action.text, round=room.round, number=number, agent=spec, now=now)
        except RoomError as error:
            if error.why in (Refusal.MOVED_ON, Refusal.NOT_AWAY, Refusal.MATCH_OVER, Refusal.NOT_PLAYING):
                return False
            raise
        return True


# ---------------------------------------------------------------------- a page's seat, as a table backend
class RoomSeat:
    """One page's seat at a room, as the backend of a table controller (``controller.Backend``):
    its ``table`` is the room's match kept by the page's room service, moved on as moves come
    (``sync``, on the page's poll); a move is made through the room service, on the move number
    this seat last saw; the computer's moves are the room's (``computer_due``, ``computer_move``);
    the next round is anyone's to deal, and dealing again the host's.

    A refusal of the room is a ``RoomError`` (a ``TableError``: the controller's notice carries
    it); a move the rules refuse is the engine's ``IllegalActionError``, as at a local table.
    """

    def __init__(self, rooms: RoomService, code: str, seat: int, token: str):
        self.rooms = rooms
        self.code = code
        self.seat = seat
        self.token = token
        self.room: RoomRecord = rooms.room(code, closed=True)
        rooms.kept(code, room=self.room)  # the page holds the room's record; the service keeps the match

    def sync(self, room: RoomRecord | None = None) -> bool:
        """Read the room again (or take ``room``, as just read) and bring the table up to it; whether anything changed."""
        room = self.rooms.room(self.code, closed=True) if room is None else room
        changed = (room.changes, room.expired) != (self.room.changes, self.room.expired)
        self.room = room
        if room.round:
            self.rooms.kept(self.code, room=room)
        return changed

    @property
    def _kept(self) -> KeptMatch:
        return self.rooms.held(self.code, self.room)

    @property
    def table(self) -> Table:
        return self._kept.table

    def view(self, seat: int) -> PlayerView:
        return self.table.view(seat)

    @contextmanager
    def _writing(self) -> Iterator[None]:
        """A write to the room, then the room read again; a database failure is a refusal (nothing was written)."""
        try:
            yield
        except StoreError as error:
            raise RoomError(Refusal.NOT_STORED, problem=str(error)) from None
        finally:
            self.sync()

    def apply(self, action: Action, seat: int) -> Move:
        if seat != self.seat:
            raise RoomError(Refusal.NOT_SEATED, code=self.code)
        room = self.room  # the move is made on the position this seat last saw
        with self._writing():
            try:
                self.rooms.move(self.code, action.text, round=room.round, number=room.moves, token=self.token)
            except RoomError as error:
                if error.why is Refusal.ILLEGAL and error.ruling is not None:
                    raise IllegalActionError(error.ruling) from None
                raise
        return self.table.moves[-1]

    def computer_due(self) -> bool:
        return self.rooms.computer_due(self.room, self.seat)

    def computer_move(self) -> Move | None:
        """The computer's move that is due, made by this page (None: another page made it first)."""
        with self._writing():
            moved = self.rooms.drive(self.code, self.seat)
        return self.table.moves[-1] if moved else None

    def next_round(self) -> None:
        with self._writing():
            self.rooms.deal_next(self.code, self.token, self.room.round, seed=self.room.seed)

    def deal_again(self) -> None:
        with self._writing():
            self.rooms.deal_again(self.code, self.token)

    def may_deal_again(self) -> bool:
        """The host may deal again, once a round is over (at the match's end, or between rounds)."""
        return self.room.host == self.seat and self.room.status in (Status.PLAYING, Status.OVER)

    def moves_since(self, number: int) -> tuple[Move, ...]:
        return self.table.moves_since(number)

    def catches_out_of_turn(self, seat: int) -> bool:
        """Anyone at a room's table may press Catch (the room refuses it when nobody can be caught)."""
        return seat == self.seat

    def made_by(self, move: Move) -> int:
        """The room seat that made one of this round's moves: its mover's, or the player who caught."""
        stored = [record for record in self._kept.moves if record.round == move.round]
        return stored[move.number].by_seat


__all__ = [
    "AWAY_SECONDS",
    "CLIENT_ROOMS",
    "CLIENT_WINDOW",
    "CODE_ALPHABET",
    "COMPUTER_MARK",
    "COMPUTER_PAUSE",
    "DRIVER_GRACE",
    "EXPIRE_SECONDS",
    "NAME_LIMIT",
    "OPEN_ROOMS_LIMIT",
    "PERSON",
    "STAND_IN",
    "WAITING_ROOM_SECONDS",
    "KeptMatch",
    "MoveRecord",
    "Refusal",
    "RoomError",
    "RoomRecord",
    "RoomSeat",
    "RoomService",
    "SeatRecord",
    "Status",
    "present",
    "read_code",
    "read_name",
    "reads_as_computer",
]
