"""Learners' progress: ratings by the glicko2 library, first attempts, the mistakes queue on a fake
clock, lessons, graded games kept once, names, privacy, two writers at once, and the command."""

import json
import multiprocessing
import subprocess
import sys
import threading

import pytest

from matatu_learn.agents.choices import make_agent
from matatu_learn.agents.simulate import play_round
from matatu_learn.cli import main
from matatu_learn.engine.round import Round
from matatu_learn.engine.rules import PRESETS
from matatu_learn.store.database import MIGRATIONS, RecordError, Store, StoreError
from matatu_learn.store.progress import PROGRESS_MIGRATION, Progress, PuzzleEntry, Rating, learner_name
from matatu_learn.teaching.grades import grade_game
from matatu_learn.teaching.mistakes import AGAIN_LATER, AGAIN_SOON
from matatu_learn.teaching.progress import (
    SET_SIZE,
    answer_lesson,
    answer_puzzle,
    answer_words,
    draw_set,
    due_mistakes,
    grade_words,
    grow_pool,
    learner_from_query,
    lesson_statuses,
    mistake_item,
    progress_lines,
    puzzle_entry,
    puzzle_key,
    seed_rating,
)
from matatu_learn.teaching.puzzles import LEVELS, Puzzle, generate_puzzle
from matatu_learn.teaching.ratings import rated, record_puzzle_answer


class Clock:
    """A clock the test moves by hand (here, not from conftest: the spawned processes below import
    this module where the tests' conftest is not the one found first)."""

    def __init__(self, now: float = 1_800_000_000.0):
        self.now = now

    def __call__(self) -> float:
        return self.now


@pytest.fixture
def database(tmp_path):
    return tmp_path / "progress.sqlite3"


@pytest.fixture
def clock():
    return Clock()


@pytest.fixture
def progress(database, clock):
    with Store(database) as store:
        yield Progress(store, clock)


def a_puzzle(index: int = 0) -> Puzzle:
    return generate_puzzle("house", "easy", seed=5, index=index)


def test_the_progress_tables_are_a_migration_of_the_store():
    assert MIGRATIONS[-1] is PROGRESS_MIGRATION or PROGRESS_MIGRATION in MIGRATIONS


# ------------------------------------------------------------------ ratings
def test_a_rating_moves_as_in_glickmans_worked_example():
    """Glickman's paper: 1500/200 beats 1400/30, loses to 1550/100 and 1700/300 → 1464.06, 151.52, 0.05999.
    The paper rounds its steps; the library computes them whole (1464.0507)."""
    after = rated(Rating(1500, 200, 0.06), [(Rating(1400, 30), 1), (Rating(1550, 100), 0), (Rating(1700, 300), 0)])
    assert after.rating == pytest.approx(1464.06, abs=0.01)
    assert after.deviation == pytest.approx(151.52, abs=0.01)
    assert after.volatility == pytest.approx(0.05999, abs=0.00001)


def test_only_the_first_attempt_at_a_puzzle_is_rated(progress):
    puzzle = a_puzzle()
    first = answer_puzzle(progress, "Amina", puzzle, True)
    assert first.first and first.after.rating > first.before.rating
    assert first.puzzle_after.rating < first.puzzle_before.rating  # the puzzle lost to her
    again = answer_puzzle(progress, "amina", puzzle, False)
    assert not again.first and again.after == again.before == first.after
    assert progress.puzzle(puzzle_key(puzzle)).rating.rating == pytest.approx(first.puzzle_after.rating)
    assert "Only your first try" in answer_words(again)
    mine = progress.progress("Amina")
    assert (mine.puzzles_attempted, mine.puzzles_right) == (1, 1)
    assert [round(change.after) for change in progress.rating_history("AMINA")] == [round(first.after.rating)]


def test_a_wrong_first_answer_lowers_the_learner_and_raises_the_puzzle(progress):
    answer = answer_puzzle(progress, "Kato", a_puzzle(1), False)
    assert answer.change < 0 and answer.puzzle_after.rating > answer.puzzle_before.rating
    assert answer_words(answer).startswith("Your rating: ") and "(−" in answer_words(answer)


def test_seed_ratings_come_from_the_rule_of_thumb_solvers():
    easy = [seed_rating(generate_puzzle("uganda", "easy", 0, index)).rating for index in range(10)]
    hard = [seed_rating(generate_puzzle("uganda", "hard", 0, index)).rating for index in range(10)]
    assert sum(easy) / 10 < sum(hard) / 10
    assert all(1200 < rating < 2000 for rating in easy + hard)


def test_a_set_is_drawn_near_the_learners_rating_from_puzzles_not_tried(progress):
    drawn = draw_set(progress, "Sarah", "house", count=5, seed=1)
    assert len(drawn) == 5 and len({puzzle_key(puzzle) for puzzle in drawn}) == 5
    ratings = sorted(entry.rating.rating for entry in map(progress.puzzle, map(puzzle_key, drawn)))
    assert ratings == [progress.puzzle(puzzle_key(puzzle)).rating.rating for puzzle in drawn]  # easiest first
    everyone = sorted(abs(entry.rating.rating - 1500) for entry in progress.puzzles_near("nobody yet", "house", 1000))
    assert max(abs(rating - 1500) for rating in ratings) <= everyone[14]  # among the 15 nearest
    for puzzle in drawn:
        answer_puzzle(progress, "Sarah", puzzle, True)
    again = draw_set(progress, "Sarah", "house", count=5, seed=1)
    assert not {puzzle_key(puzzle) for puzzle in again} & {puzzle_key(puzzle) for puzzle in drawn}


def test_a_numbered_set_met_puzzle_by_puzzle_still_joins_the_pool_whole(progress):
    # A class's set 0, one puzzle answered: the pool must still hold all of set 0 once it grows.
    answer_puzzle(progress, "Sarah", generate_puzzle("house", "easy", 0, 3), True, set_number=0, number=3)
    assert progress.pool_sets("house", SET_SIZE) == {}
    grow_pool(progress, "house", sets=1)
    kept = {puzzle_key(generate_puzzle("house", "easy", 0, index)) for index in range(SET_SIZE)}
    assert progress.known_puzzles(kept) == kept
    assert progress.pool_sets("house", SET_SIZE) == {level: {0} for level in LEVELS}


# ------------------------------------------------------------------ mistakes
def test_the_mistakes_queue_follows_its_schedule(progress, clock):
    puzzle = a_puzzle(2)
    answer_puzzle(progress, "Bo", puzzle, False)
    [mistake] = progress.mistakes("Bo")
    assert (mistake.kind, mistake.key, mistake.streak, mistake.due) == (
        "puzzle",
        puzzle_key(puzzle),
        0,
        clock.now + AGAIN_SOON,
    )
    assert progress.mistakes_due("Bo") == []
    clock.now += AGAIN_SOON - 1
    answer_puzzle(progress, "Bo", puzzle, True)  # right, but before it is due: nothing changes
    assert progress.mistakes("Bo")[0].streak == 0 and progress.mistakes_due("Bo") == []
    clock.now += 1
    [(due, asked)] = due_mistakes(progress, "Bo")
    assert asked == puzzle
    answer_puzzle(progress, "Bo", puzzle, True)  # right once: back in a day
    [mistake] = progress.mistakes("Bo")
    assert (mistake.streak, mistake.due) == (1, clock.now + AGAIN_LATER)
    clock.now += AGAIN_LATER
    answer_puzzle(progress, "Bo", puzzle, False)  # wrong again: back to the start
    [mistake] = progress.mistakes("Bo")
    assert (mistake.streak, mistake.misses, mistake.due) == (0, 2, clock.now + AGAIN_SOON)
    clock.now += AGAIN_SOON
    answer_puzzle(progress, "Bo", puzzle, True)
    clock.now += AGAIN_LATER
    answer_puzzle(progress, "Bo", puzzle, True)  # right twice in a row: off the queue
    assert progress.mistakes("Bo") == []


def test_lesson_questions_are_kept_and_asked_again(progress, clock):
    answer_lesson(progress, "Bo", "chopper-arithmetic", "uganda", 3, False)
    record = answer_lesson(progress, "Bo", "chopper-arithmetic", "uganda", 4, True)
    assert (record.asked, record.right, record.done) == (2, 1, True)
    clock.now += AGAIN_SOON
    [(mistake, question)] = due_mistakes(progress, "Bo")
    assert (mistake.kind, mistake.lesson, mistake.key) == ("lesson", "chopper-arithmetic", "uganda/3")
    assert question.prompt and mistake_item(progress, mistake).prompt == question.prompt
    statuses = dict((page, status) for page, _, status in lesson_statuses(progress.progress("Bo")))
    assert statuses["chopper-arithmetic"] == "Done: 1 of 2 right" and statuses["the-deal"] == "Not started"


# ------------------------------------------------------------------ graded games
def test_a_finished_game_is_graded_once_and_kept(progress, database):
    game = Round(PRESETS["house"], 2, seed=11)
    play_round(game, [make_agent("heuristic", 1), make_agent("random", 2)])
    game_id = progress.database.record(game, "house", 1, ["Amina", "Computer"])
    graded = grade_game(progress.database, game_id, 0, "Amina", deals=4)
    assert graded.learner == "Amina" and graded.decisions == len(graded.grade["decisions"])
    assert graded.luck == pytest.approx(graded.result - 0.5 + sum(d["error"] for d in graded.grade["decisions"]))
    assert grade_game(progress.database, game_id, 0, "Amina", deals=50) == graded  # kept: not graded again
    assert progress.graded_games("amina") == [graded]
    words = grade_words(graded)
    assert any(line.startswith("What decided the result, in chance to win: luck ") for line in words)
    mine = progress.progress("Amina")
    assert mine.games == 1 and mine.error_rate == pytest.approx(graded.error_rate)


def test_the_same_moves_at_the_same_deal_get_the_same_grade_whoever_played_them(progress):
    game = Round(PRESETS["house"], 2, seed=5)
    play_round(game, [make_agent("heuristic", 3), make_agent("random", 4)])
    first = progress.database.record(game, "house", 1, ["Amina", "Computer"])
    second = progress.database.record(game, "house", 1, ["Kato", "Computer"])
    amina, kato = (
        grade_game(progress.database, first, 0, "Amina", deals=6),
        grade_game(progress.database, second, 0, "Kato", deals=6),
    )
    assert first != second and amina.grade == kato.grade and amina.played_like == kato.played_like


# ------------------------------------------------------------------ names and privacy
@pytest.mark.parametrize(
    "name",
    ["", "   ", "x" * 25, "<script>alert(1)</script>", "Tom & Jerry", 'Bo"b', "Ann\nB", "\x1b[31mred", "...", None, 7],
)
def test_a_name_that_is_empty_too_long_or_markup_is_refused(progress, name):
    with pytest.raises(RecordError, match="A learner's name is 1 to 24"):
        progress.learner(name)


def test_names_are_trimmed_and_one_learner_whatever_their_case(progress):
    assert learner_name("  Nakato   Sarah ") == "Nakato Sarah"
    first = progress.learner("Nakato Sarah")
    assert progress.learner("NAKATO  sarah").id == first.id and progress.learner("nakato sarah").name == "Nakato Sarah"
    assert progress.learner("x" * 24).name == "x" * 24
    assert progress.learner("Ógá O'Neil").name == "Ógá O'Neil"


def test_the_address_names_the_learner_and_a_refused_name_is_never_repeated():
    assert learner_from_query("rules=house&learner=Amina%20%20K") == ("Amina K", "")
    assert learner_from_query("rules=house") == (None, "")  # no name: the page keeps nothing
    name, sentence = learner_from_query("learner=%3Cimg%20src%3Dx%20onerror%3Dalert(1)%3E")
    assert name is None and "keeps no progress" in sentence and "img" not in sentence


def test_a_learner_sees_only_their_own_progress(progress):
    answer_puzzle(progress, "Amina", a_puzzle(0), False)
    answer_lesson(progress, "Amina", "scoring", "house", 1, True)
    answer_puzzle(progress, "Kato", a_puzzle(1), True)
    kato = progress.progress("Kato")
    assert (kato.puzzles_attempted, kato.puzzles_right, kato.lessons, kato.mistakes_queued) == (1, 1, {}, 0)
    assert progress.mistakes("Kato") == [] and len(progress.mistakes("Amina")) == 1
    assert [change.puzzle for change in progress.rating_history("Kato")] == [puzzle_key(a_puzzle(1))]
    assert not any("Amina" in line for line in progress_lines(kato))
    with pytest.raises(StoreError, match="There is no learner called Nobody"):
        progress.progress("Nobody")
    assert [learner.name for learner in progress.class_progress()] == ["Amina", "Kato"]


# ------------------------------------------------------------------ two writers at once
def _answer_many(path: str, name: str, keys: list[str], rounds: int) -> None:
    with Store(path) as store:
        keeper = Progress(store)
        for number in range(rounds):
            for key in keys:
                record_puzzle_answer(keeper, name, key, number % 2 == 0)


def _pool(progress: Progress, count: int) -> list[str]:
    entries = [puzzle_entry(generate_puzzle("house", "medium", 9, index)) for index in range(count)]
    progress.add_puzzles(entries)
    return [entry.key for entry in entries]


def _check_nothing_lost(progress: Progress, names: list[str], keys: list[str], rounds: int) -> None:
    for name in names:
        mine = progress.progress(name)
        assert mine.puzzles_attempted == len(keys)  # one first attempt each
        assert len(progress.rating_history(name)) == len(keys)
        attempts = progress.database.query(
            "SELECT count(*) FROM puzzle_attempts JOIN learners ON learners.id = learner WHERE name = ?", (name,)
        )[0][0]
        assert attempts == len(keys) * rounds
    # Each puzzle's rating moved once for each learner's first attempt, each move from the one before.
    for key in keys:
        moves = progress.database.query(
            "SELECT puzzle_before, puzzle_after FROM rating_changes WHERE puzzle = ? ORDER BY attempt", (key,)
        )
        assert len(moves) == len(names)
        for (_, after), (before, _) in zip(moves, moves[1:], strict=False):
            assert before == after
        assert progress.puzzle(key).rating.rating == moves[-1][1]


def test_two_learners_answering_at_once_in_threads_lose_nothing(progress, database):
    keys = _pool(progress, 6)
    names = ["Amina", "Kato"]
    threads = [threading.Thread(target=_answer_many, args=(str(database), name, keys, 5)) for name in names]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    _check_nothing_lost(progress, names, keys, 5)


def test_two_learners_answering_at_once_in_processes_lose_nothing(progress, database):
    keys = _pool(progress, 6)
    names = ["Amina", "Kato"]
    context = multiprocessing.get_context("spawn")
    processes = [context.Process(target=_answer_many, args=(str(database), name, keys, 4)) for name in names]
    for process in processes:
        process.start()
    for process in processes:
        process.join(120)
        assert process.exitcode == 0
    _check_nothing_lost(progress, names, keys, 4)


def test_a_puzzle_not_kept_cannot_be_answered(progress):
    with pytest.raises(StoreError, match="is not kept"):
        record_puzzle_answer(progress, "Amina", "house:0000000000000000", True)
    with pytest.raises(RecordError, match="right \\(true\\) or wrong"):
        record_puzzle_answer(progress, "Amina", "house:0000000000000000", "yes")


def test_a_kept_puzzle_keeps_its_rating_when_added_again(progress):
    entry = puzzle_entry(a_puzzle(3))
    assert progress.add_puzzles([entry]) == 1
    answer_puzzle(progress, "Amina", a_puzzle(3), True)
    moved = progress.puzzle(entry.key).rating
    assert progress.add_puzzles([PuzzleEntry(entry.key, "house", "easy", "can_cut", entry.puzzle, Rating())]) == 0
    assert progress.puzzle(entry.key).rating == moved and progress.puzzle(
        entry.key
    ).seed_rating.rating == pytest.approx(entry.rating.rating)


# ------------------------------------------------------------------ the command
@pytest.fixture
def class_database(database, clock, monkeypatch):
    monkeypatch.setenv("MATATU_LEARN_DB", str(database))
    with Store(database) as store:
        keeper = Progress(store, clock)
        answer_puzzle(keeper, "Amina", a_puzzle(0), True)
        answer_puzzle(keeper, "Amina", a_puzzle(1), False)
        answer_lesson(keeper, "Amina", "the-deal", "house", 2, True)
        answer_puzzle(keeper, "=Kato", a_puzzle(0), False)
    return database


def test_progress_json_lists_every_learner(class_database, capsys):
    assert main(["progress", "--json"]) == 0
    learners = json.loads(capsys.readouterr().out)
    assert [learner["name"] for learner in learners] == ["=Kato", "Amina"]
    amina = learners[1]
    for field in ("name", "lessons_done", "puzzles_attempted", "puzzles_right", "puzzle_rating", "games", "error_rate"):
        assert field in amina
    assert (amina["lessons_done"], amina["puzzles_attempted"], amina["puzzles_right"], amina["games"]) == (2, 2, 1, 0)
    assert amina["error_rate"] is None and isinstance(amina["puzzle_rating"], int)
    assert main(["progress", "--learner", "AMINA", "--json"]) == 0
    assert [learner["name"] for learner in json.loads(capsys.readouterr().out)] == ["Amina"]


def test_progress_csv_has_a_header_and_a_row_a_learner(class_database, capsys):
    assert main(["progress", "--csv"]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert lines[0].startswith("name,lessons_done,puzzles_attempted,puzzles_right,puzzle_rating,")
    assert lines[1].startswith("'=Kato,0,1,0,") and lines[2].startswith("Amina,2,2,1,")  # a formula stays text


def test_progress_prints_the_teachers_table(class_database, capsys):
    assert main(["progress"]) == 0
    out = capsys.readouterr().out.splitlines()
    assert out[0].split()[:2] == ["Name", "Lessons"] and out[2].startswith("Amina ")


def test_progress_refuses_an_unknown_learner_in_one_line(class_database):
    result = subprocess.run(
        [sys.executable, "-m", "matatu_learn", "progress", "--learner", "Nobody", "--json"],
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert result.returncode == 2 and result.stdout == ""
    assert result.stderr == "matatu-learn: There is no learner called Nobody in this database.\n"
    both = subprocess.run(
        [sys.executable, "-m", "matatu_learn", "progress", "--json", "--csv"],
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert both.returncode == 2 and "not allowed with argument" in both.stderr and both.stderr.count("\n") == 1


# ------------------------------------------------------------------ the teacher's view
def test_the_puzzles_missed_most_count_first_tries_in_their_order(progress):
    import random

    from matatu_learn.teaching.progress import missed_rows, trend_words

    chooser = random.Random(11)
    puzzles = [a_puzzle(index) for index in range(6)]
    names = [f"Learner {number}" for number in range(7)]
    firsts: dict[str, list[bool]] = {puzzle_key(puzzle): [] for puzzle in puzzles}
    for name in names:
        for puzzle in chooser.sample(puzzles, 4):
            right = chooser.random() < 0.5
            answer_puzzle(progress, name, puzzle, right)
            firsts[puzzle_key(puzzle)].append(right)
            answer_puzzle(progress, name, puzzle, not right)  # a second try counts for nothing here
    tried = {key: len(answers) for key, answers in firsts.items() if answers}
    wrong = {key: answers.count(False) for key, answers in firsts.items() if answers.count(False)}
    rating = {key: progress.puzzle(key).rating.rating for key in tried}
    expected = sorted(wrong, key=lambda key: (-wrong[key], -wrong[key] / tried[key], -rating[key], key))
    missed = progress.most_missed()
    assert [item.entry.key for item in missed] == expected
    assert [(item.tried, item.wrong) for item in missed] == [(tried[key], wrong[key]) for key in expected]
    assert [item.entry.key for item in progress.most_missed(2)] == expected[:2]
    first = missed_rows(missed)[0]
    assert first[3] == f"{wrong[expected[0]]} of {tried[expected[0]]} learners" and first[2] == "house"
    assert trend_words(progress.progress(names[0]).trend).startswith("last ")


def test_no_puzzle_missed_when_every_first_try_was_right(progress):
    answer_puzzle(progress, "Amina", a_puzzle(0), True)
    answer_puzzle(progress, "Amina", a_puzzle(0), False)  # wrong, but not at the first try
    assert progress.most_missed() == []
