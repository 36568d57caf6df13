"""A room sees a closed tab at once: the page's kernel, shutting down, marks its seat away."""

from conftest import Clock
from matatu_learn.play.rooms import present
from matatu_learn.teaching import room as rooms


def test_a_closed_page_is_away_at_once_and_its_link_brings_it_back(tmp_path):
    clock = Clock()
    host = rooms.open_room(tmp_path / "rooms.sqlite3", "Amina", clock=clock)
    guest = rooms.join_room(tmp_path / "rooms.sqlite3", host.code, "Okello", clock=clock)
    seats = host.rooms.room(host.code).seats
    assert present(seats[0], clock()) and present(seats[1], clock())
    guest.page_closed()
    clock.now += 1  # a second later, far within the away time
    seats = host.rooms.room(host.code).seats
    assert present(seats[0], clock()) and not present(seats[1], clock())
    assert seats[1].name == "Okello", "closing the page gave the seat away"
    rooms.rejoin_room(tmp_path / "rooms.sqlite3", host.code, guest.token, clock=clock)
    assert present(host.rooms.room(host.code).seats[1], clock())
