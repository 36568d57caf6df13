"""What a page does with what a client sends, and with a store it cannot use.

A client can raise any widget's ``max`` and send a value past it, empty a choice, or send a
huge text; the kernel checks against the bounds written in Python. A busy database inside a
page callback becomes a sentence on the page, never a traceback.
"""

import sqlite3
from datetime import UTC, datetime

import pytest

from matatu_learn.engine.errors import MatatuError
from matatu_learn.widgets import strategy_lab
from matatu_learn.widgets.history import BUSY, HistoryBrowser, RulesComparison
from matatu_learn.widgets.lesson_views import CutMeter, DealExplorer, MatchView
from matatu_learn.widgets.page import kernel_page
from matatu_learn.widgets.play_table import PlayTable
from matatu_learn.widgets.puzzle_trainer import LARGEST_UPLOAD, SET_NUMBERS, PuzzleTrainer
from matatu_learn.widgets.views import RulesetPicker

HOSTILE = 10**7


def raise_bound(box, value=HOSTILE):
    """What a hostile client does: move the widget's own bound, then send a value past the kernel's."""
    box.max = value
    box.value = value


@pytest.fixture(autouse=True)
def fresh_budget(fresh_page):
    """A fresh page: its budget whole."""


def test_the_review_simulates_the_kernels_number_of_deals(tmp_path, monkeypatch):
    asked = []

    def counting(*arguments, samples, **options):
        asked.append(samples)
        raise MatatuError("Stopped here: the test needs only the number of deals asked for.")

    review = strategy_lab.GameReview(tmp_path / "lab.sqlite3", samples=20)
    review.quick.click()
    monkeypatch.setattr(strategy_lab, "review_round", counting)
    raise_bound(review.samples)
    review.run_review(progress=False)
    assert asked == [strategy_lab.REVIEW_SAMPLES[1]] == [400]
    assert "Deals a move must be from 20 to 400: 400 was used." in review.message.value


def test_a_deal_never_has_more_seats_than_the_rules_allow():
    explorer = DealExplorer("house")
    raise_bound(explorer.players)  # the observer deals at once
    assert explorer.game.players == 6
    assert "Players must be from 2 to 6: 6 was used." in explorer.explanation.value
    raise_bound(explorer.seed, 10**40)
    explorer.deal_button.click()
    assert explorer.game.seed == 10**9 and "The seed must be from 0 to 1,000,000,000" in explorer.explanation.value
    match = MatchView("party")
    raise_bound(match.players)
    assert match.match.players == 6 and "Players must be from 2 to 6: 6 was used." in match.how.value


def test_the_play_table_and_the_puzzles_keep_their_own_bounds(tmp_path):
    table = PlayTable(database=tmp_path / "play.sqlite3")
    raise_bound(table.seed, 10**40)
    table.deal_button.click()
    assert table.session.seed == 10**9 and "The seed must be from 0 to 1,000,000,000" in table.settings_note.value
    trainer = PuzzleTrainer("house")
    raise_bound(trainer.set_number, 10**40)
    trainer.try_set.click()
    assert f"The set number must be from 0 to {SET_NUMBERS:,}" in trainer.level_note.value
    assert trainer.puzzle == PuzzleTrainer("house", set_number=SET_NUMBERS).puzzle


def test_an_oversized_upload_or_text_gets_a_sentence():
    trainer = PuzzleTrainer("house")
    before = trainer.puzzle
    big = {"name": "big.json", "type": "", "size": LARGEST_UPLOAD + 1, "content": b" " * (LARGEST_UPLOAD + 1)}
    trainer.upload.value = (dict(big, last_modified=datetime.now(UTC)),)
    assert "The file was not loaded." in trainer.feedback.value and "at most 1,000 kB" in trainer.feedback.value
    assert trainer.custom is None and trainer.puzzle == before
    meter = CutMeter("house")
    meter.hand_text.value = "7♦ " * 10**5
    assert "The hand is longer than 200 characters: shorten it." in meter.verdict.value
    calculator = strategy_lab.OddsCalculator()
    calculator.others.value = "3 " * 10**6
    assert "is longer than 200 characters: shorten it." in calculator.position.value
    assert len(calculator.position.value) < 300


@pytest.mark.parametrize(
    ("content", "sentence"),
    [
        ('[{"rules": "house", "position": {"hands": [' + "9" * 5000 + "]}}]", "a number longer than 30 digits"),
        ("[" * 100_000, "lists or objects nested deeper than 32 levels"),
        ("[" * 40 + "]" * 40, "lists or objects nested deeper than 32 levels"),
    ],
    ids=["huge-integer", "nested-past-the-parser", "nested-past-the-bound"],
)
def test_a_puzzle_file_the_trainer_cannot_read_gets_a_sentence(content, sentence):
    trainer = PuzzleTrainer("house")
    before = trainer.puzzle
    upload = {"name": "odd.json", "type": "", "size": len(content), "content": content.encode()}
    trainer.upload.value = (dict(upload, last_modified=datetime.now(UTC)),)
    assert "The file was not loaded." in trainer.feedback.value
    assert f"odd.json holds {sentence}" in trainer.feedback.value
    assert trainer.custom is None and trainer.puzzle == before


def test_a_client_cannot_empty_a_ruleset_choice_or_rewrite_its_options():
    picker = RulesetPicker("uganda")
    picker.set_state({"index": None})  # what the browser's message would carry
    assert picker.value == "uganda" and picker.rules.cut_limit == 30
    picker.set_state({"_options_labels": ["x"] * 3})
    assert picker._options_labels[0] == "House rules"
    picker.set_state({"index": 0})
    assert picker.value == "house"


class QuickTimeout(sqlite3.Connection):
    """A connection whose busy wait is 0.2 s, not the store's 30 s: the same refusal, sooner."""

    def execute(self, sql, *parameters):
        if sql.startswith("PRAGMA busy_timeout"):
            sql = "PRAGMA busy_timeout = 200"
        return super().execute(sql, *parameters)


def test_a_busy_database_inside_a_page_callback_is_a_sentence(tmp_path, monkeypatch):
    database = tmp_path / "busy.sqlite3"
    history = HistoryBrowser(database)
    comparison = RulesComparison(database)
    history.quick.click()
    first = history.game_id.value
    kernel_page().close_databases()  # the page's own connection would keep the holder below from locking the file whole
    holder = sqlite3.connect(database, isolation_level=None)
    holder.execute("PRAGMA locking_mode = EXCLUSIVE")  # readers are shut out too, not only writers
    holder.execute("BEGIN EXCLUSIVE")
    holder.execute(
        "INSERT INTO games (ruleset, version, players, seats, seed, leader, actions, reason, winners, "
        "totals, points, started_at, ended_at) SELECT ruleset, version, players, seats, seed, leader, "
        "actions, reason, winners, totals, points, started_at, ended_at FROM games LIMIT 1"
    )
    connect = sqlite3.connect
    monkeypatch.setattr(sqlite3, "connect", lambda *a, **k: connect(*a, **dict(k, timeout=0.2, factory=QuickTimeout)))
    try:
        for callback in (
            history.quick.click,  # a write
            history.refresh,  # a read
            lambda: history.show_game(first),
        ):
            history.problem.value = ""
            callback()  # a callback that raised would fail here (tests/conftest.py)
            assert history.problem.value == f"<p>✘ {BUSY}</p>"
        comparison.picker.value = comparison.picker.value[:1]
        assert BUSY in comparison.problem.value
    finally:
        holder.execute("ROLLBACK")
        holder.close()
    history.refresh()
    assert history.problem.value == "" and history.game_id.value == first
