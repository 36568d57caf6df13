"""The learner's games count on their path wherever they are played: the coached first game and
the game without help on the first game's page are counted (and graded) for the page's learner."""

from __future__ import annotations

import random

import pytest
from remembered_search import remember_the_search
from test_play import click_something

from matatu_learn.store.database import Store
from matatu_learn.store.progress import GamePlace, Progress
from matatu_learn.teaching.coach import first_game_seeds
from matatu_learn.teaching.path import StepState, path_standing
from matatu_learn.widgets.first_game import FirstGame
from matatu_learn.widgets.game_grade import NO_LEARNER


@pytest.fixture(scope="module", autouse=True)
def searched_once():
    """The coach's advice and verdicts, each position's searched once a process (tests/remembered_search.py)."""
    with remember_the_search():
        yield


@pytest.fixture
def database(fresh_page, tmp_path, monkeypatch):
    path = tmp_path / "games.sqlite3"
    monkeypatch.setenv("MATATU_LEARN_DB", str(path))
    return path


def play_to_the_end(page: FirstGame, seed: int = 3) -> None:
    rng = random.Random(seed)
    for _ in range(2000):
        if page.table.over:
            return
        click_something(page, rng)
    raise AssertionError("the round did not end")


def first_game(database, learner, runs):
    def run(work):
        runs.append(work)
        work()

    return FirstGame(
        first_game_seeds()[-1],
        database=database,
        schedule=lambda delay, callback: callback(),
        free_seed=5,
        learner=lambda: learner,
        grade_run=run,
        grade_deals=2,
    )


def test_the_coached_game_and_the_game_without_help_count_and_are_graded_for_the_learner(database):
    runs = []
    page = first_game(database, "Amina", runs)
    play_to_the_end(page)
    coached = page.table.screen.recorded[-1]
    assert len(runs) == 1 and f'data-graded-game="{coached}"' in page.grade.value
    page.show()  # drawn again: counted and graded once
    assert len(runs) == 1
    page.without_help.click()
    assert page.grade.value == "", "a new deal clears the grade"
    play_to_the_end(page)
    assert len(runs) == 2
    with Store(database) as store:
        progress = Progress(store)
        mine = progress.progress("Amina")
        graded = {entry.game for entry in progress.graded_games("Amina")}
    assert mine.games == 2 and graded == {coached, page.table.screen.recorded[-1]}
    assert {place: at.finished for place, at in mine.played.items()} == {
        GamePlace.COACHED: 1,
        GamePlace.WITHOUT_HELP: 1,
    }
    states = {entry.step.id: entry.state for entry in path_standing(mine)}
    assert states["coached-game"] is StepState.DONE and states["game-without-help"] is StepState.DONE


def test_without_a_learner_the_first_game_keeps_nothing_and_says_how(database):
    runs = []
    page = first_game(database, None, runs)
    play_to_the_end(page)
    assert runs == [] and NO_LEARNER in page.grade.value
    with Store(database) as store:
        assert Progress(store).learners() == []


def test_the_landing_page_says_when_the_path_is_finished_and_offers_what_comes_after(fresh_page):
    from dataclasses import replace

    from matatu_learn.store.progress import LearnerProgress, LessonRecord, PlayedAt
    from matatu_learn.teaching.lessons import LESSON_PATH
    from matatu_learn.widgets.your_progress import path_html

    nobody = LearnerProgress("Amina", {}, 0, 0, 1500.0, 350.0, 0, 0, None, 0, 0, 0, "t")
    lessons = {lesson: LessonRecord(lesson, 1, 1, "t", "t") for lesson, _ in LESSON_PATH}
    almost = replace(nobody, lessons=lessons, puzzles_attempted=10, puzzles_right=10)
    almost = replace(almost, played={GamePlace.COACHED: PlayedAt(1, 0), GamePlace.PLAY: PlayedAt(1, 1)})
    shown = path_html(almost)
    assert 'data-path-finished="false"' in shown and 'data-step="room-game" data-state="next"' in shown
    assert "You have finished the path" not in shown
    finished = path_html(replace(almost, played={**almost.played, GamePlace.ROOM: PlayedAt(1, 0)}))
    assert 'data-path-finished="true"' in finished and "You have finished the path!" in finished
    for link in (
        "06-can-you-cut.ipynb?",
        "12-rooms.ipynb?",
        "09-strategy-lab.ipynb?",
        "01-the-deal.ipynb?rules=uganda",
    ):
        assert f'href="{link}' in finished, link
    end = finished[finished.index('data-path-finished="true">') : finished.index("</div>")]
    assert 'href="01-the-deal.ipynb?rules=house"' not in end, "the ruleset learned is not offered again"
