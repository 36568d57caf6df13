"""The Rooms page in plain Python: its buttons clicked and its boxes filled as a browser would.

Each page here is one person's device. The room lives in the test's database; a page sees the
others' moves when it looks again (``tick``, what its poll does on the kernel's event loop).
"""

from __future__ import annotations

import asyncio
import html
import time
from functools import partial

import ipywidgets as widgets
import pytest
import traitlets

from conftest import Clock
from matatu_learn.play.rooms import RoomService
from matatu_learn.store.database import RecordedSeat, Store
from matatu_learn.teaching import room as rooms
from matatu_learn.teaching.room import COMPUTER_PAUSE
from matatu_learn.widgets import rooms_page
from matatu_learn.widgets.page import kernel_page
from matatu_learn.widgets.rooms_page import LABELS, RoomsPage, read_query


@pytest.fixture(autouse=True)
def budget(fresh_page):
    """Each test is a fresh set of pages: no room opened by an earlier test counts against it."""


@pytest.fixture
def database(tmp_path):
    return str(tmp_path / "rooms.sqlite3")


def page_open(database, name="Amina") -> RoomsPage:
    page = RoomsPage(database, query="")
    page.name.value = name
    page.open_button.click()
    assert page.room is not None, page.sentence.value
    return page


def another_persons_page() -> None:
    """The next page is another person's: in its own kernel it would carry no learner of the others'
    (a name a seat is taken under becomes its page's learner)."""
    kernel_page().learner.change(None)


def page_join(database, code, name, query=None) -> RoomsPage:
    another_persons_page()
    page = RoomsPage(database, query=f"room={code}" if query is None else query)
    page.code.value = code  # typed in, or already there from the link
    page.name.value = name
    page.join_button.click()
    return page


def markup(page: RoomsPage) -> str:
    """Every piece of markup the page shows (HTML widgets), wherever it sits."""
    found = []

    def walk(widget):
        if isinstance(widget, widgets.HTML):
            found.append(widget.value)
        for child in getattr(widget, "children", ()):
            walk(child)

    walk(page)
    return "\n".join(found)


def shown(widget) -> bool:
    return widget.layout.display != "none"


def hand(page: RoomsPage) -> list[str]:
    return [card["card"] for card in page.board.state["hand"]["cards"]]


def to_move(*pages: RoomsPage) -> RoomsPage:
    return next(page for page in pages if page.board.state["your_turn"])


def tap_a_move(page: RoomsPage) -> None:
    """What a person taps for a move: a card that fits (and the first answer asked), else a button."""
    state = page.board.state
    playable = [card["card"] for card in state["hand"]["cards"] if card["playable"]]
    if playable:
        assert page.board.receive({"type": "card", "card": playable[0]})
        while page.board.state["question"]:
            assert page.board.receive({"type": "answer", "index": 0})
        return
    kind = next(c["kind"] for c in state["controls"] if c["enabled"] and c["kind"] != "hint")
    assert page.board.receive({"type": "control", "kind": kind})


# ---------------------------------------------------------------------- the address


def test_the_address_carries_a_room_and_a_players_way_back():
    assert read_query("room=KQ7M&player=tok-en_1") == ("KQ7M", "tok-en_1")
    assert read_query("rules=uganda") == ("", "")
    assert read_query("room=" + "K" * 5000)[0] == "K" * rooms_page.LONGEST_TEXT


# ---------------------------------------------------------------------- open, join, refuse


def test_opening_a_room_shows_its_code_the_link_to_share_and_the_way_back(database):
    page = page_open(database)
    room = page.room
    assert f'data-room-code="{room.code}"' in page.code_view.value and f">{room.code}<" in page.code_view.value
    assert page.address.share == f"room={room.code}"
    # The name the seat was taken under is the page's learner from now on: the address keeps it.
    assert page.address.own == page.address.address == f"room={room.code}&player={room.token}&learner=Amina"
    assert kernel_page().learner.name == "Amina"
    assert not shown(page.forms) and shown(page.room_box) and shown(page.hosting), "the host sets the table up"
    assert "Amina" in page.seats.value and "(host, you)" in page.seats.value
    # Rooms are not listed to students: another room's code shows nowhere on this page.
    other = rooms.open_room(database, "Okello")
    page.tick()
    assert room.code in markup(page) and other.code not in markup(page)
    assert not page.polling, "no event loop in plain Python: the test looks itself"
    assert page.start_button.disabled and "North waits for a player" in page.why_not.value


def test_a_code_in_the_address_fills_the_box_and_joining_seats_the_player(database):
    host = page_open(database)
    guest = RoomsPage(database, query=f"room={host.room.code.lower()}")
    assert guest.code.value == host.room.code.lower() and guest.room is None
    guest.name.value = "Okello"
    guest.join_button.click()
    assert guest.room is not None and guest.room.seat == 1
    assert not shown(guest.hosting), "only the host sets the table up"
    assert "Okello" in guest.seats.value and "Waiting for Amina, the host" in guest.seats.value + guest.why_not.value
    assert host.tick() and "Okello" in host.seats.value, "the host's page sees the new player when it looks"
    assert not host.start_button.disabled
    assert [button.description for button in host.make_host.children] == ["Make Okello host"]


@pytest.mark.parametrize(
    "code, said",
    [
        ("ZZ0Q", "is not a room code"),
        ("QQQQ", "No room is open with the code QQQQ"),
        ("", "is not a room code"),
    ],
)
def test_a_wrong_code_is_one_sentence_and_nothing_is_joined(database, code, said):
    page_open(database)
    guest = page_join(database, code, "Okello", query="")
    assert guest.room is None and shown(guest.forms) and not shown(guest.room_box)
    assert said in html.unescape(guest.sentence.value)
    assert guest.address.address is None, "the address is left as it was"


def test_a_full_room_a_taken_name_and_a_bad_name_are_said_and_change_nothing(database):
    host = page_open(database)
    code = host.room.code
    refusals = {
        "taken name": page_join(database, code, "amina"),
        "too long": page_join(database, code, "O" * 25),
        "reserved": page_join(database, code, "You"),
        "far too long": page_join(database, code, "O" * 10_000),
    }
    sentences = {why: html.unescape(page.sentence.value) for why, page in refusals.items()}
    assert all(page.room is None for page in refusals.values()), sentences
    assert "already called “amina”" in sentences["taken name"]
    assert "at most 24 characters" in sentences["too long"]
    assert "a word the table uses" in sentences["reserved"]
    assert "longer than 200 characters" in sentences["far too long"]
    page_join(database, code, "Okello")
    full = page_join(database, code, "Achieng")
    assert full.room is None and f"Room {code} is full" in html.unescape(full.sentence.value)
    assert host.tick() and [seat["name"] for seat in host.room.lobby()["seats"]] == ["Amina", "Okello"]


def test_a_name_with_markup_is_shown_as_text_everywhere(database):
    name = "<img src=x onerror=1>"
    host = page_open(database, name)
    guest = page_join(database, host.room.code, "<b>Bo</b>")
    host.tick()
    for page in (host, guest):
        text = markup(page)
        assert "<img" not in text and "<b>Bo" not in text, "a name never becomes markup"
        assert html.escape(name, quote=True) in text and "&lt;b&gt;Bo&lt;/b&gt;" in text
    assert [button.description for button in host.make_host.children] == ["Make <b>Bo</b> host"]  # a label: text


def test_a_link_that_holds_no_seat_says_so_and_keeps_the_rooms_code(database):
    host = page_open(database)
    another_persons_page()
    page = RoomsPage(database, query=f"room={host.room.code}&player=not-a-token")
    assert page.room is None and "holds no seat" in html.unescape(page.sentence.value)
    assert page.code.value == host.room.code and page.address.address == f"room={host.room.code}"


# ---------------------------------------------------------------------- the host's setup


def test_the_host_sets_up_seats_the_computer_and_house_rules_then_starts_and_the_rules_lock(database):
    host = page_open(database)
    host.seat_count.value = 3
    assert [picker.description for picker in host.seat_kinds if shown(picker)] == ["West", "East"]
    host.seat_kinds[2].value = "heuristic"
    assert host.house_rules.choose("cut_limit", 25) == ""
    lobby = host.room.lobby()
    assert [seat["kind"] for seat in lobby["seats"]] == ["person", "person", "computer"]
    assert lobby["changes"] == "cut limit 25" and "cut limit 25" in host.seats.value
    guest = page_join(database, host.room.code, "Okello")
    assert guest.room.seat == 1
    assert "cut limit 25" in guest.seats.value, "everyone reads the table's rules"
    host.tick()
    assert [picker.description for picker in host.seat_kinds if shown(picker)] == ["East"], "a seated person stays"
    host.start_button.click()
    assert host.sentence.value == "" and not shown(host.hosting), "the rules lock once dealt"
    guest.tick()
    for page in (host, guest):
        assert shown(page.board) and len(hand(page)) == 7
        assert "cut limit 25" in page.board.state["headline"]
        assert page.room_box.children[0] is page.board, "once dealt, the table comes first"
    with pytest.raises(rooms.PlayError, match="The rules are locked"):
        host.room.configure(players=2)


def test_a_seat_count_that_would_unseat_someone_is_refused_in_words(database):
    host = page_open(database)
    host.seat_count.value = 3
    page_join(database, host.room.code, "Okello")
    page_join(database, host.room.code, "Achieng")
    host.tick()
    host.seat_count.value = 2
    assert "Achieng sits at East" in html.unescape(host.sentence.value)
    assert host.seat_count.value == 3, "the control shows the room as it is"


def test_the_host_hands_the_role_on(database):
    host = page_open(database)
    guest = page_join(database, host.room.code, "Okello")
    host.tick()
    host.make_host.children[0].click()
    assert not shown(host.hosting) and host.make_host.children == ()
    guest.tick()
    assert shown(guest.hosting) and guest.room.lobby()["you_host"]
    assert "(host, you)" in guest.seats.value.split("Okello")[1].split("</tr>")[0]


# ---------------------------------------------------------------------- playing


def started(database, computer=None):
    host = page_open(database)
    if computer:
        host.seat_count.value = 3
        host.seat_kinds[2].value = computer
    guest = page_join(database, host.room.code, "Okello")
    host.tick()
    host.start_button.click()
    guest.tick()
    return host, guest


def test_a_tap_moves_for_everyone_and_a_tap_out_of_turn_is_said_in_place(database):
    host, guest = started(database)
    mover = to_move(host, guest)
    other = guest if mover is host else host
    before = hand(mover)
    tap_a_move(mover)
    assert mover.board.state["moves"] == 1 and mover.board.state["notice"] is None
    assert other.board.state["moves"] == 0
    assert other.tick() and other.board.state["moves"] == 1, "the other page sees the move when it looks"
    assert other.board.state["log"][-1]["text"].startswith(("Amina", "Okello"))
    assert hand(mover) != before
    # The page whose turn it is not: its tap is checked by the room and refused in words, in place.
    waiting = host if to_move(host, guest) is guest else guest
    card = hand(waiting)[0]
    assert waiting.board.receive({"type": "card", "card": card})
    notice = waiting.board.state["notice"]
    assert notice["card"] == card and f"{to_move(host, guest).name.value}'s turn" in notice["text"], notice
    assert waiting.board.state["moves"] == 1, "nothing was made"


def test_the_computer_plays_its_seat_when_a_page_looks(database, monkeypatch):
    clock = Clock(now=time.time())  # the pages' rooms read the test's clock: the computer's pause passes at once
    monkeypatch.setattr(rooms_page, "RoomService", partial(RoomService, clock=clock))
    host, guest = started(database, computer="random")
    pages = (host, guest)
    for _ in range(200):
        for page in pages:
            page.tick()
        if host.board.state["result"]:
            break
        people = [page for page in pages if page.board.state["your_turn"]]
        if people:
            tap_a_move(people[0])
        else:  # the computer's seat: it moves once its pause is over and a page looks
            assert host.board.state["order"][0]["who"] == "computer, Beginner"
            clock.now += COMPUTER_PAUSE + 0.1
    moves = RoomService(database).moves(host.room.code)
    assert any(move.agent == "random" for move in moves), "the computer made its moves"
    assert host.board.state["result"] and guest.board.state["result"]


def test_the_players_link_brings_back_the_same_seat_and_hand(database):
    host, guest = started(database)
    another_persons_page()
    back = RoomsPage(database, query=guest.room.link_query)
    assert back.room is not None and back.room.seat == guest.room.seat
    # The seat's name is the page's learner again: the address keeps it for the next reload.
    assert hand(back) == hand(guest) and back.address.address == f"{guest.room.link_query}&learner=Okello"


def test_a_round_played_in_a_room_is_in_the_history_and_replays(database):
    host, guest = started(database)
    pages = (host, guest)
    for _ in range(300):
        if host.board.state["result"]:
            break
        tap_a_move(to_move(*pages))
        for page in pages:
            page.tick()
    assert host.board.state["result"] and guest.board.state["result"]
    assert "Saved as game" in host.board.state["result"]["saved"]
    with Store(database) as store:
        record = store.games()[0]
        assert record.seats == (RecordedSeat.person("Amina"), RecordedSeat.person("Okello"))
        assert store.replay(record.id).reproduced


def test_leaving_a_waiting_room_frees_the_seat_and_clears_the_address(database):
    host = page_open(database)
    guest = page_join(database, host.room.code, "Okello")
    guest.leave_button.click()
    # The room is left; its learner stays the page's (the address keeps only them).
    assert guest.room is None and shown(guest.forms) and guest.address.address == "learner=Okello"
    assert guest.address.own == ""
    host.tick()
    assert "Okello" not in host.seats.value


# ---------------------------------------------------------------------- the poll


def test_the_poll_shows_others_moves_by_itself_and_stops_when_the_page_goes(database, monkeypatch):
    class Shell(traitlets.HasTraits):
        exit_now = traitlets.Bool(False)

    shell = Shell()
    monkeypatch.setattr(rooms_page, "_kernel_shell", lambda: shell)

    async def play():
        idle = RoomsPage(database, query="", poll_seconds=0.05)
        assert not idle.polling, "no room, no poll"
        host = RoomsPage(database, query="", poll_seconds=0.05)
        host.name.value = "Amina"
        host.open_button.click()
        guest = RoomsPage(database, query=f"room={host.room.code}", poll_seconds=0.05)
        guest.name.value = "Okello"
        guest.join_button.click()
        assert host.polling and guest.polling
        deadline = time.monotonic() + 60  # a generous wait, not a timing: the poll is every 0.05 s
        while "Okello" not in host.seats.value:  # nobody clicks: the host's page looks by itself
            assert time.monotonic() < deadline
            await asyncio.sleep(0.05)
        host.start_button.click()
        while guest.board is None or guest.board.state.get("moves") != 0:
            assert time.monotonic() < deadline
            await asyncio.sleep(0.05)
        mover = to_move(host, guest)
        other = guest if mover is host else host
        tap_a_move(mover)
        while other.board.state["moves"] != 1:
            assert time.monotonic() < deadline
            await asyncio.sleep(0.05)
        # A browser gone quiet: the page stops looking; its next "here" starts it again.
        other._heard -= rooms_page.QUIET_SECONDS + 1
        await asyncio.sleep(0.2)
        assert not other.polling
        other._here()
        assert other.polling
        # Leaving stops the poll at once; the kernel asked to shut down stops every poll.
        guest.leave()
        assert not guest.polling
        shell.exit_now = True
        await asyncio.sleep(0)
        assert not host.polling
        await asyncio.sleep(0.1)
        return {task for task in asyncio.all_tasks() if task is not asyncio.current_task()}

    assert asyncio.run(play()) == set(), "no task is left behind"


def test_the_page_labels_are_the_ones_a_person_reads():
    assert LABELS["code"] == "Room code" and LABELS["join"] == "Join" and LABELS["open"] == "Open a room"


# ---------------------------------------------------------------------- graded games


def graded_pages(database, names):
    """A host and a guest whose pages carry learners ``names`` (None: no learner), grading at once."""
    runs = []

    def run(work):
        runs.append(work)
        work()

    made = []
    for index, name in enumerate(names):
        code = made[0].room.code if made else ""
        page = RoomsPage(database, query="", learner=lambda name=name: name, grade_run=run, grade_deals=2)
        assert page.name.value == (name or ""), "the learner's name fills 'Your name'"
        if not page.name.value:
            page.name.value = f"Guest{index}"
        if made:
            page.code.value = code
            page.join_button.click()
        else:
            page.open_button.click()
        assert page.room is not None, page.sentence.value
        made.append(page)
    host, guest = made
    host.tick()
    host.start_button.click()
    guest.tick()
    return host, guest, runs


def play_to_the_end(*pages: RoomsPage) -> None:
    for _ in range(300):
        if all(page.board.state["result"] for page in pages):
            return
        tap_a_move(to_move(*pages))
        for page in pages:
            page.tick()
    raise AssertionError("the round did not end")


def test_each_learner_keeps_the_grade_of_their_own_seat_only(database):
    from matatu_learn.store.progress import Progress

    host, guest, runs = graded_pages(database, ["Amina", "Okello"])
    assert host.grade.value == "" and guest.grade.value == ""
    play_to_the_end(host, guest)
    for page in (host, guest):
        page.tick()
        page.show(force=True)
    assert len(runs) == 2, "each page graded once, however often it looks"
    game = host.room.recorded_game
    assert game is not None and guest.room.recorded_game == game
    with Store(database) as store:
        progress = Progress(store)
        amina, okello = progress.graded_games("Amina"), progress.graded_games("Okello")
    assert [(entry.game, entry.seat) for entry in amina] == [(game, host.room.seat)]
    assert [(entry.game, entry.seat) for entry in okello] == [(game, guest.room.seat)]
    for page in (host, guest):
        assert f'data-graded-game="{game}"' in page.grade.value
        children = page.room_box.children
        assert children.index(page.grade) == children.index(page.board) + 1


def test_a_page_without_a_learner_keeps_nothing_and_says_how(database):
    from matatu_learn.widgets.game_grade import NO_LEARNER

    host, guest, runs = graded_pages(database, ["Amina", None])
    play_to_the_end(host, guest)
    assert len(runs) == 1 and NO_LEARNER in guest.grade.value
    with Store(database) as store:
        seats = store.query("SELECT seat FROM graded_games")
    assert seats == [(host.room.seat,)], "only the named page's own seat is graded"


def test_a_name_typed_only_in_a_room_is_a_learner_whose_game_counts_and_is_graded(database):
    from matatu_learn.store.progress import GamePlace, Progress
    from matatu_learn.teaching.path import StepState, path_standing

    runs = []

    def run(work):
        runs.append(work)
        work()

    pages = []
    for name in ("Nakato", "Okello"):  # each on a page of their own, never on the landing page
        another_persons_page()
        page = RoomsPage(database, query="", grade_run=run, grade_deals=2)
        assert page.name.value == "", "no learner yet"
        page.name.value = name
        if pages:
            page.code.value = pages[0].room.code
            page.join_button.click()
        else:
            page.open_button.click()
        assert page.room is not None and kernel_page().learner.name == name
        pages.append(page)
    host, guest = pages
    guest.learner = lambda: "Okello"  # the two pages share this test's one kernel: each keeps its own
    host.learner = lambda: "Nakato"
    host.tick()
    host.start_button.click()
    guest.tick()
    play_to_the_end(host, guest)
    game = host.room.recorded_game
    assert len(runs) == 2 and game is not None and "Give your name" not in host.grade.value
    with Store(database) as store:
        progress = Progress(store)
        names = [learner.name for learner in progress.class_progress()]
        nakato = progress.progress("Nakato")
        graded = progress.graded_games("Nakato")
    assert names == ["Nakato", "Okello"], "the class page lists both"
    assert [(entry.game, entry.seat) for entry in graded] == [(game, host.room.seat)]
    assert nakato.games == 1 and nakato.played[GamePlace.ROOM].finished == 1
    room_step = next(standing for standing in path_standing(nakato) if standing.step.id == "room-game")
    assert (room_step.state, room_step.stars) == (StepState.DONE, 3)


def test_the_address_keeps_the_learner_and_the_shared_link_does_not(database, monkeypatch):
    page = RoomsPage(database, query="", learner=lambda: "Amina Nakato")
    page.open_button.click()
    assert page.room is not None, page.sentence.value
    assert page.address.address == f"{page.room.link_query}&learner=Amina+Nakato"
    assert page.address.own == page.address.address and page.address.share == f"room={page.room.code}"
    page.leave_button.click()
    assert page.address.address == "learner=Amina+Nakato"


# ---------------------------------------------------------------------- rooms that stay usable (issue 29)
def buttons(box) -> dict[str, widgets.Button]:
    return {button.description: button for button in box.children}


def test_the_host_frees_a_seat_and_the_freed_page_says_so_with_the_code_kept(database):
    host = page_open(database, "Amina")
    code = host.room.code
    stranger = page_join(database, code, "Stranger")
    host.tick()
    assert list(buttons(host.free_seats)) == ["Free Stranger's seat"] and not buttons(stranger.free_seats)
    buttons(host.free_seats)["Free Stranger's seat"].click()
    assert not host.free_seats.children and "Stranger" not in host.seats.value
    stranger.tick()
    assert stranger.room is None and shown(stranger.forms) and stranger.code.value == code
    assert f"The host freed your seat in room {code}" in stranger.sentence.value
    # The old seat's link is gone from the address; the name the seat was taken under stays the page's learner.
    assert stranger.address.address == f"room={code}&learner=Stranger", "the old seat's link is gone"
    okello = page_join(database, code, "Okello")
    assert okello.room is not None and okello.room.seat == 1


def test_the_host_closes_the_room_and_every_page_says_it_is_closed(database):
    host = page_open(database, "Amina")
    guest = page_join(database, host.room.code, "Okello")
    assert shown(host.close_button) and not shown(guest.close_button), "only the host may close the room"
    guest.close_room()  # a forged click from the guest's page changes nothing
    assert "Only the host" in guest.sentence.value
    host.close_button.click()
    guest.tick()
    for page in (host, guest):
        assert f"Room {host.room.code} is closed." in page.sentence.value
    assert not shown(host.close_button)


def test_a_person_back_from_away_reads_what_the_computer_played_for_them(database):
    host = page_open(database, "Amina")
    guest = page_join(database, host.room.code, "Okello")
    code, token = host.room.code, guest.room.token
    host.start()
    guest.tick()
    guest.leave()  # once dealt, the computer plays the seat until its person comes back
    with RoomService(database) as service:
        for _ in range(30):
            host.tick()
            if service.played_for(code, 1):
                break
            if host.board.state["your_turn"]:
                tap_a_move(host)
            else:
                host.room.drive(now=time.time() + COMPUTER_PAUSE + rooms.DRIVER_GRACE + 1)
        assert service.played_for(code, 1)
    assert host.away_note.value == "", "the host was there all along"
    back = RoomsPage(database, query=f"room={code}&player={token}")
    assert back.room is not None and back.room.seat == 1
    assert "While you were away the computer played for you: it " in back.away_note.value


def test_a_flood_of_rooms_from_fresh_pages_of_one_address_stops_at_its_bound(database, monkeypatch):
    from matatu_learn.play.rooms import CLIENT_ROOMS
    from matatu_learn.store.roles import CLIENT_VARIABLE
    from matatu_learn.widgets.page import new_page

    monkeypatch.setenv(CLIENT_VARIABLE, "10.0.0.9")  # what the class server hands each page's kernel
    for number in range(CLIENT_ROOMS):
        new_page()  # a fresh page: a kernel of its own, with the page's whole budget
        page_open(database, f"Spoiler {number}")
    new_page()
    page = RoomsPage(database, query="")
    page.name.value = "Spoiler"
    page.open_button.click()
    assert page.room is None and f"This device has opened {CLIENT_ROOMS} rooms" in page.sentence.value
    monkeypatch.setenv(CLIENT_VARIABLE, "10.0.0.10")  # another device on the class's network
    new_page()
    assert page_open(database, "Amina").room is not None
