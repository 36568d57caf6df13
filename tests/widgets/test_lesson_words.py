"""Lessons that never contradict themselves: a worked example's reason speaks of the seat that
acted and is left out where the move was forced; a wrong answer's reason is said once."""

import html
import re

from matatu_learn.engine.cards import CARD_NAMES
from matatu_learn.teaching.lessons import (
    LESSON_DATA,
    RULESET_CHOICES,
    lesson_topics,
    load_lesson,
    practice_question,
    step_frames,
    topic_steps,
)
from matatu_learn.teaching.voice import COMPASS
from matatu_learn.widgets.stepper import FrameStepper

TOPIC_LESSONS = [path.stem for path in sorted(LESSON_DATA.glob("*.json")) if "topics" in load_lesson(path.stem)]
REASON = re.compile(r'<p class="matatu-note">Why it is allowed: (.*?)</p>')


def words_of(text: str) -> list[str]:
    return re.findall(r"[\w'’]+", html.unescape(re.sub(r"<[^>]+>", " ", text)).lower())


def repeated_run(text: str, length: int = 6) -> str:
    """The first run of ``length`` words that comes back later in ``text`` ("" when none does)."""
    words = words_of(text)
    first_seen: dict[tuple[str, ...], int] = {}
    for start in range(len(words) - length + 1):
        run = tuple(words[start : start + length])
        if run in first_seen and first_seen[run] + length <= start:
            return " ".join(run)
        first_seen.setdefault(run, start)
    return ""


def test_the_lessons_with_worked_examples_are_all_read():
    assert {"special_cards", "scoring"} <= set(TOPIC_LESSONS)


def test_a_worked_example_reason_speaks_of_the_seat_that_acted_and_only_when_it_had_a_choice():
    reasons = forced = 0
    for lesson in TOPIC_LESSONS:
        for ruleset in RULESET_CHOICES:
            for _, topic in lesson_topics(lesson, ruleset):
                for step in topic_steps(lesson, topic, ruleset)[0]:
                    frames = step_frames(step)
                    stepper = FrameStepper(frames)
                    names = COMPASS[frames[0].game.players]
                    for position in range(1, len(frames)):
                        before, frame = frames[position - 1], frames[position]
                        found = REASON.findall(stepper.words(position))
                        where = (lesson, ruleset, topic, str(frame.action))
                        if len(before.game.legal_actions()) == 1:
                            forced += 1
                            assert found == [], where  # a forced move: nothing to explain
                            continue
                        reasons += 1
                        assert len(found) == 1, where
                        reason = html.unescape(found[0])
                        # Third person, of the seat that acted: never "You" for another seat.
                        assert reason.startswith(f"{names[frame.seat]} may "), (where, reason)
                        assert not {"you", "your", "yours"} & set(words_of(reason)), (where, reason)
    assert reasons > 100 and forced > 5


def test_the_blocked_table_never_says_a_card_is_taken_from_an_empty_stock():
    for ruleset in RULESET_CHOICES:
        frames = step_frames(topic_steps("scoring", "blocked", ruleset)[0][0])
        stepper = FrameStepper(frames)
        for position in range(1, len(frames)):
            words = html.unescape(stepper.words(position))
            seat = COMPASS[frames[0].game.players][frames[position].seat]
            assert f"{seat} finds nothing to" in words, (ruleset, words)
            assert "You may" not in words and "one card" not in words, (ruleset, words)
            if "Why it is allowed" in words:
                assert "the stock is empty and no pile is left to shuffle, so they take nothing" in words


def test_a_reason_spoken_to_the_seat_that_acted_says_you():
    frames = step_frames(topic_steps("special_cards", "jumps", "house")[0][0])
    stepper = FrameStepper(frames, viewer=frames[1].seat)
    assert "Why it is allowed: You may lay the 8 of diamonds: it fits" in stepper.words(1)


def test_the_repeat_finder_finds_a_rule_said_twice():
    assert repeated_run("You owe 2 cards, and only a 2 answers a pick. Only a 2 answers a pick, here.") == (
        "only a 2 answers a pick"
    )
    assert repeated_run("You owe 2 cards, and only a 2 answers a pick; you hold none, so pick up 2 cards.") == ""
    assert repeated_run("The top card is the 4 of clubs; lay a club. The top card is the 4 of clubs.") == (
        "the top card is the 4"
    )


def test_a_pick_answered_from_the_hand_names_the_card_that_answers():
    for seed in range(20):
        question = practice_question("special-cards", "house", seed)
        if "pick" in question.right:
            continue
        answering = sorted(card for card in question.game.hands[0] if CARD_NAMES[card] in question.right)
        assert question.reasons("pick").startswith("You need not pick up: ")
        assert all(
            f"the {name}" in question.reasons("pick")
            for name in (label for label, key in question.choices if key in question.right)
        ), answering
        return
    raise AssertionError("no seed from 0 to 19 deals a hand that answers the pick")
