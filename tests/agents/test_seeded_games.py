"""Seeded games end as they did: the same actions, the same log and the same result, game by game
(``seeded_games.py`` wrote the record; it plays every preset, and presets with switches, for 2 to 4
players, in random self-play, heuristic self-play and the heuristic against random players)."""

import json

import pytest
from seeded_games import GAMES, cases, key, played

RECORDED = json.loads(GAMES.read_text(encoding="utf-8"))


def test_the_record_covers_every_case():
    assert sorted(RECORDED) == sorted(key(*case) for case in cases())


@pytest.mark.parametrize("case", cases(), ids=lambda case: key(*case))
def test_seeded_games_are_played_as_they_were(case):
    assert played(*case) == RECORDED[key(*case)]
