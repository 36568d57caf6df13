import json

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from conftest import SUITE
from matatu_learn.cli import main
from matatu_learn.engine.errors import MatatuError
from matatu_learn.teaching.scenarios import check_file, read_position, read_rules, run_scenario, scenario_files

SCENARIOS = [
    (path, index, item)
    for path in scenario_files([SUITE])
    for index, item in enumerate(json.loads(path.read_text(encoding="utf-8")))
]


@pytest.mark.parametrize("path, index, item", SCENARIOS, ids=[item["name"] for _, _, item in SCENARIOS])
def test_public_scenario(path, index, item):
    outcome = run_scenario(item)
    assert outcome.passed, outcome.message


def test_the_suite_covers_every_preset_and_mode():
    assert len(SCENARIOS) >= 150
    names = [item["name"] for _, _, item in SCENARIOS]
    for preset in ("house", "uganda", "bomb", "party"):
        assert sum(name.startswith(preset) for name in names) >= 20
    modes = {json.dumps(item["rules"], sort_keys=True) for _, _, item in SCENARIOS}
    assert '{"jokers": true, "preset": "house"}' in modes
    assert '{"jokers": true, "preset": "uganda"}' in modes
    assert '{"jokers": false, "preset": "bomb"}' in modes


BASE = {
    "name": "base",
    "rules": "house",
    "position": {"hands": ["7♦ 7♥ 8♠", "K♣ 2♠"], "pile": "6♦ 9♦", "marker": "6♦"},
}


def variant(**changes):
    data = json.loads(json.dumps(BASE))
    for key, value in changes.items():
        if "." in key:
            outer, inner = key.split(".")
            data[outer][inner] = value
        else:
            data[key] = value
    return data


@pytest.mark.parametrize(
    "data, field",
    [
        (variant(**{"position.hands": ["7♦ 11♥", "K♣"]}), "position.hands[0]: '11♥' is not a card"),
        (variant(**{"position.pile": "6♦ 7x"}), "position.pile: '7x' is not a card"),
        (variant(**{"position.to_move": "one"}), "position.to_move: expected a whole number"),
        (variant(**{"position.hands": ["7♦ 7♦", "K♣"]}), "position: 7♦ is placed twice"),
        (variant(**{"position.hands": ["7♦ RJ", "K♣"]}), "position: RJ is a joker, and jokers are off"),
        (variant(**{"position.hands": ["7♦"]}), "position: Matatu is played by 2 to 6 players, not 1"),
        (variant(**{"position.marker": None}), "position: This ruleset needs a marker card"),
        (variant(**{"position.colr": "red"}), "position.colr: not a position field"),
        (variant(rules="kampala"), "rules: 'kampala' is not a published ruleset"),
        (variant(rules={"preset": "house", "cut_limt": 3}), "rules: 'cut_limt' is not a switch"),
        (variant(rules={"preset": "house", "cut_limit": "x"}), "rules: cut_limit must be a whole number"),
        (variant(rules={"preset": "house", "version": 9}), "rules.preset: house has no version 9"),
        (variant(legal=["play 7♦", "jump"]), "legal[1]: 'jump' is not an action"),
        (variant(expect={"winnners": [0]}), "expect.winnners: not an expectation"),
        (variant(expect={"totals": "15"}), "expect.totals: expected a list of numbers"),
        (variant(actions="cut 7♦"), "actions: expected a list of actions"),
        ({"name": "no position", "rules": "house"}, "position: required"),
        ([1, 2], "expected a JSON object"),
    ],
)
def test_a_malformed_scenario_fails_naming_the_field(data, field):
    outcome = run_scenario(data)
    assert not outcome.passed
    assert field in outcome.message
    assert "Traceback" not in outcome.message


def test_failures_say_what_differed():
    outcome = run_scenario(variant(legal=["draw"], actions=["cut 7♦"], expect={"winners": [1], "over": True}))
    assert not outcome.passed
    assert "legal: also legal: cut 7♦, pass" in outcome.message
    assert "winners expected [1], got [0]" in outcome.message
    refused = run_scenario(variant(refused=["cut 7♦"]))
    assert "refused[0] 'cut 7♦' was accepted" in refused.message
    illegal = run_scenario(variant(actions=["play 7♥"]))
    # The scenario's field and its own text name the action; the refusal is the voice's sentence.
    assert (
        "actions[0] 'play 7♥' was refused: You cannot lay the 7 of hearts: it does not fit; "
        "the suit in play is diamonds and the top card is the 9 of diamonds; lay a card of diamonds or another 9, "
        "or an Ace."
    ) in illegal.message


def test_expect_points_needs_a_finished_round():
    outcome = run_scenario(variant(expect={"points": [0, 0]}))
    assert outcome.message == "points expected [0, 0], but the round is not over"


def test_unreadable_files_are_failures(tmp_path):
    (tmp_path / "broken.json").write_text("{ not json", encoding="utf-8")
    (tmp_path / "latin.json").write_bytes(b"\xff\xfe\x00")
    outcomes = (
        check_file(tmp_path / "broken.json") + check_file(tmp_path / "latin.json") + check_file(tmp_path / "gone.json")
    )
    assert [outcome.passed for outcome in outcomes] == [False, False, False]
    assert "not valid JSON (line 1, column 3" in outcomes[0].message
    assert outcomes[1].message == "not a text file in UTF-8"
    assert outcomes[2].message == "no such file"


def test_check_command_prints_one_line_each_and_a_summary(tmp_path, capsys):
    good = dict(BASE, name="good", actions=["cut 7♦"], expect={"winners": [0]})
    bad = dict(BASE, name="bad", expect={"winners": [1]})
    (tmp_path / "set.json").write_text(json.dumps([good, bad], ensure_ascii=False), encoding="utf-8")
    (tmp_path / "broken.json").write_text("[", encoding="utf-8")
    status = main(["check", str(tmp_path)])
    lines = capsys.readouterr().out.splitlines()
    assert status == 1
    assert lines[-1] == "1 passed, 2 failed"
    assert lines[0].startswith(f"FAIL  {tmp_path / 'broken.json'}: not valid JSON")
    assert lines[1] == "ok  good"
    assert lines[2].startswith("FAIL  bad: ")


def test_check_command_passes_the_public_suite(capsys):
    assert main(["check", str(SUITE)]) == 0
    assert capsys.readouterr().out.splitlines()[-1] == f"{len(SCENARIOS)} passed, 0 failed"


def test_check_an_empty_folder_fails(tmp_path, capsys):
    assert main(["check", str(tmp_path)]) == 1
    assert capsys.readouterr().out.splitlines()[-1] == "0 passed, 1 failed"


JSON_VALUES = st.recursive(
    st.none()
    | st.booleans()
    | st.integers(-3, 60)
    | st.sampled_from(["7♦", "A♠ ♥", "RJ", "x", "", "red", "warning", "house", "9♦ 6♦"]),
    lambda children: (
        st.lists(children, max_size=4)
        | st.dictionaries(
            st.sampled_from(
                [
                    "hands",
                    "pile",
                    "stock",
                    "marker",
                    "to_move",
                    "direction",
                    "suit",
                    "colour",
                    "pending",
                    "free",
                    "drawn",
                    "owed_call",
                    "seat",
                    "word",
                    "catchable",
                    "preset",
                    "jokers",
                    "cut_limit",
                ]
            ),
            children,
            max_size=5,
        )
    ),
    max_leaves=12,
)


@settings(max_examples=400, deadline=None)
@given(rules=JSON_VALUES, position=JSON_VALUES, legal=JSON_VALUES, actions=JSON_VALUES, expect=JSON_VALUES)
def test_any_malformed_scenario_is_a_failure_never_a_traceback(rules, position, legal, actions, expect):
    data = {"name": "fuzz", "rules": rules, "position": position, "legal": legal, "actions": actions, "expect": expect}
    outcome = run_scenario(data)
    assert isinstance(outcome.passed, bool) and "\n" not in outcome.message
    try:
        read_rules(rules)
    except MatatuError as error:
        # A ruleset that cannot be read fails the scenario with the reader's own sentence.
        assert not outcome.passed and outcome.message == f"not a valid scenario: {error}"
    if not isinstance(position, dict) or "hands" not in position:
        assert not outcome.passed


CARD_WORDS = st.sampled_from(
    ["7♦", "7♥", "8♠", "K♣", "2♠", "2♥", "A♠", "RJ", "BJ", "3♥", "9♦", "6♦", "J♦", "Q♠", "11♥", "x"]
)


@settings(max_examples=400, deadline=None)
@given(
    rules=st.sampled_from(
        ["house", "uganda", "bomb", "party", {"preset": "uganda", "jokers": True}, {"preset": "bomb", "jokers": False}]
    ),
    hands=st.lists(st.lists(CARD_WORDS, min_size=0, max_size=4), min_size=1, max_size=7),
    pile=st.lists(CARD_WORDS, max_size=3),
    marker=st.none() | CARD_WORDS,
    extra=st.dictionaries(
        st.sampled_from(["to_move", "direction", "pending", "suit", "colour", "free", "drawn"]),
        st.none() | st.integers(-2, 8) | st.booleans() | CARD_WORDS | st.sampled_from(["♣", "red"]),
        max_size=3,
    ),
    actions=st.lists(
        st.sampled_from(
            [
                "draw",
                "pass",
                "pick",
                "catch",
                "call warning",
                "play 7♦",
                "cut 7♦",
                "play A♠ ♥",
                "play RJ",
                "play 2♠",
                "jump",
            ]
        ),
        max_size=4,
    ),
)
def test_nearly_valid_scenarios_never_raise(rules, hands, pile, marker, extra, actions):
    position = {"hands": hands, "pile": pile, **extra}
    if marker is not None:
        position["marker"] = marker
    outcome = run_scenario(
        {"name": "near", "rules": rules, "position": position, "actions": actions, "expect": {"over": False}}
    )
    assert isinstance(outcome.passed, bool) and "\n" not in outcome.message
    # The outcome the checker must reach, worked out by driving the engine directly.
    try:
        game = read_position(read_rules(rules), position)
    except MatatuError as error:
        assert not outcome.passed and outcome.message == f"not a valid scenario: {error}"
        return
    for index, action in enumerate(actions):
        try:
            game.apply(action)
        except MatatuError:
            assert not outcome.passed and outcome.message.startswith(f"actions[{index}] '{action}' was refused")
            return
    assert outcome.passed == (not game.over), outcome.message
