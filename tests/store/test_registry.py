"""The registry: one place that finds a ruleset by name, never creating a database to say no."""

import json

import pytest

from matatu_learn.engine.errors import RulesError
from matatu_learn.engine.rules import PRESETS
from matatu_learn.store import Registry, Store
from matatu_learn.teaching.scenarios import run_scenario


def test_presets_answer_without_a_database(tmp_path):
    registry = Registry(tmp_path / "missing.sqlite3")
    assert registry.rules("house") == PRESETS["house"]
    assert registry.rules("house", 1) == PRESETS["house"]
    with pytest.raises(RulesError, match="house has no version 7: its versions are 1."):
        registry.rules("house", 7)
    with pytest.raises(
        RulesError, match="'kampala' is not a published ruleset: choose one of house, uganda, bomb, party."
    ):
        registry.rules("kampala")
    assert not (tmp_path / "missing.sqlite3").exists()


def test_a_mistyped_ruleset_in_a_scenario_creates_no_database(tmp_path, monkeypatch):
    database = tmp_path / "never.sqlite3"
    monkeypatch.setenv("MATATU_LEARN_DB", str(database))
    outcome = run_scenario({"name": "typo", "rules": "hosue", "position": {"hands": ["5♣", "6♣"], "pile": "4♣"}})
    assert not outcome.passed and "'hosue' is not a published ruleset" in outcome.message
    assert not database.exists()


def test_published_rulesets_are_found_by_the_same_registry(tmp_path, monkeypatch):
    database = tmp_path / "games.sqlite3"
    monkeypatch.setenv("MATATU_LEARN_DB", str(database))
    with Store(database) as store:
        store.publish("kampala-family", "uganda", {"cut_limit": 25})
    registry = Registry()
    assert registry.rules("kampala-family").cut_limit == 25
    assert registry.names() == ["house", "uganda", "bomb", "party", "kampala-family"]
    scenario = {
        "name": "published",
        "rules": "kampala-family",
        "position": {"hands": ["7♦ K♣ 9♥", "5♣ 6♣"], "pile": "9♦", "marker": "3♦"},
        "legal": ["play 9♥", "play 9♥ warning", "draw"],
    }
    outcome = run_scenario(json.loads(json.dumps(scenario)))
    assert outcome.passed, outcome.message
