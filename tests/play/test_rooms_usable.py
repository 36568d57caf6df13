"""Rooms that stay usable on a class server (issue 29): a flood of rooms stops at a bound per client,
waiting rooms nobody uses close by themselves, the host frees a seat and closes the room, the teacher
closes every waiting room, names that read as a computer's seat are refused, and a person who comes
back hears what the computer played for them.

Plain Python: each ``RoomTable`` is one page; the clock is the test's, so nothing waits.
"""

import re
import sqlite3

import pytest

from conftest import Clock
from matatu_learn.engine.cards import CARD_NAMES, parse_card
from matatu_learn.play.rooms import AWAY_SECONDS, CLIENT_ROOMS, RoomService, Status
from matatu_learn.store.roles import WriteBudget
from matatu_learn.teaching import room as rooms
from matatu_learn.teaching.play import PlayError
from matatu_learn.teaching.room import ROOM_LIMITS
from matatu_learn.teaching.room_voice import computer_name
from matatu_learn.teaching.voice import card_name

WAITING = 60.0  # the waiting rooms' time in these tests (a class's is minutes)


@pytest.fixture
def clock():
    return Clock()  # moved on by hand: ``clock.now += seconds``


@pytest.fixture
def service(tmp_path, clock):
    """The server's rooms, with waiting rooms that close after WAITING seconds."""
    with RoomService(tmp_path / "rooms.sqlite3", clock=clock, waiting_seconds=WAITING) as rooms_service:
        yield rooms_service


def refused(action) -> str:
    with pytest.raises(PlayError) as caught:
        action()
    return str(caught.value)


def fresh_page_opens(service, name, client, clock):
    """A room opened from a page just loaded: a budget of its own, the same client address."""
    return rooms.open_room(service, name, clock=clock, budget=WriteBudget(ROOM_LIMITS), client=client)


# ---------------------------------------------------------------------- a flood of rooms
def test_a_flood_of_rooms_from_fresh_pages_stops_at_the_clients_bound(service, clock):
    opened = [fresh_page_opens(service, f"Spoiler {number}", "10.0.0.7", clock) for number in range(CLIENT_ROOMS)]
    assert len({table.code for table in opened}) == CLIENT_ROOMS
    clock.now += 60
    sentence = refused(lambda: fresh_page_opens(service, "Spoiler", "10.0.0.7", clock))
    assert sentence == (
        f"This device has opened {CLIENT_ROOMS} rooms in the last 30 minutes, the most the server allows one "
        "device: you may open another in 29 minutes. You can join a room by its code now."
    )
    assert len(service.open_rooms()) == CLIENT_ROOMS, "the refused room was not opened"
    # Another device on the network is not held back by it; the first opens again once the window passed.
    fresh_page_opens(service, "Amina", "10.0.0.8", clock)
    clock.now += 29 * 60
    for number in range(CLIENT_ROOMS):
        fresh_page_opens(service, f"Again {number}", "10.0.0.7", clock)
    assert "you may open another in 30 minutes" in refused(lambda: fresh_page_opens(service, "X", "10.0.0.7", clock))


def test_the_database_keeps_no_clients_address(service, clock):
    fresh_page_opens(service, "Amina", "192.168.1.23", clock)
    with sqlite3.connect(service.path) as connection:
        rows = connection.execute("SELECT client FROM room_openings").fetchall()
    assert len(rows) == 1 and "192.168" not in rows[0][0] and len(rows[0][0]) == 64


# ---------------------------------------------------------------------- waiting rooms close
def test_a_waiting_room_nobody_joined_closes_after_the_waiting_time(service, clock):
    host = rooms.open_room(service, "Amina", clock=clock)
    for _ in range(int(WAITING // 10)):  # the host's page is there all along, but nobody comes
        clock.now += 10
        host.refresh()
    assert host.lobby()["status"] == "waiting"
    clock.now += 11
    host.refresh()
    lobby = host.lobby()
    assert lobby["status"] == "closed" and lobby["why_not"].startswith(f"Room {host.code} is closed: it waited")
    assert "is closed: it waited" in refused(lambda: rooms.join_room(service, host.code, "Okello", clock=clock))
    assert service.open_rooms() == []
    with sqlite3.connect(service.path) as connection:
        status = connection.execute("SELECT status FROM rooms WHERE code = ?", (host.code,)).fetchone()[0]
    assert status == Status.CLOSED, "the closing is written, not only read"


def test_a_waiting_room_whose_host_is_away_closes_and_stays_closed(service, clock):
    host = rooms.open_room(service, "Amina", clock=clock)
    guest = rooms.join_room(service, host.code, "Okello", clock=clock)
    for _ in range(int(WAITING // 10) + 1):  # Okello waits; Amina's page has gone
        clock.now += 10
        guest.refresh()
    assert guest.lobby()["status"] == "closed"
    host.refresh()  # the host's page coming back does not open it again
    assert host.lobby()["status"] == "closed"
    assert "is closed" in refused(lambda: host.start())


def test_a_waiting_room_with_people_there_stays_open_and_a_dealt_one_is_never_closed_so(service, clock):
    host = rooms.open_room(service, "Amina", clock=clock)
    guest = rooms.join_room(service, host.code, "Okello", clock=clock)
    for _ in range(int(3 * WAITING // 5)):
        clock.now += 5
        host.refresh()
        guest.refresh()
    assert host.lobby()["status"] == "waiting"
    host.start()
    clock.now += 10 * WAITING  # everyone went away in the middle of the game
    host.refresh()
    assert host.lobby()["status"] == "playing"


def test_closed_waiting_rooms_do_not_count_against_the_servers_rooms(service, clock, monkeypatch):
    from matatu_learn.play import rooms as play_rooms

    monkeypatch.setattr(play_rooms, "OPEN_ROOMS_LIMIT", 2)
    rooms.open_room(service, "A", clock=clock)
    rooms.open_room(service, "B", clock=clock)
    assert "already has 2 rooms open" in refused(lambda: rooms.open_room(service, "C", clock=clock))
    clock.now += WAITING + 1
    rooms.open_room(service, "C", clock=clock)


# ---------------------------------------------------------------------- the host frees a seat, closes the room
def test_the_host_frees_a_strangers_seat_while_the_room_waits(service, clock):
    host = rooms.open_room(service, "Amina", clock=clock)
    stranger = rooms.join_room(service, host.code, "Stranger", clock=clock)
    assert refused(lambda: stranger.free_seat(0)) == "Only the host, Amina, may do that."
    assert refused(lambda: host.free_seat(0)) == "That is your own seat: to go, press “Leave the room”."
    host.free_seat(1)
    assert [seat["taken"] for seat in host.lobby()["seats"]] == [True, False]
    assert refused(lambda: host.free_seat(1)) == "Nobody sits at seat 2: choose someone at the table."
    stranger.refresh()
    assert stranger.freed and stranger.lobby()["freed"] == (
        f"The host freed your seat in room {host.code}: join again with its code if they ask you to."
    )
    assert "holds no seat" in refused(lambda: rooms.rejoin_room(service, host.code, stranger.token, clock=clock))
    okello = rooms.join_room(service, host.code, "Okello", clock=clock)
    assert okello.seat == 1 and not okello.freed
    host.start()
    assert refused(lambda: host.free_seat(1)).startswith("Seats are freed only while the room waits")


def test_the_host_closes_the_room_for_everyone(service, clock):
    host = rooms.open_room(service, "Amina", clock=clock)
    guest = rooms.join_room(service, host.code, "Okello", clock=clock)
    assert refused(guest.close) == "Only the host, Amina, may do that."
    host.start()
    host.close()
    guest.refresh()
    assert guest.lobby()["status"] == "closed" and guest.lobby()["why_not"] == f"Room {host.code} is closed."
    assert service.open_rooms() == []


def test_the_teacher_closes_every_waiting_room_and_leaves_games_alone(service, clock):
    waiting = [rooms.open_room(service, name, clock=clock) for name in ("A", "B")]
    playing = rooms.open_room(service, "C", clock=clock)
    rooms.join_room(service, playing.code, "D", clock=clock)
    playing.start()
    closed = rooms.close_waiting_rooms(service)
    assert sorted(closed) == sorted(table.code for table in waiting)
    assert [room.code for room in service.open_rooms()] == [playing.code]
    for table in waiting:
        table.refresh()
        assert table.lobby()["status"] == "closed"
    assert rooms.close_waiting_rooms(service) == []


# ---------------------------------------------------------------------- names that read as a computer's seat
@pytest.mark.parametrize("players", range(2, 7))
def test_every_computer_seats_name_is_refused_as_a_persons_name(service, clock, players):
    host = rooms.open_room(service, "Amina", clock=clock)
    for seat in range(players):
        name = computer_name(players, seat)
        assert refused(lambda name=name: rooms.join_room(service, host.code, name, clock=clock)) == (
            f"“{name}” reads as a computer's seat: a person's name cannot end in “(computer)”. Choose another name."
        )


@pytest.mark.parametrize(
    "name", ["north (COMPUTER)", "West(computer)", "North （computer）", "East (computer).", "Okello (computer) "]
)
def test_look_alikes_of_a_computer_seat_are_refused(service, clock, name):
    assert "reads as a computer's seat" in refused(lambda: rooms.open_room(service, name, clock=clock))


@pytest.mark.parametrize("name", ["Computer Club", "North", "Amina"])
def test_names_that_only_mention_a_computer_or_a_place_are_kept(service, clock, name):
    assert rooms.open_room(service, name, clock=clock).lobby()["seats"][0]["name"] == name


# ---------------------------------------------------------------------- coming back
CARD_WORDS = {card_name(parse_card(name)): name for name in CARD_NAMES}


def named_cards(sentence: str) -> set[str]:
    """The cards a sentence names ("the 9 of clubs" → 9♣)."""
    found = set()
    for words, name in CARD_WORDS.items():
        if re.search(rf"\bthe {re.escape(words)}\b", sentence):
            found.add(name)
    return found


def test_a_person_who_comes_back_hears_what_the_computer_played_for_them_and_nothing_hidden(service, clock):
    host = rooms.open_room(service, "Amina", clock=clock, seed=11)
    guest = rooms.join_room(service, host.code, "Okello", clock=clock)
    host.start()
    clock.now += AWAY_SECONDS + 1  # Okello's page goes quiet: the computer plays his seat
    stand_in_moves = 0
    for _ in range(40):  # until the computer made a few moves for him (the summary names up to 12)
        if stand_in_moves == 6:
            break
        host.refresh()
        state = host.state()
        if state["result"] is not None:
            break
        if state["your_turn"]:
            kind = next(c["kind"] for c in state["controls"] if c["enabled"] and c["kind"] in ("draw", "pick", "pass"))
            host.tap({"type": "control", "kind": kind})
        else:
            clock.now += 3
            stand_in_moves += host.drive()
        host.refresh()
    assert stand_in_moves >= 3
    back = rooms.rejoin_room(service, host.code, guest.token, clock=clock)
    summary = back.lobby()["played_for_you"]
    assert summary.startswith("While you were away the computer played for you: it ")
    moves = service.played_for(host.code, 1)
    assert len(moves) == stand_in_moves and all(move.seat == 1 and move.agent for move in moves)
    laid = {move.action.split()[1] for move in moves if move.action.split()[0] in ("play", "cut")}
    assert named_cards(summary) == laid, "only the cards this seat laid, never a drawn or another's card"
    assert summary.count("drew a card") == sum(move.action == "draw" for move in moves)
    assert host.lobby()["played_for_you"] == "", "the host was there all along"


def test_a_lapsed_room_on_a_read_only_database_is_listed_closed_without_a_word_of_failure(tmp_path, clock, monkeypatch):
    from pathlib import Path

    path = tmp_path / "rooms.sqlite3"
    with RoomService(path, clock=clock, waiting_seconds=WAITING) as writer:
        code = rooms.open_room(writer, "Amina", clock=clock).code
    connect = sqlite3.connect

    def read_only(name, *arguments, **options):  # file modes do not stop root
        return connect(f"{Path(name).as_uri()}?mode=ro", *arguments, uri=True, **options)

    monkeypatch.setattr("matatu_learn.store.database.sqlite3.connect", read_only)
    clock.now += WAITING + 1
    with RoomService(path, clock=clock, waiting_seconds=WAITING) as reader:
        assert reader.open_rooms() == [] and reader.room(code, closed=True).lapsed


def test_a_host_who_closes_the_tab_of_a_waiting_room_may_reload_it_and_keep_the_room(service, clock):
    host = rooms.open_room(service, "Amina", clock=clock)
    rooms.join_room(service, host.code, "Okello", clock=clock)
    clock.now += WAITING - 5  # the host has sat in the lobby a while, then reloads the page
    host.refresh()
    host.page_closed()
    clock.now += 3
    back = rooms.rejoin_room(service, host.code, host.token, clock=clock)
    assert back.lobby()["status"] == "waiting" and back.lobby()["you_host"]
    back.page_closed()  # and this time the host is gone for good
    clock.now += WAITING - AWAY_SECONDS - 5
    assert service.room(host.code).status is Status.WAITING
    clock.now += 10
    assert "is closed: it waited" in refused(lambda: rooms.join_room(service, host.code, "Wanjiru", clock=clock))
