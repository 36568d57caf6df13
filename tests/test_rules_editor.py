"""The Customize widget: a table's rules by clicks, refused edits explained, published versions that read back."""

from matatu_learn.engine.rules import PRESETS, with_switches
from matatu_learn.store import Registry, Store
from matatu_learn.teaching.rules_draft import RulesDraft
from matatu_learn.widgets.rules_editor import RulesEditor


def test_the_editor_publishes_by_clicks_and_the_version_reads_back_identical(tmp_path):
    database = tmp_path / "editor.sqlite3"
    editor = RulesEditor("uganda", database=database)
    editor.controls["cut_limit"].value = "25"
    editor.controls["queens_reverse"].value = True
    editor.controls["jokers"].value = True
    assert editor.refusal.value == ""
    assert "cut_limit: 30 → 25" in editor.difference.value and "queens_reverse: false → true" in editor.difference.value
    assert "A Queen reverses the order of play." in editor.preview.value
    editor.name.value = "kampala-family"
    editor.title.value = "Our table in Kampala"
    editor.publish_button.click()
    assert "kampala-family v1</b> is published" in editor.published.value
    expected = with_switches(PRESETS["uganda"], {"cut_limit": 25, "queens_reverse": True, "jokers": True})
    published = Registry(database).ruleset("kampala-family")
    assert published.rules == expected and published.base == "uganda" and published.title == "Our table in Kampala"
    assert "kampala-family" in editor.base_picker.options


def test_a_refused_edit_is_explained_and_changes_nothing(tmp_path):
    editor = RulesEditor("uganda", database=tmp_path / "editor.sqlite3")
    editor.controls["cut_limit"].value = "3"
    assert "Not playable" in editor.refusal.value and "cut_limit must be at least 14" in editor.refusal.value
    assert editor.draft.rules == PRESETS["uganda"] and editor.draft.changes == {}
    editor.controls["cut_limit"].value = "twenty"
    assert "cut_limit must be a whole number, or empty for none." in editor.refusal.value
    editor.controls["cut_limit"].value = ""  # empty: no limit
    assert editor.refusal.value == "" and editor.draft.rules.cut_limit is None
    assert "There is no weight limit" in editor.preview.value


def test_settings_without_effect_say_so_and_follow_the_switches(tmp_path):
    editor = RulesEditor("uganda", database=tmp_path / "editor.sqlite3")
    assert "no effect now: jokers is false" in editor.notes["joker_value"].value
    editor.controls["jokers"].value = True
    assert "no effect now" not in editor.notes["joker_value"].value


def test_publishing_a_preset_name_makes_its_next_version_and_mistakes_get_a_sentence(tmp_path):
    database = tmp_path / "editor.sqlite3"
    editor = RulesEditor("house", database=database)
    editor.publish_button.click()
    assert "Nothing is changed yet" in editor.published.value
    editor.controls["cut_limit"].value = "25"
    editor.name.value = "uganda"
    editor.publish_button.click()
    assert "'uganda' is already a ruleset based on uganda" in editor.published.value
    editor.name.value = "house"
    editor.publish_button.click()
    assert "house v2</b> is published" in editor.published.value
    with Store(database) as store:
        assert store.versions("house") == [1, 2] and store.rules("house", 1) == PRESETS["house"]
        assert store.versions("uganda") == [1]


def test_a_new_base_starts_a_fresh_draft(tmp_path):
    editor = RulesEditor("uganda", database=tmp_path / "editor.sqlite3")
    editor.controls["queens_reverse"].value = True
    editor.base_picker.value = "bomb"
    assert editor.draft.base_name == "bomb" and editor.draft.changes == {}
    assert editor.controls["jokers"].value is True  # bomb's own value, not uganda's
    assert isinstance(RulesDraft(Registry(tmp_path / "x.sqlite3"), "party").descriptions()[0][1], str)
