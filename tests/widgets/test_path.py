"""The learner's path: navigation and the carried ruleset, one ruleset taught at a time, practice
tasks that open the way on, narration, steppers that guide."""

import html
import json
import re

import pytest
from test_lesson_words import repeated_run

from conftest import NOTEBOOKS
from matatu_learn.engine.actions import parse_action
from matatu_learn.engine.cards import CARD_NAMES, RANK_OF, SUIT_OF, SUIT_SYMBOLS, make_card, parse_card
from matatu_learn.engine.errors import MatatuError
from matatu_learn.engine.events import Drew, Owes, Skipped
from matatu_learn.engine.round import Round, RoundResult
from matatu_learn.engine.rules import PRESETS
from matatu_learn.engine.rules_text import rules_sections
from matatu_learn.teaching.lessons import (
    RULESET_CHOICES,
    lesson_topics,
    load_glossary,
    ordinary_position,
    practice_question,
    ruleset_from_query,
    ruleset_rules,
    topic_transcript,
)
from matatu_learn.teaching.path_rules import NO_SUCH_RULE, PARTS, SPECIAL_TOPICS, other_tables, part_lines
from matatu_learn.teaching.voice import Voice, card_words, seat_names
from matatu_learn.widgets.lesson_views import (
    CardValues,
    CutMeter,
    DealExplorer,
    Glossary,
    LessonPractice,
    MatchView,
    PracticeTable,
    TableRules,
    TopicLesson,
    TurnExplorer,
    WorkedExamples,
    feedback_html,
)
from matatu_learn.widgets.navigation import LessonNavigation, PathStart, carry
from matatu_learn.widgets.page import kernel_page
from matatu_learn.widgets.puzzle_trainer import PuzzleTrainer

# The path as the issue orders it, written out here rather than read from the package: each
# lesson's page id, and its notebook.
LESSONS = [
    "the-deal",
    "matching-and-turns",
    "special-cards",
    "chopper-arithmetic",
    "scoring",
    "can-you-cut",
]
FILES = dict(
    zip(
        [*LESSONS, "first-game"],
        [
            "01-the-deal",
            "02-matching-and-turns",
            "03-special-cards",
            "04-chopper-arithmetic",
            "05-scoring",
            "06-can-you-cut",
            "07-first-game",
        ],
        strict=True,
    )
)
SEEDS = range(6)


@pytest.fixture(autouse=True)
def fresh_ruleset(fresh_page):
    """Every test starts on a fresh page opened without a ruleset in its address: no widget of an
    earlier test listens to the ruleset, and no practice is done."""


def hrefs(markup: str) -> list[str]:
    return re.findall(r'href="([^"]+)"', markup)


# ------------------------------------------------------------------ navigation
@pytest.mark.parametrize("number", range(1, 7))
def test_each_lesson_says_where_it_stands_and_links_back_and_on(number):
    page = LESSONS[number - 1]
    carry("uganda-jokers")
    top = LessonNavigation(page)
    assert f"Lesson {number} of 6" in top.links.value and top.picker.value == "uganda-jokers"
    links = hrefs(top.links.value)
    following = FILES[LESSONS[number] if number < 6 else "first-game"]
    assert "glossary.ipynb?rules=uganda-jokers" in links and "index.ipynb?rules=uganda-jokers" in links
    previous = [link for link in links if link.startswith(tuple(FILES[lesson] for lesson in LESSONS[: number - 1]))]
    assert previous == ([f"{FILES[LESSONS[number - 2]]}.ipynb?rules=uganda-jokers"] if number > 1 else [])
    # The way on is at the foot of the lesson, after its practice: none at the top.
    assert not [link for link in links if link.startswith(following)]
    foot = LessonNavigation(page, end=True)
    assert hrefs(foot.links.value)[0] == f"{following}.ipynb?rules=uganda-jokers" and foot.picker is None


def test_the_foot_skips_softly_until_the_practice_is_answered_right_then_leads_on():
    foot = LessonNavigation("the-deal", end=True)
    practice = LessonPractice("the-deal", seed=2)
    question = practice.question
    assert 'class="matatu-skip"' in foot.links.value and 'class="matatu-go"' not in foot.links.value
    assert "Answer a practice question right" in foot.links.value
    practice.answer(next(key for _, key in question.choices if key not in question.right))
    assert 'class="matatu-go"' not in foot.links.value  # a wrong answer is explained, and the way stays shut
    assert "Another one" in practice.feedback.value and all(button.disabled for button in practice.buttons.values())
    practice.answer(next(iter(question.right)))  # the answer shown, a second try counts for nothing
    assert 'class="matatu-go"' not in foot.links.value
    practice.another.click()
    practice.answer(next(iter(practice.question.right)))
    assert 'class="matatu-go"' in foot.links.value and 'class="matatu-skip"' not in foot.links.value
    assert hrefs(foot.links.value)[0] == "02-matching-and-turns.ipynb?rules=house"
    # Another lesson's foot is not opened by this lesson's practice.
    assert 'class="matatu-skip"' in LessonNavigation("matching-and-turns", end=True).links.value


def test_the_puzzles_of_the_last_lesson_open_the_way_to_the_first_game():
    foot = LessonNavigation("can-you-cut", end=True)
    trainer = PuzzleTrainer(lesson="can-you-cut")
    assert "matatu-skip" in foot.links.value
    trainer.answer(trainer.puzzle.answer.get("can_cut", trainer.puzzle.answer.get("cards")))
    assert 'class="matatu-go"' in foot.links.value
    assert (
        hrefs(foot.links.value)[0] == "07-first-game.ipynb?rules=house"
        and "first game, with a coach" in foot.links.value
    )


def test_a_changed_picker_changes_every_link_and_every_lesson_widget_of_the_page():
    top, foot = LessonNavigation("the-deal"), LessonNavigation("the-deal", end=True)
    rules, deal, lesson = TableRules("deal"), DealExplorer(), TopicLesson("special_cards")
    assert "base card" in rules.value and deal.game.rules == ruleset_rules("house")
    top.picker.value = "bomb-classic"
    assert kernel_page().ruleset.value == "bomb-classic"
    assert "index.ipynb?rules=bomb-classic" in hrefs(top.links.value)
    assert hrefs(foot.links.value)[0] == "02-matching-and-turns.ipynb?rules=bomb-classic"
    assert "Any 7 is a chopper." in rules.value and "base card" not in rules.value.split("<details")[0]
    assert deal.game.rules == ruleset_rules("bomb-classic")
    assert all(frame.game.rules == ruleset_rules("bomb-classic") for frame in lesson.stepper.frames)
    # A second picker on the page (another head) follows too.
    other = LessonNavigation("the-deal")
    carry("party")
    assert top.picker.value == other.picker.value == "party"


def test_every_lesson_widget_shows_the_carried_ruleset_and_redraws_when_it_changes():
    carry("party")
    widgets = {
        "topic": TopicLesson("scoring"),
        "turn": TurnExplorer(),
        "glossary": Glossary(),
        "meter": CutMeter(),
        "match": MatchView(),
        "table": PracticeTable(),
        "practice": LessonPractice("scoring"),
        "puzzles": PuzzleTrainer(),
    }
    assert all(widget.ruleset == "party" for widget in widgets.values())
    assert widgets["puzzles"].puzzle.rules == "party" and widgets["match"].match.rules == PRESETS["party"]
    carry("uganda-jokers")
    assert widgets["meter"].rules.jokers and widgets["meter"].marker_suit.description == "Suit of the cutter"
    assert widgets["turn"].game.rules == ruleset_rules("uganda-jokers")
    assert widgets["table"].game.rules == ruleset_rules("uganda-jokers")
    assert widgets["practice"].question.game.rules.marker == "cutter"
    assert widgets["match"].match.rules == ruleset_rules("uganda-jokers")
    assert "In Uganda Classic, joker mode: " in widgets["glossary"].terms.value
    assert widgets["puzzles"].puzzle.to_json()["rules"] in ("uganda", {"preset": "uganda", "jokers": True})
    # A widget given a ruleset of its own keeps it.
    assert CutMeter("house").rules == PRESETS["house"]


def test_the_address_carries_a_ruleset_and_a_wrong_one_is_named():
    assert ruleset_from_query("rules=uganda") == ("uganda", "")
    assert ruleset_from_query("seed=4&rules=bomb-classic") == ("bomb-classic", "")
    assert ruleset_from_query("") == ("house", "")
    ruleset, problem = ruleset_from_query("rules=chess")
    assert ruleset == "house"
    assert problem.startswith("The address asks for the ruleset 'chess', which these lessons do not know")
    assert all(choice in problem for choice in RULESET_CHOICES)


def test_rulesets_are_named_as_people_say_them():
    names = {key: label for key, (label, _, _) in RULESET_CHOICES.items()}
    assert names == {
        "house": "House rules",
        "house-jokers": "House rules with jokers",
        "uganda": "Uganda Classic",
        "uganda-jokers": "Uganda Classic, joker mode",
        "bomb": "54-card app rules",
        "bomb-classic": "54-card app rules, classic 52 cards",
        "party": "Party handout",
    }
    start = PathStart()
    assert [label for label, _ in start.picker.options] == list(names.values())
    assert "Start with House rules:" in start.children[0].value


def test_the_landing_page_starts_lesson_one_with_the_chosen_ruleset_and_shows_the_first_game():
    start = PathStart()
    assert hrefs(start.start.value)[0] == "01-the-deal.ipynb?rules=house"
    assert "Start lesson 1: The deal" in start.start.value
    assert "07-first-game.ipynb?rules=house" in hrefs(start.start.value)
    start.picker.value = "uganda"
    assert hrefs(start.start.value)[0] == "01-the-deal.ipynb?rules=uganda"
    index = json.loads((NOTEBOOKS / "index.ipynb").read_text(encoding="utf-8"))
    assert any("](07-first-game.ipynb)" in "".join(cell["source"]) for cell in index["cells"])


def test_a_page_that_is_not_a_lesson_is_refused_in_words():
    with pytest.raises(MatatuError, match="'07-lesson' is not a lesson; the lessons are the-deal"):
        LessonNavigation("07-lesson")


def test_every_lesson_notebook_has_the_navigation_its_summary_and_its_practice_right_above_the_foot():
    for page in LESSONS:
        notebook = json.loads((NOTEBOOKS / f"{FILES[page]}.ipynb").read_text(encoding="utf-8"))
        *sources, taking = ["".join(cell["source"]) for cell in notebook["cells"]]
        assert taking.endswith("take_page_request()"), page  # every page's last cell, after its widgets
        assert f'LessonNavigation("{page}")' in sources[1], page
        assert sources[-1] == f'LessonNavigation("{page}", end=True)', page
        assert any(source.startswith("## In short") for source in sources), page
        if page == "can-you-cut":
            assert any(f'PuzzleTrainer(lesson="{page}")' in source for source in sources)
            continue
        assert f'LessonPractice("{page}")' in sources[-2], page
        assert sources[-3].startswith("## Practice: "), page
    glossary = json.loads((NOTEBOOKS / "glossary.ipynb").read_text(encoding="utf-8"))
    assert any('LessonNavigation("glossary")' in "".join(cell["source"]) for cell in glossary["cells"])


# Words of a ruleset other than house rules, or of a rule house rules do not have.
NOT_HOUSE = re.compile(
    r"uganda|bomb|party|handout|54-card|cutter|bare table|starts bare|joker|revers|warning!|card!|matatu!"
    r"|\bcatch|strictly lightest|loses ties|compared|adds? up|any (?:7|seven)|no (?:weight )?limit",
    re.IGNORECASE,
)


def test_the_lessons_prose_holds_only_what_is_true_at_every_table():
    for page in LESSONS:
        notebook = json.loads((NOTEBOOKS / f"{FILES[page]}.ipynb").read_text(encoding="utf-8"))
        prose = " ".join("".join(cell["source"]) for cell in notebook["cells"] if cell["cell_type"] == "markdown")
        prose = re.sub(r"`[^`]*`", "", prose)  # commands for teachers
        assert not NOT_HOUSE.findall(prose), (page, NOT_HOUSE.findall(prose))
        # No other ruleset's name either: the ruleset is the learner's, said by the widgets.
        assert not re.search(r"house rules|uganda|classic", prose, re.IGNORECASE), page


# ------------------------------------------------------------------ one ruleset at a time
def test_every_line_of_the_special_cards_rules_is_taught_by_exactly_one_topic():
    for key in RULESET_CHOICES:
        for line in rules_sections(ruleset_rules(key))["Special cards"]:
            topics = [topic for topic, taught in SPECIAL_TOPICS.items() if taught(line)]
            assert len(topics) == 1, (key, line, topics)


def test_a_lesson_widget_says_only_the_chosen_rulesets_rules_and_folds_the_others():
    for part in PARTS:
        markup = TableRules(part, ruleset="house").value
        shown, _, folded = markup.partition('<details class="matatu-other-tables">')
        assert not NOT_HOUSE.findall(shown), (part, NOT_HOUSE.findall(shown))
        assert "<summary>At other tables</summary>" in folded or not other_tables("house", part)
        for line in part_lines("house", part):
            assert html.escape(line) in shown
    # Uganda's own deal speaks of its cutter and its bare table; house's ways are folded away.
    shown, _, folded = TableRules("deal", ruleset="uganda").value.partition("<details")
    assert "The cutter is dealt face up" in shown and "The table starts bare" in shown
    assert "A base card is picked at random" in folded and "House rules" in folded


def test_other_tables_say_only_what_differs_and_tables_that_agree_together():
    differences = dict(other_tables("house", "special_cards/jumps"))
    assert differences == {
        ("Uganda Classic",): [
            "An 8 jumps the next player; a Jack reverses the order of play.",
            "With two players a jump or a reverse means you play again.",
        ]
    }
    fit = other_tables("house", "fit")
    assert [names for names, _ in fit] == [("House rules with jokers", "54-card app rules")]
    master = dict(other_tables("house", "special_cards/master_ace"))
    assert master[("Uganda Classic", "Party handout")] == [NO_SUCH_RULE]
    assert other_tables("house", "special_cards/aces") == []


def test_a_topic_lesson_offers_only_the_topics_of_the_chosen_ruleset():
    assert [key for _, key in lesson_topics("special_cards", "house")] == ["twos", "jumps", "aces", "master_ace"]
    assert "jokers" in [key for _, key in lesson_topics("special_cards", "house-jokers")]
    assert "calls" in [key for _, key in lesson_topics("special_cards", "party")]
    lesson = TopicLesson("special_cards", topic="jumps")
    assert "An 8 or a Jack jumps the next player." in lesson.rule.value
    assert "reverses" in lesson.others.value and "reverses" not in lesson.rule.value
    carry("uganda")
    assert lesson.topic.value == "jumps" and "a Jack reverses the order of play" in lesson.rule.value
    lesson.topic.value = "calls"
    carry("house")
    assert lesson.topic.value == "twos"  # house rules have no calls: back to the first topic


def test_the_card_values_and_the_worked_examples_are_the_chosen_rulesets():
    values = CardValues("party").value
    shown, _, folded = values.partition("<details")
    assert re.findall(r"<figcaption><b>(\d+)</b>", shown)[:2] == ["15", "2"]
    assert "Card values: 2 = 20" in folded
    assert 'data-card="A♠"' in CardValues("bomb").value.partition("<details")[0]
    examples = WorkedExamples("house").value
    assert examples.count("<li>") == 2 and "exactly on the limit" in examples and "1 over the limit" in examples
    assert "no limit at all" in WorkedExamples("bomb").value


# ------------------------------------------------------------------ practice
def test_the_chopper_question_names_the_seven_of_the_marker_suit_or_any_seven():
    for ruleset in RULESET_CHOICES:
        preset = RULESET_CHOICES[ruleset][1]
        for seed in SEEDS:
            question = practice_question("the-deal", ruleset, seed)
            marker = question.game.marker
            expected = {"any"} if preset in ("bomb", "party") else {CARD_NAMES[make_card(7, SUIT_OF[marker])]}
            assert question.right == expected, (ruleset, seed)
            assert question.marker_only


def test_the_fit_question_uses_ordinary_cards_and_a_card_fits_by_suit_or_rank():
    for ruleset in RULESET_CHOICES:
        for seed in SEEDS:
            question = practice_question("matching-and-turns", ruleset, seed)
            game = question.game
            top = game.pile[-1]
            seen = [*game.hands[0], *game.hands[1], *game.hands[2], *game.pile, *game.stock]
            assert all(RANK_OF[card] in (4, 5, 6, 9, 10, 12, 13) for card in seen)
            fitting = {CARD_NAMES[c] for c in game.hands[0] if SUIT_OF[c] == SUIT_OF[top] or RANK_OF[c] == RANK_OF[top]}
            assert question.right == fitting and 0 < len(fitting) < len(game.hands[0])


def test_the_pick_question_is_answered_the_way_each_ruleset_answers_a_two():
    for ruleset in RULESET_CHOICES:
        preset = RULESET_CHOICES[ruleset][1]
        for seed in range(12):
            question = practice_question("special-cards", ruleset, seed)
            two = question.game.pile[-1]
            twos = [card for card in question.game.hands[0] if RANK_OF[card] == 2]
            if preset == "uganda":  # compared by colour: a 2 of the pick's colour
                twos = [card for card in twos if (SUIT_OF[card] in (1, 2)) == (SUIT_OF[two] in (1, 2))]
            expected = {CARD_NAMES[card] for card in twos} or {"pick"}
            assert question.right == expected, (ruleset, seed)


def test_the_cut_question_agrees_with_the_cuts_the_engine_allows():
    for ruleset in ("house", "uganda", "bomb", "party"):
        for seed in SEEDS:
            question = practice_question("chopper-arithmetic", ruleset, seed)
            game = question.game
            cuts = [action for action in game.legal_actions() if action.kind == "cut"]
            assert question.right == {"yes" if cuts else "no"}
            if ruleset == "house" and cuts:
                # House counts the cards left after the chop against 20.
                chopper = cuts[0].card
                assert sum(game.value(card) for card in game.hands[game.to_move] if card != chopper) <= 20


HOUSE_VALUES = {1: 15, 2: 20, 11: 11, 12: 12, 13: 13}


def test_the_winner_question_names_the_lightest_hand_after_the_cut():
    for seed in range(10):
        question = practice_question("scoring", "house", seed)
        game = question.game
        cutter = game.to_move
        chopper = next(card for card in game.hands[cutter] if RANK_OF[card] == 7 and game.is_chopper(card))
        totals = [
            sum(HOUSE_VALUES.get(RANK_OF[card], RANK_OF[card]) for card in hand if card != chopper)
            for hand in game.hands
        ]
        lightest = [seat for seat, total in enumerate(totals) if total == min(totals)]
        assert question.right == ({"tie"} if len(lightest) > 1 else {str(lightest[0])}), seed
        assert (
            f"Hands: {', '.join(f'{name} {total}' for name, total in zip(question.names, totals, strict=True))}."
            in (question.explanation)
        )


def test_a_right_answer_is_green_and_a_wrong_one_red_with_the_right_answer_shown():
    practice = LessonPractice("the-deal", ruleset="house", seed=2)
    question = practice.question
    right = next(iter(question.right))
    wrong = next(key for _, key in question.choices if key not in question.right)
    practice.answer(wrong)
    label = dict((key, label) for label, key in question.choices)
    assert "matatu-wrong" in practice.feedback.value and "✘" in practice.feedback.value
    assert f"The answer: {label[right]}." in practice.feedback.value
    # The wrong choice is explained in plain words: why that seven is not the chopper.
    assert f"The {label[wrong]} is an ordinary card in this deal: its suit is not the base card" in (
        practice.feedback.value
    )
    assert practice.buttons[wrong].button_style == "danger" and practice.buttons[right].button_style == "success"
    practice.answer(right)  # the buttons are closed once answered: nothing changes
    assert "matatu-wrong" in practice.feedback.value and "0 right of 1" in practice.score.value
    # The chopper question shows the marker card alone: the table would name the chopper.
    assert practice.view.table.value == "" and 'data-card="' in practice.view.marker_card.value
    practice.another.click()
    assert practice.seed == 3 and practice.feedback.value == ""
    practice.answer(next(iter(practice.question.right)))
    assert "matatu-right" in practice.feedback.value and "✔ Right: " in practice.feedback.value
    assert "1 right of 2" in practice.score.value


def test_every_wrong_answer_is_explained_in_plain_words_once():
    for page in LESSONS[:5]:
        for ruleset in RULESET_CHOICES:
            for seed in range(3):
                question = practice_question(page, ruleset, seed)
                for label, key in question.choices:
                    if key in question.right:
                        continue
                    words = question.verdict(key) + " " + question.reasons(key)
                    # The choice quoted (a choice that says "no" never reads "Not no"), its reason said once.
                    assert words.startswith(f"✘ You chose “{label}”. The answer: "), words
                    assert repeated_run(feedback_html(question, key)) == "", (page, ruleset, key, words)
                    assert not set(SUIT_SYMBOLS) & set(words), words  # words, not notation
                    if page in ("the-deal", "matching-and-turns", "special-cards"):
                        # What is wrong with this very choice, before why the answer is right.
                        assert question.why_not[key] and question.why_not[key] in words, (page, ruleset, key)


def test_a_practice_question_follows_the_ruleset_the_page_carries():
    practice = LessonPractice("scoring")
    carry("uganda")
    assert practice.question.game.rules.marker == "cutter"
    with pytest.raises(MatatuError, match="has no practice task"):
        practice_question("can-you-cut", "house", 1)


def test_the_practice_table_plays_a_clicked_card_and_the_computer_answers():
    table = PracticeTable(ruleset="house", seed=4)
    game = table.game
    hidden = [*game.hands[1], *game.hands[2], *game.stock]
    shown = set(re.findall(r'data-card="([^"]+)"', table.table.value))
    assert not shown & {CARD_NAMES[card] for card in hidden}
    before = list(game.hands[0])
    name, button = next((name, button) for name, button in table.hand.buttons.items() if button.button_style)
    button.click()
    assert parse_card(name) not in game.hands[0] and len(game.hands[0]) == len(before) - 1
    story = table.story.value
    assert f"You play {card_words(parse_card(name))}." in story
    assert re.search(r"West (plays|draws|passes)", story) and re.search(r"East (plays|draws|passes)", story)
    assert game.over or game.to_move == 0


def test_the_practice_table_plays_a_whole_round_to_its_result():
    table = PracticeTable(ruleset="bomb", seed=2)
    game = table.game
    for _ in range(200):
        if game.over:
            break
        legal = game.legal_actions()
        table.play(next((action for action in legal if action.kind == "play"), legal[0]))
    assert game.over
    assert Voice(3, viewer=0).result(game.result) in table.story.value


# ------------------------------------------------------------------ narration
def test_every_kind_of_move_is_a_sentence_without_notation():
    sentences = {
        "play A♥ ♠": ("West", "West plays the Ace of hearts and names spades."),
        "play 10♣": ("You", "You play the 10 of clubs."),
        "play 5♦ warning": ("East", 'East plays the 5 of diamonds and says "Warning!"'),
        "play RJ ♦": ("North", "North plays the red joker and names diamonds."),
        "cut 7♦": ("South", "South cuts with the 7 of diamonds."),
        "draw": ("North", "North draws a card."),
        "pass": ("South", "You pass."),
        "call card": ("West", 'West says "Card!"'),
        "catch": ("East", "East catches a player who missed a call."),
    }
    seats = {"South": 0, "West": 1, "North": 2, "East": 3}
    voice = Voice(4, viewer=0)  # the learner sits at South: "You"
    for notation, (who, sentence) in sentences.items():
        seat = 0 if who == "You" else seats[who]
        if who == "South":
            sentence = sentence.replace("South cuts", "You cut")
        assert voice.action(seat, notation) == sentence
        # No card symbol, no joker code, no command word of the notation in the main sentence.
        assert not set(SUIT_SYMBOLS) & set(sentence) and "RJ" not in sentence and not sentence.startswith(notation)
    assert voice.action(3, "pick", owed=2) == "East picks up 2 cards."
    assert voice.action(0, parse_action("pick")) == "You pick up the cards owed."


def test_effects_and_results_call_the_seats_by_name():
    names = seat_names(4)
    assert names == ("South", "West", "North", "East") and seat_names(6)[5] == "South-East"
    assert Voice(4).event(Owes(3, 2)) == "East now owes 2 cards."
    assert Voice(2, viewer=0).event(Skipped(0)) == "You are jumped."
    assert Voice(4, viewer=0).event(Drew(2, "?")) == "North draws a card."
    result = RoundResult("cut", (2,), (30, 14, 9), (0, 0, 44), cutter=0)
    assert Voice(3).result(result) == (
        "South cut; East won. Hands: South 30, West 14, East 9. Points: South 0, West 0, East 44."
    )


def test_card_words_name_every_rank_and_suit():
    assert [card_words(parse_card(text)) for text in ("A♠", "J♥", "Q♦", "K♣", "2♠", "BJ")] == [
        "the Ace of spades",
        "the Jack of hearts",
        "the Queen of diamonds",
        "the King of clubs",
        "the 2 of spades",
        "the black joker",
    ]


def test_transcripts_narrate_in_words():
    lines = topic_transcript("special_cards", "twos", "uganda-jokers")
    assert "South plays the 3 of diamonds. West now owes 3 cards." in lines
    assert not any(re.search(r"Seat \d:", line) for line in lines)


# ------------------------------------------------------------------ steppers
def test_the_last_step_of_a_scene_says_who_won_with_every_total_and_the_points():
    lesson = TopicLesson("scoring", ruleset="house", topic="cut")
    stepper = lesson.stepper
    stepper.show(len(stepper.frames) - 1)
    # The scene: South cuts with 7♦ holding 5♣ 4♣ (9 left), West holds 9♥ (9), East K♠ (13).
    caption = stepper.caption.value
    assert "South cuts with the 7 of diamonds." in caption
    assert "South and West tied. Hands: South 9, West 9, East 13. Points: South 9, West 9, East 13." in caption
    # Why it was allowed, in words: no notation on the page.
    assert "Why it is allowed: South may cut with the 7 of diamonds" in caption
    assert "<code>" not in caption and "♦" not in caption


def test_scenes_are_labelled_and_the_last_step_offers_the_next_topic():
    lesson = TopicLesson("scoring", ruleset="uganda", topic="cut")
    stepper = lesson.stepper
    assert "Scene 1 of 2: " in stepper.caption.value
    assert stepper.next_topic.disabled and stepper.next_topic.layout.display is None
    next_button = stepper.next
    for _ in range(len(stepper.frames) - 1):
        next_button.click()
    assert "Scene 2 of 2: " in stepper.caption.value and not stepper.next_topic.disabled
    # The same buttons stay on the page from step to step, so keyboard focus is not lost.
    assert stepper.next is next_button and stepper.children[3].children[1] is next_button
    stepper.next_topic.click()
    assert lesson.topic.value == "blocked" and stepper.position == 0


def test_the_turn_lesson_never_says_nothing_else_and_deals_ordinary_cards():
    for ruleset in RULESET_CHOICES:
        explorer = TurnExplorer(ruleset)
        for _ in range(3):
            game = explorer.game
            cards = [*game.hands[0], *game.hands[1], *game.hands[2], *game.pile]
            assert all(RANK_OF[card] in (4, 5, 6, 9, 10, 12, 13) for card in cards)
            assert "nothing else" not in explorer.moves.value
            if not any(action.card is None for action in game.legal_actions()):
                assert "You must lay a card this turn" in explorer.moves.value
            explorer.next_position()


def test_an_ordinary_position_holds_a_card_that_fits_and_one_that_does_not():
    for seed in range(20):
        game = ordinary_position(PRESETS["uganda"], seed)
        plays = {action.card for action in game.legal_actions() if action.kind == "play"}
        assert plays and plays != set(game.hands[0]) and isinstance(game, Round)


# ------------------------------------------------------------------ glossary
def test_the_glossary_defines_the_words_of_the_game_with_the_rulesets_own_sentences():
    terms = {entry["term"]: entry for entry in load_glossary(PRESETS["house"])}
    for word in ("pick", "cut", "chopper", "marker", "cutter", "stock", "pile", "catch", "seat", "suit in play"):
        assert terms[word]["definition"], word
    assert "20 or less" in terms["cut limit"]["ruleset_words"]
    uganda = {entry["term"]: entry for entry in load_glossary(PRESETS["uganda"])}
    assert "30 or less" in uganda["cut limit"]["ruleset_words"]
    assert "cutter's suit" in uganda["chopper"]["ruleset_words"]
    page = Glossary("bomb")
    assert page.terms.value.count("<dt") == len(terms) and "In 54-card app rules: " in page.terms.value


def test_a_blocked_round_ends_its_scene_with_the_lightest_hand_named():
    lesson = TopicLesson("scoring", ruleset="house", topic="blocked")
    stepper = lesson.stepper
    stepper.show(len(stepper.frames) - 1)
    result = stepper.frames[-1].game.result
    names = seat_names(stepper.frames[-1].game.players)
    assert result.reason == "blocked"
    winners = " and ".join(names[seat] for seat in result.winners)
    assert f"The table was blocked; {winners} " in stepper.caption.value
