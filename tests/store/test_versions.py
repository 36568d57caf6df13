"""Next versions of the presets and of a table's own rules (docs/rules.md §9)."""

import hashlib
import sqlite3
from pathlib import Path

import pytest

from matatu_learn.agents.choices import make_agent
from matatu_learn.agents.simulate import play_round
from matatu_learn.cli import main
from matatu_learn.engine.errors import MatatuError, RulesError
from matatu_learn.engine.round import Round
from matatu_learn.engine.rules import PRESETS
from matatu_learn.store import Registry, Store
from matatu_learn.teaching.puzzles import puzzle_set
from matatu_learn.teaching.scenarios import read_position, read_rules, run_scenario


@pytest.fixture
def database(tmp_path, monkeypatch):
    path = tmp_path / "versions.sqlite3"
    monkeypatch.setenv("MATATU_LEARN_DB", str(path))
    return path


def test_a_preset_takes_a_next_version_and_its_first_never_changes(database, capsys):
    assert main(["rules", "publish", "house", "--set", "cut_limit=25"]) == 0
    assert capsys.readouterr().out.startswith("house v2 is published")
    registry = Registry()
    assert registry.rules("house").cut_limit == 25 and registry.rules("house", 2).cut_limit == 25
    assert registry.rules("house", 1) == PRESETS["house"]
    assert registry.ruleset("house", 2).base == "house" and registry.ruleset("house", 2).title
    # Publishing the same switches again publishes nothing new; the next change is v3.
    with Store() as store:
        assert store.publish("house", None, {"cut_limit": 25}) == 2
        assert store.publish("house", "house", {"jokers": True}) == 3
        third = store.rules("house", 3)
        assert (third.cut_limit, third.jokers) == (25, True)  # a next version starts from the latest
        assert store.rules("house", 1) == PRESETS["house"]


def test_a_scenario_naming_a_preset_means_its_published_version_everywhere(database):
    with Store() as store:
        store.publish("house", None, {"cut_limit": 25})
    position = {"hands": ["7♦ K♣ 9♥", "K♠ Q♠"], "pile": "9♦", "marker": "3♦"}  # 22 left after the chop
    as_published = run_scenario(
        {"name": "v1", "rules": "house", "position": position, "legal": ["play 9♥", "draw", "pass"]}
    )
    assert as_published.passed, as_published.message
    next_version = run_scenario(
        {
            "name": "v2",
            "rules": {"preset": "house", "version": 2},
            "position": position,
            "legal": ["cut 7♦", "play 9♥", "draw", "pass"],
        }
    )
    assert next_version.passed, next_version.message


def test_a_game_recorded_under_v2_replays_under_v2_after_v3_exists(database):
    with Store() as store:
        store.publish("house", None, {"cut_limit": 25})
        game = Round(store.rules("house", 2), 2, seed=9)
        play_round(game, [make_agent("heuristic", 1), make_agent("heuristic", 2)])
        game_id = store.record(game, "house", 2, ["heuristic", "heuristic"])
        store.publish("house", None, {"cut_limit": 30, "hand_size": 5})
        assert store.versions("house") == [1, 2, 3]
        report = store.replay(game_id)
    assert report.reproduced and report.record.version == 2
    assert report.game.rules == Registry().rules("house", 2)


def test_a_name_taken_by_another_ruleset_is_refused_and_nothing_is_published(database):
    with Store() as store:
        store.publish("kampala-family", "uganda", {"cut_limit": 25})
        with pytest.raises(RulesError, match="'kampala-family' is already a ruleset based on uganda"):
            store.publish("kampala-family", "bomb", {})
        assert store.publish("kampala-family", "uganda", {"cut_limit": 20}) == 2  # its next version, from its origin
        assert store.publish("kampala-family", None, {"queens_reverse": True}) == 3
        assert store.versions("kampala-family") == [1, 2, 3]
        with pytest.raises(RulesError, match="'house' is already a ruleset based on house"):
            store.publish("house", "kampala-family", {})
        with pytest.raises(MatatuError, match="'nope' is not a switch"):
            store.publish("house", None, {"nope": 1})
        assert store.versions("house") == [1]


def test_a_read_only_database_is_read_publishes_nothing_and_says_so(database, capsys, monkeypatch):
    with Store() as store:
        store.publish("kampala-family", "uganda", {"cut_limit": 25})
    before = hashlib.sha256(database.read_bytes()).hexdigest()
    connect = sqlite3.connect

    def read_only(path, *arguments, **options):
        # The file opened as a read-only SQLite database (file modes do not stop root).
        return connect(f"{Path(path).as_uri()}?mode=ro", *arguments, uri=True, **options)

    monkeypatch.setattr("matatu_learn.store.database.sqlite3.connect", read_only)
    assert Registry().rules("kampala-family").cut_limit == 25  # reading still works
    assert main(["rules", "publish", "house", "--set", "cut_limit=25"]) == 2
    assert "is read-only (its file or folder cannot be written)" in capsys.readouterr().err
    monkeypatch.undo()
    assert hashlib.sha256(database.read_bytes()).hexdigest() == before
    with Store() as store:
        assert store.versions("house") == [1]


def test_rules_prints_any_switch_mix_without_publishing(database, capsys):
    assert main(["rules", "uganda", "--set", "jokers=true", "--set", "cut_limit=25"]) == 0
    text = capsys.readouterr().out
    assert text.startswith("uganda v1 with jokers=true, cut_limit=25 (not published)")
    assert "The deck has 54 cards" in text and "cut_limit = 25" in text
    assert Registry().names() == ["house", "uganda", "bomb", "party"] and Registry().rules("uganda").cut_limit == 30
    assert main(["rules", "uganda", "--set", "cut_limit=3"]) == 2
    assert "cut_limit must be at least 14" in capsys.readouterr().err


def test_a_published_ruleset_can_be_drilled_in_puzzles_and_simulated(database, capsys):
    assert main(["rules", "publish", "kampala", "--from", "uganda", "--set", "cut_limit=25", "--set", "decks=2"]) == 0
    capsys.readouterr()
    puzzles = puzzle_set("kampala", "medium", 6, seed=3)
    assert all(puzzle.rules == {"preset": "kampala", "version": 1} for puzzle in puzzles)
    for puzzle in puzzles:  # each answer is the engine's in the position under the published rules
        game = read_position(read_rules(puzzle.rules), puzzle.position)
        assert game.rules.cut_limit == 25 and game.rules.decks == 2
    assert main(["simulate", "--rules", "kampala", "--games", "3", "--json"]) == 0
    assert '"games": 3' in capsys.readouterr().out
