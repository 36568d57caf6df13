"""House rules at a table's setup: a switch mix on a published ruleset, refused mixes explained,
a new ruleset starting afresh, and everything locked once the cards are dealt."""

import html

import ipywidgets as widgets
import pytest

from matatu_learn.engine.errors import MatatuError
from matatu_learn.engine.rules import NAMED_SWITCHES, PRESETS, SWITCH_NAMES, with_switches
from matatu_learn.store import Registry, Store
from matatu_learn.teaching.rules_draft import USUAL_SWITCHES, switch_words, table_summary
from matatu_learn.widgets.house_rules import FEWER, MORE, HouseRules


@pytest.fixture
def database(tmp_path):
    return tmp_path / "house.sqlite3"


def markup(table: HouseRules) -> str:
    """Every piece of markup the view shows, folded switches included."""
    found = []

    def walk(widget):
        if isinstance(widget, widgets.HTML):
            found.append(widget.value)
        for child in getattr(widget, "children", ()):
            walk(child)

    walk(table)
    return "\n".join(found)


def test_setting_a_switch_changes_the_switches_and_the_rules(database):
    table = HouseRules(database, "uganda")
    seen = []
    table.observe(lambda change: seen.append(change["new"]), names="switches")
    table.controls["cut_limit"].value = "25"
    table.controls["queens_reverse"].value = True
    assert table.switches == {"cut_limit": 25, "queens_reverse": True}
    assert table.rules == with_switches(PRESETS["uganda"], {"cut_limit": 25, "queens_reverse": True})
    assert table.published_rules == PRESETS["uganda"] and table.version == 1
    assert seen == [{"cut_limit": 25}, {"cut_limit": 25, "queens_reverse": True}]  # a page redraws on each
    assert "25, changed from 30" in table.notes["cut_limit"].value
    assert "The most a hand may weigh for the chopper to cut." in table.notes["cut_limit"].value
    # Back to the published value: no longer a change.
    table.controls["queens_reverse"].value = False
    assert table.switches == {"cut_limit": 25} and not table.rules.queens_reverse
    table.controls["cut_limit"].value = ""  # empty: no limit
    assert table.switches == {"cut_limit": None} and table.rules.cut_limit is None
    assert "no limit, changed from 30" in table.notes["cut_limit"].value


def test_the_usual_switches_come_first_and_the_rest_are_folded(database):
    table = HouseRules(database, "uganda")
    assert table.usual == USUAL_SWITCHES["uganda"]
    assert list(table.controls) == list(USUAL_SWITCHES["uganda"])  # the rest is made when unfolded
    assert table.more_box.layout.display == "none" and table.more.description == MORE
    table.more.value = True
    assert table.more_box.layout.display is None and table.more.description == FEWER
    assert sorted(table.controls) == sorted(SWITCH_NAMES)  # every switch, each once
    more = [row.children[0].description for row in table.more_box.children]
    assert more[:3] == ["Value of a 2", "Value of a joker", "Rounds in a match"]  # the named switches lead
    assert set(table.further) == set(SWITCH_NAMES) - set(table.usual)
    assert list(table.further[: len(NAMED_SWITCHES) - len(table.usual)]) == [
        name for name in NAMED_SWITCHES if name not in table.usual
    ]
    # A folded switch is set like any other, and says when it has no effect.
    assert "no effect" in table.notes["joker_value"].value
    table.controls["jokers"].value = True
    assert "no effect" not in table.notes["joker_value"].value
    table.controls["joker_value"].value = 20
    assert table.switches == {"jokers": True, "joker_value": 20}


def test_each_preset_offers_its_own_usual_switches(database):
    for preset, usual in USUAL_SWITCHES.items():
        table = HouseRules(Registry(database), preset)
        assert tuple(table.controls) == usual, preset
    assert "jokers" not in USUAL_SWITCHES["party"]  # its handout plays without jokers
    assert {"queens_reverse", "picks_add_up", "draw_until_playable", "hand_size"} <= set(USUAL_SWITCHES["uganda"])


def test_a_refused_combination_keeps_the_last_playable_mix_and_says_why(database):
    table = HouseRules(database, "uganda")
    table.controls["queens_reverse"].value = True
    table.controls["cut_limit"].value = "3"
    assert "Cut limit must be at least 14 when the seven counts, not 3" in table.refusal.value
    assert "The table keeps queens reverse." in table.refusal.value
    assert table.refusal in table.rows["cut_limit"].children  # under the switch that was refused
    assert table.switches == {"queens_reverse": True} and table.rules.cut_limit == 30
    assert table.summary() == "Your table: queens reverse"
    table.controls["cut_limit"].value = "twenty"
    assert "Cut limit must be a whole number, or empty for none." in table.refusal.value
    table.controls["cut_limit"].value = "25"
    assert table.refusal.value == "" and table.refusal not in table.rows["cut_limit"].children
    assert table.switches == {"queens_reverse": True, "cut_limit": 25}


def test_a_refusal_between_two_switches_names_them_in_words(database):
    table = HouseRules(database, "party")  # a match of 5 rounds, lowest total winning
    assert table.choose("match_target", 100).startswith("Choose match target or rounds in a match, not both")
    assert "match_target" not in table.refusal.value and "Choose match target" in table.refusal.value
    assert table.switches == {} and table.rules == PRESETS["party"]
    assert table.choose("match_rounds", None) == "" and table.choose("match_target", 100) == ""
    assert table.switches == {"match_rounds": None, "match_target": 100}
    with pytest.raises(MatatuError):
        table.choose("not_a_switch", 1)


def test_a_new_ruleset_starts_again_from_its_own_values(database):
    table = HouseRules(database, "uganda")
    table.controls["queens_reverse"].value = True
    table.controls["cut_limit"].value = "3"  # a refusal on show
    rulesets = []
    table.observe(lambda change: rulesets.append(change["new"]), names="ruleset")
    table.ruleset = "bomb"
    assert rulesets == ["bomb"] and table.switches == {} and table.rules == PRESETS["bomb"]
    assert table.refusal.value == ""
    assert table.controls["jokers"].value is True  # bomb's own mode, not uganda's
    assert table.controls["cut_limit"].value == ""  # bomb's cut has no weight limit
    assert tuple(table.controls) == USUAL_SWITCHES["bomb"]
    assert table.summary() == "Your table: 54-card app rules, nothing changed"
    table.controls["jokers"].value = False
    assert table.switches == {"jokers": False} and table.summary() == "Your table: joker mode off"
    with pytest.raises(MatatuError, match="'kampala' is not a published ruleset"):
        table.ruleset = "kampala"
    assert table.ruleset == "bomb" and table.switches == {"jokers": False}
    table.reset()  # the same ruleset, afresh
    assert table.switches == {} and table.controls["jokers"].value is True


def test_a_published_ruleset_of_a_preset_offers_that_presets_usual_switches(database):
    with Store(database) as store:
        store.publish("kampala", "uganda", {"cut_limit": 25}, "Kampala family")
    table = HouseRules(database, "kampala")
    assert table.usual == USUAL_SWITCHES["uganda"]
    assert table.rules.cut_limit == 25 and table.switches == {}
    table.controls["cut_limit"].value = "30"  # back to uganda's value: a change from kampala's
    assert table.switches == {"cut_limit": 30}
    assert "kampala (Kampala family), version 1" in table.intro.value


def test_lock_disables_every_control_and_says_what_the_round_plays_by(database):
    table = HouseRules(database, "uganda")
    table.controls["cut_limit"].value = "25"
    table.controls["queens_reverse"].value = True
    table.controls["hand_size"].value = 5
    table.controls["draw_until_playable"].value = True
    table.controls["cut_limit"].value = "3"  # refused: the box shows 3, the table keeps 25
    table.lock()
    assert table.locked
    assert all(control.disabled for control in table.controls.values())
    assert table.controls["cut_limit"].value == "25" and table.refusal.value == ""
    sentence = "Locked for this round: cut limit 25, cards dealt 5, queens reverse, draw until you can play."
    assert sentence in table.status.value
    table.more.value = True  # the folded switches may be read, not changed
    assert sorted(table.controls) == sorted(SWITCH_NAMES)
    assert all(control.disabled for control in table.controls.values())
    # A client can still send a change to a disabled control: the kernel refuses it.
    table.controls["queens_reverse"].value = False
    assert table.switches["queens_reverse"] is True and table.controls["queens_reverse"].value is True
    assert "locked for this round" in table.refusal.value
    assert "locked for this round" in table.choose("jokers", True) and not table.rules.jokers
    with pytest.raises(MatatuError, match="locked"):
        table.ruleset = "house"
    with pytest.raises(MatatuError, match="locked"):
        table.reset()
    assert table.ruleset == "uganda" and table.switches["cut_limit"] == 25
    table.unlock()
    assert not any(control.disabled for control in table.controls.values())
    assert "Locked" not in table.status.value and "Your table: cut limit 25, cards dealt 5" in table.status.value
    table.controls["queens_reverse"].value = False
    assert "queens_reverse" not in table.switches


def test_the_summary_is_one_line_in_the_voices_words(database):
    table = HouseRules(database, "uganda")
    assert table.summary() == "Your table: Uganda Classic, nothing changed"
    table.controls["queens_reverse"].value = True
    table.controls["cut_limit"].value = "25"
    assert table.summary() == "Your table: cut limit 25, queens reverse"  # in the order of the switches
    assert html.escape(table.summary()) in table.status.value
    table.more.value = True
    table.controls["jack"].value = "jump"
    table.controls["two_value"].value = 2
    words = table.summary()
    assert words == "Your table: cut limit 25, value of a 2: 2, queens reverse, a Jack: jumps the next player"
    assert "\n" not in words and "_" not in words and "True" not in words and "None" not in words
    assert switch_words("cut_limit", None) == "cut limit: no limit"
    assert table_summary("house", {"jokers": True}) == "Your table: joker mode"


def test_no_markup_from_a_published_ruleset_is_rendered(database):
    title = '<img src=x onerror="alert(1)"><b>Ours</b>'
    with Store(database) as store:
        store.publish("ours", "house", {"cut_limit": 25}, title)
    table = HouseRules(database, "ours")
    table.more.value = True
    shown = markup(table)
    assert "<img" not in shown and "<b>Ours</b>" not in shown
    assert html.escape(title, quote=False) in table.intro.value
    table.controls["cut_limit"].value = "3"
    table.lock()
    assert "<img" not in markup(table)


def test_what_a_client_sends_is_checked_by_the_kernel(database):
    table = HouseRules(database, "uganda")
    table.controls["cut_limit"].value = "9" * 5000
    assert "Cut limit is longer than 12 characters" in table.refusal.value and table.switches == {}
    table.controls["hand_size"].max = 10**7
    table.controls["hand_size"].value = 10**7  # past the engine's 5 to 10
    assert "Cards dealt must be a whole number from 5 to 10" in table.refusal.value
    assert table.switches == {} and table.rules.hand_size == 7
    assert len(table.refusal.value) < 400


def test_every_control_is_full_width_for_a_phone(database):
    table = HouseRules(database, "uganda")
    table.more.value = True
    assert "matatu-house-rules" in table._dom_classes
    for control in table.controls.values():
        assert control.layout.width == "100%"
    assert table.more.layout.width == "100%"
