import json

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from conftest import ROOT
from matatu_learn.cli import main
from matatu_learn.engine.errors import ScenarioError
from matatu_learn.engine.rules import PRESET_IDS
from matatu_learn.teaching.puzzles import LEVELS, QUESTIONS, generate_puzzle, load_puzzles, puzzle_set, read_puzzles
from matatu_learn.teaching.scenarios import read_position, read_rules, run_scenario

EXAMPLE = ROOT / "docs" / "example-puzzles.json"


def independent_answer(puzzle):
    """The answer worked out from the legal actions and the rules' card values, not from the puzzle code."""
    rules = read_rules(puzzle.rules)
    game = read_position(rules, puzzle.position)
    seat = game.to_move
    cuts = sorted(str(action.card) for action in game.legal_actions() if action.kind == "cut")
    if puzzle.question == "can_cut":
        return {"can_cut": bool(cuts), "card": cuts[0] if cuts else None}
    if puzzle.question == "which_card":
        return {"cards": cuts}
    values = rules.card_values()
    if puzzle.question == "hand_value":
        return {"value": sum(values[card] for card in game.hands[seat])}
    game.apply(f"cut {cuts[0]}")
    totals = [sum(values[card] for card in hand) for hand in game.hands]
    assert list(game.result.totals) == totals
    winners = winners_by_the_book(rules, totals, seat)
    return {"winners": winners, "points": points_by_the_book(rules, totals, winners)}


def winners_by_the_book(rules, totals, cutter):
    """Who wins a cut, written out from docs/rules.md §6 for this test alone."""
    seats = range(len(totals))
    if rules.cut_winner == "strictly_lightest":
        if all(totals[cutter] < totals[seat] for seat in seats if seat != cutter):
            return [cutter]
        lightest = min(totals[seat] for seat in seats if seat != cutter)
        return [seat for seat in seats if seat != cutter and totals[seat] == lightest]
    lowest = [seat for seat in seats if totals[seat] == min(totals)]
    if rules.cut_winner == "cutter_loses_ties" and len(lowest) > 1 and cutter in lowest:
        lowest.remove(cutter)
    return lowest


def points_by_the_book(rules, totals, winners):
    """docs/rules.md §8: uganda's winners take the hands of the others; elsewhere each scores their own."""
    if rules.scoring == "winner_takes_table":
        table = sum(total for seat, total in enumerate(totals) if seat not in winners)
        return [table if seat in winners else 0 for seat in range(len(totals))]
    return totals


@settings(max_examples=300, deadline=None)
@given(
    preset=st.sampled_from(PRESET_IDS),
    level=st.sampled_from(LEVELS),
    seed=st.integers(0, 10**6),
    index=st.integers(0, 50),
)
def test_every_generated_answer_agrees_with_the_engine(preset, level, seed, index):
    puzzle = generate_puzzle(preset, level, seed, index)
    assert puzzle.question in QUESTIONS and puzzle.level == level
    assert puzzle.answer == independent_answer(puzzle)
    assert puzzle.explanation and puzzle.hint
    # The puzzle's position is a valid scenario, so anyone can check it with matatu-learn check.
    expected_legal = run_scenario({"name": "p", "rules": puzzle.rules, "position": puzzle.position})
    assert expected_legal.passed, expected_legal.message
    if puzzle.question == "can_cut":
        assert (puzzle.rule is None) == puzzle.answer["can_cut"]


def test_sets_are_reproducible_and_differ_by_seed():
    first = [puzzle.to_json() for puzzle in puzzle_set("uganda", "medium", 8, 42)]
    assert first == [puzzle.to_json() for puzzle in puzzle_set("uganda", "medium", 8, 42)]
    assert first != [puzzle.to_json() for puzzle in puzzle_set("uganda", "medium", 8, 43)]
    assert [puzzle["question"] for puzzle in first] == list(QUESTIONS) * 2


def test_levels_bring_what_they_promise():
    hard = [p for preset in PRESET_IDS for p in puzzle_set(preset, "hard", 40, 1)]
    assert any(p.position.get("pending") for p in hard)
    # Jokers come up in hard puzzles where the ruleset's own deck has them.
    assert any("RJ" in hand or "BJ" in hand for p in hard for hand in p.position["hands"])
    assert any(len([c for c in p.position["hands"][0].split() if c.startswith("7")]) > 1 for p in hard)
    medium = [p for preset in ("house", "uganda", "party") for p in puzzle_set(preset, "medium", 40, 2)]
    assert any("suit" in p.position for p in medium)
    on_the_limit = [
        p
        for p in medium
        if p.question == "can_cut"
        and "limit is" in p.explanation
        and any(
            f"the hand counts {n} with the seven, and the limit is {n}" in p.explanation
            or f"{n} would be left after the chop (the chopper not counted), and the limit is {n}" in p.explanation
            for n in (20, 30)
        )
    ]
    assert on_the_limit
    easy = [p for preset in PRESET_IDS for p in puzzle_set(preset, "easy", 40, 3)]
    assert all(len(p.position["hands"]) == 2 and "pending" not in p.position for p in easy)
    answers = [p.answer["can_cut"] for p in easy if p.question == "can_cut"]
    assert 0.25 < sum(answers) / len(answers) < 0.75


def test_the_command_prints_puzzles_as_json(capsys):
    assert main(["puzzles", "--rules", "bomb", "--level", "hard", "--count", "6", "--seed", "42", "--json"]) == 0
    printed = json.loads(capsys.readouterr().out)
    assert len(printed) == 6
    for item in printed:
        assert set(item) >= {"rules", "position", "question", "answer", "explanation"}
    assert printed == [puzzle.to_json() for puzzle in puzzle_set("bomb", "hard", 6, 42)]
    assert main(["puzzles", "--count", "2"]) == 0
    assert "Can you cut?" in capsys.readouterr().out


def test_a_teachers_file_is_checked_by_the_engine(tmp_path, capsys):
    puzzles = load_puzzles(EXAMPLE)
    assert [p.answer for p in puzzles] == [
        {"can_cut": True, "card": "7♦"},
        {"can_cut": False, "card": None},
        {"winners": [1], "points": [13, 13]},
        {"value": 26},
    ]
    assert puzzles[1].rule == "too_heavy" and puzzles[0].hint.startswith("The base card is 6♦")
    assert main(["puzzles", "--file", str(EXAMPLE), "--json"]) == 0
    assert len(json.loads(capsys.readouterr().out)) == 4


@pytest.mark.parametrize(
    "text, message",
    [
        (
            '[{"rules": "house", "position": {"hands": ["7♦"]}, "question": "can_cut"}]',
            "puzzle 1: position: Matatu is played by 2 to 6 players",
        ),
        (
            '[{"rules": "house", "position": {"hands": ["7♦ 8♠", "K♣"], "pile": "9♦", "marker": "6♦"}}]',
            "puzzle 1: question is required",
        ),
        (
            '[{"rules": "house", "position": {"hands": ["7♦ 8♠", "K♣"], "pile": "9♦", "marker": "6♦"}, "question": "why"}]',
            "'why' is not a question",
        ),
        (
            '[{"rules": "house", "position": {"hands": ["7♦ 8♠", "K♣"], "pile": "9♦", "marker": "6♦"}, "question": "can_cut", "answer": {"can_cut": false, "card": null}}]',
            'disagrees with the rules, which give {"can_cut": true, "card": "7♦"}',
        ),
        (
            '[{"rules": "house", "position": {"hands": ["8♠ 9♠", "K♣"], "pile": "9♦", "marker": "6♦"}, "question": "who_wins"}]',
            "cannot cut in this position",
        ),
        ("{ broken", "not valid JSON (line 1"),
        ("[]", "holds no puzzles"),
        (
            '[{"rules": "house", "position": {"hands": ["7x", "K♣"], "pile": "9♦", "marker": "6♦"}, "question": "can_cut"}]',
            "position.hands[0]: '7x' is not a card",
        ),
    ],
)
def test_a_malformed_teachers_file_names_the_problem(text, message):
    with pytest.raises(ScenarioError) as error:
        read_puzzles(text, "class.json")
    assert str(error.value).startswith("class.json") and message in str(error.value)


def test_the_command_reports_a_bad_teachers_file_in_one_line(tmp_path, capsys):
    bad = tmp_path / "bad.json"
    bad.write_text('[{"rules": "house"}]', encoding="utf-8")
    assert main(["puzzles", "--file", str(bad)]) == 2
    assert capsys.readouterr().err.strip() == f"matatu-learn: {bad}: puzzle 1: position is required."


def test_one_puzzle_on_its_own_is_judged_once_a_showing():
    """The piece the puzzles page and "Your mistakes" share: its owner hears the first answer only."""
    from matatu_learn.widgets.puzzle_trainer import PuzzleCard, _choices, is_right

    heard = []

    class Owner(PuzzleCard):
        def judged(self, puzzle, right):
            heard.append(right)
            return ["Kept."]

    card = Owner()
    puzzle = generate_puzzle("house", "easy", 2, 0, question="can_cut")
    card.show(puzzle)
    right = next(choice for _, choice in _choices(puzzle) if is_right(puzzle, choice))
    assert card.answer(right) and "Kept." in card.feedback.value
    assert card.answer(not right) is False and "Kept." not in card.feedback.value
    card.show(puzzle)
    card.answer(right)
    assert heard == [True, True]


def test_a_ruleset_s_puzzles_deal_that_ruleset_s_deck_at_every_level():
    """House rules mean house rules: no generated puzzle adds a switch, so no joker in a deck without one."""
    for preset in PRESET_IDS:
        rules = read_rules(preset)
        deck = {str(card) for card in rules.deck()}
        for level in LEVELS:
            for puzzle in puzzle_set(preset, level, 12, 5):
                assert puzzle.rules == preset, (preset, level, puzzle.rules)
                cards = " ".join(
                    [*puzzle.position["hands"], puzzle.position["pile"], puzzle.position.get("marker", "")]
                )
                assert set(cards.split()) <= deck, (preset, level, cards)
    assert not read_rules("house").jokers and "RJ" not in {str(card) for card in read_rules("house").deck()}
