"""Lessons that never contradict themselves: a worked example's reason speaks of the seat that
acted and is left out where the move was forced; a wrong answer's reason is said once."""

import html
import json
import re

from conftest import NOTEBOOKS
from matatu_learn.engine.cards import CARD_NAMES
from matatu_learn.engine.rules_text import marker_sentence
from matatu_learn.teaching.coach import first_game_seeds
from matatu_learn.teaching.lessons import (
    LESSON_DATA,
    RULESET_CHOICES,
    lesson_topics,
    load_glossary,
    load_lesson,
    practice_question,
    ruleset_rules,
    step_frames,
    topic_steps,
)
from matatu_learn.teaching.pages import PAGES, PageKind
from matatu_learn.teaching.play import DEFAULT_OPPONENT, computer_choices
from matatu_learn.teaching.voice import COMPASS
from matatu_learn.widgets.first_game import FirstGame
from matatu_learn.widgets.lesson_views import CutMeter, LessonPractice, MatchView, PracticeTable, TurnExplorer
from matatu_learn.widgets.play_table import PlayTable
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


# ------------------------------------------------------------------ the glossary
LEARNER_KINDS = {PageKind.HOME, PageKind.LESSON, PageKind.PUZZLES, PageKind.GAME}
LEARNER_NOTEBOOKS = [entry.notebook for entry in PAGES if entry.kind in LEARNER_KINDS]
# The pages' bold and italic words that are not words of the game: their own buttons, boxes and
# options, the parts of a page a bullet names, the questions a puzzle asks, a seat or a card.
NOT_TERMS = {
    "deal", "another one", "next", "next topic", "next move", "try set", "hint", "play without help",
    "table settings", "pace", "step by step", "opponents", "rules", "rules and history", "play",
    "open a room", "join", "start the round", "free seat", "close room", "while the room waits", "class", "easy", "medium", "hard", "beginner", "steady", "strong",
    "expert", "master", "a person at this screen", "your table's house rules", "one round, or the whole match",
    "the strip at the top", "the middle", "your hand", "the buttons", "tap a card to play it",
    "everyone sees every move", "if you leave", "yes", "why not", "when", "you choose", "north", "8", "j",
    "can you cut?", "which card cuts?", "what is your whole hand worth?", "who wins this cut?",
}  # fmt: skip
# A term as the prose bends it, and the glossary's entry it is.
SAME_TERM = {
    "cuts": "cut", "fits": "fit", "drawing": "draw", "out": "go out", "blocked": "blocked table",
    "pick up": "pick", "name": "name a suit", "the host": "host", "room code": "room", "your set": "set",
}  # fmt: skip
EMPHASIS = re.compile(r"\*\*([^*]+)\*\*|(?<![*\w])\*([^*]+)\*(?!\*)")


def emphasised(notebook: str) -> set[str]:
    """The bold and italic words of a notebook's prose, in lower case."""
    cells = json.loads((NOTEBOOKS / notebook).read_text(encoding="utf-8"))["cells"]
    prose = "\n".join("".join(cell["source"]) for cell in cells if cell["cell_type"] == "markdown")
    return {(bold or italic).strip().lower() for bold, italic in EMPHASIS.findall(prose)}


def test_the_glossary_covers_every_term_the_learners_pages_use():
    glossary = {entry["term"].lower() for entry in load_glossary()}
    used = set().union(*(emphasised(notebook) for notebook in LEARNER_NOTEBOOKS))
    terms = {SAME_TERM.get(word, word) for word in used - NOT_TERMS}
    assert terms > {"chopper", "stock", "suit in play", "deal number", "rating"}
    assert not terms - glossary, f"terms the learner's pages use that the glossary lacks: {sorted(terms - glossary)}"
    # The words every page uses for the table and its players, as the voice says them.
    assert {"computer players", "deal number", "house rules", "ruleset", "hint", "joker"} <= glossary
    assert NOT_TERMS <= used, f"no page uses {sorted(NOT_TERMS - used)}: leave it out of the list"


def test_the_glossary_says_each_term_in_one_sentence():
    for entry in load_glossary():
        definition = entry["definition"]
        assert definition.endswith(".") and definition[0].isupper(), entry["term"]
        # One full stop, at the end (a number such as 1,500 has a comma, not a stop).
        assert not re.search(r"[.!?](?:\s|$)", definition[:-1].replace('!"', '"')), (entry["term"], definition)


def visible_text(markup: str) -> str:
    """What a reader sees of some markup: its text, without tags, attributes or styles."""
    return html.unescape(re.sub(r"<[^>]+>", " ", re.sub(r"<style>.*?</style>", " ", markup, flags=re.S)))


def all_markup(widget) -> str:
    own = widget.value if isinstance(getattr(widget, "value", None), str) else ""
    return own + "".join(all_markup(child) for child in getattr(widget, "children", ()))


def test_lesson_2_says_what_the_base_card_is_at_most_once():
    page = [
        TurnExplorer(ruleset="house"),
        LessonPractice("matching-and-turns", ruleset="house"),
        PracticeTable("house"),
    ]
    text = " ".join(visible_text(all_markup(widget)) for widget in page)
    assert text.count(marker_sentence(ruleset_rules("house"))) <= 1
    assert text.count("Base card: ") == 3, "each table still names its base card"


# ------------------------------------------------------------------ the first game's page
def test_the_game_without_help_has_its_own_title_and_the_two_ways_on_are_told_apart(tmp_path):
    page = FirstGame(first_game_seeds()[-1], database=tmp_path / "games.sqlite3", schedule=lambda *_: None, free_seed=5)
    assert "With the coach" in page.title.value and page.choice_note.value == ""
    table = page.table
    while not table.over:  # the learner takes the coach's advice to the end of the round
        table.step() if table.computer_to_move else table.act(table.advice().action)
    page.show()
    labels = [action["label"] for action in page.state()["result"]["actions"]]
    assert "Play again" in labels and page.without_help.layout.display is None
    # Side by side, each way on is said in words: another coached game, or one without help.
    assert "Play again deals another game with the coach" in page.choice_note.value
    assert "Play without help deals a new game where no card is marked" in page.choice_note.value
    page.without_help.click()
    assert "Without help" in page.title.value and "coach" not in page.title.value.replace("no coach", "")
    assert page.choice_note.value == "" and not page.table.coached


def test_play_a_round_says_why_it_rests_once_the_game_is_over():
    alone = MatchView(ruleset="house", players=2)
    alone.next_round()
    assert alone.play_round.disabled and "Each round stands alone in these rules" in alone.table.value
    assert "Start again" in alone.table.value
    match = MatchView(ruleset="party", players=2)
    assert not match.play_round.disabled and "Start again" not in match.table.value
    match.finish()
    assert match.play_round.disabled and "The match is over" in match.table.value
    assert "Press Start again for a new match." in match.table.value


def test_the_cut_meter_keeps_nothing_of_the_last_hand_on_bad_input_and_offers_no_joker():
    meter = CutMeter(ruleset="house")
    assert meter.meter.description == "22 / 20"  # 7♦ K♣ 9♥: K♣ and 9♥ left after the chop
    for typed in ("7♦ K♣ zz", "7♦ 7♦", "RJ 7♦"):
        meter.hand_text.value = "7♦ K♣ 9♥"
        assert meter.meter.description and meter.cards.value
        meter.hand_text.value = typed
        assert meter.meter.description == "" and meter.meter.value == 0 and meter.cards.value == "", typed
        said = visible_text(meter.verdict.value).strip()
        assert said.startswith("✘ ") and "RJ / BJ" not in said, said
    assert "'RJ' is a joker: write one of the 52 ordinary cards" in visible_text(meter.verdict.value)


# ------------------------------------------------------------------ counts and defaults the pages state
NUMBER_WORDS = {3: "three", 4: "four", 7: "seven"}


def test_the_landing_page_counts_the_rulesets_its_picker_lists():
    cells = json.loads((NOTEBOOKS / "index.ipynb").read_text(encoding="utf-8"))["cells"]
    prose = " ".join(" ".join("".join(cell["source"]) for cell in cells if cell["cell_type"] == "markdown").split())
    presets = {preset for _, preset, _ in RULESET_CHOICES.values()}
    two_ways = {preset for _, preset, switches in RULESET_CHOICES.values() if switches}
    assert f"{NUMBER_WORDS[len(presets)].capitalize()} rulesets are written down" in prose
    assert f"{NUMBER_WORDS[len(two_ways)]} of them are played two ways" in prose
    assert f"the {NUMBER_WORDS[len(RULESET_CHOICES)]} choices of the picker" in prose
    assert "four published rulesets" not in prose


def test_the_default_computer_player_is_the_one_the_lists_call_the_default(tmp_path):
    choices = computer_choices()
    defaults = [kind for kind, words in choices.items() if "(the default)" in words]
    assert defaults == [DEFAULT_OPPONENT] and choices[DEFAULT_OPPONENT].startswith("Steady — ")
    table = PlayTable(database=tmp_path / "play.sqlite3", schedule=lambda *_: None)
    assert {seat.value for seat in table.seat_kinds} == {DEFAULT_OPPONENT}
    offered = dict((kind, words) for words, kind in table.seat_kinds[0].options)
    assert offered[DEFAULT_OPPONENT].endswith("(the default)") and "level" not in " ".join(offered.values())
