"""The learner's path in a real browser: start on the landing page, walk the lessons, keep the ruleset.

Voilà serves the notebooks (the ``voila`` fixture); Debian's Chromium is driven by Playwright
through ``executable_path``, as in tests/test_browser.py. Screenshots go to ``test-results/``.
"""

import re

import pytest
from test_browser import browser, chromium, open_notebook, page, save  # noqa: F401  (the fixtures)

from matatu_learn.engine.cards import CARD_NAMES, parse_card
from matatu_learn.teaching.lessons import LESSON_PATH, ordinary_position, ruleset_rules
from matatu_learn.teaching.voice import card_words
from matatu_learn.widgets.views import choice_label

PAGES = [name for name, _ in LESSON_PATH]


def lesson_url(voila, name, ruleset):
    return f"{voila}/voila/render/{name}.ipynb?rules={ruleset}"


def test_the_start_button_leads_to_lesson_one(page, voila):  # noqa: F811
    open_notebook(page, voila, "index.ipynb")
    start = page.get_by_role("link", name="Start lesson 1: The deal →")
    assert start.get_attribute("href") == "01-the-deal.ipynb?rules=house"
    # The full rules wait behind a disclosure: closed, their text is not on the screen.
    assert not page.get_by_text("a Jack reverses the order of play").first.is_visible()
    save(page, "path-index")
    start.click()
    page.get_by_text("Lesson 1 of 6").wait_for(timeout=60_000)
    assert page.url.endswith("/voila/render/01-the-deal.ipynb?rules=house")


@pytest.mark.parametrize("number", range(1, len(PAGES) + 1))
def test_every_lesson_says_where_it_stands_and_links_on_with_the_ruleset(page, voila, number):  # noqa: F811
    name = PAGES[number - 1]
    page.goto(lesson_url(voila, name, "party"))
    page.get_by_text(f"Lesson {number} of {len(PAGES)}").wait_for(timeout=60_000)
    following = PAGES[number] if number < len(PAGES) else "07-play"
    hrefs = [link.get_attribute("href") for link in page.locator(".matatu-nav a").all()]
    assert f"{following}.ipynb?rules=party" in hrefs
    assert "glossary.ipynb?rules=party" in hrefs and "index.ipynb?rules=party" in hrefs
    if number > 1:
        assert f"{PAGES[number - 2]}.ipynb?rules=party" in hrefs
    # Every lesson ends with one big link on: to the next lesson, and after the last, to a first game.
    foot = page.locator("a.matatu-go")
    assert foot.count() == 1 and foot.get_attribute("href") == f"{following}.ipynb?rules=party"
    page.wait_for_timeout(500)
    save(page, f"path-{name}")


def test_the_ruleset_chosen_in_lesson_one_opens_lesson_two(page, voila):  # noqa: F811
    page.goto(lesson_url(voila, "01-the-deal", "uganda"))
    picker = page.locator(".jupyter-widgets select").first
    picker.wait_for(timeout=60_000)
    assert picker.input_value() == choice_label("uganda")  # the picker starts on the address's ruleset
    picker.select_option(label=choice_label("bomb"))
    page.locator("a.matatu-go[href='02-matching-and-turns.ipynb?rules=bomb']").wait_for(timeout=20_000)
    page.locator("a.matatu-go").click()
    page.get_by_text("Lesson 2 of 6").wait_for(timeout=60_000)
    assert page.url.endswith("/voila/render/02-matching-and-turns.ipynb?rules=bomb")
    assert page.locator(".jupyter-widgets select").first.input_value() == choice_label("bomb")
    page.get_by_text("Ruleset: bomb").first.wait_for(timeout=20_000)


def test_an_unknown_ruleset_in_the_address_is_refused_in_words(page, voila):  # noqa: F811
    page.goto(lesson_url(voila, "03-special-cards", "chess"))
    page.get_by_text("The address asks for the ruleset 'chess', which these lessons do not know").wait_for(
        timeout=60_000
    )
    assert page.locator(".jupyter-widgets select").first.input_value() == choice_label("house")


def test_in_lesson_two_a_clicked_card_is_played_and_the_computer_answers(page, voila):  # noqa: F811
    page.goto(lesson_url(voila, "02-matching-and-turns", "house"))
    table = page.locator(".matatu-practice-table")
    table.wait_for(timeout=60_000)
    game = ordinary_position(ruleset_rules("house"), 1)  # the practice table's first deal
    hidden = {CARD_NAMES[card] for seat in (1, 2) for card in game.hands[seat]} | {
        CARD_NAMES[card] for card in game.stock
    }
    shown = {card.get_attribute("data-card") for card in table.locator("[data-card]").all()}
    assert shown and not shown & hidden, f"the practice table shows hidden cards {shown & hidden}"
    playable = table.locator("button.mod-success").first
    card = playable.inner_text().strip()
    playable.click()
    table.get_by_text(f"You play {card_words(parse_card(card))}.").wait_for(timeout=30_000)
    # The two computer players answer in words, before the turn comes back.
    table.get_by_text(re.compile(r"^West (plays|draws|passes)")).first.wait_for(timeout=30_000)
    table.get_by_text(re.compile(r"^East (plays|draws|passes)")).first.wait_for(timeout=30_000)
    save(page, "path-02-practice-table")
