"""The room's words: its refusals and its sentences, said for the person who sees them.

The room service (``play/rooms.py``) states facts — a ``RoomError`` with a ``Refusal`` and its
facts, a seat that is away, a call someone may catch. This module is the one place that turns
them into sentences, with the table's names and "You" for the viewer (``voice.Voice``).

>>> refusal_words(RoomError(Refusal.FULL, code="KQ7M", seats=4))
'Room KQ7M is full: its 4 seats are taken.'
>>> refusal_words(RoomError(Refusal.NOT_HOST, host=0), ["Amina", "Okello"], viewer=1)
'Only the host, Amina, may do that.'
"""

from __future__ import annotations

import math
from collections.abc import Sequence

from ..play.rooms import COMPUTER_MARK, EXPIRE_SECONDS, WAITING_ROOM_SECONDS, Refusal, RoomError, Status
from .play import player_words
from .table_words import AWAY_WORDS
from .voice import COMPASS, Voice, action_words, listed

ELIMINATE_WORDS = "Rooms do not yet play matches where the heaviest hand leaves: turn “Eliminate one a round” off."
NO_OPEN_ROOMS = "No rooms are open on this server."
# The teacher's list of the server's rooms (the class page): a row a room.
ROOM_COLUMNS = ("Code", "Rules", "Seats", "Players", "Round", "Status")
# The most moves the away summary names one by one; the rest are counted.
AWAY_SUMMARY_MOVES = 12
STATUS_WORDS = {
    Status.WAITING: "waiting for players",
    Status.PLAYING: "playing",
    Status.OVER: "match over",
    Status.CLOSED: "closed",
}


def _capital(text: str) -> str:
    return text[:1].upper() + text[1:]


def refusal_words(error: RoomError, names: list[str] | None = None, viewer: int | None = None) -> str:
    """A room's refusal as the person who tried hears it (``names``: the table's seat names)."""
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
        if facts.get("lapsed"):
            return f"{closed_words(facts['code'], expired=False, lapsed=True)} Open a new room, or join another."
        return f"Room {facts['code']} is closed: open a new room, or join another."
    if why is Refusal.EXPIRED:
        return f"Room {facts['code']} has expired: nobody played there for {facts['hours']} hours. Open a new room."
    if why is Refusal.TOO_MANY_ROOMS:
        return (
            f"This server already has {facts['limit']} rooms open, the most it holds: join a room by its code, or "
            "ask the teacher to close some (the class page, or matatu-learn rooms --close CODE)."
        )
    if why is Refusal.CLIENT_ROOMS:
        return (
            f"This device has opened {facts['limit']} rooms in the last {facts['minutes']:g} minutes, the most the "
            f"server allows one device: you may open another {_in_time(facts['wait'])}. You can join a room by its "
            "code now."
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
        if problem == "computer":
            return (
                f"“{facts['name']}” reads as a computer's seat: a person's name cannot end in “{COMPUTER_MARK}”. "
                "Choose another name."
            )
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
        return f"Nobody sits at seat {facts['seat'] + 1}: choose someone at the table."
    if why is Refusal.OWN_SEAT:
        return "That is your own seat: to go, press “Leave the room”."
    if why is Refusal.SEAT_DEALT:
        return (
            "Seats are freed only while the room waits: once dealt, the computer plays for anyone who leaves "
            "until they come back."
        )
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
        return facts.get("text") or "That is not a move of this table."
    if why is Refusal.NOBODY_TO_CATCH:
        return "There is nobody to catch now: the chance ends when the next player moves."
    if why is Refusal.ROUND_ON:
        return "The round is still being played: the next one is dealt once it is over."
    if why is Refusal.MATCH_OVER:
        return "The match is over: the host may deal again, with the same seats."
    if why is Refusal.NOT_STORED:
        return facts["problem"]
    return str(error)


def computer_name(players: int, seat: int) -> str:
    """What a computer seat is called at a room's table: its compass point, marked as the computer's.

    >>> computer_name(4, 2)
    'North (computer)'
    """
    return f"{COMPASS[players][seat]} {COMPUTER_MARK}"


def waiting_words(host_name: str) -> str:
    """Why a guest's page waits in the lobby."""
    return f"Waiting for {host_name or 'the host'}, the host, to start the round."


def closed_words(code: str, expired: bool, lapsed: bool = False) -> str:
    """What a closed (or expired) room's lobby says; ``lapsed``: a waiting room closed by itself.

    >>> closed_words("KQ7M", expired=False, lapsed=True)  # doctest: +ELLIPSIS
    'Room KQ7M is closed: it waited 5 minutes with its host away, or with nobody joining.'
    """
    if expired:
        return f"Room {code} has expired: nobody played there for {EXPIRE_SECONDS // 3600} hours."
    if lapsed:
        return f"Room {code} is closed: it waited {_duration(WAITING_ROOM_SECONDS)} with its host away, or with nobody joining."
    return f"Room {code} is closed."


def room_rows(listed: Sequence[dict]) -> list[tuple[str, ...]]:
    """The rows of the teacher's list of rooms (``room.open_rooms``), under ``ROOM_COLUMNS``."""
    return [
        (
            entry["code"],
            entry["rules"],
            entry["seats"],
            ", ".join(entry["players"]),
            str(entry["round"] or ""),
            entry["status_words"],
        )
        for entry in listed
    ]


def closed_rooms_words(codes: Sequence[str], waiting: bool = True) -> str:
    """What the class page says once the teacher closed rooms.

    >>> closed_rooms_words(["KQ7M", "PX3A"]), closed_rooms_words([])
    ('Closed 2 waiting rooms: KQ7M and PX3A.', 'No room was waiting for its players: nothing was closed.')
    """
    if not codes:
        return "No room was waiting for its players: nothing was closed." if waiting else "No room was closed."
    kind = "waiting room" if waiting else "room"
    return f"Closed {len(codes)} {kind}{'' if len(codes) == 1 else 's'}: {listed(list(codes))}."


def freed_words(code: str) -> str:
    """What the page of a person whose seat the host freed says."""
    return f"The host freed your seat in room {code}: join again with its code if they ask you to."


def _duration(seconds: float) -> str:
    seconds = max(1, math.ceil(seconds))
    if seconds < 120:
        return f"{seconds} seconds"
    return f"{math.ceil(seconds / 60)} minutes"


def _in_time(seconds: float) -> str:
    """When something may be done again: 'in 40 seconds', 'in 4 minutes'."""
    return f"in {_duration(seconds)}"


# How ``action_words`` begins a move, and how the away summary tells it afterwards.
_PAST = {
    "lay ": "laid ",
    "say ": "said ",
    "draw": "drew a card",
    "pass": "passed",
    "pick up": "picked up the cards owed",
    "catch anyone": "caught a player who missed a call",
}


def _played(action: str) -> str:
    """A move the computer made for someone, as told to them afterwards: 'laid the 9 of clubs'.

    >>> _played("play A♥ ♠"), _played("cut 7♦"), _played("pick")
    ('laid the Ace of hearts and named spades', 'cut with the 7 of diamonds', 'picked up the cards owed')
    """
    words = action_words(action)
    for now, then in _PAST.items():
        if words.startswith(now):
            words = then + words[len(now) :]
            break
    return words.replace(" and name ", " and named ")


def away_words(actions: Sequence[str]) -> str:
    """What a person who comes back hears of the moves the computer made for them while they were
    away (their own seat's moves, so only cards they laid; a drawn card is never named); none: ''.

    >>> away_words(["play 9♣", "draw", "pass"])
    'While you were away the computer played for you: it laid the 9 of clubs, drew a card and passed.'
    >>> away_words(["play 8♣", "play 7♣ ♠"])
    'While you were away the computer played for you: it laid the 8 of clubs and the 7 of clubs and named spades.'
    """
    if not actions:
        return ""
    told = [_played(action) for action in actions[-AWAY_SUMMARY_MOVES:]]
    for place in range(len(told) - 1, 0, -1):  # "laid the 8 of clubs and the 7 of clubs"
        if told[place].startswith("laid ") and told[place - 1].startswith("laid "):
            told[place] = told[place].removeprefix("laid ")
    earlier = len(actions) - len(told)
    if earlier:
        told.insert(0, f"made {earlier} {'move' if earlier == 1 else 'moves'}, then")
        return f"While you were away the computer played for you: it {told[0]} {listed(told[1:])}."
    return f"While you were away the computer played for you: it {listed(told)}."


__all__ = [
    "AWAY_WORDS",
    "ELIMINATE_WORDS",
    "NO_OPEN_ROOMS",
    "ROOM_COLUMNS",
    "STATUS_WORDS",
    "away_words",
    "closed_rooms_words",
    "closed_words",
    "computer_name",
    "freed_words",
    "refusal_words",
    "room_rows",
    "waiting_words",
]
