"""The lessons' steppers, hands, practice and cut meter as a keyboard and a screen reader meet them,
in plain Python: the words drawn in live regions, the cards a step outlines, where the focus goes."""

from __future__ import annotations

import re

import ipywidgets as widgets
import pytest

from matatu_learn.engine.cards import CARD_NAMES
from matatu_learn.widgets.lesson_views import CutMeter, LessonPractice, PracticeTable, TopicLesson, TurnExplorer
from matatu_learn.widgets.live import LiveHTML
from matatu_learn.widgets.stepper import FrameStepper


@pytest.fixture
def focused(monkeypatch):
    """The buttons given the keyboard's focus, in order (``DOMWidget.focus`` asks the page for it)."""
    given: list[widgets.Button] = []
    monkeypatch.setattr(widgets.Button, "focus", lambda button: given.append(button))
    return given


def outlined(stepper: FrameStepper) -> list[str]:
    return re.findall(r'data-card="([^"]+)" data-changed', stepper.table.value)


def test_each_step_outlines_the_cards_its_move_brought_and_says_the_move_where_it_is_heard(fresh_page):
    stepper = TopicLesson("special_cards", ruleset="house", topic="twos").stepper
    assert isinstance(stepper.caption, LiveHTML) and isinstance(stepper.counter, LiveHTML)
    before = [frame.game for frame in stepper.frames]
    assert outlined(stepper) == [] and "step 1 of 4" in stepper.counter.value
    stepper.next.click()
    assert outlined(stepper) == [CARD_NAMES[before[1].top]]  # the pile's new top, nothing else
    assert "<b>South plays the 2 of clubs.</b>" in stepper.caption.value and "step 2 of 4" in stepper.counter.value
    stepper.next.click()
    stepper.next.click()  # East picks up the two cards owed
    picked = set(before[3].hands[2]) - set(before[2].hands[2])
    assert len(picked) == 2 and sorted(outlined(stepper)) == sorted(CARD_NAMES[card] for card in picked)
    assert "East picks up 2 cards." in stepper.caption.value
    stepper.back.click()
    assert outlined(stepper) == [CARD_NAMES[before[2].top]]


def test_a_button_that_closes_when_pressed_hands_the_focus_on(fresh_page, focused):
    lesson = TopicLesson("special_cards", ruleset="house", topic="twos")
    stepper = lesson.stepper
    stepper.next.click()
    assert focused == []  # Next stays open: the focus stays on it
    stepper.next.click()
    stepper.next.click()
    assert stepper.next.disabled and focused == [stepper.next_topic]
    stepper.restart.click()
    assert focused == [stepper.next_topic]  # Restart stays open: the focus stays on it
    stepper.next.click()
    stepper.back.click()
    assert stepper.back.disabled and focused == [stepper.next_topic, stepper.next]
    for _ in range(len(stepper.frames) - 1):
        stepper.next.click()
    stepper.next_topic.click()  # the next topic opens on its first step: Next topic closes, Next carries on
    assert lesson.topic.value == "jumps" and stepper.next_topic.disabled and focused[-1] is stepper.next
    replay = FrameStepper(stepper.frames)  # no next topic: the last Next hands the focus to Back
    for _ in range(len(stepper.frames) - 1):
        replay.next.click()
    assert focused[-1] is replay.back


def test_a_practice_answer_is_heard_and_hands_the_focus_to_another_one(fresh_page, focused):
    practice = LessonPractice("special-cards", ruleset="house")
    question = practice.question
    wrong = next((key for _, key in question.choices if key not in question.right), None)
    key = wrong if wrong is not None else next(iter(question.right))
    practice.answer(key)
    assert isinstance(practice.feedback, LiveHTML) and question.verdict(key) in practice.feedback.value
    assert all(button.disabled for button in practice.buttons.values()) and focused == [practice.another]


def test_a_tapped_card_is_heard_and_a_card_played_hands_the_focus_back_to_the_hand(fresh_page, focused):
    explorer = TurnExplorer("house")
    card = explorer.game.hands[0][0]
    explorer.hand.buttons[CARD_NAMES[card]].click()
    assert isinstance(explorer.hand.message, LiveHTML)
    assert re.search(r"<b>(✔ Yes|✘ No)</b> — You (may|cannot) lay ", explorer.hand.message.value)
    table = PracticeTable(ruleset="house")
    assert "tap a green card to play it" in table.hand_title.value
    playable = next(name for name, button in table.hand.buttons.items() if button.button_style == "success")
    table.hand.buttons[playable].click()
    if table.game.over:
        assert focused == [table.new_game] and "The round is over" in table.hand_title.value
    else:
        assert focused == [next(iter(table.hand.buttons.values()))]
    # The table draws the other hands only: the learner's is the row of buttons.
    assert "You — " not in table.table.value
    while not table.game.over:
        table.play(next(action for action in table.game.legal_actions()))
    assert "The round is over" in table.hand_title.value and "tap a green card" not in table.hand_title.value


def test_the_cut_meters_answer_is_heard_as_it_changes(fresh_page):
    meter = CutMeter("house", hand="7♦ K♣ 7♥")
    assert isinstance(meter.verdict, LiveHTML) and "You may cut with the 7 of diamonds" in meter.verdict.value
    meter.hand_text.value = "7x"
    assert "&#x27;7x&#x27; is not a card" in meter.verdict.value
