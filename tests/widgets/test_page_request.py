"""A pre-heated page's kernel has run its notebook before any page asked for it: when a page takes it,
``take_page_request()`` (every notebook's last cell) applies that page's request, and every widget
of the page follows: the learner, the ruleset, the client's address and a room link."""

import html

import pytest

from matatu_learn.engine.rules import PRESETS, with_switches
from matatu_learn.store.progress import Progress
from matatu_learn.store.roles import CLIENT_VARIABLE
from matatu_learn.teaching.progress import answer_lesson
from matatu_learn.widgets.navigation import LessonNavigation, PathStart, RulesDisclosure
from matatu_learn.widgets.page import PREHEAT_VARIABLE, kernel_page, take_page_request
from matatu_learn.widgets.play_table import PlayTable
from matatu_learn.widgets.rooms_page import RoomsPage
from matatu_learn.widgets.your_progress import YourProgress


@pytest.fixture
def pooled(fresh_page, monkeypatch):
    """A kernel of the pool: its page made before any request (nobody, house rules, no client)."""
    monkeypatch.setenv(PREHEAT_VARIABLE, "True")
    monkeypatch.delenv("QUERY_STRING", raising=False)
    monkeypatch.delenv(CLIENT_VARIABLE, raising=False)
    return fresh_page


def arriving(query: str, client: str = "10.0.0.7"):
    """What waits for the page's request in a pooled kernel, here answered at once."""
    waited = []

    def wait():
        import os

        waited.append(query)
        os.environ.update({"QUERY_STRING": query, CLIENT_VARIABLE: client})

    return wait, waited


def test_outside_a_pool_nothing_waits(fresh_page, monkeypatch):
    def wait():
        raise AssertionError("a page's own kernel has its request already")

    for preheat in (None, "False"):
        if preheat is None:
            monkeypatch.delenv(PREHEAT_VARIABLE, raising=False)
        else:
            monkeypatch.setenv(PREHEAT_VARIABLE, preheat)
        take_page_request(wait)


def test_a_pooled_page_takes_its_request_once_and_its_widgets_follow_it(pooled):
    head, start, rules = LessonNavigation("matching-and-turns"), PathStart(), RulesDisclosure()
    assert head.picker.value == start.picker.value == "house" and kernel_page().client == ""
    wait, waited = arriving("learner=Amina&rules=uganda-jokers")
    take_page_request(wait)
    assert waited == ["learner=Amina&rules=uganda-jokers"]
    assert kernel_page().learner.name == "Amina" and kernel_page().ruleset.value == "uganda-jokers"
    assert kernel_page().client == "10.0.0.7", "the rooms' bound per client needs the page's address"
    assert head.picker.value == start.picker.value == "uganda-jokers"
    assert rules.browser.picker.value == "uganda", "a picker of presets shows the carried choice's preset"
    assert "Learning as Amina" in head.links.value and "rules=uganda-jokers&amp;learner=Amina" in start.start.value
    # The kernel is its page's now: a second call waits for nothing.
    take_page_request(arriving("learner=Okello")[0])
    assert kernel_page().learner.name == "Amina"


def test_the_landing_page_says_why_a_name_arriving_late_was_not_taken(pooled):
    page = YourProgress()
    take_page_request(arriving("learner=" + "A" * 300)[0])
    assert kernel_page().learner.name is None and kernel_page().learner.problem
    assert html.escape(kernel_page().learner.problem) in page.note.value


def test_a_lesson_foot_opens_the_way_for_a_learner_who_arrives_late(pooled):
    answer_lesson(Progress(kernel_page().database()), "Amina", "the-deal", "house", 1, True)
    foot = LessonNavigation("the-deal", end=True)
    assert 'class="matatu-go"' not in foot.links.value, "nobody's practice is known before the page's request"
    take_page_request(arriving("learner=Amina")[0])
    assert 'class="matatu-go"' in foot.links.value and "learner=Amina" in foot.links.value


@pytest.mark.parametrize(
    ("query", "ruleset", "jokers"), [("rules=uganda", "uganda", False), ("rules=house-jokers", "house", True)]
)
def test_the_play_table_deals_again_in_the_carried_rules_until_it_is_touched(pooled, tmp_path, query, ruleset, jokers):
    table = PlayTable(database=str(tmp_path / "games.sqlite3"), schedule=lambda delay, callback: None)
    assert table.ruleset.value == "house" and not table.session.game.rules.jokers
    take_page_request(arriving(query)[0])
    assert table.ruleset.value == ruleset and table.ruleset.disabled, "dealt, and locked while the game is on"
    assert table.session.game.rules == with_switches(PRESETS[ruleset], {"jokers": jokers})


def test_a_touched_play_table_keeps_its_game(pooled, tmp_path):
    table = PlayTable(database=str(tmp_path / "games.sqlite3"), schedule=lambda delay, callback: None)
    game = table.session.game
    table.tapped = True
    kernel_page().apply_query("rules=uganda")
    assert table.session.game is game and table.ruleset.value == "house"


def test_a_room_link_applied_late_takes_its_players_seat(pooled, tmp_path):
    database = str(tmp_path / "rooms.sqlite3")
    host = RoomsPage(database, query="")
    host.name.value = "Amina"
    host.open_button.click()
    guest = RoomsPage(database, query=f"room={host.room.code}")
    guest.name.value = "Okello"
    guest.join_button.click()
    seat, token = guest.room.seat, guest.room.token
    kernel_page().learner.change(None)  # the next page is the guest's, on another device
    page = RoomsPage(database)
    assert page.room is None and page.name.value == ""
    take_page_request(arriving(f"room={host.room.code}&player={token}")[0])
    assert page.room is not None and page.room.seat == seat == 1
    assert page.room.code == host.room.code and "Okello" in page.seats.value and "(you)" in page.seats.value


def test_a_learner_named_late_fills_the_rooms_name_box(pooled, tmp_path):
    page = RoomsPage(str(tmp_path / "rooms.sqlite3"))
    take_page_request(arriving("learner=Amina")[0])
    assert page.name.value == "Amina" and page.room is None
