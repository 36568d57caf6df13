"""The learner's path as facts: each step done, next or later, the stars it was done with, the
next step moving on as steps are done, and the end of the path; the same counts for the command
and the class page."""

import pytest

from matatu_learn.agents.choices import make_agent
from matatu_learn.agents.simulate import play_round
from matatu_learn.engine.round import Round
from matatu_learn.engine.rules import PRESETS
from matatu_learn.store.database import Store
from matatu_learn.store.progress import GamePlace, Progress
from matatu_learn.teaching.grades import keep_played
from matatu_learn.teaching.lessons import LESSON_PATH
from matatu_learn.teaching.path import (
    PATH_STEP_WORDS,
    PUZZLE_LESSON,
    SET_SIZE,
    STEPS,
    StepState,
    next_step,
    path_standing,
    steps_done,
    where_next,
)
from matatu_learn.teaching.progress import answer_lesson, answer_puzzle, class_rows, progress_json
from matatu_learn.teaching.puzzles import generate_puzzle


class Clock:
    def __init__(self):
        self.now = 1_800_000_000.0

    def __call__(self) -> float:
        self.now += 1
        return self.now


@pytest.fixture
def progress(tmp_path):
    with Store(tmp_path / "path.sqlite3") as store:
        yield Progress(store, Clock())


def standing(progress, step_id):
    return next(entry for entry in path_standing(progress.progress("Amina")) if entry.step.id == step_id)


def states(progress):
    return {entry.step.id: (entry.state.value, entry.stars) for entry in path_standing(progress.progress("Amina"))}


def a_game(progress, seed: int, learner_wins: bool) -> int:
    """A recorded round whose seat 0 won (or not), as wanted: the seeds are searched, never assumed."""
    for attempt in range(seed, seed + 200):
        game = Round(PRESETS["house"], 2, seed=attempt)
        play_round(game, [make_agent("heuristic", 1), make_agent("heuristic", 2)])
        recorded = progress.database.record(game, "house", 1, ["Amina", "Computer"])
        if (0 in progress.database.game(recorded).winners) == learner_wins:
            return recorded
    raise AssertionError("no such round")


def do_lessons(progress):
    """Lessons 1 to 5 by their practice, lesson 6 by a puzzle right at the first try."""
    for lesson, _ in LESSON_PATH:
        if lesson == PUZZLE_LESSON:
            answer_puzzle(progress, "Amina", generate_puzzle("house", "easy", seed=5, index=0), True)
        else:
            answer_lesson(progress, "Amina", lesson, "house", 1, True)


def test_nobody_yet_has_the_first_lesson_next_and_every_other_step_later():
    standings = path_standing(None)
    assert [entry.step.id for entry in standings] == [
        *(lesson for lesson, _ in LESSON_PATH),
        "coached-game",
        "game-without-help",
        "puzzle-set",
        "room-game",
    ]
    assert [entry.state for entry in standings] == [StepState.NEXT] + [StepState.LATER] * (len(STEPS) - 1)
    assert all(entry.stars == 0 for entry in standings)
    assert where_next(None) == ("the-deal", "Start lesson 1: The deal →")


def test_a_lessons_stars_say_how_many_wrong_answers_came_before_the_first_right_one(progress):
    answer_lesson(progress, "Amina", "the-deal", "house", 1, True)
    for right in (False, True):
        answer_lesson(progress, "Amina", "matching-and-turns", "house", 1, right)
    for right in (False, False, False, True):
        answer_lesson(progress, "Amina", "special-cards", "house", 1, right)
    assert standing(progress, "the-deal").stars == 3 and standing(progress, "the-deal").why == "right at the first try"
    assert standing(progress, "matching-and-turns").stars == 2
    assert standing(progress, "special-cards").stars == 1
    # What comes after the step is done does not take its stars away.
    answer_lesson(progress, "Amina", "the-deal", "house", 2, False)
    assert standing(progress, "the-deal").stars == 3
    assert states(progress)["chopper-arithmetic"] == ("next", 0)


def test_the_puzzles_lesson_is_done_by_a_first_try_right_and_its_stars_count_the_misses_before(progress):
    for index, right in enumerate((False, True)):
        answer_puzzle(progress, "Amina", generate_puzzle("house", "easy", seed=3, index=index), right)
    assert states(progress)["can-you-cut"] == ("done", 2)


def test_finishing_a_step_moves_next_on_through_the_games_puzzles_and_room_to_the_end(progress):
    do_lessons(progress)
    assert states(progress)["coached-game"] == ("next", 0)
    assert where_next(progress.progress("Amina")) == ("first-game", "Go on: Your first game, with a coach →")

    keep_played(progress.database, a_game(progress, 1, learner_wins=False), 0, "Amina", GamePlace.COACHED)
    assert states(progress)["coached-game"] == ("done", 3)
    assert states(progress)["game-without-help"] == ("next", 0)
    assert where_next(progress.progress("Amina"))[0] == "play"

    lost = a_game(progress, 1, learner_wins=False)
    keep_played(progress.database, lost, 0, "Amina", GamePlace.WITHOUT_HELP)
    assert not keep_played(progress.database, lost, 0, "Amina", GamePlace.WITHOUT_HELP), "a game counts once"
    assert states(progress)["game-without-help"] == ("done", 2)
    keep_played(progress.database, a_game(progress, 1, learner_wins=True), 0, "Amina", GamePlace.PLAY)
    assert states(progress)["game-without-help"] == ("done", 3), "won at the Play table: a game without help"
    assert states(progress)["puzzle-set"] == ("next", 0)

    for index in range(SET_SIZE - 2):  # lesson 6's puzzle was the first of the set
        answer_puzzle(progress, "Amina", generate_puzzle("house", "easy", seed=7, index=index), index % 2 == 0)
    assert states(progress)["puzzle-set"] == ("next", 0), "a set is ten puzzles"
    answer_puzzle(progress, "Amina", generate_puzzle("house", "easy", seed=7, index=SET_SIZE), True)
    assert states(progress)["puzzle-set"] == ("done", 2), "6 of 10 right: two stars"
    assert states(progress)["room-game"] == ("next", 0)
    assert where_next(progress.progress("Amina"))[0] == "rooms"

    keep_played(progress.database, a_game(progress, 1, learner_wins=False), 0, "Amina", GamePlace.ROOM)
    mine = progress.progress("Amina")
    standings = path_standing(mine)
    assert next_step(standings) is None and steps_done(standings) == len(STEPS)
    assert all(entry.state is StepState.DONE and entry.stars >= 1 for entry in standings)
    assert where_next(mine) == ("can-you-cut", PATH_STEP_WORDS["after"])
    # The command and the class page count the same.
    data = progress_json(mine)
    assert data["steps_done"] == len(STEPS) and data["games"] == 4
    assert data["path"]["room-game"] == {"state": "done", "stars": 3}
    assert data["played"] == {
        "coached": {"finished": 1, "won": 0},
        "without-help": {"finished": 1, "won": 0},
        "play": {"finished": 1, "won": 1},
        "room": {"finished": 1, "won": 0},
    }
    assert class_rows([mine])[0][1:3] == (f"{len(LESSON_PATH)} of {len(LESSON_PATH)}", f"{len(STEPS)} of {len(STEPS)}")


def test_a_step_done_out_of_order_stays_done_and_next_is_the_first_not_done(progress):
    keep_played(progress.database, a_game(progress, 1, learner_wins=True), 0, "Amina", GamePlace.ROOM)
    found = states(progress)
    assert found["room-game"] == ("done", 3) and found["the-deal"] == ("next", 0)
    assert found["coached-game"] == ("later", 0)


@pytest.mark.parametrize(("right", "stars"), [(8, 3), (5, 2), (4, 1)])
def test_a_puzzle_sets_stars_are_its_share_right_at_the_first_try(progress, right, stars):
    for index in range(SET_SIZE):
        answer_puzzle(progress, "Amina", generate_puzzle("house", "easy", seed=9, index=index), index < right)
    assert states(progress)["puzzle-set"] == ("done", stars)
