"""A page's client of a room: one person's seat at a table several pages share on one server.

The room's rules are the room service's (``play/rooms.py``) and its rows the store's; a
``RoomTable`` holds what its page may know: the room's code, this seat, its token (the
player's way back), the card choice being made and the last table state it drew for this seat
— never a round, another hand or the stock. Its seat's table follows the match the page's room
service keeps: a move made anywhere is applied to it once, as it comes, and ``state()`` turns
it into the Play table's state (``table_state``) for this seat alone.

Taps are the Play table's messages (card, control, answer, cancel, next_round, again); a move
goes to the room service, checked there against the move number it was made on, so two pages
that tap at once make one move. A refusal is said in the room's words (``room_voice``), in
place. ``refresh()`` is the cheap poll (a heartbeat and two small reads), and ``drive()`` lets
any page make a computer's move that is due, or a move for a person who is away.

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

from ..engine.actions import CATCH, Action, make_action
from ..engine.cards import parse_card
from ..engine.errors import MatatuError
from ..engine.events import Caught
from ..engine.rules import with_switches
from ..play.choosing import Act, Ask, Choice, Refuse, choose
from ..play.rooms import (
    AWAY_SECONDS,
    COMPUTER_PAUSE,
    DRIVER_GRACE,
    EXPIRE_SECONDS,
    PERSON,
    KeptMatch,
    MoveRecord,
    Refusal,
    RoomError,
    RoomRecord,
    RoomService,
    Status,
    computer_name,
    present,
    read_code,
)
from ..store.database import Store
from ..store.registry import Registry
from ..store.roles import RoleError, WriteBudget
from .play import HUMAN, Move, PlayError, TableSession, match_length, player_words, published_mix
from .room_voice import (
    AWAY_WORDS,
    ELIMINATE_WORDS,
    NO_OPEN_ROOMS,
    STATUS_WORDS,
    catch_label,
    catch_words,
    closed_words,
    refusal_words,
    result_actions,
    room_headline,
    saved_words,
    stand_in_words,
    waiting_words,
)
from .table_state import table_state
from .voice import COMPASS, Voice, changes_words, ruleset_words

# How often a page tells the room it is there (AWAY_SECONDS without it, and the computer stands in).
HEARTBEAT_SECONDS = AWAY_SECONDS / 4  # 5 s: four beats within the away time, whatever the server sets it to
# Rooms one page may open (a page is one kernel), in a sliding window.
ROOMS_PER_PAGE = 5
ROOMS_WINDOW = 600.0
# What a page may hand the room functions: its room service, its database object, or a database path.
Database = RoomService | Store | str | Path | None


class _RoomBudget(WriteBudget):
    """A page's budget of rooms: a room that could not be opened is given back."""

    def refund(self, kind: str) -> None:
        spent = self._spent[kind]
        if spent:
            spent.pop()


ROOM_BUDGET = _RoomBudget({"room": (ROOMS_PER_PAGE, ROOMS_WINDOW)})


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
) -> RoomTable:
    """Open a waiting room (house rules, 2 seats, the other a person's): its host sits at seat 0."""
    try:
        ROOM_BUDGET.spend("room")
    except RoleError:
        raise RoleError(
            f"This page has opened {ROOMS_PER_PAGE} rooms in the last {ROOMS_WINDOW / 60:g} minutes, the most a page "
            "may: join one of them, or wait a few minutes before opening another."
        ) from None
    rooms = _service(database, clock)
    try:
        published = rooms.store.ruleset(ruleset)
        code, token = rooms.open(host_name, published.name, published.version, seed=seed)
    except RoomError as error:
        ROOM_BUDGET.refund("room")
        raise PlayError(refusal_words(error)) from None
    except BaseException:
        ROOM_BUDGET.refund("room")
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


def seat_names(room: RoomRecord) -> list[str]:
    """What the table calls each seat: the name its person gave ('' while empty), or the computer's."""
    return [seat.name if seat.person else computer_name(room.players, seat.seat) for seat in room.seats]


def _rules_words(rooms: RoomService, room: RoomRecord) -> str:
    published = rooms.store.ruleset(room.ruleset, room.version)
    changes = changes_words(published.rules, with_switches(published.rules, room.switches))
    words = ruleset_words(published.name, published.title)
    return f"{words}, {changes}" if changes else words


# ---------------------------------------------------------------------- a seat's table, following the match
class _SeatTable:
    """This seat's table as the Play table draws it (a ``TableSession`` seen from one room seat),
    following the room's kept match: told each round dealt and each move made, by its seat or a
    catch by another player."""

    def __init__(self, session: TableSession):
        self.session = session

    def dealt(self) -> None:
        self.session.next_round()

    def moved(self, move: MoveRecord, action: Action) -> None:
        session = self.session
        # The room's move, checked by the room service, applied to the drawn table as it is: the
        # session has no public way to apply another seat's move until it draws from a play Table.
        session._apply(move.seat, action, "")  # noqa: SLF001
        if move.by_seat != move.seat:  # the catcher is the room's player who pressed Catch
            told = session.moves[-1]
            events = tuple(
                Caught(event.seat, event.penalty, move.by_seat) if event.__class__ is Caught else event
                for event in told.events
            )
            session.moves[-1] = Move(move.by_seat, told.action, told.reason, events)


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
        self._at: tuple[int, int] | None = None  # (round, moves made) of the state drawn: taps are made on it
        self._match: int | None = None  # the seed of the match the state drawn shows
        self._choice: tuple[str, list[Any]] | None = None  # a card tapped, and the answers given so far
        self._notice: dict[str, Any] | None = None
        self._notices = 0
        self._beat = -math.inf
        self._ruleset_cache: dict[tuple[str, int], Any] = {}
        # The history's game id of the round the last state shows, once it is over (None before).
        self.recorded_game: int | None = None

    def clock(self) -> float:
        return self.rooms.clock()

    @property
    def database(self) -> Path:
        return self.rooms.path

    @property
    def link_query(self) -> str:
        """The query of this player's own link back to their seat."""
        return f"room={self.code}&player={self.token}"

    def close_connection(self) -> None:
        """The page lets go of the room: its table stops following the match (and a service it made closes)."""
        self.rooms.unfollow(self.code, id(self))
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
        return room

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
            why_not = closed_words(room.code, room.expired)
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
        }

    def state(self) -> dict[str, Any] | None:
        """This seat's table as the Play table's widget draws it (``table_state``), with
        ``state["room"]`` the lobby; None before the round is dealt."""
        if self._room is None:
            self._read()
        if self._room.round == 0:
            return None
        if self._state is None or self._state_at != self._room.changes:
            self._state = self._make_state()
        if self._notice is not None:
            return dict(self._state, notice=self._notice)
        return self._state

    def _make_seat_table(self, room: RoomRecord) -> Callable[[KeptMatch], _SeatTable]:
        """How this seat's table is made to follow the room's match (its first round dealt)."""

        def make(kept: KeptMatch) -> _SeatTable:
            published = self._ruleset(room.ruleset, room.version)
            kinds = [HUMAN if seat.person else seat.kind for seat in room.seats]
            session = TableSession(
                room.ruleset,
                kinds,
                switches=kept.rules.switches(),  # the exact rules played, whatever the ruleset's latest version
                whole_match=room.whole_match,
                seed=kept.seed,
                database=self.rooms.store,
                people=seat_names(room),
                viewer=self.seat,
                record=False,
            )
            # Said as the room's host chose it: its ruleset's version, and the changes made to it.
            session.published_rules, session.version, session.title = (
                published.rules,
                published.version,
                published.title,
            )
            return _SeatTable(session)

        return make

    def _session(self, room: RoomRecord) -> TableSession:
        """This seat's table, brought up to the room's current move (normally: nothing to apply)."""
        return self.rooms.follow(self.code, id(self), self._make_seat_table(room), room=room).session

    def _fresh(self) -> TableSession:
        """This seat's table now, checked to be at the position this page last drew: a tap is made on that."""
        room = self._read()
        if room.status is Status.CLOSED or room.expired:
            self._lobby = None
            raise PlayError(refusal_words(self._closed_error(room)))
        if room.round == 0:
            raise PlayError(refusal_words(RoomError(Refusal.NOT_PLAYING, status=room.status)))
        session = self._session(room)
        at = (room.round, len(session.moves))
        if self._at is not None and at != self._at:
            self._state_at = None
            last = self.rooms.rows.move(room.code, *self._at) if at[0] == self._at[0] else None
            raise RoomError(Refusal.MOVED_ON, round=at[0], number=at[1], by_seat=None if last is None else last.by_seat)
        self._restore_choice(session)
        return session

    @staticmethod
    def _closed_error(room: RoomRecord) -> RoomError:
        if room.expired:
            return RoomError(Refusal.EXPIRED, code=room.code, hours=EXPIRE_SECONDS // 3600)
        return RoomError(Refusal.CLOSED, code=room.code)

    def _restore_choice(self, session: TableSession) -> None:
        """The card this page tapped and the answers given, asked again of the table when a move
        in between let the question go (and dropped when the question no longer stands)."""
        if self._choice is None or session.choice() is not None:
            return
        card, answers = self._choice
        view = session.view
        pending = choose(view, None, card=parse_card(card)) if session.my_turn else None
        for value in answers:
            pending = choose(view, pending, answer=value) if isinstance(pending, Ask) else None
        if not isinstance(pending, Ask):
            self._choice = None
            return
        session.choose_card(card)  # several ways to lay it: the question, nothing played
        for value in answers:
            session.answer(value)

    def _make_state(self) -> dict[str, Any]:
        room = self._read()
        games = self.rooms.games(self.code)
        self._lobby = None
        session = self._session(room)
        self._restore_choice(session)
        state = table_state(session)
        rules = ruleset_words(session.ruleset, session.title if session.ruleset != "house" else "")
        changes = session.changes_words()
        state["headline"] = room_headline(session.round_number, f"{rules}, {changes}" if changes else rules)
        self._at = (room.round, len(session.moves))
        self._match = room.seed
        self._state_at = room.changes
        self.recorded_game = games.get(room.round) if session.over else None
        lobby = self.lobby()
        voice = session.voice
        view = session.view
        stand_ins = {seat["seat"] for seat in lobby["seats"] if seat["stand_in"]}
        for entry in state["order"]:
            if entry["seat"] in stand_ins:
                entry["who"] = AWAY_WORDS
                entry["tags"] = [*entry["tags"], AWAY_WORDS]
        if title := state["hand"]["title"]:
            place = f"{COMPASS[room.players][self.seat]}, your hand"
            if title.startswith(place):
                state["hand"]["title"] = "Your hand" + title[len(place) :]
        if not view.over:
            mover = view.to_move
            if mover in stand_ins:
                state["status"] = stand_in_words(voice, mover)
            silent = view.catchable
            if silent is not None and mover != self.seat and silent != self.seat:
                words = catch_words(voice, silent, mover)
                state["status"] = f"{state['status']} {words}"
                for control in state["controls"]:
                    if control["kind"] == "catch":
                        control.update(label=catch_label(voice, silent), enabled=True, reason=words)
        elif state["result"] is not None:
            if room.round in games:
                state["result"]["saved"] = saved_words(games[room.round])
            state["result"]["actions"] = result_actions(
                next_round=state["result"]["next_round"], host=lobby["you_host"]
            )
        state["room"] = lobby
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
        self._choice = None

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
    def tap(self, message: Any) -> str:
        """A tap of the table widget: make the move it asks for through the room service, or say why not.

        Returns the sentence said in place ('' when the move was made); it is also the state's
        ``notice``."""
        self._notice = None
        kind = message.get("type") if isinstance(message, dict) else None
        card = message.get("card") if kind == "card" else None
        control = message.get("kind") if kind == "control" else None
        said = ""
        try:
            if kind == "card":
                said = self._tap_card(card)
            elif kind == "control":
                said = self._tap_control(control)
            elif kind == "answer":
                said = self._tap_answer(message.get("index"))
            elif kind == "cancel":
                self._cancel()
            elif kind == "next":
                self.drive()
            elif kind == "next_round":
                self._next_round()
            elif kind == "again":
                self.rooms.deal_again(self.code, self.token, now=self.clock())
                self._choice = None
            elif kind != "reveal":
                raise PlayError("That is not something this table can do.")
        except MatatuError as error:
            said = self.words(error)
        self._state_at = None
        if said:
            self._notices += 1
            self._notice = {"text": said, "card": card, "control": control, "serial": self._notices}
        return said

    def _cancel(self) -> None:
        self._choice = None
        room = self._read()
        if room.round and room.status is not Status.CLOSED:
            self._session(room).cancel_choice()

    def _send(self, session: TableSession, action: Action) -> None:
        """Make a move through the room service, on the move number this page saw."""
        self._choice = None
        session.cancel_choice()
        move = self.rooms.move(
            self.code,
            action.text,
            round=session.round_number,
            number=len(session.moves),
            token=self.token,
            now=self.clock(),
        )
        self._at = (move.round, move.number + 1)  # until the page draws again, the next tap is made here

    def _chosen(self, session: TableSession, card: str, answers: list[Any]) -> Choice:
        """What tapping ``card`` and giving ``answers`` asks for: a move, a question, or a refusal."""
        view = session.view
        choice = choose(view, None, card=parse_card(card))
        for value in answers:
            choice = choose(view, choice, answer=value) if isinstance(choice, Ask) else choice
        return choice

    def _tap_card(self, card: Any) -> str:
        if not isinstance(card, str):
            raise PlayError("Tap a card of your hand.")
        session = self._fresh()
        if not session.my_turn:
            raise PlayError(session.status())
        session.cancel_choice()
        self._choice = None
        choice = self._chosen(session, card, [])
        if isinstance(choice, Refuse):
            raise PlayError(session.voice.ruling(choice.ruling))
        if isinstance(choice, Act):
            self._send(session, choice.action)
        else:
            session.choose_card(card)  # several ways to lay it: the question, nothing played
            self._choice = (card, [])
        return ""

    def _tap_answer(self, index: Any) -> str:
        session = self._fresh()
        asked = session.choice()
        if asked is None or self._choice is None:
            self._choice = None
            raise PlayError("There is no question open: tap a card of your hand first.")
        answers = asked[1]
        if type(index) is not int or not 0 <= index < len(answers):
            raise PlayError(f"Choose one of the answers: {' or '.join(label for label, _ in answers)}.")
        value = answers[index][1]
        card, given = self._choice
        choice = self._chosen(session, card, [*given, value])
        if isinstance(choice, Refuse):
            raise PlayError(session.voice.ruling(choice.ruling))
        if isinstance(choice, Act):
            self._send(session, choice.action)
        else:
            session.answer(value)  # the question narrows, nothing played
            self._choice = (card, [*given, value])
        return ""

    def _tap_control(self, kind: Any) -> str:
        session = self._fresh()
        if kind == "hint":
            return f"💡 {session.hint()}"
        view = session.view
        if kind == "catch" and not view.over and view.to_move != self.seat:
            silent = view.catchable
            if silent is None or silent == self.seat:
                raise RoomError(Refusal.NOBODY_TO_CATCH, seat=self.seat)
            self._send(session, make_action(CATCH))  # the engine's catch, in the next player's turn, by this seat
            return ""
        button = next((control for control in session.controls() if control.kind == kind), None)
        if button is None:
            raise PlayError("That button is not at this table.")
        if button.action is None or not button.enabled:
            raise PlayError(button.tooltip)
        self._send(session, button.action)
        return ""

    def _next_round(self) -> None:
        room = self._read()
        after = self._at[0] if self._at is not None else room.round
        self.rooms.deal_next(self.code, self.token, after, now=self.clock(), seed=self._match)
        self._choice = None

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
    "RoomTable",
    "close_room",
    "join_room",
    "open_room",
    "open_rooms",
    "refusal_words",
    "rejoin_room",
]
