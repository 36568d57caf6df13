"""The room service (play/rooms.py) in plain Python: dealing again with the same seats, the
result's own buttons, and a seat that follows the match instead of replaying it."""

import json
import random
import sqlite3

import pytest
from test_rooms import Clock, play_round, tap_from_state

from matatu_learn.engine.actions import DRAW, PICK, make_action
from matatu_learn.engine.errors import IllegalActionError
from matatu_learn.play.controller import Controller, NoticeKind
from matatu_learn.play.protocol import Tap, TapKind
from matatu_learn.play.rooms import Refusal, RoomError, RoomSeat, RoomService, Status
from matatu_learn.teaching import room as rooms
from matatu_learn.teaching.play import PlayError
from matatu_learn.teaching.room_voice import refusal_words


@pytest.fixture
def two_at_a_table(tmp_path):
    """Amina hosts, Okello joins, and the round is dealt: the two pages' tables."""

    def sit(ruleset="party", seed=2, whole_match=True):
        clock = Clock()
        host = rooms.open_room(tmp_path / "rooms.sqlite3", "Amina", ruleset=ruleset, seed=seed, clock=clock)
        if not whole_match:
            host.rooms.configure(host.code, host.token, whole_match=False)
        guest = rooms.join_room(host.database, host.code, "Okello", clock=clock)
        host.start()
        return host, guest

    return sit


def hands(table) -> list[str]:
    table.refresh()
    return sorted(entry["card"] for entry in table.state()["hand"]["cards"])


def labels(state: dict) -> list[str]:
    return [action["label"] for action in state["result"]["actions"]]


# ---------------------------------------------------------------------- dealing again
def test_the_host_deals_again_with_the_same_seats_once_the_match_is_over(two_at_a_table):
    host, guest = two_at_a_table(ruleset="house", whole_match=False)
    database = host.database
    code = host.code
    play_round([host, guest], code, database, random.Random(1), check_hidden=False)
    with RoomService(database) as service:
        before = service.room(code)
        first_game = service.games(code)[1]
    assert before.status is Status.OVER
    guest.refresh()
    over = guest.state()
    assert over["result"]["next_round"] is False and labels(over) == [], "a guest has nothing to press"
    assert labels(host.state()) == ["Deal again"], "the host's result carries its own way on"
    # A guest who taps it anyway (an old page) hears who may.
    assert guest.tap({"type": "again"}) == "Only the host, Amina, may do that."
    assert guest.tap({"type": "next_round"}) == "The match is over: the host may deal again, with the same seats."
    old_hands = hands(guest)
    assert host.tap({"type": "again"}) == ""
    with RoomService(database) as service:
        after = service.room(code)
        assert (after.status, after.round, after.moves, after.to_move >= 0) == (Status.PLAYING, 1, 0, True)
        assert [seat.name for seat in after.seats] == [seat.name for seat in before.seats]
        assert after.host == before.host and after.played == before.played and after.seed != before.seed
        assert service.moves(code) == [] and service.games(code) == {}
        assert service.rows.store.game(first_game).room == code, "the first match's round stays in the history"
    guest.refresh()
    state = guest.state()
    assert state["result"] is None and state["round"] == 1 and state["moves"] == 0
    assert hands(guest) != old_hands
    # The new match is played like the first: its round is recorded too.
    state = play_round([host, guest], code, database, random.Random(2), check_hidden=False)
    assert state["result"]["saved"].startswith("Saved as game ")
    with RoomService(database) as service:
        assert set(service.games(code)) == {1} and service.games(code)[1] != first_game


def test_the_host_deals_again_between_rounds_and_not_during_one(two_at_a_table):
    host, guest = two_at_a_table()
    database = host.database
    code = host.code
    # While the round is played, a new deal waits.
    assert host.tap({"type": "again"}) == "The round is still being played: the next one is dealt once it is over."
    play_round([host, guest], code, database, random.Random(3), check_hidden=False)
    with RoomService(database) as service:
        assert service.room(code).status is Status.PLAYING, "the match goes on after round 1"
    assert labels(host.state()) == ["Next round", "Deal again"]
    guest.refresh()
    assert labels(guest.state()) == ["Next round"], "only the host deals again"
    assert guest.tap({"type": "again"}) == "Only the host, Amina, may do that."
    with pytest.raises(PlayError, match="Only the host, Amina, may do that."):
        guest.deal_again()
    seed = RoomService(database).room(code).seed
    guest.refresh()
    guest.state()  # the guest's page shows round 1's result when the host deals again
    host.deal_again()
    with RoomService(database) as service:
        room = service.room(code)
        assert (room.status, room.round, room.moves) == (Status.PLAYING, 1, 0) and room.seed != seed
    # "Next round" pressed on the old result after the new deal deals nothing more.
    assert guest.tap({"type": "next_round"}) == ""
    assert RoomService(database).room(code).round == 1
    for table in (host, guest):
        table.refresh()
        assert table.state()["result"] is None and table.state()["round"] == 1


def test_no_page_is_told_the_rooms_seed(two_at_a_table):
    """Whoever knew the seed could deal every hand for themselves: a room's state never names it."""
    host, guest = two_at_a_table(ruleset="uganda", seed=123456789)
    for table in (host, guest):
        table.refresh()
        state = table.state()
        assert state["headline"].startswith("Round 1 · Uganda Classic")
        assert "123456789" not in json.dumps(state, ensure_ascii=False)


def test_the_service_refuses_a_deal_again_with_its_facts(two_at_a_table):
    host, guest = two_at_a_table()
    database = host.database
    with RoomService(database) as service:
        with pytest.raises(RoomError) as caught:
            service.deal_again(host.code, guest.token)
        assert (caught.value.why, caught.value.facts) == (Refusal.NOT_HOST, {"host": 0})
        with pytest.raises(RoomError) as caught:
            service.deal_again(host.code, host.token)
        assert (caught.value.why, caught.value.facts) == (Refusal.ROUND_ON, {"round": 1})
        waiting, token = service.open("Wanjiru", "house", 1)
        with pytest.raises(RoomError) as caught:
            service.deal_again(waiting, token)
        assert caught.value.why is Refusal.NOT_PLAYING


# ---------------------------------------------------------------------- a seat follows the match
def test_a_tap_replays_no_match_when_nothing_else_moved(two_at_a_table):
    host, guest = two_at_a_table(ruleset="house", seed=7)
    rng = random.Random(5)
    # A few moves first, so that a replay would have something to replay.
    for _ in range(6):
        for table in (host, guest):
            table.refresh()
            state = table.state()
            if state["result"] is None and state["your_turn"]:
                assert tap_from_state(table, state, rng) == ""
    for table in (host, guest):
        table.refresh()
        table.state()
    mover = host if host.state()["your_turn"] else guest
    assert mover.state()["your_turn"] and mover.state()["result"] is None
    replays = mover.rooms.replays
    connections = []
    connect = sqlite3.connect
    sqlite3.connect = lambda *args, **kwargs: connections.append(args) or connect(*args, **kwargs)
    try:
        assert tap_from_state(mover, mover.state(), rng) == ""
        mover.refresh()
        after = mover.state()
    finally:
        sqlite3.connect = connect
    assert after["moves"] >= 1 and mover.rooms.replays == replays, "the tap and the redraw replayed a match"
    assert connections == [], "a tap opens no connection of its own"
    # The other page hears of the move by reading it alone: no replay there either.
    other = guest if mover is host else host
    replays = other.rooms.replays
    assert other.refresh()
    assert other.state()["moves"] == after["moves"] and other.rooms.replays == replays


def test_a_new_page_replays_the_match_once_then_follows_it(two_at_a_table):
    host, guest = two_at_a_table(ruleset="house", seed=7)
    database = host.database
    host.state()
    assert host.tap({"type": "control", "kind": "draw"}) == ""
    back = rooms.rejoin_room(database, host.code, guest.token, clock=host.clock)
    back.state()
    replayed = back.rooms.replays
    assert replayed >= 1, "a page that arrives late catches up with the match once"
    for _ in range(3):
        back.refresh()
        back.state()
    assert back.rooms.replays == replayed


def test_the_kept_match_is_the_stored_match_move_after_move(two_at_a_table):
    """A long-lived service and a fresh one agree at every move: what is kept is what is stored."""
    host, guest = two_at_a_table(ruleset="uganda", seed=4)
    database = host.database
    rng = random.Random(8)
    with RoomService(database) as kept:
        for _ in range(60):
            game = kept.kept(host.code).game
            if game.over:
                break
            with RoomService(database) as fresh:
                assert fresh.kept(host.code).game.snapshot() == game.snapshot()
            table = (host, guest)[game.to_move]
            table.refresh()
            state = table.state()
            assert tap_from_state(table, state, rng) == ""
        assert kept.replays == 0


def test_a_move_that_is_not_stored_is_not_kept(two_at_a_table):
    host, guest = two_at_a_table(ruleset="house", seed=7)
    service = host.rooms

    def fail():
        raise sqlite3.OperationalError("disk I/O error")

    service.during_move = fail
    said = host.tap({"type": "control", "kind": "draw"})
    service.during_move = None
    assert said, "the failed write is said"
    assert service.moves(host.code) == []
    assert len(service.kept(host.code).game.history) == 0
    assert host.tap({"type": "control", "kind": "draw"}) == ""
    assert [move.action for move in service.moves(host.code)] == ["draw"]


# ---------------------------------------------------------------------- a room seat behind the table's controller
def controller_of(seat: RoomSeat) -> Controller:
    """The table's controller over a room seat, drawing facts (the page's words are the teaching layer's)."""
    return Controller(
        seat,
        [seat.seat],
        build_state=lambda controller: {"moves": len(controller.table.moves), "notice": controller.notice},
        draw=lambda state: None,
        schedule=lambda delay, callback: None,
        pace=lambda: None,
    )


def test_a_room_seat_is_a_backend_of_the_tables_controller(two_at_a_table):
    host, guest = two_at_a_table(ruleset="house", seed=7)
    services = [RoomService(host.database), RoomService(host.database)]
    seats = [RoomSeat(services[0], host.code, 0, host.token), RoomSeat(services[1], host.code, 1, guest.token)]
    controllers = [controller_of(seat) for seat in seats]
    names = ["Amina", "Okello"]
    # Out of turn: the room refuses, as a table error the controller's notice carries.
    waiting = 1 - seats[0].table.to_move
    with pytest.raises(RoomError) as caught:
        seats[waiting].apply(make_action(DRAW), waiting)
    assert caught.value.why is Refusal.NOT_YOUR_TURN
    # A move the rules refuse is the engine's ruling, as at a local table.
    mover = seats[0].table.to_move
    with pytest.raises(IllegalActionError):
        seats[mover].apply(make_action(PICK), mover)
    # A guest cannot deal again: the notice says who may.
    controllers[1].tap(Tap(TapKind.DEAL_AGAIN))
    notice = controllers[1].notice
    assert notice.kind is NoticeKind.TABLE and notice.error.why is Refusal.NOT_HOST
    assert refusal_words(notice.error, names, viewer=1) == "Only the host, Amina, may do that."
    controllers[1].tap(Tap(TapKind.CANCEL))  # the next tap takes the notice away
    # Catch, out of turn: the seat's own person may press it, and the room judges it (nobody to catch yet).
    assert seats[waiting].catches_out_of_turn(waiting) and not seats[waiting].catches_out_of_turn(1 - waiting)
    controllers[waiting].tap(Tap(TapKind.CONTROL, control="catch"))
    notice = controllers[waiting].notice
    assert notice.kind is NoticeKind.TABLE and notice.error.why is Refusal.NOBODY_TO_CATCH
    assert seats[0].table.moves == []
    controllers[waiting].tap(Tap(TapKind.CANCEL))
    # The round played through the two controllers: each move made once, seen by the other seat.
    rng = random.Random(4)
    while not seats[0].table.over:
        mover = seats[0].table.to_move
        controller = controllers[mover]
        before = len(seats[mover].table.moves)
        controller.act(rng.choice(controller.view.legal))
        assert controller.notice is None and len(seats[mover].table.moves) == before + 1
        other = seats[1 - mover]
        assert other.sync() and len(other.table.moves) == before + 1
        assert other.table.game.snapshot() == seats[mover].table.game.snapshot()
    assert [service.replays for service in services] == [0, 0], "no tap replayed a match"
    assert controllers[0].deal_again_offered and not controllers[1].deal_again_offered
    first = seats[1].table
    controllers[0].tap(Tap(TapKind.DEAL_AGAIN))
    assert controllers[0].notice is None
    assert seats[0].table is not first and seats[0].table.round_number == 1 and seats[0].table.moves == []
    assert seats[1].sync() and seats[1].table.seed == seats[0].table.seed != first.seed
    assert seats[1].view(1).hand == seats[0].table.view(1).hand
