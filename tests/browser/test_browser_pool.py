"""Pre-heated pages in Chromium: a page given a kernel of the pool shows the learner and the ruleset
its address names, and a room link opened into a pooled kernel joins the link's seat."""

from __future__ import annotations

import pytest
from server_fixtures import wait_for_pool

from conftest import RESULTS
from matatu_learn.play.rooms import RoomService

WAIT = 120_000  # generous: a shared machine running a pool's notebooks is slow, never this slow
# The ruleset a picker shows (ipywidgets writes its labels' spaces as no-break spaces).
SHOWN = "(select) => select.selectedOptions[0].textContent.replaceAll('\\u00a0', ' ')"
SIZES = {"wide": {"width": 1366, "height": 900}, "phone": {"width": 390, "height": 844}}


def open_pooled(browser, running, name: str, size: str = "wide"):
    """Open a page in a new browser context of ``size`` once the pool holds kernels; the page, after
    checking it was given one of the pool's kernels."""
    waiting = wait_for_pool(running)
    context = browser.new_context(viewport=SIZES[size])
    page = context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda error: errors.append(str(error)))
    page.errors = errors
    page.goto(f"{running.base}/voila/render/{name}", timeout=WAIT)
    page.locator(".jupyter-widgets :is(button, input, select):visible").first.wait_for(timeout=WAIT)
    kernel = page.evaluate("JSON.parse(document.getElementById('jupyter-config-data').textContent).kernelId")
    running.taken.add(kernel)
    assert kernel in waiting, "the page was not given a pre-heated kernel"
    return page


@pytest.mark.parametrize("size", SIZES)
def test_a_pooled_landing_page_shows_the_learner_and_the_ruleset_of_its_address(browser, pooled_server, size):
    page = open_pooled(browser, pooled_server, "index.ipynb?learner=Amina&rules=uganda", size)
    page.get_by_text("Hello, Amina.").wait_for(timeout=WAIT)
    assert page.get_by_label("Your name", exact=True).input_value() == "Amina"
    picker = page.locator(".jupyter-widgets select").first
    assert picker.evaluate(SHOWN) == "Uganda Classic"
    start = page.get_by_role("link", name="Start lesson 1: The deal →")
    assert "rules=uganda" in start.get_attribute("href") and "learner=Amina" in start.get_attribute("href")
    page.screenshot(path=str(RESULTS / f"pooled-index-{size}.png"), full_page=True)
    assert not page.errors, page.errors
    page.context.close()


def test_a_pooled_lesson_shows_the_learner_line_and_the_ruleset(browser, pooled_server):
    page = open_pooled(browser, pooled_server, "01-the-deal.ipynb?learner=Amina&rules=uganda")
    page.locator(".matatu-learner", has_text="Learning as Amina").first.wait_for(timeout=WAIT)
    picker = page.locator(".matatu-head select").first
    assert picker.evaluate(SHOWN) == "Uganda Classic"
    assert not page.errors, page.errors
    page.context.close()


def test_a_room_link_opened_into_a_pooled_kernel_takes_its_seat(browser, pooled_server):
    with RoomService(pooled_server.database) as rooms:
        published = rooms.store.ruleset("house")
        code, _ = rooms.open("Amina", published.name, published.version)
        seat, token = rooms.join(code, "Okello")
    page = open_pooled(browser, pooled_server, f"12-rooms.ipynb?room={code}&player={token}")
    page.locator(f"[data-room-code='{code}']").wait_for(timeout=WAIT)
    mine = page.locator(f".matatu-seats tr[data-seat='{seat}']")
    assert "Okello" in mine.inner_text() and "you" in mine.inner_text()
    assert "you" not in page.locator(".matatu-seats tr[data-seat='0']").inner_text()
    page.screenshot(path=str(RESULTS / "pooled-room-link-wide.png"), full_page=True)
    assert not page.errors, page.errors
    page.context.close()
