"""The learner on the pages, widgets built directly: the landing page's "Your name" box and the
learner's standing, "Learning as" at each lesson's head, and lesson practice kept per learner.

Each test has a database of its own (``MATATU_LEARN_DB``) and a page with nobody on it.
"""

from __future__ import annotations

import html
import re

import ipywidgets as widgets
import pytest

from matatu_learn.store.database import StoreError
from matatu_learn.teaching.lessons import LESSON_PATH
from matatu_learn.teaching.mistakes import record_lesson_answer
from matatu_learn.teaching.path import STEPS
from matatu_learn.teaching.progress import answer_lesson, progress_lines
from matatu_learn.widgets.lesson_views import LessonPractice
from matatu_learn.widgets.navigation import LessonNavigation
from matatu_learn.widgets.page import kernel_page
from matatu_learn.widgets.your_progress import NAME_WORDS, YourProgress

GO = 'class="matatu-go"'  # the big link (the style names the class too)
TAG = re.compile(r"<b>Bo|<img|<script", re.IGNORECASE)


@pytest.fixture
def progress(fresh_page):
    """A page with nobody on it, on the house rules, over a database of the test's own."""
    return kernel_page().learners()


def everything_shown(widget) -> str:
    """Every markup a widget and its children draw (a text box's value is text: not markup)."""
    values = [widget.value if isinstance(widget, widgets.HTML) else ""]
    for child in getattr(widget, "children", ()):
        values.append(everything_shown(child))
    return "\n".join(values)


def right_key(practice):
    return next(iter(practice.question.right))


def wrong_key(practice):
    return next(key for _, key in practice.question.choices if key not in practice.question.right)


def test_a_name_given_on_the_landing_page_is_carried_and_greeted_as_text(progress):
    page = YourProgress()
    assert page.name_box.description == "Your name"
    assert page.standing.value == "" and page.forget_button.layout.display == "none"
    # Nobody yet: the path shows lesson 1 next and every other step later.
    assert re.findall(r'<li data-step="[^"]+" data-state="(\w+)"', page.steps.value) == ["next"] + ["later"] * (
        len(STEPS) - 1
    )
    assert GO in page.path.start.value  # nobody yet: "Start lesson 1" is the big link
    page.name_box.value = "  O'Brien "  # Enter in the box gives the name
    assert kernel_page().learner.name == "O'Brien" and page.address.learner == "O'Brien"
    assert page.name_box.value == "O'Brien"
    assert html.escape("Hello, O'Brien.") in page.standing.value and "O'Brien" not in page.standing.value
    assert "learner=O%27Brien" in page.path.start.value  # every link carries the learner
    assert GO not in page.path.start.value  # the learner's own link is the one big link
    assert page.standing.value.count(GO) == 1
    assert page.steps.value == "" and 'data-step="the-deal" data-state="next"' in page.standing.value
    assert [learner.name for learner in progress.learners()] == ["O'Brien"]
    for line in progress_lines(progress.progress("O'Brien")):
        if not line.startswith(tuple(f"{title}:" for _, title in LESSON_PATH)):
            assert html.escape(line) in page.standing.value, line


@pytest.mark.parametrize("name", ["<b>Bo</b>", "", "   ", "x" * 25, 'Bo"'])
def test_a_refused_name_is_one_sentence_as_text_and_nothing_is_kept(progress, name):
    page = YourProgress()
    page.name_box.value = name
    page.keep_button.click()
    # An empty box asks for a name; a name that cannot be one says what a name may hold.
    assert ("Type your name in the box first" if not name.strip() else "1 to 24 letters") in page.note.value
    assert not TAG.search(everything_shown(page))
    assert kernel_page().learner.name is None and page.address.learner == "" and page.standing.value == ""
    assert progress.learners() == []


def test_a_refused_name_keeps_the_learner_already_given(progress):
    page = YourProgress()
    page.keep("Amina")
    page.keep("<b>Bo</b>")
    assert (
        kernel_page().learner.name == "Amina"
        and "Amina" in page.standing.value
        and "1 to 24 letters" in page.note.value
    )


def test_not_you_forgets_the_name_on_the_page_and_keeps_what_was_kept(progress):
    page = YourProgress()
    page.keep("Amina")
    page.forget_button.click()
    assert kernel_page().learner.name is None and page.address.learner == "" and page.name_box.value == ""
    assert page.standing.value == "" and NAME_WORDS["forgotten"][:20] in html.unescape(page.note.value)
    assert "learner=" not in page.path.start.value and GO in page.path.start.value
    assert [learner.name for learner in progress.learners()] == ["Amina"]


def test_a_page_opened_with_a_learner_shows_their_standing_and_the_first_lesson_not_done(progress):
    answer_lesson(progress, "Amina", "the-deal", "house", 1, True)
    answer_lesson(progress, "Amina", "matching-and-turns", "house", 1, False)
    kernel_page().learner.name = "Amina"
    page = YourProgress()
    assert page.name_box.value == "Amina" and page.address.learner == "Amina"
    standing = page.standing.value
    assert "Lessons done: 1 of 6." in standing
    steps = page.standing.value
    assert re.search(
        r'data-step="the-deal" data-state="done" data-stars="3">(?:(?!</li>).)*Done: 1 of 1 right</span>', steps
    )
    assert re.search(
        r'data-step="matching-and-turns" data-state="next" data-stars="0">(?:(?!</li>).)*Practised: 0 of 1 right</span>',
        steps,
    )
    go = re.search(r'<a href="([^"]+)" class="matatu-go">([^<]+)</a>', standing)
    assert go[1] == "02-matching-and-turns.ipynb?rules=house&amp;learner=Amina"
    assert go[2] == "Go on: lesson 2, Matching and turns →"
    assert "1 of your 1 mistake is due again now." in standing or "Your 1 mistake comes back later." in standing


def test_a_ruleset_chosen_on_the_landing_page_is_carried_by_every_link_of_the_path(progress):
    # The first game is coached in the learner's rules: its link (and every step's) must carry them.
    kernel_page().learner.name = "Amina"
    page = YourProgress()
    kernel_page().apply_query("learner=Amina&rules=bomb")
    carried = re.findall(r'href="[^"]*\.ipynb\?rules=(\w+)', page.standing.value)
    assert carried and set(carried) == {"bomb"}


def test_a_learner_with_every_lesson_done_is_led_to_the_first_game(progress):
    for page, _ in LESSON_PATH[:5]:
        answer_lesson(progress, "Amina", page, "house", 1, True)
    record_lesson_answer(progress, "Amina", "can-you-cut", "house/1", True)
    kernel_page().learner.name = "Amina"
    standing = YourProgress().standing.value
    assert 'href="07-first-game.ipynb?rules=house&amp;learner=Amina" class="matatu-go"' in standing


def test_a_refused_name_in_the_address_is_a_note_and_keeps_nothing(progress):
    kernel_page().apply_query("learner=%3Cb%3EBo%3C/b%3E")  # an address whose name is refused
    page = YourProgress()
    assert html.escape(kernel_page().learner.problem) in page.note.value and page.name_box.value == ""
    assert not TAG.search(everything_shown(page)) and progress.learners() == []
    head = LessonNavigation("the-deal")
    assert html.escape(kernel_page().learner.problem) in head.links.value and not TAG.search(head.links.value)


def test_a_lesson_head_says_who_is_learning_as_text_and_redraws_its_links(progress):
    head = LessonNavigation("special-cards")
    assert "Learning as" not in head.links.value and "learner=" not in head.links.value
    kernel_page().learner.change("O'Brien")
    assert "Learning as O&#x27;Brien" in head.links.value
    assert 'href="index.ipynb?rules=house&amp;learner=O%27Brien"' in head.links.value
    kernel_page().learner.change(None)
    assert "Learning as" not in head.links.value and "learner=" not in head.links.value
    assert "Learning as" not in LessonNavigation("special-cards", end=True).links.value


def test_practice_is_kept_for_the_learner_once_a_question(progress):
    kernel_page().learner.change("Amina")
    practice = LessonPractice("chopper-arithmetic")
    practice.answer(wrong_key(practice))
    practice.answer(right_key(practice))  # the same question again: the answer is known now
    record = progress.lessons("Amina")["chopper-arithmetic"]
    assert (record.asked, record.right) == (1, 0)
    assert progress.progress("Amina").mistakes_queued == 1
    practice.another.click()
    practice.answer(right_key(practice))
    record = progress.lessons("Amina")["chopper-arithmetic"]
    assert (record.asked, record.right, record.done) == (2, 1, True)
    assert practice.view.kept.value == ""


def test_practice_without_a_learner_keeps_nothing(progress):
    practice = LessonPractice("the-deal")
    practice.answer(right_key(practice))
    assert "matatu-right" in practice.feedback.value and progress.learners() == []


def test_a_store_that_cannot_keep_the_answer_is_a_note_and_the_answer_still_shows(progress, monkeypatch):
    kernel_page().learner.change("Amina")

    def locked(database=None):
        raise StoreError("The database is busy: another page is writing. Try again in a moment.")

    monkeypatch.setattr(kernel_page(), "learners", locked)
    practice = LessonPractice("scoring")
    practice.answer(right_key(practice))
    assert "matatu-right" in practice.feedback.value
    assert "This answer was not kept: The database is busy" in practice.view.kept.value
    assert "Traceback" not in everything_shown(practice)


def test_a_lesson_practised_on_an_earlier_visit_opens_its_foot_for_that_learner_only(progress):
    answer_lesson(progress, "Amina", "matching-and-turns", "house", 1, True)
    answer_lesson(progress, "Bo", "special-cards", "house", 1, True)
    kernel_page().learner.change("Amina")
    assert GO in LessonNavigation("matching-and-turns", end=True).links.value
    assert GO not in LessonNavigation("special-cards", end=True).links.value
    assert "special-cards" not in kernel_page().practice.done


def test_nobody_on_the_page_opens_no_foot_from_the_store(progress):
    answer_lesson(progress, "Amina", "matching-and-turns", "house", 1, True)
    assert GO not in LessonNavigation("matching-and-turns", end=True).links.value


def test_a_store_that_cannot_be_opened_is_a_note_on_the_landing_page(progress, monkeypatch):
    def unwritable(database=None):
        raise StoreError("The database folder cannot be written to.")

    monkeypatch.setattr(kernel_page(), "learners", unwritable)
    page = YourProgress()
    page.keep("Amina")
    assert "Your progress cannot be kept: The database folder cannot be written to." in page.note.value
    assert page.standing.value == "" and "Traceback" not in everything_shown(page)
