"""The coach of a first game: the chosen deals, the words of a turn, judging a choice, counting the hands."""

import random
import re

import pytest
from remembered_search import remember_the_search
from test_voice import ENGINE_WORDS, named_cards, seen_by

from matatu_learn.engine.actions import CUT, PLAY, parse_action
from matatu_learn.engine.cards import CARD_NAMES, parse_card, parse_cards
from matatu_learn.engine.round import Round
from matatu_learn.engine.rules import PRESETS
from matatu_learn.engine.view import PlayerView
from matatu_learn.teaching.coach import (
    ADVISER,
    CoachedTable,
    advice_marks,
    advise,
    first_game_data,
    first_game_seeds,
    judge,
    moments,
    second_game,
)

HOUSE = PRESETS["house"]
# A rule the coach says in words, naming a card as the rules do (not one the learner saw).
RULE_PHRASES = ("the Ace of spades (which cancels it)",)


@pytest.fixture(scope="module", autouse=True)
def searched_once():
    """The coach's advice and verdicts, each position's searched once a process (tests/remembered_search.py)."""
    with remember_the_search():
        yield


@pytest.fixture
def database(tmp_path):
    return str(tmp_path / "coach.sqlite3")


def texts(block: dict) -> list[str]:
    """Every sentence of a coach block the learner reads."""
    said = [block["title"], *block["paragraphs"]]
    if block["verdict"] is not None:
        said.append(block["verdict"]["text"])
    return said


# ---------------------------------------------------------------------- the chosen deals
def test_the_chosen_deals_are_against_one_computer_player_house_rules_first():
    data = first_game_data()
    assert data["seats"] == ["human", "heuristic"]
    assert data["adviser"] == ADVISER, "the seeds were found with the coach's own adviser"
    assert first_game_seeds() == first_game_seeds("house")
    assert len(first_game_seeds()) >= 3
    assert len(set(first_game_seeds())) == len(first_game_seeds())


def test_the_moments_are_read_from_the_round():
    # A round where nothing special happened: a draw and a pass.
    game = Round(HOUSE, 2, seed=3)
    game.apply("draw")
    assert moments(game) <= {"cut"}


# ---------------------------------------------------------------------- judging a choice
def cut_or_lose():
    """South can cut and win on the spot (3 left against North's one card); drawing lets North go out."""
    return Round.from_position(
        HOUSE, [parse_cards("7♦ 3♥"), parse_cards("9♣")], pile=parse_cards("9♦"), marker=parse_card("6♦"), seed=5
    )


def test_the_coach_cuts_when_the_cut_wins_on_the_spot():
    view = PlayerView(cut_or_lose(), 0)
    decision = advise(view, seed=1)
    assert decision.action == parse_action("cut 7♦")
    assert advice_marks(view, decision.action) == {"card": "7♦", "control": "cut", "answer": None}


def test_the_coachs_own_choice_is_called_good():
    view = PlayerView(cut_or_lose(), 0)
    verdict = judge(view, parse_action("cut 7♦"), parse_action("cut 7♦"))
    assert verdict.kind == "good"
    assert verdict.text.startswith("You cut with the 7 of diamonds — good: a cut ends the round at once")


def test_a_worse_choice_gets_the_better_move_and_why():
    view = PlayerView(cut_or_lose(), 0)
    verdict = judge(view, parse_action("draw"), parse_action("cut 7♦"), deals=120, seed=2)
    assert verdict.kind == "better"
    # The cut wins but where North holds a 3 (a tie); a draw lets North go out with a card that fits.
    assert verdict.comparison.second_share > 0.9
    assert verdict.comparison.first_share < verdict.comparison.second_share - 0.2
    text = verdict.text
    assert text.startswith("You draw a card. A better move was to cut with the 7 of diamonds:")
    assert "you would keep 3 points" in text and "North holds 1 card" in text
    assert re.search(r"In 120 games played out from here, .* that move won \d+% of them and yours \d+%\.", text)
    assert not ENGINE_WORDS.search(text), text


def test_a_choice_as_good_as_the_coachs_is_called_good():
    # Two Aces worth the same, each naming the suit of the King: either is as good as the other.
    game = Round.from_position(
        HOUSE, [parse_cards("A♥ A♣ K♠ 4♠"), parse_cards("Q♦ 10♦ 9♦")], pile=parse_cards("5♦"), marker=parse_card("3♥")
    )
    view = PlayerView(game, 0)
    verdict = judge(view, parse_action("play A♥ ♠"), parse_action("play A♣ ♠"), deals=120, seed=3)
    assert verdict.kind == "good", verdict.text
    assert "The coach would lay the Ace of clubs and name spades, but the two did about as well" in verdict.text


def test_the_only_legal_move_is_good_without_a_search():
    game = Round.from_position(
        HOUSE,
        [parse_cards("K♣ 3♥"), parse_cards("9♣ 4♦")],
        pile=parse_cards("2♦ 2♣"),
        marker=parse_card("6♦"),
        pending=2,
    )
    view = PlayerView(game, 0)
    verdict = judge(view, parse_action("pick"), parse_action("pick"))
    assert verdict.kind == "good" and verdict.comparison is None
    assert verdict.text == (
        "You pick up 2 cards — good: nothing in your hand answers the pick, so you take the 2 cards."
    )


# ---------------------------------------------------------------------- the coach at the table
def test_a_coached_turn_says_the_pile_what_fits_the_options_and_the_advice(database):
    table = CoachedTable(first_game_seeds()[0], database=database)
    block = table.coach_block()
    assert block["title"] == "Your first turn" and block["verdict"] is None
    said = " ".join(block["paragraphs"])
    assert "the lightest hand wins" in said and "The chopper is the 7 of " in said
    assert "A card fits the " in said and "You may" in said
    assert block["paragraphs"][-1].startswith("The coach would ")
    advice = table.advice().action
    marks = block["advice"]
    assert marks == advice_marks(table.view, advice)
    assert (marks["card"] is None) == (advice.kind not in (PLAY, CUT))


def test_the_advised_answer_is_the_index_of_the_pages_question(database):
    # Play the coach's moves until it advises an Ace, then ask the session which suit it names.
    table = CoachedTable(first_game_seeds()[0], database=database)
    for _ in range(200):
        assert not table.over, "the coached game lays an Ace"
        if table.computer_to_move:
            table.step()
            continue
        action = table.advice().action
        marks = table.coach_block()["advice"]
        if marks["answer"] is not None:
            assert table.choose_card(marks["card"]) is None  # the card asks which suit
            question, answers = table.choice()
            assert answers[marks["answer"]][1] == action.suit
            table.answer(answers[marks["answer"]][1])
            assert table.moves[-1].action == action
            return
        table.act(action)


def test_while_the_computer_plays_the_coach_tells_the_learners_move_and_waits(database):
    table = CoachedTable(first_game_seeds()[0], database=database)
    table.act(table.advice().action)
    while not table.computer_to_move:
        table.act(table.advice().action)
    block = table.coach_block()
    assert block["title"] == "North's turn" and block["advice"] is None
    assert block["verdict"]["kind"] == "good"
    assert block["paragraphs"][-1] == "North plays next, by itself."


def test_the_game_without_help_has_no_coach(database):
    table = second_game(seed=11, database=database)
    assert table.coach_block() is None and table.advice() is None
    legal = table.game.legal_actions()
    if table.my_turn:
        table.act(legal[0])
    assert table.verdicts == []


# ---------------------------------------------------------------------- what the coach may say
def played_with_the_coach(seed: int, database, follow: float, chooser_seed: int):
    """A first game where the learner follows the coach with chance ``follow``; every coach block seen."""
    table = CoachedTable(seed, database=database, adviser="search:1", deals=40)
    chooser = random.Random(chooser_seed)
    blocks = [(table.coach_block(), len(table.game.log))]
    for _ in range(300):
        if table.over:
            break
        if table.computer_to_move:
            table.step()
        else:
            advice = table.advice().action
            action = advice if chooser.random() < follow else chooser.choice(table.game.legal_actions())
            table.act(action)
        blocks.append((table.coach_block(), len(table.game.log)))
    return table, blocks


@pytest.mark.parametrize("seed, follow", [(first_game_seeds()[0], 0.5), (first_game_seeds()[-1], 0.0), (91, 0.7)])
def test_the_coach_never_names_a_card_the_learner_cannot_see(seed, follow, database):
    table, blocks = played_with_the_coach(seed, database, follow, chooser_seed=seed)
    game = table.game
    for block, upto in blocks:
        for sentence in texts(block):
            assert not ENGINE_WORDS.search(sentence), sentence
            for phrase in RULE_PHRASES:
                sentence = sentence.replace(phrase, "")
            unseen = named_cards(sentence) - seen_by(game, 0, upto)
            assert not unseen, (sentence, [CARD_NAMES[card] for card in unseen])


# ---------------------------------------------------------------------- counting the hands
HAND = re.compile(r"^(Your hand|North's hand): (.*): (?:[\d +]+ = )?(\d+)\.$")


def counted(block: dict) -> dict[str, tuple[str, int]]:
    found = {}
    for paragraph in block["paragraphs"]:
        match = HAND.match(paragraph)
        if match:
            found[match.group(1)] = (match.group(2), int(match.group(3)))
        elif paragraph.endswith("no cards left, so it counts 0."):
            found[paragraph.partition(":")[0]] = ("", 0)
    return found


def check_counting(table: CoachedTable, paragraphs: list[str]) -> str:
    """The counting's hands, totals and winner are the engine's; the sentence that says who won."""
    result = table.game.result
    hands = counted({"paragraphs": paragraphs})
    assert set(hands) == {"Your hand", "North's hand"}
    for seat, owner in enumerate(("Your hand", "North's hand")):
        names, total = hands[owner]
        assert total == result.totals[seat]
        assert named_cards(names) == set(table.game.hands[seat])
        line = next(paragraph for paragraph in paragraphs if paragraph.startswith(owner))
        shown = re.search(r": ([\d +]+) = \d+\.$", line)
        if shown:
            assert sum(int(number) for number in shown.group(1).split(" + ")) == total
    winner = next(paragraph for paragraph in paragraphs if re.search(r"wins? the round|a tie", paragraph))
    if len(result.winners) > 1:
        assert "a tie" in winner
    elif result.winners == (0,):
        assert winner.endswith("You win the round!")
    else:
        assert winner.endswith("North wins the round.")
    return winner


def test_the_counting_matches_the_engines_result_when_north_wins(database):
    # A learner who only draws and passes (the coach off: the counting is the same): North wins.
    table = CoachedTable(first_game_seeds()[0], database=database, coached=False)
    for _ in range(400):
        if table.over:
            break
        if table.computer_to_move:
            table.step()
            continue
        legal = table.game.legal_actions()
        quiet = [action for action in legal if action.kind not in (PLAY, CUT)]
        table.act(quiet[0] if quiet else legal[0])
    assert table.over and table.game.result.winners == (1,)
    check_counting(table, table.counting())


# ---------------------------------------------------------------------- the page's widget
def test_the_first_game_widget_is_played_by_taps_then_without_help(database):
    from matatu_learn.widgets.first_game import FirstGame

    seed = first_game_seeds()[-1]  # the shortest of the chosen deals
    page = FirstGame(seed, database=database, schedule=lambda delay, callback: callback(), free_seed=5)
    for _ in range(40):
        state = page.board.state
        if state["result"] is not None:
            break
        coach = state["coach"]
        assert state["hand"]["show_playable"] and "hint" not in [control["kind"] for control in state["controls"]]
        marks = coach["advice"]
        assert marks is not None, "on the learner's turn the coach's choice is drawn"
        if marks["card"] is not None:
            assert page.board.receive({"type": "card", "card": marks["card"]})
            if marks["answer"] is not None:
                assert page.board.receive({"type": "answer", "index": marks["answer"]})
        else:
            assert page.board.receive({"type": "control", "kind": marks["control"]})
        assert page.board.state["coach"]["verdict"]["kind"] == "good"
    state = page.board.state
    assert state["coach"]["title"] == "Count the hands" and state["result"]["rows"][0]["won"]
    assert page.without_help.layout.display is None, "the way on shows once the hands are counted"
    page.without_help.click()
    state = page.board.state
    assert state["coach"] is None and not state["hand"]["show_playable"]
    assert not any(card["playable"] for card in state["hand"]["cards"])
    assert "hint" not in [control["kind"] for control in state["controls"]]
    assert page.without_help.layout.display == "none"
    assert page.table.seed == 5 and not page.table.coached
