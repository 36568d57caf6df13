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

from ..play.rooms import COMPUTER_MARK, EXPIRE_SECONDS, Refusal, RoomError, Status
from .play import player_words
from .table_words import AWAY_WORDS
from .voice import COMPASS, Voice, listed

ELIMINATE_WORDS = "Rooms do not yet play matches where the heaviest hand leaves: turn “Eliminate one a round” off."
NO_OPEN_ROOMS = "No rooms are open on this server."
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

    def place(seat: int) -> str:
        """A seat by where it sits at the table (West, East), as the room's page names it."""
        players = facts.get("players") or (len(names) if names else None)
        return COMPASS[players][seat] if players in COMPASS else f"seat {seat + 1}"

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
        return f"{_capital(place(facts['seat']))} is taken by {facts['name']}: choose another seat."
    if why is Refusal.NOT_A_SEAT:
        return f"This room has seats 1 to {facts['players']}."
    if why is Refusal.NOT_PERSON_SEAT:
        return f"{_capital(place(facts['seat']))} is played by the computer ({player_words(facts['agent'])})."
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
        return f"{facts['name']} sits at {place(facts['seat'])}: that seat stays a person's while they are there."
    if why is Refusal.FIRST_SEAT:
        return "The first seat is always a person's: the one who opened the room sat there."
    if why is Refusal.EMPTY_SEATS:
        seats = facts["seats"]
        where = listed([place(seat) for seat in seats])
        return (
            f"{where.capitalize()} {'waits' if len(seats) == 1 else 'wait'} for a player: share the room's code, "
            f"or let the computer play {'it' if len(seats) == 1 else 'them'}."
        )
    if why is Refusal.EMPTY_SEAT:
        return f"Nobody sits at {place(facts['seat'])}: hand the host role to someone at the table."
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


def closed_words(code: str, expired: bool) -> str:
    """What a closed (or expired) room's lobby says."""
    if expired:
        return f"Room {code} has expired: nobody played there for {EXPIRE_SECONDS // 3600} hours."
    return f"Room {code} is closed."


__all__ = [
    "AWAY_WORDS",
    "ELIMINATE_WORDS",
    "NO_OPEN_ROOMS",
    "STATUS_WORDS",
    "closed_words",
    "computer_name",
    "refusal_words",
    "waiting_words",
]
