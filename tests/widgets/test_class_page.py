"""The class page (the teacher's view): shown only with the teacher code, nothing of anyone
otherwise, every learner's row and trend with it, names as text, the puzzles missed most."""

import html
import re
from html.parser import HTMLParser

import ipywidgets as widgets
import pytest

from conftest import Clock
from matatu_learn.store.database import Store
from matatu_learn.store.progress import Progress
from matatu_learn.store.roles import TEACHER_CODE_VARIABLE, how_to_set_teacher_code
from matatu_learn.teaching.progress import (
    CLASS_COLUMNS,
    CLASS_PAGE_DOING,
    NO_LEARNERS,
    NONE_MISSED,
    answer_lesson,
    answer_puzzle,
    missed_rows,
    puzzle_key,
    trend_description,
)
from matatu_learn.teaching.puzzles import generate_puzzle
from matatu_learn.widgets.class_page import ClassPage
from matatu_learn.widgets.page import new_page

CODE = "kampala-42"
NAMES = ("Amina", "Kato", "O'Neil {x}")  # the last: punctuation a name may hold, markup's ' among it


def a_puzzle(index: int):
    return generate_puzzle("house", "easy", seed=7, index=index)


@pytest.fixture(autouse=True)
def fresh_page_state(fresh_page):
    """Each test opens its own store and has a page's ten tries at the code."""


@pytest.fixture
def database(tmp_path):
    path = tmp_path / "class.sqlite3"
    with Store(path) as store:
        keeper = Progress(store, Clock(tick=1))
        for number, name in enumerate(NAMES):
            for index in range(4):
                answer_puzzle(keeper, name, a_puzzle(index), right=(index + number) % 3 == 0)
        answer_lesson(keeper, "Amina", "the-deal", "house", 3, True)
    return path


@pytest.fixture
def teacher_code(monkeypatch):
    monkeypatch.setenv(TEACHER_CODE_VARIABLE, CODE)
    return CODE


def shown(widget) -> str:
    """Everything a page's widgets hold that a browser could show: values, labels, placeholders."""
    parts = []
    for name in ("value", "description", "placeholder", "tooltip"):
        value = getattr(widget, name, None)
        if isinstance(value, str) and value.strip("\u200b"):  # an HTML widget's empty placeholder
            parts.append(value)
    for child in getattr(widget, "children", ()):
        parts.append(shown(child))
    return "\n".join(parts)


def names_in(text: str) -> list[str]:
    return [name for name in NAMES if name in text or html.escape(name) in text or name.split()[0] in text]


def show(page: ClassPage, code: str) -> None:
    page.code.value = code
    page.show_button.click()


def test_without_a_teacher_code_on_the_server_only_the_sentence_is_shown(database, monkeypatch):
    monkeypatch.delenv(TEACHER_CODE_VARIABLE, raising=False)
    page = ClassPage(database)
    assert page.code.disabled and page.show_button.disabled
    assert page.status.value == f'<p role="status">{html.escape(how_to_set_teacher_code(CLASS_PAGE_DOING))}</p>'
    assert page.learners.value == page.missed_heading.value == page.missed.value == ""
    assert names_in(shown(page)) == []
    page.show_button.click()  # a click that reached the kernel all the same unlocks nothing
    assert page.learners.value == "" and names_in(shown(page)) == [] and "--teacher-code" in page.status.value


@pytest.mark.parametrize("code", ["", "   ", "kampala-41", CODE + " x", "KAMPALA-42", "\ud800"])
def test_a_wrong_code_shows_nothing_of_anyone(database, teacher_code, code):
    page = ClassPage(database)
    assert names_in(shown(page)) == []  # nothing before the code either
    show(page, code)
    text = shown(page)
    assert names_in(text) == []
    assert not re.search(r"\d+ learners?\b", text) and "<table" not in text and "<svg" not in text
    assert "teacher code" in page.status.value and page.code.value == ""
    assert "nothing was changed" not in page.status.value  # looking changes nothing: no need to say so
    page.refresh_button.click()  # a refresh without the code reads nothing either
    assert names_in(shown(page)) == []


def test_wrong_codes_from_three_fresh_pages_meet_the_servers_bound(database, teacher_code):
    guesses = iter(f"guess-{number:04}" for number in range(100))
    for _ in range(3):  # a guesser opens a fresh page each time its page's tries run out
        new_page()
        page = ClassPage(database)
        for _ in range(4):
            show(page, next(guesses))
            if "Too many" in page.status.value:
                break
    # 10 wrong codes pass across the pages, the 11th try is refused before it is checked.
    assert re.fullmatch(r'<p role="status">Too many wrong codes: try again in \d+ seconds\.</p>', page.status.value)
    show(page, teacher_code)  # the teacher waits too: otherwise a guesser would simply keep going
    assert names_in(shown(page)) == [] and "Too many wrong codes" in page.status.value


def test_the_right_code_shows_every_learner_and_a_wrong_one_hides_them_again(database, teacher_code):
    page = ClassPage(database)
    show(page, f" {teacher_code} ")  # spaces around a typed code do not matter
    assert page.code.value == ""  # a shared device does not keep the code
    table = page.learners.value
    assert all(html.escape(name) in table for name in NAMES)
    for column in CLASS_COLUMNS:
        assert f'<th scope="col">{html.escape(column)}</th>' in table
    assert "3 learners, by name" in table
    assert table.count("<svg") == len(NAMES) and table.count('role="img"') == len(NAMES)
    assert page.refresh_button.layout.display != "none"
    show(page, "not it")
    assert names_in(shown(page)) == [] and page.refresh_button.layout.display == "none"


def test_refresh_reads_the_class_again(database, teacher_code):
    page = ClassPage(database)
    show(page, teacher_code)
    assert "Wasswa" not in page.learners.value
    with Store(database) as store:
        answer_puzzle(Progress(store), "Wasswa", a_puzzle(9), True)
    page.refresh_button.click()
    assert "Wasswa" in page.learners.value and "4 learners" in page.learners.value


def test_a_learners_name_is_shown_as_text_never_markup(database, teacher_code):
    # The gate refuses markup in a name; a database written before the gate (or by hand) may still
    # hold one, and the page must show it as text all the same.
    marked = "<b>Bo</b><script>x()</script>"
    with Store(database) as store:
        store.execute("UPDATE learners SET name = ? WHERE name = 'Kato'", (marked,))
    page = ClassPage(database)
    show(page, teacher_code)
    table = page.learners.value
    assert marked not in table and html.escape(marked) in table
    assert "O&#x27;Neil {x}" in table and "O'Neil" not in table

    class Tags(HTMLParser):
        def __init__(self):
            super().__init__()
            self.tags, self.text = set(), []

        def handle_starttag(self, tag, attributes):
            self.tags.add(tag)

        def handle_data(self, data):
            self.text.append(data)

    parsed = Tags()
    parsed.feed(table)
    assert not parsed.tags & {"b", "script"}
    assert marked in "".join(parsed.text) and "O'Neil {x}" in "".join(parsed.text)


def test_the_puzzles_missed_most_follow_the_store_and_say_the_question(database, teacher_code):
    page = ClassPage(database)
    show(page, teacher_code)
    with Store(database) as store:
        missed = Progress(store).most_missed()
    rows = missed_rows(missed)
    positions = [page.missed.value.index(html.escape(row[1])) for row in rows if row[1] != rows[0][1]]
    assert rows and positions == sorted(positions)
    assert (
        "Can you cut? (easy)" in page.missed.value
        or "What is your whole hand worth, every card counted? (easy)" in page.missed.value
    )
    assert "The puzzles the class gets wrong most" in page.missed_heading.value
    # Each wrong first try counted: three learners, four puzzles, the pattern of the fixture.
    wrong = {puzzle_key(a_puzzle(index)): sum((index + number) % 3 != 0 for number in range(3)) for index in range(4)}
    assert {item.entry.key: item.wrong for item in missed} == {key: count for key, count in wrong.items() if count}


def test_no_learners_yet_is_one_sentence(tmp_path, teacher_code):
    page = ClassPage(tmp_path / "empty.sqlite3")
    show(page, teacher_code)
    assert html.escape(NO_LEARNERS) in page.learners.value and "<table" not in page.learners.value
    assert page.missed.value == "" and NONE_MISSED  # nothing missed to list without learners


def test_a_class_without_a_wrong_answer_says_so(tmp_path, teacher_code):
    with Store(tmp_path / "right.sqlite3") as store:
        answer_puzzle(Progress(store), "Amina", a_puzzle(0), True)
    page = ClassPage(tmp_path / "right.sqlite3")
    show(page, teacher_code)
    assert html.escape(NONE_MISSED) in page.missed.value


def test_a_database_that_cannot_be_opened_is_a_sentence(tmp_path, teacher_code):
    page = ClassPage(tmp_path)  # a folder, not a database file
    show(page, teacher_code)
    assert "is a folder, not a database file" in page.status.value and "Traceback" not in shown(page)
    assert page.learners.value == ""


def test_the_trend_has_a_text_alternative(database, teacher_code):
    page = ClassPage(database)
    show(page, teacher_code)
    with Store(database) as store:
        trend = Progress(store).progress("Amina").trend
    assert len(trend) == 4
    assert f'aria-label="{html.escape(trend_description(trend))}"' in page.learners.value


def test_the_page_is_made_of_widgets_a_voila_page_can_show(database, teacher_code):
    page = ClassPage(database)
    assert isinstance(page.code, widgets.Password) and page.show_button.description == "Show the class"


# ---------------------------------------------------------------------- the server's rooms (issue 29)
def test_the_teacher_sees_every_rooms_code_and_closes_one_or_every_waiting_room(database, teacher_code):
    from matatu_learn.teaching import room as rooms

    waiting = [rooms.open_room(database, name) for name in ("Amina", "Kato")]
    playing = rooms.open_room(database, "Okello")
    rooms.join_room(database, playing.code, "Wanjiru")
    playing.start()
    page = ClassPage(database)
    codes = [table.code for table in (*waiting, playing)]
    assert not any(code in shown(page) for code in codes), "nothing of the rooms before the code"
    page.rooms.close_waiting()  # a click that reached the kernel all the same closes nothing
    assert len(rooms.open_rooms(database)) == 3
    show(page, teacher_code)
    assert page.rooms.layout.display != "none"
    assert all(code in page.rooms.listing.value for code in codes) and "Wanjiru" in page.rooms.listing.value
    close = {button.description: button for button in page.rooms.close_buttons.children}
    assert sorted(close) == sorted(f"Close room {code}" for code in codes)
    close[f"Close room {playing.code}"].click()
    assert page.rooms.status.value == f'<p role="status">Closed 1 room: {playing.code}.</p>'
    assert playing.code not in page.rooms.listing.value
    page.rooms.close_waiting_button.click()
    assert "Closed 2 waiting rooms" in page.rooms.status.value
    assert rooms.open_rooms(database) == [] and not page.rooms.close_buttons.children
    assert "No rooms are open on this server." in page.rooms.listing.value
    show(page, "not it")
    assert page.rooms.layout.display == "none" and page.rooms.listing.value == ""
