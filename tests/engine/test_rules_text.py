"""The rules text says only what the switches make true (docs/rules.md §3–§8, §10)."""

import random
from dataclasses import replace

import pytest

from matatu_learn.engine.errors import RulesError
from matatu_learn.engine.reference import allowed_values
from matatu_learn.engine.round import Round
from matatu_learn.engine.rules import CHOICES, NUMBER_CHOICES, PRESETS, with_switches
from matatu_learn.engine.rules_text import (
    inactive_settings,
    rules_sections,
    rules_text,
    switch_lines,
    switch_value_text,
)


def line_of(rules, name):
    return next(line for line in switch_lines(rules) if line.split(" = ")[0] == name)


def sentences(rules):
    return [sentence for lines in rules_sections(rules).values() for sentence in lines]


def test_bomb_chopper_has_no_weight_to_be_too_heavy_for():
    bomb = rules_text(PRESETS["bomb"])
    assert "stays in your hand" not in bomb
    assert "A chopper is laid only to cut." in sentences(PRESETS["bomb"])
    # With a limit, a too-heavy chopper is still explained.
    assert "when it is too heavy to cut it stays in your hand" in rules_text(PRESETS["house"])
    assert "stays in your hand" in rules_text(replace(PRESETS["bomb"], cut_limit=40))


def test_pick_answer_is_marked_without_effect_where_picks_add_up():
    assert line_of(PRESETS["bomb"], "pick_answer") == "pick_answer = pass_on (no effect: picks_add_up is true)"
    assert line_of(PRESETS["party"], "pick_answer") == "pick_answer = pass_on (no effect: picks_add_up is true)"
    assert line_of(PRESETS["house"], "pick_answer") == "pick_answer = pass_on"
    assert line_of(PRESETS["uganda"], "pick_answer") == "pick_answer = compare"


def test_joker_settings_are_marked_without_effect_while_jokers_are_off():
    house = PRESETS["house"]
    assert line_of(house, "joker_value") == "joker_value = 25 (no effect: jokers is false)"
    assert line_of(house, "threes_pick") == "threes_pick = false (no effect: jokers is false)"
    assert line_of(with_switches(house, {"jokers": True}), "joker_value") == "joker_value = 25"


def test_the_reasons_name_the_switch_that_decides():
    assert inactive_settings(PRESETS["uganda"])["master_ace_cancel"] == "master_ace is joker_mode and jokers is false"
    assert "master_ace_cancel" not in inactive_settings(with_switches(PRESETS["uganda"], {"jokers": True}))
    assert inactive_settings(PRESETS["party"])["master_ace_cancel"] == "master_ace is never"
    assert inactive_settings(PRESETS["bomb"])["cut_counts"] == "cut_limit is null"
    assert inactive_settings(PRESETS["bomb"])["draw_until_playable"] == "after_draw is end"
    assert inactive_settings(PRESETS["house"])["catch_penalty"] == "calls is none"
    assert "catch_penalty" not in inactive_settings(PRESETS["party"])
    assert inactive_settings(PRESETS["uganda"]).keys().isdisjoint({"cut_counts", "pick_answer", "catch_penalty"})


def other_values(name, value):
    """Every other value a setting can take (a few, for number ranges)."""
    if isinstance(value, bool):
        return [not value]
    if name in CHOICES:
        return [choice for choice in CHOICES[name] if choice != value]
    if name in NUMBER_CHOICES:
        return [number for number in NUMBER_CHOICES[name] if number != value]
    return [number for number in (0, 1, 3, 7) if number != value]


def play_out(rules, seed):
    """A seeded game of random legal moves: everything it logged, and how it ended."""
    game = Round(rules, players=3, seed=seed)
    chooser = random.Random(seed)
    for _ in range(400):
        if game.over:
            break
        game.apply(chooser.choice(game.legal_actions()))
    return game.log, game.result


# Each preset and its other mode; uganda's joker mode reads every setting, so it is left out.
CASES = [
    ("house", {}),
    ("house", {"jokers": True}),
    ("uganda", {}),
    ("bomb", {}),
    ("bomb", {"jokers": False}),
    ("party", {}),
]


@pytest.mark.parametrize("preset, switches", CASES)
def test_a_setting_without_effect_changes_neither_the_text_nor_the_play(preset, switches):
    rules = with_switches(PRESETS[preset], switches)
    inactive = inactive_settings(rules)
    assert inactive
    games = {seed: play_out(rules, seed) for seed in (1, 2, 3)}
    for name in inactive:
        for value in other_values(name, getattr(rules, name)):
            try:
                changed = replace(rules, **{name: value})
            except RulesError:
                continue
            assert sentences(changed) == sentences(rules), (name, value)
            for seed, outcome in games.items():
                assert play_out(changed, seed) == outcome, (name, value, seed)


def test_an_active_setting_does_change_the_text():
    # The check above can fail: pick_answer is read in house, and the text follows it.
    house = PRESETS["house"]
    assert sentences(replace(house, pick_answer="compare")) != sentences(house)


def test_no_sentence_talks_about_jokers_without_jokers():
    for name in ("house", "uganda", "party"):
        for sentence in sentences(PRESETS[name]):
            assert "joker" not in sentence.lower(), (name, sentence)


def test_a_cut_is_blocked_by_an_owed_call_only_where_calls_block():
    def cut_sentence(rules):
        return next(sentence for sentence in rules_sections(rules)["The chopper"] if sentence.startswith("To cut"))

    assert cut_sentence(PRESETS["uganda"]).endswith("or a call is owed.")
    assert not cut_sentence(PRESETS["party"]).endswith("or a call is owed.")
    assert not cut_sentence(replace(PRESETS["uganda"], owed_call_blocks=False)).endswith("or a call is owed.")


def test_an_owed_matatu_call_is_made_with_its_own_word():
    blocking = replace(PRESETS["party"], owed_call_blocks=True)
    calls = " ".join(rules_sections(blocking)["Calls"])
    assert "(call matatu)" in calls and "call warning" not in calls
    assert "(call warning or call card)" in " ".join(rules_sections(PRESETS["uganda"])["Calls"])


def test_passed_on_threes_are_described_when_threes_pick():
    passing = replace(PRESETS["bomb"], picks_add_up=False)
    specials = " ".join(rules_sections(passing)["Special cards"])
    assert "a 3 on a 3, three" in specials and "2s, 3s and jokers never answer each other" in specials


def test_draw_until_playable_replaces_the_end_of_a_uganda_draw():
    drawing = replace(PRESETS["uganda"], draw_until_playable=True)
    turn = rules_sections(drawing)["A turn"]
    assert (
        "After drawing, the drawn card must be played if it can be (a drawn chopper must cut when your hand is light enough)."
        in turn
    )
    assert not any("otherwise the turn ends" in sentence for sentence in turn)
    # A draw that ends the turn leaves nothing to repeat: the switch is not mentioned.
    assert not any(
        "Draw until" in sentence
        for sentence in rules_sections(replace(PRESETS["bomb"], draw_until_playable=True))["A turn"]
    )


def test_a_jump_alone_is_mentioned_where_nothing_reverses():
    assert "With two players a jump means you play again." in sentences(PRESETS["house"])
    assert "With two players a jump or a reverse means you play again." in sentences(PRESETS["uganda"])
    assert "With two players a jump or a reverse means you play again." in sentences(
        replace(PRESETS["house"], queens_reverse=True)
    )


def test_switch_value_text_and_allowed_values():
    assert [switch_value_text(value) for value in (None, True, 30, "reverse")] == ["null", "true", "30", "reverse"]
    assert allowed_values("cut_limit").startswith("0–1000 or null")
