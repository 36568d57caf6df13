"""A page's client of a room: one person's seat at a table several pages share on one server.

The room's rules are the room service's (``play/rooms.py``) and its rows the store's; a
``RoomTable`` holds what its page may know: the room's code, this seat, its token (the
player's way back), and its table's controller — never a round, another hand or the stock.
The table is the Play page's: a ``play.controller.Controller`` over a ``RoomSeat`` (the match
the page's room service keeps, a move made anywhere applied to it once, as it comes), seen
through ``RoomScreen`` (the Play table's ``ScreenFacts`` with the room's facts: the people's
names, who stands in for an away person, who the viewer may catch out of turn) and drawn by
``table_state`` for this seat alone.

Taps are the Play table's (``play.protocol``); a move goes to the room service, checked there
against the move number this seat saw, so two pages that tap at once make one move. A refusal
is said in the room's words (``room_voice``), in place. ``refresh()`` is the cheap poll (a
heartbeat and two small reads), and ``drive()`` lets any page make a computer's move that is
due, or a move for a person who is away.

>>> import os, tempfile
>>> database = os.path.join(tempfile.mkdtemp(), "rooms.sqlite3")
>>> amina = open_room(database, "Amina", seed=3)
>>> okello = join_room(database, amina.code, "Okello")
>>> [seat["name"] for seat in amina.lobby()["seats"]], amina.lobby()["can_start"]
(['Amina', 'Okello'], True)
>>> amina.start()
>>> amina.state()["status"], okello.state()["status"]
('Your turn: play a card, draw or pass.', "Amina's turn.")
>>> amina.tap({"type": "control", "kind": "draw"})
''
>>> okello.refresh(), okello.state()["log"][-1]["text"]
(True, 'Amina draws a card.')
"""

from __future__ import annotations

import math
import time
from collections.abc import Callable, Mapping
from pathlib import Path
from typing import Any

from ..engine.errors import MatatuError
from ..engine.events import Caught
from ..engine.rules import with_switches
from ..play.controller import Controller
from ..play.protocol import RESULT_TAPS, Tap, parse_tap
from ..play.rooms import (
    AWAY_SECONDS,
    COMPUTER_PAUSE,
    DRIVER_GRACE,
    PERSON,
    Refusal,
    RoomError,
    RoomRecord,
    RoomSeat,
    RoomService,
    Status,
    present,
    read_code,
)
from ..play.table import Move, TableError
from ..store.database import Store
from ..store.registry import Registry
from ..store.roles import RoleError, WriteBudget
from .play import PlayError, match_length, player_words, published_mix
from .room_voice import (
    AWAY_WORDS,
    ELIMINATE_WORDS,
    NO_OPEN_ROOMS,
    STATUS_WORDS,
    away_words,
    closed_words,
    computer_name,
    freed_words,
    refusal_words,
    waiting_words,
)
from .table_facts import ScreenFacts, no_pause
from .table_state import table_state
from .voice import COMPASS, Voice, changes_words, ruleset_words

# How often a page tells the room it is there (AWAY_SECONDS without it, and the computer stands in).
HEARTBEAT_SECONDS = AWAY_SECONDS / 4  # 5 s: four beats within the away time, whatever the server sets it to
# Rooms one page may open (a page is one kernel), in a sliding window.
ROOMS_PER_PAGE = 5
ROOMS_WINDOW = 600.0
# What a page may hand the room functions: its room service, its database object, or a database path.
Database = RoomService | Store | str | Path | None


# A page's budget of rooms (its page context keeps one): a room that could not be opened is given back.
ROOM_LIMITS = {"room": (ROOMS_PER_PAGE, ROOMS_WINDOW)}


def _service(database: Database, clock: Callable[[], float]) -> RoomService:
    """The page's room service: the one given, or one over the database given (owned by its table)."""
    return database if isinstance(database, RoomService) else RoomService(database, clock=clock)


# ---------------------------------------------------------------------- opening, joining
def open_room(
    database: Database,
    host_name: str,
    *,
    ruleset: str = "house",
    seed: int | None = None,
    clock: Callable[[], float] = time.time,
    budget: WriteBudget | None = None,
    client: str = "",
) -> RoomTable:
    """Open a waiting room (house rules, 2 seats, the other a person's): its host sits at seat 0.
    ``budget``: the page's rooms (``ROOM_LIMITS``); None: a caller that is no page, with a budget of its own.
    ``client``: who asks, as the server saw them (the page's client address; '': unknown), bounded
    server-wide (``RoomService.open``)."""
    budget = WriteBudget(ROOM_LIMITS) if budget is None else budget
    try:
        budget.spend("room")
    except RoleError:
        raise RoleError(
            f"This page has opened {ROOMS_PER_PAGE} rooms in the last {ROOMS_WINDOW / 60:g} minutes, the most a page "
            "may: join one of them, or wait a few minutes before opening another."
        ) from None
    rooms = _service(database, clock)
    try:
        published = rooms.store.ruleset(ruleset)
        code, token = rooms.open(host_name, published.name, published.version, seed=seed, client=client)
    except RoomError as error:
        budget.refund("room")
        raise PlayError(refusal_words(error)) from None
    except BaseException:
        budget.refund("room")
        raise
    return RoomTable(rooms, code, 0, token, owned=rooms is not database)


def join_room(
    database: Database,
    code: str,
    name: str,
    *,
    seat: int | None = None,
    clock: Callable[[], float] = time.time,
) -> RoomTable:
    """Take the first free person's seat (or ``seat``) in the room of ``code``, under ``name``."""
    rooms = _service(database, clock)
    try:
        code = read_code(code)
        seat, token = rooms.join(code, name, seat)
    except RoomError as error:
        raise PlayError(refusal_words(error)) from None
    return RoomTable(rooms, code, seat, token, owned=rooms is not database)


def rejoin_room(database: Database, code: str, token: str, *, clock: Callable[[], float] = time.time) -> RoomTable:
    """Come back to a seat with the player's link (``room=CODE&player=TOKEN``): the same seat and hand."""
    rooms = _service(database, clock)
    try:
        code = read_code(code)
        seat = rooms.rejoin(code, token)
    except RoomError as error:
        raise PlayError(refusal_words(error)) from None
    return RoomTable(rooms, code, seat, token, owned=rooms is not database)


def open_rooms(database: Database = None, *, clock: Callable[[], float] = time.time) -> list[dict]:
    """The open rooms of a server, oldest first: code, ruleset in words, seats taken of all,
    players' names, round and status (what ``matatu-learn rooms`` lists)."""
    rooms = _service(database, clock)
    listed_rooms = []
    try:
        for room in rooms.open_rooms():
            words = _rules_words(rooms, room)
            taken = sum(1 for seat in room.seats if seat.taken or not seat.person)
            listed_rooms.append(
                {
                    "code": room.code,
                    "ruleset": words,
                    "rules": words,
                    "seats": f"{taken}/{room.players}",
                    "taken": taken,
                    "total": room.players,
                    "players": [name for name in seat_names(room) if name],
                    "round": room.round,
                    "status": room.status.value,
                    "status_words": STATUS_WORDS[room.status],
                }
            )
    finally:
        if rooms is not database:
            rooms.close()
    return listed_rooms


def close_room(database: Database, code: str) -> None:
    """Close a room, whoever opened it: for the command line and the teacher (who checks the code first)."""
    rooms = _service(database, time.time)
    try:
        rooms.close_room(code)
    except RoomError as error:
        raise PlayError(refusal_words(error)) from None
    finally:
        if rooms is not database:
            rooms.close()


def close_waiting_rooms(database: Database) -> list[str]:
    """Close every room that waits for its players, whoever opened it (the teacher, who checks the code first): the codes closed."""
    rooms = _service(database, time.time)
    try:
        return rooms.close_waiting()
    finally:
        if rooms is not database:
            rooms.close()


def seat_names(room: RoomRecord) -> list[str]:
    """What the table calls each seat: the name its person gave ('' while empty), or the computer's."""
    return [seat.name if seat.person else computer_name(room.players, seat.seat) for seat in room.seats]


def _rules_words(rooms: RoomService, room: RoomRecord) -> str:
    published = rooms.store.ruleset(room.ruleset, room.version)
    changes = changes_words(published.rules, with_switches(published.rules, room.switches))
    words = ruleset_words(published.name, published.title)
    return f"{words}, {changes}" if changes else words


# ---------------------------------------------------------------------- a seat's screen
class RoomScreen(ScreenFacts):
    """A room seat's table as its screen sees it: the Play table's facts over a controller on a
    ``RoomSeat``, with the room's own (the hooks ``ScreenFacts`` declares): the people's names,
    the seats the computer stands in for (``away``: the room's seats whose person is away, set by
    the page's poll), the seat the viewer may catch out of turn, who made a catch, the round's
    recorded game, and the room's refusals in its words."""

    def __init__(self, controller: Controller, backend: RoomSeat, **facts: Any):
        super().__init__(controller, **facts)
        self.backend = backend
        self.away: frozenset[int] = frozenset()
        self.games: dict[int, int] = {}  # the recorded game of each finished round: {round: game id}

    @property
    def remote(self) -> bool:
        return True

    @property
    def stand_ins(self) -> frozenset[int]:
        if self.over:
            return frozenset()
        return frozenset(self.table.round_seat(seat) for seat in self.away if seat in self.table.round_seats)

    @property
    def catch_here(self) -> int | None:
        view = self.view
        silent = None if view.over else view.catchable
        if silent is None or self.viewer in (silent, view.to_move):
            return None
        return silent

    def events(self, move: Move) -> tuple:
        """A catch made by another player than the one to move (a room's) names its catcher."""
        catcher = self.table.round_seat(self.backend.made_by(move))
        if catcher == move.seat:
            return move.events
        return tuple(
            Caught(event.seat, event.penalty, catcher) if isinstance(event, Caught) else event for event in move.events
        )

    @property
    def recorded(self) -> list[int]:
        game = self.games.get(self.round_number) if self.over else None
        return [] if game is None else [game]

    def refusal(self, error: TableError) -> str:
        if isinstance(error, RoomError):
            return refusal_words(error, list(self.seat_names), self.controller.viewer)
        return super().refusal(error)


class RoomTable:
    """One page's seat at a room (see the module's docstring). Build it with ``open_room``,
    ``join_room`` or ``rejoin_room``; ``rooms`` is the page's room service (``owned``: this
    table made it, and closes it)."""

    def __init__(self, rooms: RoomService, code: str, seat: int, token: str, owned: bool = False):
        self.rooms = rooms
        self.code = code
        self.seat = seat
        self.token = token
        self._owned = owned
        self._room: RoomRecord | None = None
        self._presence: tuple[bool, ...] = ()
        self._lobby: dict[str, Any] | None = None
        self._state: dict[str, Any] | None = None
        self._state_at: int | None = None  # the room's change counter the state was built at
        self._screen: RoomScreen | None = None  # this seat's table, once the room is dealt
        self._position: tuple[int, int, int] | None = None  # (match seed, round, moves) the screen shows
        self._beat = -math.inf
        self._ruleset_cache: dict[tuple[str, int], Any] = {}
        # The history's game id of the round the last state shows, once it is over (None before).
        self.recorded_game: int | None = None
        self._name: str | None = None  # the name this seat was taken under, once read
        self.freed = False  # the host freed this seat while the room waited: this page holds none

    def clock(self) -> float:
        return self.rooms.clock()

    @property
    def database(self) -> Path:
        return self.rooms.path

    @property
    def link_query(self) -> str:
        """The query of this player's own link back to their seat."""
        return f"room={self.code}&player={self.token}"

    def page_closed(self) -> None:
        """The page holding this seat has closed: the room sees its seat away at once."""
        self.rooms.away(self.code, self.token)

    def close_connection(self) -> None:
        """The page lets go of the room: its table stops following the match (and a service it made closes)."""
        self._screen = None
        if self._owned:
            self.rooms.close()

    # ------------------------------------------------------------------ reading
    def _read(self, now: float | None = None) -> RoomRecord:
        now = self.clock() if now is None else now
        room = self.rooms.room(self.code, now, closed=True)
        presence = tuple(present(seat, now) for seat in room.seats)
        if self._room is None or room.changes != self._room.changes or room.expired != self._room.expired:
            self._lobby = None
        if presence != self._presence:
            self._lobby = None
            if self._state is not None and room.status is Status.PLAYING:
                self._state_at = None  # who stands in shows on the table too
        self._room, self._presence = room, presence
        self._notice_freed(room)
        return room

    def _notice_freed(self, room: RoomRecord) -> None:
        """Whether the host freed this seat: it is no longer taken under the name it was taken under."""
        seat = room.seats[self.seat] if self.seat < len(room.seats) else None
        mine = seat is not None and seat.person and seat.taken
        if self._name is None and mine:
            self._name = seat.name
        elif self._name is not None and room.status is Status.WAITING and (not mine or seat.name != self._name):
            self.freed = True

    def refresh(self) -> bool:
        """The page's poll: say this page is here (every few seconds), read the room's change
        counter and who is here; whether anything this page shows changed."""
        now = self.clock()
        before = (
            None if self._room is None else (self._room.changes, self._room.expired, self._room.status),
            self._presence,
        )
        if now - self._beat >= HEARTBEAT_SECONDS:
            self.rooms.heartbeat(self.code, self.token, now)
            self._beat = now
        room = self._read(now)
        return before != ((room.changes, room.expired, room.status), self._presence)

    def _ruleset(self, name: str, version: int):
        key = (name, version)
        if key not in self._ruleset_cache:
            self._ruleset_cache[key] = self.rooms.store.ruleset(name, version)
        return self._ruleset_cache[key]

    def lobby(self) -> dict[str, Any]:
        """The room as its lobby shows it: the rules, the seats (who sits where, here or away, who
        the computer plays for), the host, and whether (and why not) the round can start."""
        if self._room is None:
            self._read()
        if self._lobby is None:
            self._lobby = self._make_lobby(self._room)
        return self._lobby

    def _make_lobby(self, room: RoomRecord) -> dict[str, Any]:
        names = seat_names(room)
        published = self._ruleset(room.ruleset, room.version)
        rules = with_switches(published.rules, room.switches)
        status = Status.CLOSED if room.expired else room.status
        dealt = status in (Status.PLAYING, Status.OVER)
        seats = []
        for seat, record in enumerate(room.seats):
            here = self._presence[seat] if seat < len(self._presence) else False
            stand_in = record.person and record.taken and not here and dealt
            if record.person:
                who = AWAY_WORDS if stand_in else ""
            else:
                who = player_words(record.kind)
            seats.append(
                {
                    "seat": seat,
                    "place": COMPASS[room.players][seat],
                    "name": names[seat],
                    "kind": "person" if record.person else "computer",
                    "agent": None if record.person else record.kind,
                    "who": who,
                    "taken": record.taken or not record.person,
                    "present": here,
                    "host": seat == room.host,
                    "you": seat == self.seat,
                    "stand_in": stand_in,
                }
            )
        empty = [seat for seat in room.seats if seat.person and not seat.taken]
        you_host = room.host == self.seat
        host_away = not self._presence[room.host] if room.host < len(self._presence) else False
        why_not = ""
        if status is Status.WAITING:
            if not you_host:
                why_not = waiting_words(names[room.host])
            elif empty:
                why_not = refusal_words(RoomError(Refusal.EMPTY_SEATS, seats=tuple(seat.seat for seat in empty)))
            elif rules.eliminate:
                why_not = ELIMINATE_WORDS
        elif status is Status.CLOSED:
            why_not = closed_words(room.code, room.expired, room.lapsed)
        return {
            "code": room.code,
            "status": status.value,
            "status_words": STATUS_WORDS[status],
            "ruleset": ruleset_words(published.name, published.title),
            "ruleset_name": published.name,
            "version": published.version,
            "changes": changes_words(published.rules, rules),
            "switches": dict(room.switches),
            "match": match_length(rules) if room.whole_match else "one round",
            "whole_match": room.whole_match,
            "players": [name for name in names if name],
            "round": room.round,
            "seats": seats,
            "host": room.host,
            "host_name": names[room.host],
            "you": self.seat,
            "you_host": you_host,
            "host_away": host_away,  # then any person seated may take the host role (hand_host to their own seat)
            "can_start": status is Status.WAITING and you_host and not empty and not rules.eliminate,
            "why_not": why_not,
            "freed": freed_words(room.code) if self.freed else "",
            "played_for_you": self._played_for_you(room) if dealt else "",
        }

    def _played_for_you(self, room: RoomRecord) -> str:
        """What the computer played for this seat since its person's last own move (they were away), in words."""
        if not (self.seat < len(room.seats) and room.seats[self.seat].person):
            return ""
        return away_words([move.action for move in self.rooms.played_for(self.code, self.seat, room)])

    def state(self) -> dict[str, Any] | None:
        """This seat's table as the Play table's widget draws it (``table_state``), with
        ``state["room"]`` the lobby; None before the round is dealt."""
        if self._room is None:
            self._read()
        if self._room.round == 0:
            return None
        if self._state is None or self._state_at != self._room.changes:
            self._state = self._make_state()
        return self._state

    @property
    def controller(self) -> Controller:
        """This seat's table controller, over the room seat (made once the room is dealt)."""
        return self._screen_now().controller

    def _screen_now(self, room: RoomRecord | None = None) -> RoomScreen:
        """This seat's screen, its table brought up to ``room`` (the room as just read)."""
        room = room or self._room or self._read()
        if room.round == 0:
            raise RoomError(Refusal.NOT_PLAYING, status=room.status)
        if self._screen is None:
            backend = RoomSeat(self.rooms, self.code, self.seat, self.token)
            controller = Controller(
                backend,
                [self.seat],
                build_state=lambda controller: table_state(self._screen, notice=self._screen.notice()),
                draw=None,
                schedule=no_pause,
                pace=lambda: None,
            )
            self._screen = RoomScreen(controller, backend, **self._screen_facts(room))
        screen = self._screen  # a new deal keeps the seats, their names and the rules: the same screen
        screen.backend.sync(room)
        position = (room.seed, room.round, room.moves)
        if position != self._position:
            screen.controller.pending = None  # a question about a position gone is not asked on the next
            self._position = position
        screen.away = frozenset(seat for seat, here in enumerate(self._presence) if not here)
        return screen

    def _screen_facts(self, room: RoomRecord) -> dict[str, Any]:
        """How the room's table is said: its ruleset as the host chose it, and the seats' names."""
        published = self._ruleset(room.ruleset, room.version)
        names = tuple(seat_names(room))
        return {
            "ruleset": published.name,
            "title": published.title,
            "published_rules": published.rules,
            "labels": names,
            "seat_names": names,
        }

    def _make_state(self) -> dict[str, Any]:
        room = self._read()
        self._lobby = None
        screen = self._screen_now(room)
        screen.games = self.rooms.games(self.code)
        state = screen.controller.state()
        self._state_at = room.changes
        self.recorded_game = screen.recorded[-1] if screen.recorded else None
        state["room"] = self.lobby()
        return state

    # ------------------------------------------------------------------ the host's lobby
    def configure(
        self,
        ruleset: str | None = None,
        switches: Mapping[str, Any] | None = None,
        players: int | None = None,
        computer: Mapping[int, str | None] | None = None,
    ) -> None:
        """The host sets the table up while the room waits: a published ruleset (its latest
        version), the table's switch changes, the number of seats (2 to 6), and which seats the
        computer plays (``computer``: seat → agent spec, or None for a person's seat)."""
        chosen = None
        if ruleset is not None:
            published = self.rooms.store.ruleset(ruleset)
            chosen = (published.name, published.version)
        if switches:
            room = self._room or self._read()
            name, version = chosen or (room.ruleset, room.version)
            if with_switches(self.rooms.store.rules(name, version), dict(switches)).eliminate:
                raise PlayError(ELIMINATE_WORDS)
        self._write(
            lambda: self.rooms.configure(
                self.code,
                self.token,
                ruleset=chosen,
                switches=None if switches is None else dict(switches),
                players=players,
                computer=computer,
                now=self.clock(),
            )
        )

    def start(self) -> None:
        """The host deals round 1: the table's rules are published as a mix if they must be (as at
        the Play table) and lock."""
        room = self._read()
        try:
            self.rooms.room(self.code, self.clock())  # a closed or expired room says so
        except RoomError as error:
            raise PlayError(self.words(error)) from None
        if room.host != self.seat:
            raise PlayError(refusal_words(RoomError(Refusal.NOT_HOST, host=room.host), seat_names(room)))
        if room.status is not Status.WAITING:
            raise PlayError(refusal_words(RoomError(Refusal.NOT_WAITING, status=room.status)))
        empty = tuple(seat.seat for seat in room.seats if seat.person and not seat.taken)
        if empty:
            raise PlayError(refusal_words(RoomError(Refusal.EMPTY_SEATS, seats=empty)))
        rules = with_switches(self.rooms.store.rules(room.ruleset, room.version), room.switches)
        if rules.eliminate:
            raise PlayError(ELIMINATE_WORDS)
        if room.switches:
            name, version = published_mix(Registry(self.rooms.store), room.ruleset, rules)
        else:
            name, version = room.ruleset, room.version
        self._write(lambda: self.rooms.start(self.code, self.token, name, version, now=self.clock()))

    def deal_again(self) -> None:
        """The host deals a new match with the same seats and rules: once the match is over, or
        between two rounds."""
        self._write(lambda: self.rooms.deal_again(self.code, self.token, now=self.clock()))

    def hand_host(self, seat: int) -> None:
        """The host hands the host role to the person at ``seat``; while the host is away, anyone
        seated may take it (``hand_host(own seat)``)."""
        self._write(lambda: self.rooms.hand_host(self.code, self.token, seat, now=self.clock()))

    def leave(self) -> None:
        """Leave the room: a waiting room frees the seat; once dealt, the computer plays it at once
        and this player's link still brings them back."""
        self._write(lambda: self.rooms.leave(self.code, self.token, now=self.clock()))

    def close(self) -> None:
        """The host closes the room for everyone."""
        self._write(lambda: self.rooms.close_room(self.code, self.token, now=self.clock()))

    def free_seat(self, seat: int) -> None:
        """The host frees another person's seat while the room waits (its old link holds no seat)."""
        self._write(lambda: self.rooms.free_seat(self.code, self.token, seat, now=self.clock()))

    def _write(self, write: Callable[[], Any]) -> Any:
        """A write to the room; a refusal becomes a ``PlayError`` in words, and the room is read again."""
        try:
            return write()
        except RoomError as error:
            raise PlayError(self.words(error)) from None
        finally:
            self._lobby = None
            self._state_at = None
            try:
                self._read()
            except MatatuError:
                pass

    def words(self, error: Exception) -> str:
        """An error said to this seat: a room's refusal with the table's names, a ruling in the voice."""
        room = self._room
        if room is None:
            try:
                room = self._read()
            except MatatuError:
                pass
        names = seat_names(room) if room is not None else None
        if isinstance(error, RoomError):
            return refusal_words(error, names, self.seat)
        ruling = getattr(error, "ruling", None)
        if ruling is not None and names:
            return Voice(len(names), viewer=self.seat, names=names).ruling(ruling)
        return str(error)

    # ------------------------------------------------------------------ taps
    def tap(self, message: Tap | dict) -> str:
        """A tap of the table widget, checked against the state this seat drew (``protocol.parse_tap``),
        done by the table's controller: a move goes through the room service, on the move number
        this seat saw. Returns the sentence said in place ('' when nothing was refused); it is also
        the state's ``notice``."""
        try:
            state = self.state()
            if state is None:
                raise RoomError(Refusal.NOT_PLAYING, status=self._room.status)
        except MatatuError as error:
            return self.words(error)
        tap = message if isinstance(message, Tap) else parse_tap(message, state) or self._result_tap(message)
        if tap is None:
            return "That is not something this table can do now: tap a card of your hand or a button shown."
        controller = self.controller
        before = controller.notice
        try:
            controller.tap(tap)
        finally:
            self._state_at = None
            self._read()
        notice = controller.notice
        return "" if notice is None or notice is before else self.state()["notice"]["text"]

    @staticmethod
    def _result_tap(message: Any) -> Tap | None:
        """A result's action this seat's state does not offer (an old page's): the room says who may."""
        kinds = {kind.value: kind for kind in RESULT_TAPS}
        if isinstance(message, dict) and set(message) == {"type"} and message["type"] in kinds:
            return Tap(kinds[message["type"]])
        return None

    # ------------------------------------------------------------------ the computer's moves
    def drive(self, now: float | None = None) -> bool:
        """Let the room service make a computer's (or a stand-in's) move that is due, on this page's
        behalf (see ``RoomService.drive``). Whether this page made one."""
        moved = self.rooms.drive(self.code, self.seat, now)
        if moved:
            self._state_at = None
        return moved


__all__ = [
    "AWAY_SECONDS",
    "COMPUTER_PAUSE",
    "DRIVER_GRACE",
    "NO_OPEN_ROOMS",
    "PERSON",
    "ROOM_LIMITS",
    "RoomTable",
    "close_room",
    "close_waiting_rooms",
    "join_room",
    "open_room",
    "open_rooms",
    "refusal_words",
    "rejoin_room",
]
