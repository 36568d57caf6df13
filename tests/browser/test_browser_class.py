"""The class page in Chromium, on the class server as ``matatu-learn serve --teacher-code`` runs it:
a wrong code shows nobody, the right one shows the class, and a phone scrolls the table in its box."""

from __future__ import annotations

import pytest

from conftest import RESULTS, served
from matatu_learn.store.database import Store
from matatu_learn.store.progress import Progress
from matatu_learn.store.roles import TEACHER_CODE_VARIABLE
from matatu_learn.teaching.progress import answer_puzzle
from matatu_learn.teaching.puzzles import generate_puzzle

PAGE = "13-class.ipynb"
CODE = "mango-tree-7"
NAMES = ("Amina Nakato", "Kato", "O'Neil")
PHONE = {"viewport": {"width": 390, "height": 844}, "is_mobile": True, "has_touch": True}
LAPTOP = {"viewport": {"width": 1366, "height": 900}}


@pytest.fixture(scope="module")
def class_server(tmp_path_factory):
    folder = tmp_path_factory.mktemp("class")
    with Store(folder / "class.sqlite3") as store:  # the database ``served`` hands the server
        keeper = Progress(store)
        for number, name in enumerate(NAMES):
            for index in range(3):
                answer_puzzle(keeper, name, generate_puzzle("house", "easy", 3, index), (index + number) % 2 == 0)
    with served(folder, environment={TEACHER_CODE_VARIABLE: CODE}) as server:
        yield server.base


def open_class_page(chromium_browser, base: str, size: dict):
    context = chromium_browser.new_context(**size)
    page = context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda error: errors.append(str(error)))
    page.goto(f"{base}/voila/render/{PAGE}")
    page.get_by_label("Teacher code").wait_for(timeout=90_000)
    return context, page, errors


def body_text(page) -> str:
    return page.evaluate("document.body.innerText")


def test_a_wrong_code_shows_nobody_and_the_right_one_shows_the_class(browser, class_server):  # noqa: F811
    context, page, errors = open_class_page(browser, class_server, LAPTOP)
    page.get_by_label("Teacher code").fill("mango-tree-8")
    page.get_by_role("button", name="Show the class").click()
    page.get_by_text("That is not the teacher code").wait_for(timeout=30_000)
    text = body_text(page)
    assert not [name for name in NAMES if name in text] and "learners, by name" not in text
    assert page.locator("table").count() == 0

    page.get_by_label("Teacher code").fill(CODE)
    page.get_by_role("button", name="Show the class").click()
    page.get_by_text("3 learners, by name").wait_for(timeout=30_000)
    text = body_text(page)
    assert all(name in text for name in NAMES)  # O'Neil's apostrophe shown as itself
    assert page.get_by_role("row").filter(has_text="Amina Nakato").count() == 1
    assert page.get_by_label("Teacher code").input_value() == ""
    RESULTS.mkdir(exist_ok=True)
    page.screenshot(path=str(RESULTS / "12-class-teacher.png"), full_page=True)
    context.close()
    assert not errors, errors


def test_on_a_phone_the_table_scrolls_in_its_box_not_the_page(browser, class_server):  # noqa: F811
    context, page, errors = open_class_page(browser, class_server, PHONE)
    page.get_by_label("Teacher code").fill(CODE)
    page.get_by_role("button", name="Show the class").tap()
    page.get_by_text("3 learners, by name").wait_for(timeout=30_000)
    page_width = page.evaluate("document.documentElement.scrollWidth")
    boxes = page.locator(".matatu-table-wrap").evaluate_all(
        "nodes => nodes.map(n => [n.getBoundingClientRect().right, n.scrollWidth > n.clientWidth])"
    )
    context.close()
    assert page_width <= 390, page_width
    assert boxes and all(right <= 390 for right, _ in boxes), boxes
    assert any(scrolls for _, scrolls in boxes), "the class table is wider than a phone: its box scrolls"
    assert not errors, errors
