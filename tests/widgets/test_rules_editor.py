"""The Customize widget: a table's rules by clicks, refused edits explained, published versions that read back;
publishing needs the teacher code, and a page publishes a few versions at most."""

import pytest

from conftest import open_notebook
from matatu_learn.engine.rules import PRESETS, with_switches
from matatu_learn.store import Registry, Store
from matatu_learn.store.roles import LIMITS, TEACHER_CODE_VARIABLE
from matatu_learn.teaching.rules_draft import RulesDraft
from matatu_learn.widgets.rules_editor import RulesEditor

CODE = "mango-42"
NO_CODE = "Start the server with matatu-learn serve --teacher-code CODE to publish rules from this page."


@pytest.fixture(autouse=True)
def a_teacher_server(monkeypatch, fresh_page):
    """A server started with a teacher code, and a page that has written nothing yet."""
    monkeypatch.setenv(TEACHER_CODE_VARIABLE, CODE)


def assert_in_words(markup: str) -> None:
    """Settings by their titles and values in words: no switch name, no Python or JSON value."""
    for name in PRESETS["house"].switches():
        assert "_" not in name or name not in markup, name
    for python in ("None", "True", "False", "null", "true", "false"):
        assert python not in markup, python


def as_teacher(editor: RulesEditor) -> RulesEditor:
    editor.teacher_code.value = CODE
    return editor


def test_the_editor_publishes_by_clicks_and_the_version_reads_back_identical(tmp_path):
    database = tmp_path / "editor.sqlite3"
    editor = RulesEditor("uganda", database=database)
    editor.controls["cut_limit"].value = "25"
    editor.controls["queens_reverse"].value = True
    editor.controls["jokers"].value = True
    assert editor.refusal.value == ""
    assert "Cut limit: 30 → 25" in editor.difference.value and "Queens reverse: off → on" in editor.difference.value
    assert "Joker mode: off → on" in editor.difference.value
    assert_in_words(editor.difference.value)
    assert "A Queen reverses the order of play." in editor.preview.value
    editor.name.value = "kampala-family"
    editor.title.value = "Our table in Kampala"
    as_teacher(editor).publish_button.click()
    assert "kampala-family v1</b> is published" in editor.published.value
    expected = with_switches(PRESETS["uganda"], {"cut_limit": 25, "queens_reverse": True, "jokers": True})
    published = Registry(database).ruleset("kampala-family")
    assert published.rules == expected and published.base == "uganda" and published.title == "Our table in Kampala"
    assert "kampala-family" in editor.base_picker.options


def test_a_refused_edit_is_explained_and_changes_nothing(tmp_path):
    editor = RulesEditor("uganda", database=tmp_path / "editor.sqlite3")
    editor.controls["cut_limit"].value = "3"
    assert (
        "Not playable" in editor.refusal.value
        and "Cut limit must be at least 14 when the seven counts, not 3" in editor.refusal.value
    )
    assert_in_words(editor.refusal.value)
    assert editor.draft.rules == PRESETS["uganda"] and editor.draft.changes == {}
    editor.controls["cut_limit"].value = "twenty"
    assert "Cut limit must be a whole number, or empty for none." in editor.refusal.value
    editor.controls["cut_limit"].value = ""  # empty: no limit
    assert editor.refusal.value == "" and editor.draft.rules.cut_limit is None
    assert "There is no weight limit" in editor.preview.value


def test_settings_without_effect_say_so_and_follow_the_switches(tmp_path):
    editor = RulesEditor("uganda", database=tmp_path / "editor.sqlite3")
    # The same words as the rules browser's: "no effect", then why.
    assert "(no effect: “Joker mode” is set to “off”)</i>" in editor.notes["joker_value"].value
    assert_in_words(editor.notes["joker_value"].value)
    editor.controls["jokers"].value = True
    assert "no effect" not in editor.notes["joker_value"].value


def test_publishing_a_preset_name_makes_its_next_version_and_mistakes_get_a_sentence(tmp_path):
    database = tmp_path / "editor.sqlite3"
    editor = as_teacher(RulesEditor("house", database=database))
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


def test_a_wrong_or_missing_code_publishes_nothing_and_says_so(tmp_path):
    database = tmp_path / "editor.sqlite3"
    editor = RulesEditor("house", database=database)
    editor.controls["cut_limit"].value = "25"
    editor.name.value = "house"
    editor.publish_button.click()  # no code typed
    assert "Only the teacher may publish rules on this server: type the teacher code first." in editor.published.value
    editor.teacher_code.value = "mango-41"
    editor.publish_button.click()
    assert "That is not the teacher code, so nothing was changed" in editor.published.value
    with Store(database) as store:
        assert store.versions("house") == [1]
    editor.teacher_code.value = CODE
    editor.publish_button.click()
    assert "house v2</b> is published" in editor.published.value
    assert editor.teacher_code.value == ""  # the next person at the device does not inherit it


def test_without_a_code_on_the_server_the_page_says_how_to_set_one_and_drafting_still_works(tmp_path, monkeypatch):
    monkeypatch.delenv(TEACHER_CODE_VARIABLE)
    database = tmp_path / "editor.sqlite3"
    editor = RulesEditor("house", database=database)
    assert NO_CODE in editor.published.value
    assert editor.publish_button not in editor.publish_area.children and editor.name not in editor.publish_area.children
    editor.controls["cut_limit"].value = "25"
    assert "are worth 25 or less" in editor.preview.value and "Cut limit: 20 → 25" in editor.difference.value
    # A hostile client can still send a click to the hidden button: the kernel refuses it.
    editor.name.value, editor.teacher_code.value = "house", "anything"
    editor.publish_button.click()
    assert NO_CODE in editor.published.value and "Not published" in editor.published.value
    with Store(database) as store:
        assert store.versions("house") == [1]


def test_a_page_publishes_a_few_versions_at_most(tmp_path):
    database = tmp_path / "editor.sqlite3"
    editor = RulesEditor("house", database=database)
    editor.name.value = "house"
    limit, _ = LIMITS["version"]
    for number in range(limit + 2):
        editor.controls["cut_limit"].value = str(20 + number)
        as_teacher(editor).publish_button.click()
    assert "has published 5 rule versions in the last 10 minutes, the most a page may" in editor.published.value
    with Store(database) as store:
        assert store.versions("house") == list(range(1, limit + 2))  # v1 shipped, then the five allowed


def test_what_a_client_sends_is_checked_by_the_kernel(tmp_path):
    database = tmp_path / "editor.sqlite3"
    editor = as_teacher(RulesEditor("uganda", database=database))
    editor.base_picker.index = None  # an empty choice, as a client can send
    assert editor.draft.base_name == "uganda"
    editor.controls["cut_limit"].value = "9" * 5000
    assert "Cut limit is longer than 12 characters: shorten it." in editor.refusal.value
    assert editor.draft.changes == {}
    editor.controls["cut_limit"].value = "25"
    editor.title.value = "x" * 10**6
    editor.name.value = "ours"
    editor.publish_button.click()
    assert "The title is longer than 120 characters: shorten it." in editor.published.value
    assert len(editor.published.value) < 300
    editor.title.value, editor.name.value = "Ours", "o" * 10**6
    editor.publish_button.click()
    assert "The name is longer than 40 characters" in editor.published.value and len(editor.published.value) < 300
    with Store(database) as store:
        assert "ours" not in store.names()


def test_a_served_page_without_a_code_offers_no_publishing(page, voila):  # noqa: F811
    open_notebook(page, voila, "11-your-table-rules.ipynb")
    page.get_by_text(NO_CODE).wait_for(timeout=60_000)
    assert page.get_by_role("button", name="Publish").count() == 0
    assert page.get_by_label("Teacher code").count() == 0
