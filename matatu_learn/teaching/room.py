"""A page's client of a room: one person's seat at a table several pages share on one server.

The room itself lives in the store (``store/rooms.py``); a ``RoomTable`` holds only what its
page may know: the room's code, this seat, its token (the player's way back), a pending card
choice and the last table state it drew for this seat — never a round, another hand or the
stock. Each time the room changes, ``state()`` replays the match into a ``TableSession`` seen
from this seat alone, turns it into the Play table's state (``table_state``) and drops it.

Taps are the Play table's messages (card, control, answer, cancel, next_round); a move goes to
the store, checked there against the move number it was made on, so two pages that tap at
once make one move. A refusal is said in the voice's words, in place. ``refresh()`` is the
cheap poll (a heartbeat and two small reads), and ``drive()`` lets any page make a computer's
move that is due, or a move for a person who is away.

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
import random
import time
from collections.abc import Callable, Mapping
from pathlib import Path
from typing import Any

from ..agents.choices import make_agent
from ..engine.actions import CATCH, Action, make_action, parse_action
from ..engine.errors import MatatuError
from ..engine.events import Caught
from ..engine.rules import with_switches
from ..engine.view import PlayerView
from ..store.registry import Registry
from ..store.roles import RoleError, WriteBudget
from ..store.rooms import (
    AWAY_SECONDS,
    EXPIRE_SECONDS,
    PERSON,
    STAND_IN,
    Refusal,
    RoomError,
    RoomRecord,
    Rooms,
    Status,
    computer_name,
    read_code,
)
from .play import HUMAN, Move, PlayError, TableSession, match_length, player_words, published_mix
from .table_state import table_state
from .voice import COMPASS, Voice, changes_words, listed, ruleset_words

# Seconds a computer (or a stand-in) waits after the last move before it moves: the table's pace.
COMPUTER_PAUSE = 0.8
# When the page elected to make the computer's moves is quiet, another page makes them after this.
DRIVER_GRACE = 2.0
# How often a page tells the room it is there (AWAY_SECONDS without it, and the computer stands in).
HEARTBEAT_SECONDS = AWAY_SECONDS / 4  # 5 s: four beats within the away time, whatever the server sets it to
# Rooms one page may open (a page is one kernel), in a sliding window.
ROOMS_PER_PAGE = 5
ROOMS_WINDOW = 600.0


class _RoomBudget(WriteBudget):
    """A page's budget of rooms: a room that could not be opened is given back."""

    def refund(self, kind: str) -> None:
        spent = self._spent[kind]
        if spent:
            spent.pop()


ROOM_BUDGET = _RoomBudget({"room": (ROOMS_PER_PAGE, ROOMS_WINDOW)})
NO_OPEN_ROOMS = "No rooms are open on this server."
STATUS_WORDS = {
    Status.WAITING: "waiting for players",
    Status.PLAYING: "playing",
    Status.OVER: "match over",
    Status.CLOSED: "closed",
}


# ---------------------------------------------------------------------- opening, joining
def open_room(
    database: str | Path | None,
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
    try:
        with Rooms(database, clock=clock) as rooms:
            published = rooms.store.ruleset(ruleset)
            code, token = rooms.open(host_name, published.name, published.version, seed=seed)
    except RoomError as error:
        ROOM_BUDGET.refund("room")
        raise PlayError(refusal_words(error)) from None
    except BaseException:
        ROOM_BUDGET.refund("room")
        raise
    return RoomTable(database, code, 0, token, clock=clock)


def join_room(
    database: str | Path | None,
    code: str,
    name: str,
    *,
    seat: int | None = None,
    clock: Callable[[], float] = time.time,
) -> RoomTable:
    """Take the first free person's seat (or ``seat``) in the room of ``code``, under ``name``."""
    with Rooms(database, clock=clock) as rooms:
        try:
            code = read_code(code)
            seat, token = rooms.join(code, name, seat)
        except RoomError as error:
            raise PlayError(refusal_words(error)) from None
    return RoomTable(database, code, seat, token, clock=clock)


def rejoin_room(
    database: str | Path | None, code: str, token: str, *, clock: Callable[[], float] = time.time
) -> RoomTable:
    """Come back to a seat with the player's link (``room=CODE&player=TOKEN``): the same seat and hand."""
    with Rooms(database, clock=clock) as rooms:
        try:
            code = read_code(code)
            seat = rooms.rejoin(code, token)
        except RoomError as error:
            raise PlayError(refusal_words(error)) from None
    return RoomTable(database, code, seat, token, clock=clock)


def open_rooms(database: str | Path | None = None, *, clock: Callable[[], float] = time.time) -> list[dict]:
    """The open rooms of a server, oldest first: code, ruleset in words, seats taken of all,
    players' names, round and status (what ``matatu-learn rooms`` lists)."""
    listed_rooms = []
    with Rooms(database, clock=clock) as rooms:
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
    return listed_rooms


def close_room(database: str | Path | None, code: str) -> None:
    """Close a room, whoever opened it: for the command line and the teacher (who checks the code first)."""
    with Rooms(database) as rooms:
        try:
            rooms.close_room(code)
        except RoomError as error:
            raise PlayError(refusal_words(error)) from None


def seat_names(room: RoomRecord) -> list[str]:
    """What the table calls each seat: the name its person gave ('' while empty), or the computer's."""
    return [seat.name if seat.person else computer_name(room.players, seat.seat) for seat in room.seats]


def _rules_words(rooms: Rooms, room: RoomRecord) -> str:
    published = rooms.store.ruleset(room.ruleset, room.version)
    changes = changes_words(published.rules, with_switches(published.rules, room.switches))
    words = ruleset_words(published.name, published.title)
    return f"{words}, {changes}" if changes else words


# ---------------------------------------------------------------------- refusals in words
def refusal_words(error: RoomError, names: list[str] | None = None, viewer: int | None = None) -> str:
    """A room's refusal as the person who tried hears it (``names``: the table's seat names).

    >>> refusal_words(RoomError(Refusal.FULL, "", code="KQ7M", seats=4))
    'Room KQ7M is full: its 4 seats are taken.'
    """
    facts = error.facts
    voice = Voice(len(names), viewer=viewer, names=names) if names else None

    def who(seat: int | None) -> str:
        if seat is None:
            return "someone"
        return voice.seat(seat) if voice is not None else f"seat {seat + 1}"

    why = error.why
    if why is Refusal.BAD_CODE:
        return (
            f"“{facts.get('code', '')}” is not a room code: a code is 4 letters and digits, like KQ7M "
            "(no 0, O, 1, I or L) — ask the host to read it out again."
        )
    if why is Refusal.NO_ROOM:
        return f"No room is open with the code {facts['code']}: check the code with the host."
    if why is Refusal.CLOSED:
        return f"Room {facts['code']} is closed: open a new room, or join another."
    if why is Refusal.EXPIRED:
        return f"Room {facts['code']} has expired: nobody played there for {facts['hours']} hours. Open a new room."
    if why is Refusal.TOO_MANY_ROOMS:
        return (
            f"This server already has {facts['limit']} rooms open, the most it holds: join one of them, or ask "
            "the teacher to close some (matatu-learn rooms --close CODE)."
        )
    if why is Refusal.FULL:
        if facts.get("started"):
            return f"Room {facts['code']} has started its game with every seat taken: open a room of your own."
        return f"Room {facts['code']} is full: its {facts['seats']} seats are taken."
    if why is Refusal.SEAT_TAKEN:
        return f"Seat {facts['seat'] + 1} is taken by {facts['name']}: choose another seat."
    if why is Refusal.NOT_A_SEAT:
        return f"This room has seats 1 to {facts['players']}."
    if why is Refusal.NOT_PERSON_SEAT:
        return f"Seat {facts['seat'] + 1} is played by the computer ({player_words(facts['agent'])})."
    if why is Refusal.NAME:
        problem = facts["problem"]
        if problem == "empty":
            return "Type your name first: it is what the others see at the table."
        if problem == "long":
            return f"A name is at most {facts['limit']} characters: “{facts['name']}…” is longer. Choose a shorter one."
        if problem == "unprintable":
            return "A name is one line of ordinary characters: no line breaks or control characters."
        return f"“{facts['name']}” is a word the table uses for something else: choose another name."
    if why is Refusal.NAME_TAKEN:
        return f"Someone at this table is already called “{facts['name']}”: choose another name."
    if why is Refusal.NOT_SEATED:
        return (
            f"This link holds no seat in room {facts['code']} (the seat may have been freed): "
            "join the room with your name."
        )
    if why is Refusal.NOT_HOST:
        return f"Only the host, {who(facts['host'])}, may do that."
    if why is Refusal.NOT_WAITING:
        return "The rules are locked: the cards are dealt."
    if why is Refusal.NOT_PLAYING:
        return "The host has not started the round yet."
    if why is Refusal.SEATS:
        return f"A room has {facts['low']} to {facts['high']} seats."
    if why is Refusal.PERSON_SEATED:
        return f"{facts['name']} sits at seat {facts['seat'] + 1}: that seat stays a person's while they are there."
    if why is Refusal.FIRST_SEAT:
        return "The first seat is always a person's: the one who opened the room sat there."
    if why is Refusal.EMPTY_SEATS:
        seats = facts["seats"]
        where = listed([f"seat {seat + 1}" for seat in seats])
        return (
            f"{where.capitalize()} {'waits' if len(seats) == 1 else 'wait'} for a player: share the room's code, "
            f"or let the computer play {'it' if len(seats) == 1 else 'them'}."
        )
    if why is Refusal.EMPTY_SEAT:
        return f"Nobody sits at seat {facts['seat'] + 1}: hand the host role to someone at the table."
    if why is Refusal.RULES:
        return "The table's rules could not be locked (the published version differs): try Start again."
    if why is Refusal.ELIMINATE:
        return ELIMINATE_WORDS
    if why is Refusal.MOVED_ON:
        by = facts.get("by_seat")
        if by is not None and by == viewer:
            return "That move was already made (a second tap, or another tab at your seat)."
        if by is not None:
            return f"{who(by)} moved first, so your move was not made: look at the table again."
        return "The table has moved on since you tapped, so your move was not made: look at it again."
    if why is Refusal.NOT_YOUR_TURN:
        turn = voice.turn(facts["to_move"]) if voice is not None else "not your turn"
        return f"It is {turn}: wait for your turn."
    if why is Refusal.NOT_AWAY:
        return f"{who(facts['seat'])} is here and plays their own seat."
    if why is Refusal.ILLEGAL:
        if error.ruling is not None:
            return Voice(len(names) if names else 6, viewer=viewer, names=names).ruling(error.ruling)
        return str(error)
    if why is Refusal.NOBODY_TO_CATCH:
        return "There is nobody to catch now: the chance ends when the next player moves."
    if why is Refusal.ROUND_ON:
        return "The round is still being played: the next one is dealt once it is over."
    if why is Refusal.MATCH_OVER:
        return MATCH_OVER_WORDS
    return str(error)


AWAY_WORDS = "away: the computer plays for now"
ELIMINATE_WORDS = "Rooms do not yet play matches where the heaviest hand leaves: turn “Eliminate one a round” off."
MATCH_OVER_WORDS = "The match is over: open a new room to play again."


# ---------------------------------------------------------------------- a seat's table, replayed
class _SeatSession(TableSession):
    """A ``TableSession`` seen from one room seat. With ``outbox`` set, a move the person makes
    is checked as at the Play table and then held there (for the store) instead of applied."""

    outbox: list[Action] | None = None

    def _apply(self, seat: int, action: Action, reason: str) -> Move | None:
        if self.outbox is not None:
            self.outbox.append(action)
            return None
        return super()._apply(seat, action, reason)


class RoomTable:
    """One page's seat at a room (see the module's docstring). Build it with ``open_room``,
    ``join_room`` or ``rejoin_room``; ``clock`` gives the time (a test may fake it)."""

    def __init__(
        self, database: str | Path | None, code: str, seat: int, token: str, clock: Callable[[], float] = time.time
    ):
        self.database = database
        self.code = code
        self.seat = seat
        self.token = token
        self.clock = clock
        self._rooms: Rooms | None = None
        self._room: RoomRecord | None = None
        self._presence: tuple[bool, ...] = ()
        self._lobby: dict[str, Any] | None = None
        self._state: dict[str, Any] | None = None
        self._state_at: int | None = None  # the room's change counter the state was built at
        self._at: tuple[int, int] | None = None  # (round, moves made) of the state drawn: taps are made on it
        self._choice: tuple[str, list[Any]] | None = None  # a card tapped, and the answers given so far
        self._notice: dict[str, Any] | None = None
        self._notices = 0
        self._beat = -math.inf
        self._ruleset_cache: dict[tuple[str, int], Any] = {}
        # The history's game id of the round the last state shows, once it is over (None before).
        self.recorded_game: int | None = None

    @property
    def link_query(self) -> str:
        """The query of this player's own link back to their seat."""
        return f"room={self.code}&player={self.token}"

    @property
    def rooms(self) -> Rooms:
        if self._rooms is None:
            self._rooms = Rooms(self.database, clock=lambda: self.clock())
        return self._rooms

    def close_connection(self) -> None:
        if self._rooms is not None:
            self._rooms.close()
            self._rooms = None

    # ------------------------------------------------------------------ reading
    def _read(self, now: float | None = None) -> RoomRecord:
        now = self.clock() if now is None else now
        room = self.rooms.room(self.code, now, closed=True)
        presence = tuple(seat.present(now) for seat in room.seats)
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
            present = self._presence[seat] if seat < len(self._presence) else False
            stand_in = record.person and record.taken and not present and dealt
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
                    "present": present,
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
                why_not = f"Waiting for {names[room.host] or 'the host'}, the host, to start the round."
            elif empty:
                why_not = refusal_words(RoomError(Refusal.EMPTY_SEATS, "", seats=tuple(seat.seat for seat in empty)))
            elif rules.eliminate:
                why_not = ELIMINATE_WORDS
        elif status is Status.CLOSED:
            why_not = (
                f"Room {room.code} has expired: nobody played there for {EXPIRE_SECONDS // 3600} hours."
                if room.expired
                else f"Room {room.code} is closed."
            )
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

    def _snapshot(self) -> tuple[RoomRecord, list, dict[int, int]]:
        """The room, its moves and its recorded rounds, read as one consistent snapshot."""
        rooms = self.rooms
        connection = rooms.store._connection
        now = self.clock()
        try:
            connection.execute("BEGIN")
            room = rooms.room(self.code, now, closed=True)
            moves = rooms.moves(self.code)
            games = rooms.games(self.code)
        finally:
            if connection.in_transaction:
                connection.execute("COMMIT")
        return room, moves, games

    def _session(self, room: RoomRecord, moves: list) -> _SeatSession:
        """A fresh session of this seat, replayed to the room's current move; the caller drops it."""
        published = self._ruleset(room.ruleset, room.version)
        played = self.rooms.store.rules(room.played, room.played_version)
        kinds = [HUMAN if seat.person else seat.kind for seat in room.seats]
        session = _SeatSession(
            room.ruleset,
            kinds,
            switches=played.switches(),  # the exact rules played, whatever the ruleset's latest version
            whole_match=room.whole_match,
            seed=room.seed,
            database=self.database,
            people=seat_names(room),
            viewer=self.seat,
            record=False,
        )
        # Said as the room's host chose it: its ruleset's version, and the changes made to it.
        session.published_rules, session.version, session.title = published.rules, published.version, published.title
        number = 1
        for move in moves:
            if move.round > room.round:
                break
            while move.round > number:
                session.next_round()
                number += 1
            session._apply(move.seat, parse_action(move.action), "")
            if move.by_seat != move.seat:
                told = session.moves[-1]
                events = tuple(
                    Caught(event.seat, event.penalty, move.by_seat) if event.__class__ is Caught else event
                    for event in told.events
                )
                session.moves[-1] = Move(move.by_seat, told.action, told.reason, events)
        while number < room.round:
            session.next_round()
            number += 1
        return session

    def _fresh(self) -> _SeatSession:
        """The session now, checked to be at the position this page last drew: a tap is made on that."""
        room, moves, games = self._snapshot()
        self._room = room
        if room.status is Status.CLOSED or room.expired:
            self._lobby = None
            raise PlayError(refusal_words(self._closed_error(room)))
        if room.round == 0:
            raise PlayError(refusal_words(RoomError(Refusal.NOT_PLAYING, "")))
        session = self._session(room, moves)
        at = (room.round, len(session.moves))
        if self._at is not None and at != self._at:
            self._state_at = None
            last = session.moves[-1] if session.moves and at[0] == self._at[0] else None
            raise RoomError(
                Refusal.MOVED_ON, "", round=at[0], number=at[1], by_seat=None if last is None else last.seat
            )
        self._restore_choice(session)
        return session

    @staticmethod
    def _closed_error(room: RoomRecord) -> RoomError:
        if room.expired:
            return RoomError(Refusal.EXPIRED, "", code=room.code, hours=EXPIRE_SECONDS // 3600)
        return RoomError(Refusal.CLOSED, "", code=room.code)

    def _restore_choice(self, session: _SeatSession) -> None:
        """The card this page tapped and the answers given, asked again of the fresh session."""
        if self._choice is None:
            return
        card, answers = self._choice
        session.outbox = []
        try:
            session.choose_card(card)
            for value in answers:
                session.answer(value)
        except MatatuError:
            session.outbox.append(None)
        if session.outbox or session.choice() is None:
            session.cancel_choice()
            self._choice = None
        session.outbox = None

    def _make_state(self) -> dict[str, Any]:
        room, moves, games = self._snapshot()
        self._room = room
        self._lobby = None
        session = self._session(room, moves)
        self._restore_choice(session)
        state = table_state(session)
        self._at = (room.round, len(session.moves))
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
                state["status"] = (
                    f"{_capital(voice.turn(mover))}: {voice.seat(mover)} is away, so the computer plays for now."
                )
            silent = view.catchable
            if silent is not None and mover != self.seat and silent != self.seat:
                words = (
                    f"{voice.seat(silent)} did not say the call: you may catch {voice.inside(silent)} "
                    f"until {voice.inside(mover)} {voice.verb(mover, 'moves')}."
                )
                state["status"] = f"{state['status']} {words}"
                for control in state["controls"]:
                    if control["kind"] == "catch":
                        control.update(label=f"Catch {voice.seat(silent)}", enabled=True, reason=words)
        elif state["result"] is not None and room.round in games:
            state["result"]["saved"] = f"Saved as game {games[room.round]} in the history, with this room's names."
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
            published = Registry(self.database).ruleset(ruleset)
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
            raise PlayError(refusal_words(RoomError(Refusal.NOT_HOST, "", host=room.host), seat_names(room)))
        if room.status is not Status.WAITING:
            raise PlayError(refusal_words(RoomError(Refusal.NOT_WAITING, "", status=room.status)))
        empty = tuple(seat.seat for seat in room.seats if seat.person and not seat.taken)
        if empty:
            raise PlayError(refusal_words(RoomError(Refusal.EMPTY_SEATS, "", seats=empty)))
        rules = with_switches(self.rooms.store.rules(room.ruleset, room.version), room.switches)
        if rules.eliminate:
            raise PlayError(ELIMINATE_WORDS)
        if room.switches:
            name, version = published_mix(Registry(self.database), room.ruleset, rules)
        else:
            name, version = room.ruleset, room.version
        self._write(lambda: self.rooms.start(self.code, self.token, name, version, now=self.clock()))

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
        """A tap of the table widget: make the move it asks for through the store, or say why not.

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
                self._choice = None
            elif kind == "next":
                self.drive()
            elif kind == "next_round":
                self._next_round()
            elif kind == "again":
                raise PlayError(MATCH_OVER_WORDS)
            elif kind != "reveal":
                raise PlayError("That is not something this table can do.")
        except MatatuError as error:
            said = self.words(error)
        self._state_at = None
        if said:
            self._notices += 1
            self._notice = {"text": said, "card": card, "control": control, "serial": self._notices}
        return said

    def _send(self, session: _SeatSession, action: Action) -> None:
        """Make a move through the store, on the move number this page saw."""
        self._choice = None
        move = self.rooms.move(
            self.code,
            action.text,
            round=session.round_number,
            number=len(session.moves),
            token=self.token,
            now=self.clock(),
        )
        self._at = (move.round, move.number + 1)  # until the page draws again, the next tap is made here

    def _tap_card(self, card: Any) -> str:
        if not isinstance(card, str):
            raise PlayError("Tap a card of your hand.")
        session = self._fresh()
        session.outbox = []
        session.choose_card(card)
        if session.outbox:
            self._send(session, session.outbox[0])
        else:
            self._choice = (card, [])
        return ""

    def _tap_answer(self, index: Any) -> str:
        session = self._fresh()
        asked = session.choice()
        if asked is None:
            self._choice = None
            raise PlayError("There is no question open: tap a card of your hand first.")
        answers = asked[1]
        if type(index) is not int or not 0 <= index < len(answers):
            raise PlayError(f"Choose one of the answers: {listed([label for label, _ in answers], 'or')}.")
        value = answers[index][1]
        session.outbox = []
        session.answer(value)
        if session.outbox:
            self._send(session, session.outbox[0])
        else:
            card, given = self._choice
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
                raise RoomError(Refusal.NOBODY_TO_CATCH, "", seat=self.seat)
            self._send(session, make_action(CATCH))  # the engine's catch, in the next player's turn, by this seat
            return ""
        button = next((control for control in session.controls() if control.kind == kind), None)
        if button is None:
            raise PlayError("That button is not at this table.")
        if button.action is None or not button.enabled:
            raise PlayError(button.tooltip)
        session.outbox = []
        session.act(button.action)
        if session.outbox:
            self._send(session, session.outbox[0])
        return ""

    def _next_round(self) -> None:
        room = self._read()
        if room.status is Status.OVER:
            raise PlayError(MATCH_OVER_WORDS)
        after = self._at[0] if self._at is not None else room.round
        self.rooms.deal_next(self.code, self.token, after, now=self.clock())
        self._choice = None

    # ------------------------------------------------------------------ the computer's moves
    def drive(self, now: float | None = None) -> bool:
        """Make the move of a computer seat, or of a person away for more than AWAY_SECONDS, once
        it is due (COMPUTER_PAUSE after the last move). Any page may call it on every poll: the
        first person's page that is here makes it, another after DRIVER_GRACE more, and only one
        move lands. Whether this page made one."""
        now = self.clock() if now is None else now
        try:
            room = self.rooms.room(self.code, now)
        except RoomError:
            return False
        if room.status is not Status.PLAYING or room.to_move < 0:
            return False
        waited = now - room.moved_at
        seat = room.seats[room.to_move]
        if waited < COMPUTER_PAUSE or (seat.person and seat.present(now)):
            return False
        here = [other.seat for other in room.seats if other.person and other.present(now)]
        if here and here[0] != self.seat and waited < COMPUTER_PAUSE + DRIVER_GRACE:
            return False  # the first page that is here makes it
        replayed = self.rooms.replayed(self.code, now)
        game = replayed.game
        if game is None or game.over:
            return False
        spec = seat.kind if not seat.person else STAND_IN
        number = len(game.history)
        # Seeded by the room and the move: every page that decides it decides the same.
        agent = make_agent(spec, random.Random(f"room {room.seed} {room.round} {number}").randrange(2**63))
        decision = agent.decide(PlayerView(game, game.to_move))
        try:
            self.rooms.move(self.code, decision.action.text, round=room.round, number=number, agent=spec, now=now)
        except RoomError as error:
            if error.why in (Refusal.MOVED_ON, Refusal.NOT_AWAY, Refusal.MATCH_OVER, Refusal.NOT_PLAYING):
                return False
            raise
        self._state_at = None
        return True


def _capital(text: str) -> str:
    return text[:1].upper() + text[1:]


__all__ = [
    "AWAY_SECONDS",
    "COMPUTER_PAUSE",
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
