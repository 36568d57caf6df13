from dataclasses import replace

import pytest

from matatu_learn.engine.cards import parse_card
from matatu_learn.engine.errors import RulesError
from matatu_learn.engine.rules import (
    NAMED_SWITCHES,
    PRESETS,
    SWITCH_NAMES,
    parse_switch_value,
    with_switches,
)
from matatu_learn.engine.rules_text import rules_text

# docs/rules.md §10: the presets' values of the named switches.
SECTION_10 = {
    "jokers": {"house": False, "uganda": False, "bomb": True, "party": False},
    "hand_size": {"house": 7, "uganda": 7, "bomb": 7, "party": 7},
    "cut_limit": {"house": 20, "uganda": 30, "bomb": None, "party": 30},
    "sevens_normal": {"house": False, "uganda": False, "bomb": False, "party": False},
    "picks_add_up": {"house": False, "uganda": False, "bomb": True, "party": True},
    "two_value": {"house": 20, "uganda": 20, "bomb": 20, "party": 2},
    "joker_value": {"house": 25, "uganda": 50, "bomb": 50, "party": 50},
    "queens_reverse": {"house": False, "uganda": False, "bomb": False, "party": False},
    "draw_until_playable": {"house": False, "uganda": False, "bomb": False, "party": False},
    "match_target": {"house": None, "uganda": 100, "bomb": None, "party": None},
    "match_rounds": {"house": None, "uganda": None, "bomb": None, "party": 5},
    # Section 8's later uganda switches, each off by default.
    "play_on": {"house": False, "uganda": False, "bomb": False, "party": False},
    "eliminate": {"house": False, "uganda": False, "bomb": False, "party": False},
    "decks": {"house": 1, "uganda": 1, "bomb": 1, "party": 1},
}


@pytest.mark.parametrize("switch", NAMED_SWITCHES)
def test_presets_match_section_10(switch):
    for name, expected in SECTION_10[switch].items():
        assert getattr(PRESETS[name], switch) == expected, (name, switch)


def value(rules, text):
    return rules.card_values()[parse_card(text)]


def test_card_values_match_section_2():
    house, uganda, bomb, party = (PRESETS[name] for name in ("house", "uganda", "bomb", "party"))
    classic_bomb = replace(bomb, jokers=False)
    assert [value(house, c) for c in ("2♣", "3♣", "9♣", "J♣", "Q♣", "K♣", "A♥", "A♠", "RJ")] == [
        20,
        3,
        9,
        11,
        12,
        13,
        15,
        15,
        25,
    ]
    assert [value(uganda, c) for c in ("2♣", "3♣", "A♠", "RJ")] == [20, 3, 15, 50]
    assert [value(bomb, c) for c in ("2♣", "3♣", "A♠", "A♥", "BJ")] == [20, 30, 60, 15, 50]
    assert [value(classic_bomb, c) for c in ("3♣", "A♠")] == [3, 15]
    assert [value(party, c) for c in ("2♣", "3♣", "A♠")] == [2, 3, 15]


def test_pick_cards_follow_the_mode():
    uganda = PRESETS["uganda"]
    amounts = uganda.pick_amounts()
    assert amounts[parse_card("2♥")] == 2 and amounts[parse_card("3♥")] == 0
    joker_mode = with_switches(uganda, {"jokers": True}).pick_amounts()
    assert joker_mode[parse_card("3♥")] == 3 and joker_mode[parse_card("RJ")] == 5
    assert PRESETS["house"].pick_amounts()[parse_card("3♥")] == 0
    assert with_switches(PRESETS["house"], {"jokers": True}).pick_amounts()[parse_card("3♥")] == 0


def test_master_ace_by_mode():
    assert PRESETS["house"].master_ace_cancels
    assert not PRESETS["uganda"].master_ace_cancels
    assert with_switches(PRESETS["uganda"], {"jokers": True}).master_ace_cancels
    assert PRESETS["bomb"].master_ace_cancels
    assert not replace(PRESETS["bomb"], jokers=False).master_ace_cancels
    assert not PRESETS["party"].master_ace_cancels


@pytest.mark.parametrize(
    "change, message",
    [
        ({"hand_size": 4}, "hand_size must be a whole number from 5 to 10, not 4."),
        ({"hand_size": 11}, "hand_size must be a whole number from 5 to 10, not 11."),
        ({"two_value": 5}, "two_value must be 20 or 2, not 5."),
        ({"joker_value": 30}, "joker_value must be 50 or 25 or 20, not 30."),
        ({"jokers": "yes"}, "jokers must be true or false, not 'yes'."),
        ({"cut_limit": -1}, "cut_limit must be a whole number from 0 to 1000 or null (none), not -1."),
        ({"match_rounds": 3}, "Choose match_target or match_rounds, not both: a match ends one way."),
        ({"jack": "skip"}, "jack must be one of jump, reverse, not 'skip'."),
    ],
)
def test_invalid_switches_are_refused_at_construction(change, message):
    with pytest.raises(RulesError) as error:
        replace(PRESETS["uganda"], **change)
    assert str(error.value) == message


def test_marker_chopper_needs_a_marker():
    with pytest.raises(RulesError, match="needs a marker card"):
        replace(PRESETS["house"], marker="none")


def test_unknown_switch_names_list_the_switches():
    with pytest.raises(RulesError) as error:
        with_switches(PRESETS["house"], {"cutlimit": 25})
    assert "'cutlimit' is not a switch" in str(error.value) and "cut_limit" in str(error.value)


def test_parse_switch_values():
    assert parse_switch_value("cut_limit", "25") == 25
    assert parse_switch_value("cut_limit", "null") is None
    assert parse_switch_value("picks_add_up", "true") is True
    assert parse_switch_value("jack", "Reverse") == "reverse"
    with pytest.raises(RulesError, match="must be true or false"):
        parse_switch_value("jokers", "maybe")
    with pytest.raises(RulesError, match="must be a whole number"):
        parse_switch_value("cut_limit", "lots")


def test_every_setting_is_printed_with_the_rules():
    for rules in PRESETS.values():
        text = rules_text(rules)
        for name in SWITCH_NAMES:
            assert f"  {name} = " in text


def test_rules_text_is_generated_from_the_switches():
    house = PRESETS["house"]
    assert "worth 20 or less (the chopper itself not counted)" in rules_text(house)
    assert "worth 25 or less" in rules_text(replace(house, cut_limit=25))
    uganda = rules_text(PRESETS["uganda"])
    assert "the seven included, is worth 30 or less" in uganda
    assert "a Jack reverses the order of play" in uganda
    assert '"Warning!"' in uganda and "until somebody reaches 100" in uganda
    assert "There is no weight limit" in rules_text(PRESETS["bomb"])
    assert "cutter loses ties" in rules_text(PRESETS["bomb"])
    party = rules_text(PRESETS["party"])
    assert "Picks add up" in party and '"Matatu!"' in party and "5 rounds" in party
    assert "2 = 2" in party
    assert "A Queen reverses" in rules_text(replace(house, queens_reverse=True))


def test_a_limit_that_counts_the_seven_must_let_two_sevens_out():
    with pytest.raises(RulesError) as error:
        replace(PRESETS["party"], cut_limit=13)
    assert str(error.value).startswith("cut_limit must be at least 14 when the seven counts, not 13")
    assert replace(PRESETS["party"], cut_limit=13, sevens_normal=True).cut_limit == 13
    assert replace(PRESETS["house"], cut_limit=0).cut_limit == 0  # house counts the hand after the chop
