"""Widgets driven in plain Python: click, set values, and check what the view shows against the engine."""

import html

import pytest

from matatu_learn.agents import make_agent
from matatu_learn.engine import Round
from matatu_learn.rules import PRESETS
from matatu_learn.rules_text import rules_sections
from matatu_learn.simulate import play_round
from matatu_learn.store import Store
from matatu_learn.widgets import HistoryBrowser, RulesBrowser, RulesComparison


@pytest.fixture
def database(tmp_path):
    path = tmp_path / "widgets.sqlite3"
    with Store(path) as store:
        store.publish("kampala-family", "uganda", {"cut_limit": 25, "queens_reverse": True})
        for seed in range(3):
            game = Round(PRESETS["party"], 2, seed)
            play_round(game, [make_agent("random", 0), make_agent("heuristic", 1)])
            store.record(game, "party", 1, ["random", "heuristic"])
    return path


def test_rules_browser_shows_the_generated_text_of_the_chosen_ruleset():
    browser = RulesBrowser()
    assert html.escape(rules_sections(PRESETS["house"])["The chopper"][0]) in browser.text.value
    browser.picker.value = "uganda"
    assert "a Jack reverses the order of play" in browser.text.value
    assert "base card" not in browser.text.value


def test_rules_comparison_highlights_exactly_the_switches_that_differ(database):
    comparison = RulesComparison(database)
    comparison.picker.value = (("uganda", 1), ("kampala-family", 1))
    rows = [row for row in comparison.table.value.split("<tr") if "<code>" in row]
    highlighted = {row.split("<code>")[1].split("</code>")[0] for row in rows if "background" in row}
    assert highlighted == {"cut_limit", "queens_reverse"}
    assert len(comparison.texts.children) == 2
    assert "worth 25 or less" in comparison.texts.children[1].value
    assert comparison.texts.get_title(1) == "kampala-family v1"


def test_history_lists_games_and_replays_them_step_by_step(database):
    browser = HistoryBrowser(database)
    assert browser.table.value.count("<tr>") == 4  # a header and three games
    assert browser.game_id.value == 3
    stepper = browser.stepper
    assert "replays exactly" in browser.stepper_box.children[0].value
    assert stepper.step == 0 and stepper.back.disabled and "The deal" in stepper.caption.value
    with Store(database) as store:
        record = store.game(3)
    stepper.next.click()
    assert stepper.step == 1
    first_action, explanation = stepper.report.steps[0]
    assert first_action == record.actions[0] and html.escape(explanation) in stepper.caption.value
    for _ in range(len(record.actions)):
        stepper.next.click()
    assert stepper.step == len(record.actions) and stepper.next.disabled
    assert "The round is over" in stepper.caption.value
    stepper.restart.click()
    assert stepper.step == 0


def test_history_filter_and_quick_games(database):
    browser = HistoryBrowser(database)
    browser.filter.value = "house"
    assert "No recorded games yet" in browser.table.value and browser.game_id.options == ()
    browser.quick.click()
    with Store(database) as store:
        assert len(store.games("house")) == 5
        assert all(store.replay(record.id).reproduced for record in store.games("house"))
    assert browser.table.value.count("<tr>") == 6
