"""Graded games at the Play table: a finished round is graded once for the page's learner and
kept; without a learner nothing is kept and the page says how to have games graded.

The grading runs here at once (a runner that calls the work itself) with few imagined deals; one
test runs it in a real thread handing the grade back to an event loop, and joins that thread.
"""

from __future__ import annotations

import asyncio
import html
import random
import threading

import pytest
from test_play import click_something, configure, state, tap

from matatu_learn.store.database import Store
from matatu_learn.store.progress import GamePlace, Progress
from matatu_learn.teaching.pages import page
from matatu_learn.teaching.progress import grade_words
from matatu_learn.widgets import PlayTable, game_grade
from matatu_learn.widgets.game_grade import GameGrade

DEALS = 2  # imagined deals a decision: enough to grade, quick


@pytest.fixture
def database(fresh_page, tmp_path, monkeypatch):
    """A fresh page with nobody on it, over a database of the test's own."""
    path = tmp_path / "grades.sqlite3"
    monkeypatch.setenv("MATATU_LEARN_DB", str(path))
    return path


class Runner:
    """Runs the grading at once, and counts how often it was asked to."""

    def __init__(self):
        self.runs = 0

    def __call__(self, work):
        self.runs += 1
        work()


def graded(database, name: str):
    with Store(database) as store:
        return Progress(store).graded_games(name)


def kept_grades(database) -> int:
    with Store(database) as store:
        return store.query("SELECT COUNT(*) FROM graded_games")[0][0]


def table_for(database, name: str | None, runner: Runner, seed: int = 4) -> PlayTable:
    table = PlayTable(
        database=database,
        seed=seed,
        schedule=lambda delay, callback: None,
        learner=lambda: name,
        grade_run=runner,
        grade_deals=DEALS,
    )
    return table


def finish_round(table: PlayTable, seed: int = 4) -> None:
    rng = random.Random(seed)
    for _ in range(2000):
        if table.session.over:
            return
        click_something(table, rng)
    raise AssertionError("the round did not end")


def test_a_finished_round_is_graded_once_for_the_learner_and_kept(database):
    runner = Runner()
    table = table_for(database, "Amina", runner)
    assert table.grade.value == "" and runner.runs == 0, "nothing is graded while the round is played"
    finish_round(table)
    game = table.session.recorded[-1]
    kept = graded(database, "Amina")
    assert [(entry.game, entry.seat, entry.learner) for entry in kept] == [(game, 0, "Amina")]
    # The grade is shown under the table, in the teaching layer's words, as text.
    for line in grade_words(kept[0], "house"):
        assert html.escape(line, quote=True) in table.grade.value
    assert f'data-graded-game="{game}"' in table.grade.value and "Traceback" not in table.grade.value
    assert table.children.index(table.grade) == table.children.index(table.board) + 1
    # Drawing again, or a tap after the end, grades nothing again.
    table.show()
    table.show()
    assert runner.runs == 1 and kept_grades(database) == 1
    # The grade stays until the next deal, which clears it.
    shown = table.grade.value
    tap(table, type="again")
    assert table.grade.value == "" and shown
    finish_round(table, seed=5)
    assert runner.runs == 2 and len(graded(database, "Amina")) == 2


def test_each_round_of_a_match_is_graded_and_the_next_round_clears_the_grade(database):
    runner = Runner()
    table = table_for(database, "Amina", runner, seed=7)
    configure(table, "party", None, ["heuristic"], seed=7)
    finish_round(table, seed=7)
    assert state(table)["result"]["next_round"], "party plays a match of five rounds"
    assert runner.runs == 1 and table.grade.value
    tap(table, type="next_round")
    assert table.grade.value == ""
    finish_round(table, seed=8)
    assert runner.runs == 2
    assert sorted(entry.game for entry in graded(database, "Amina")) == table.session.recorded


def test_without_a_learner_nothing_is_kept_and_the_page_says_how(database):
    runner = Runner()
    table = table_for(database, None, runner)
    finish_round(table)
    assert table.session.recorded, "the round is in the history as before"
    assert runner.runs == 0 and kept_grades(database) == 0
    assert game_grade.NO_LEARNER in table.grade.value
    assert 'href="index.ipynb?rules=' in table.grade.value and "learner=" not in table.grade.value


def test_the_landing_pages_link_is_escaped(database, monkeypatch):
    monkeypatch.setattr(game_grade, "page_link", lambda page_id: f'{page(page_id).notebook}?rules=house&x="><b>')
    grade = GameGrade(database)
    grade.invite()
    assert 'href="index.ipynb?rules=house&amp;x=&quot;&gt;&lt;b&gt;"' in grade.value and "<b>" not in grade.value


def test_a_game_that_cannot_be_graded_is_one_sentence_never_a_traceback(database, monkeypatch):
    Store(database).close()
    grade = GameGrade(database, run=Runner(), deals=DEALS)
    grade.grade(999, 0, "Amina", GamePlace.PLAY)
    assert grade.value.count("<li>") == 1 and "Your game could not be graded: " in grade.value
    assert "Traceback" not in grade.value

    def broken(*arguments):
        raise RuntimeError("<b>boom</b>")

    monkeypatch.setattr(game_grade, "graded_lines", broken)
    grade.grade(1, 0, "Amina", GamePlace.PLAY)
    assert game_grade.NOT_GRADED_AT_ALL in grade.value and "boom" not in grade.value


def test_a_grade_made_after_the_next_deal_is_kept_but_not_shown(database):
    held = []
    table = table_for(database, "Amina", held.append)
    finish_round(table)
    assert game_grade.GRADING in table.grade.value and 'role="status"' in table.grade.value
    tap(table, type="again")
    held.pop()()  # the grading finishes after the new deal
    assert table.grade.value == "" and len(graded(database, "Amina")) == 1


def test_the_grade_comes_back_to_the_kernels_event_loop_from_its_thread(database):
    table = table_for(database, None, Runner())
    finish_round(table)  # a recorded round to grade
    game = table.session.recorded[-1]
    threads = []

    def in_a_thread(work):
        thread = threading.Thread(target=work)
        threads.append(thread)
        thread.start()

    async def page():
        grade = GameGrade(database, run=in_a_thread, deals=DEALS)
        grade.grade(game, 0, "Amina", GamePlace.PLAY)
        threads[0].join()
        assert game_grade.GRADING in grade.value, "shown on the loop's thread, not the grading's"
        await asyncio.sleep(0)
        return grade.value

    shown = asyncio.run(page())
    assert f'data-graded-game="{game}"' in shown and len(graded(database, "Amina")) == 1
