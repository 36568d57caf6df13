"""A room's deals are not searchable from a seat's cards: every round's seed is drawn from the
operating system's generator, 63 bits or more, and no round's seed follows from another's."""

import random
import secrets

from test_rooms import Clock, play_round

from matatu_learn.engine.round import Round
from matatu_learn.engine.scoring import Match
from matatu_learn.play.rooms import RoomService
from matatu_learn.store.database import Store
from matatu_learn.teaching import room as rooms

SEARCH_RATE = 200_000  # seeds a second a deal search was measured to try on one core
YEAR = 365 * 24 * 3600


def test_each_round_of_a_room_match_is_dealt_from_its_own_drawn_seed(tmp_path, monkeypatch):
    drawn: list[tuple[int, int]] = []
    system_bits = secrets.randbits

    def drawing(bits: int) -> int:
        value = system_bits(bits)
        drawn.append((bits, value))
        return value

    monkeypatch.setattr(secrets, "randbits", drawing)
    database = tmp_path / "rooms.sqlite3"
    clock = Clock()
    host = rooms.open_room(database, "Amina", ruleset="party", clock=clock)
    guest = rooms.join_room(database, host.code, "Okello", clock=clock)
    host.start()
    play_round([host, guest], host.code, database, random.Random(3), check_hidden=False)
    assert host.tap({"type": "next_round"}) == ""

    # Two draws: the match's seed (round 1 is dealt from it) and round 2's own.
    assert len(drawn) == 2 and all(bits >= 63 for bits, _ in drawn)
    searched = min(2**bits for bits, _ in drawn)
    assert searched / SEARCH_RATE / YEAR > 1_000_000  # years to try every seed at the measured rate
    (_, match_seed), (_, second_seed) = drawn
    with RoomService(database) as service:  # a page that has not followed the match replays it
        room = service.room(host.code)
        kept = service.kept(host.code)
        assert room.seed == match_seed and room.round == 2
        assert kept.game.seed == second_seed
        rules = service.rules_played(room)
    first = Match(rules, 2, match_seed).next_round()
    # The seeds a guesser who found the match's seed would try next are not the one round 2 was dealt from.
    derived = random.Random(match_seed)
    assert derived.randrange(2**63) == first.seed and derived.randrange(2**63) != second_seed

    # The history keeps each round's seed, so each round can be dealt again.
    play_round([host, guest], host.code, database, random.Random(4), check_hidden=False)
    with Store(database) as store:
        seeds = sorted(record.seed for record in store.games(room=host.code))
        recorded = store.games(room=host.code)
    assert seeds == sorted([first.seed, second_seed])
    for record in recorded:
        assert Round.replay(rules, record.players, record.seed, record.actions, record.leader).over
