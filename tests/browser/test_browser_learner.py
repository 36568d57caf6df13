"""A learner's name in a real browser, on the class server with the pages' template (so links the
page did not draw carry the name too): given once on the landing page, carried to a lesson,
the lesson's practice kept, and the landing page showing it done; a name holding markup refused
as text. Debian's Chromium through Playwright, as in tests/browser/test_browser.py.
"""

from __future__ import annotations

import re

import pytest

from conftest import served
from matatu_learn.teaching.lessons import practice_question

WAIT = 120_000  # generous: a shared machine starting a kernel is slow, never this slow


@pytest.fixture
def page(browser, tmp_path):  # noqa: F811
    with served(tmp_path) as server:
        context = browser.new_context(viewport={"width": 1366, "height": 900})
        opened = context.new_page()
        errors: list[str] = []
        opened.on("pageerror", lambda error: errors.append(str(error)))
        opened.base = server.base
        yield opened
        context.close()
    assert not errors, f"JavaScript errors on the page: {errors}"


def open_page(page, name: str, query: str = "") -> None:
    page.goto(f"{page.base}/voila/render/{name}{'?' + query if query else ''}")
    page.locator(".jupyter-widgets :is(button, input):visible").first.wait_for(timeout=WAIT)


def right_label(lesson: str, ruleset: str = "house") -> str:
    question = practice_question(lesson, ruleset, 1)
    return next(label for label, key in question.choices if key in question.right)


def test_a_learner_given_once_is_carried_to_a_lesson_and_finds_it_done_back_on_the_landing_page(page):
    open_page(page, "index.ipynb")
    box = page.get_by_label("Your name", exact=True)
    # A name with markup in it is refused in a sentence, as text: nothing of it becomes an element.
    box.fill("<b>Bo</b>")
    page.get_by_role("button", name="Keep my progress").click()
    page.get_by_text("is not one.").wait_for(timeout=WAIT)
    assert page.locator(".matatu-your-progress b", has_text="Bo").count() == 0
    assert page.get_by_text("'<b>Bo</b>' is not one.", exact=False).count() == 1
    assert "learner=" not in page.url
    # A good name: Enter in the box keeps it; the address carries it.
    box.fill("Amina")
    box.press("Enter")
    page.get_by_text("Hello, Amina.").wait_for(timeout=WAIT)
    page.wait_for_function("new URL(location.href).searchParams.get('learner') === 'Amina'", timeout=WAIT)
    # The ruleset chosen on the page goes into the address too.
    page.locator(".jupyter-widgets select").first.select_option(label="Uganda Classic")
    page.wait_for_function("new URL(location.href).searchParams.get('rules') === 'uganda'", timeout=WAIT)
    # The page's own markdown link carries neither: the template adds the address's when it is followed.
    page.locator(".jp-RenderedMarkdown a[href='01-the-deal.ipynb']").click()
    page.get_by_text("Learning as Amina").wait_for(timeout=WAIT)
    assert re.search(r"01-the-deal\.ipynb\?(.*&)?learner=Amina", page.url)
    assert re.search(r"01-the-deal\.ipynb\?(.*&)?rules=uganda", page.url)
    page.get_by_role("button", name=right_label("the-deal", "uganda"), exact=True).first.click()
    page.locator("a.matatu-go").wait_for(timeout=WAIT)
    page.locator(".matatu-head a", has_text="All lessons").click()
    standing = page.locator(".matatu-standing")
    standing.get_by_text("Lessons done: 1 of 6.").wait_for(timeout=WAIT)
    lesson_1 = standing.locator("li[data-step='the-deal']")
    assert lesson_1.get_attribute("data-state") == "done" and "Done: 1 of 1 right" in lesson_1.inner_text()
    go = standing.locator("a.matatu-go")
    assert go.inner_text() == "Go on: lesson 2, Matching and turns →"
    assert go.get_attribute("href") == "02-matching-and-turns.ipynb?rules=uganda&learner=Amina"
    # Lesson 1 again, for Amina: its practice is remembered, so the way on is open from the start.
    page.locator(".matatu-standing a", has_text="The deal").click()
    page.get_by_text("Learning as Amina").wait_for(timeout=WAIT)
    page.locator(".matatu-foot a.matatu-go").wait_for(timeout=WAIT)


def test_on_a_phone_every_control_of_the_landing_page_and_a_lesson_is_a_thumbs_size(browser, class_server):  # noqa: F811
    context = browser.new_context(viewport={"width": 390, "height": 844}, is_mobile=True, has_touch=True)
    phone = context.new_page()
    try:
        for name in ("index.ipynb?learner=Amina", "01-the-deal.ipynb?learner=Amina"):
            phone.goto(f"{class_server.base}/voila/render/{name}")
            phone.locator(".jupyter-widgets :is(button, input):visible").first.wait_for(timeout=WAIT)
            small = phone.evaluate(
                """() => [...document.querySelectorAll('.jupyter-widgets :is(button, input, select)')]
                    .filter(element => element.offsetParent !== null && !['checkbox', 'radio'].includes(element.type))
                    .map(element => [element.textContent.trim() || element.type, element.getBoundingClientRect()])
                    .filter(([, box]) => box.height < 43.5)
                    .map(([label, box]) => `${label}: ${Math.round(box.width)}×${Math.round(box.height)}`)"""
            )
            assert small == [], f"controls under 44 px on {name}: {small}"
    finally:
        context.close()
