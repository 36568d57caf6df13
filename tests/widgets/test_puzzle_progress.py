"""Rated puzzles and "Your mistakes" on the puzzles page, widgets built directly: the learner's rating
moved by a first try only, their own set drawn near it, a wrong answer asked again when it is due
until answered right twice, and a store that fails said in one sentence.

Each test has a database of its own (``MATATU_LEARN_DB``), a clock it moves by hand, and a page
with nobody on it until the test names a learner.
"""

from __future__ import annotations

import re

import ipywidgets as widgets
import pytest

from conftest import Clock
from matatu_learn.store.database import Store
from matatu_learn.store.progress import Progress
from matatu_learn.teaching.lessons import practice_question
from matatu_learn.teaching.mistakes import AGAIN_LATER, AGAIN_SOON
from matatu_learn.teaching.progress import answer_lesson, puzzle_key
from matatu_learn.teaching.puzzles import generate_puzzle
from matatu_learn.widgets.mistakes_set import MistakesSet
from matatu_learn.widgets.page import kernel_page
from matatu_learn.widgets.puzzle_trainer import PuzzleTrainer, _choices, is_right

RATING = re.compile(r"Your rating: ([\d,]+)")


@pytest.fixture
def clock():
    return Clock()


@pytest.fixture
def page(fresh_page):
    """A page with nobody on it, on the house rules, whose own store is the test's database; no
    widget of an earlier test listens to its answers."""
    return fresh_page


@pytest.fixture
def progress(page, clock, monkeypatch):
    """Amina on the page, and her progress on the test's clock."""
    monkeypatch.setattr(kernel_page().learner, "name", "Amina")
    with Store(page) as store:
        yield Progress(store, clock)


def choose(puzzle, right: bool):
    """A choice that answers the puzzle right (or wrong), as the buttons offer it."""
    if puzzle.question == "which_card":
        cards = puzzle.answer["cards"]
        return cards if right else ([] if cards else ["7♠"])
    return next(choice for _, choice in _choices(puzzle) if is_right(puzzle, choice) == right)


def rating_shown(widget) -> int:
    return int(RATING.search(widget.rating.value)[1].replace(",", ""))


def everything_shown(widget) -> str:
    values = [widget.value if isinstance(widget, widgets.HTML) else ""]
    for child in getattr(widget, "children", ()):
        values.append(everything_shown(child))
    return "\n".join(values)


def test_a_learners_first_set_is_drawn_near_their_rating_from_every_level(progress):
    trainer = PuzzleTrainer("house", progress=progress)
    # The default level stays chosen: Try set starts it, while the learner's own set mixes every level.
    assert trainer.own and trainer.level.value == "easy" and "Your set" in trainer.own_note.value
    assert "Your rating: 1,500. Your first answers move your rating a lot, while it settles." in trainer.rating.value
    assert trainer.own_row.layout.display is None
    keys = {puzzle_key(puzzle) for puzzle in trainer.custom}
    assert len(keys) == 10 and progress.known_puzzles(keys) == keys
    tried = puzzle_key(trainer.puzzle)
    trainer.answer(choose(trainer.puzzle, right=True))
    trainer.own_set.click()
    assert trainer.own and "Puzzle 1 of 10" in trainer.progress.value
    assert tried not in {puzzle_key(puzzle) for puzzle in trainer.custom}, "a new set leaves out the puzzle tried"


def test_the_first_try_moves_the_rating_shown_and_a_second_does_not(progress):
    trainer = PuzzleTrainer("house", progress=progress)
    puzzle = trainer.puzzle
    trainer.answer(choose(puzzle, right=True))
    first = rating_shown(trainer)
    assert first > 1500 and re.search(
        r"Your rating: [\d,]+ \(\+\d+\)\. Your first answers move your rating a lot, while it settles\.",
        trainer.feedback.value,
    )
    assert progress.progress("Amina").puzzles_attempted == 1
    trainer.show(puzzle)  # the same puzzle again: its answer is kept, but does not move the rating
    trainer.answer(choose(puzzle, right=False))
    assert rating_shown(trainer) == first
    assert "Only your first try at a puzzle moves it." in trainer.feedback.value
    kept = progress.progress("Amina")
    assert (kept.puzzles_attempted, kept.puzzles_right, round(kept.puzzle_rating)) == (1, 1, first)


def test_a_numbered_set_and_a_teachers_puzzles_are_rated_too(progress):
    trainer = PuzzleTrainer("house", progress=progress)
    trainer.try_set.click()
    assert (
        not trainer.own and trainer.level.value == "easy" and trainer.puzzle == generate_puzzle("house", "easy", 1, 0)
    )
    trainer.answer(choose(trainer.puzzle, right=False))
    assert rating_shown(trainer) < 1500
    trainer.start_set([generate_puzzle("uganda", "hard", 5, 2)])
    trainer.answer(choose(trainer.puzzle, right=True))
    kept = progress.progress("Amina")
    assert (kept.puzzles_attempted, kept.puzzles_right) == (2, 1)
    assert progress.puzzle(puzzle_key(generate_puzzle("house", "easy", 1, 0))).set_number == 1


def test_the_score_card_says_the_rating_after_the_set(progress):
    trainer = PuzzleTrainer("house", progress=progress)
    for _ in range(trainer.set_size):
        trainer.answer(choose(trainer.puzzle, right=True))
        trainer.continue_button.click()
    assert "Score card — your set" in trainer.question.value
    assert re.search(r"This set: \+\d+\. Your rating: [\d,]+\.", trainer.feedback.value)
    assert "New set near my rating" in trainer.feedback.value


def test_a_wrong_answer_comes_back_when_due_until_answered_right_twice(progress, clock):
    trainer, mistakes = PuzzleTrainer("house", progress=progress), MistakesSet(progress=progress)
    assert "No mistakes to practise." in mistakes.status.value
    missed = trainer.puzzle
    trainer.answer(choose(missed, right=False))
    # The page's other widget counts again, and says when (the store's schedule: ten minutes).
    assert "Your 1 mistake comes back later: the next one in 10 minutes." in mistakes.status.value
    assert mistakes.start_button.description == "Check again"
    mistakes.start()
    assert mistakes.puzzle_card.layout.display == "none"  # not due yet: nothing asked
    for wait, words in ((AGAIN_SOON, "1 of your 1 mistake is due again now."), (AGAIN_LATER, None)):
        clock.now += wait
        mistakes.finish()
        if words:
            assert words in mistakes.status.value and mistakes.start_button.description == "Ask my mistakes again"
        mistakes.start_button.click()
        assert mistakes.puzzle_card.layout.display is None and mistakes.puzzle_card.puzzle == missed
        assert "Mistake 1 of 1" in mistakes.status.value
        mistakes.puzzle_card.answer(choose(missed, right=True))
        assert "Only your first try at a puzzle moves it." in mistakes.puzzle_card.feedback.value
        assert mistakes.puzzle_card.continue_button.description == "Done"
        mistakes.puzzle_card.continue_button.click()
    assert "No mistakes to practise." in mistakes.status.value
    assert progress.mistakes("Amina") == [] and mistakes.start_button.layout.display == "none"


def test_a_right_answer_once_is_not_enough(progress, clock):
    trainer = PuzzleTrainer("house", progress=progress)
    trainer.answer(choose(trainer.puzzle, right=False))
    clock.now += AGAIN_SOON
    mistakes = MistakesSet(progress=progress)
    mistakes.start()
    mistakes.puzzle_card.answer(choose(mistakes.puzzle_card.puzzle, right=True))
    mistakes.puzzle_card.continue_button.click()
    assert "Your 1 mistake comes back later: the next one tomorrow." in mistakes.status.value  # right once: a day


def test_a_lesson_question_got_wrong_is_asked_as_its_lesson_asks_it(progress, clock):
    question = practice_question("chopper-arithmetic", "house", 3)
    wrong = next(key for _, key in question.choices if key not in question.right)
    answer_lesson(progress, "Amina", "chopper-arithmetic", "house", 3, False)
    clock.now += AGAIN_SOON
    mistakes = MistakesSet(progress=progress)
    mistakes.start()
    card = mistakes.question_card
    assert card.layout.display is None and mistakes.puzzle_card.layout.display == "none"
    assert question.prompt in card.prompt.value and len(card.buttons) == len(question.choices)
    card.buttons[wrong].click()
    assert "matatu-wrong" in card.feedback.value and card.buttons[wrong].button_style == "danger"
    card.continue_button.click()
    assert progress.mistakes("Amina")[0].misses == 2 and "comes back later" in mistakes.status.value


def test_without_a_learner_nothing_is_kept_and_the_landing_page_is_named(page):
    trainer, mistakes = PuzzleTrainer("house"), MistakesSet()
    for widget in (trainer, mistakes):
        note = everything_shown(widget)
        assert 'href="index.ipynb?rules=house"' in note and "This page keeps nothing." in note
    assert not trainer.own and trainer.own_row.layout.display == "none" and trainer.level.value == "easy"
    assert trainer.level.layout.display is None and trainer.try_set.layout.display is None
    hidden = [row for row in trainer.children if row.layout.display == "none"]
    assert hidden == [trainer.own_row], "only the learner's own set is hidden"
    trainer.answer(choose(trainer.puzzle, right=True))
    assert "Your rating" not in trainer.feedback.value and not page.exists()


def test_a_store_that_cannot_keep_is_one_sentence_and_the_puzzles_still_work(page, monkeypatch, tmp_path):
    blocked = tmp_path / "a-file"
    blocked.write_text("not a folder")
    monkeypatch.setenv("MATATU_LEARN_DB", str(blocked / "learners.sqlite3"))
    monkeypatch.setattr(kernel_page().learner, "name", "Amina")
    trainer = PuzzleTrainer("house")
    assert not trainer.own and trainer.level.value == "easy" and "Your set could not be drawn." in trainer.rating.value
    assert trainer.answer(choose(trainer.puzzle, right=True)) and "✔ Right!" in trainer.feedback.value
    assert "This answer was not kept:" in trainer.feedback.value
    mistakes = MistakesSet()
    shown = everything_shown(trainer) + everything_shown(mistakes)
    assert "Traceback" not in shown and "matatu-verdict wrong" in mistakes.status.value


def test_a_learner_given_on_the_page_gets_their_own_set(page):
    trainer = PuzzleTrainer("house")
    assert not trainer.own
    kernel_page().learner.change("Amina")
    assert (
        trainer.own
        and "Your rating: 1,500. Your first answers move your rating a lot, while it settles." in trainer.rating.value
    )
    kernel_page().learner.change(None)
    assert not trainer.own and "This page keeps nothing." in trainer.rating.value


def test_a_hint_makes_a_puzzle_count_as_missed(progress):
    trainer = PuzzleTrainer("house", progress=progress)
    assert trainer.hint_button.description == "Hint (counts as missed)"  # said before it is pressed
    assert trainer.continue_button.description == "Skip" and trainer.continue_button.button_style == ""
    puzzle = trainer.puzzle
    trainer.hint_button.click()
    assert "counts as missed" in trainer.feedback.value
    trainer.answer(choose(puzzle, right=True))
    assert "Right, with a hint: counted as missed." in trainer.feedback.value
    kept = progress.progress("Amina")
    # Kept and rated as a miss: the rating falls, the score does not count it, the mistake comes back.
    assert (kept.puzzles_attempted, kept.puzzles_right) == (1, 0) and rating_shown(trainer) < 1500
    assert trainer.right == 0 and trainer.streak == 0
    assert trainer.continue_button.button_style == "primary"
    trainer.continue_button.click()
    trainer.answer(choose(trainer.puzzle, right=True))  # the next puzzle, no hint: a right answer counts
    assert trainer.right == 1 and "✔ Right!" in trainer.feedback.value
