"""The learner's path in a real browser: start on the landing page, walk the lessons, keep the ruleset.

Voilà serves the notebooks (the ``voila`` fixture); Debian's Chromium is driven by Playwright
through ``executable_path``, as in tests/browser/test_browser.py. Screenshots go to ``test-results/``.
What a lesson on house rules says is read from the session's ``crawl``, which opens each lesson once
on house rules.
"""

import re

import pytest

from conftest import open_notebook, save
from matatu_learn.engine.cards import CARD_NAMES, parse_card
from matatu_learn.teaching import pages
from matatu_learn.teaching.lessons import FIRST_GAME, LESSON_PATH, ordinary_position, practice_question, ruleset_rules
from matatu_learn.teaching.puzzles import generate_puzzle
from matatu_learn.teaching.voice import card_words
from matatu_learn.widgets.puzzle_trainer import _choices, is_right
from matatu_learn.widgets.views import choice_label

PAGES = [pages.page(lesson).file for lesson, _ in LESSON_PATH]  # the lessons' notebooks


def lesson_url(voila, name, ruleset):
    return f"{voila}/voila/render/{name}.ipynb?rules={ruleset}"


def open_lesson(page, voila, name, ruleset):  # noqa: F811
    page.goto(lesson_url(voila, name, ruleset))
    page.get_by_text(re.compile(r"^Lesson \d of 6$")).wait_for(timeout=60_000)
    page.locator(".matatu-foot a").first.wait_for(timeout=60_000)  # the last widget of the page has drawn


def right_answer(name, ruleset):
    """The label of a right answer to the first practice question of a lesson, worked out here."""
    if name == "06-can-you-cut":
        puzzle = generate_puzzle(ruleset, "easy", 1, 0)
        return next(label for label, choice in _choices(puzzle) if is_right(puzzle, choice))
    question = practice_question(pages.page_of_file(name).id, ruleset, 1)
    return next(label for label, key in question.choices if key in question.right)


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
def test_every_lesson_says_where_it_stands_and_its_practice_opens_the_way_on(page, voila, number):  # noqa: F811
    name = PAGES[number - 1]
    open_lesson(page, voila, name, "party")
    following = PAGES[number] if number < len(PAGES) else pages.page(FIRST_GAME[0]).file
    hrefs = [link.get_attribute("href") for link in page.locator(".matatu-head .matatu-nav a").all()]
    assert "glossary.ipynb?rules=party" in hrefs and "index.ipynb?rules=party" in hrefs
    if number > 1:
        assert f"{PAGES[number - 2]}.ipynb?rules=party" in hrefs
    # Until the practice is answered right, the way on is a soft "skip ahead" at the foot.
    assert page.locator("a.matatu-go").count() == 0
    assert page.locator("a.matatu-skip").get_attribute("href") == f"{following}.ipynb?rules=party"
    page.get_by_role("button", name=right_answer(name, "party"), exact=True).first.click()
    go = page.locator("a.matatu-go")
    go.wait_for(timeout=20_000)
    assert go.count() == 1 and go.get_attribute("href") == f"{following}.ipynb?rules=party"
    assert page.locator("a.matatu-skip").count() == 0
    page.wait_for_timeout(500)
    save(page, f"path-{name}")


def test_the_ruleset_chosen_in_lesson_one_opens_lesson_two(page, voila):  # noqa: F811
    open_lesson(page, voila, "01-the-deal", "uganda")
    picker = page.locator(".matatu-head select")
    assert picker.input_value() == choice_label("uganda")  # the picker starts on the address's ruleset
    picker.select_option(label=choice_label("bomb"))
    page.locator("a.matatu-skip[href='02-matching-and-turns.ipynb?rules=bomb']").wait_for(timeout=20_000)
    page.locator("a.matatu-skip").click()
    page.get_by_text("Lesson 2 of 6").wait_for(timeout=60_000)
    assert page.url.endswith("/voila/render/02-matching-and-turns.ipynb?rules=bomb")
    assert page.locator(".matatu-head select").input_value() == choice_label("bomb")


def visible_text(page):  # noqa: F811
    """The page's words as a learner reads them, without the folded notes on other tables, the
    commands for teachers (code) and the ruleset picker's list of names (a name to choose is no rule)."""
    return page.evaluate(
        """() => {
            document.querySelectorAll("details.matatu-other-tables, pre, code, select").forEach(e => e.remove());
            return document.body.innerText;
        }"""
    )


# What a lesson opened on house rules must not say outside its folds: another ruleset's name
# (their ids and the names people say), or a rule that only other tables have — the cutter and the
# bare table (Uganda Classic's deal), jokers (a mode house rules leave off), reversing, calls and
# catching, picks compared or added up, any seven chopping, no limit, the cutter losing ties or
# having to be strictly lightest, the winner taking everybody else's hands, a match to 100.
NOT_HOUSE = re.compile(
    r"uganda|bomb|party|handout|54-card|cutter|bare table|starts bare|joker|revers|warning!|card!|matatu!"
    r"|\bcatch|strictly lightest|loses ties|compared|adds? up|any (?:7|seven)|no (?:weight )?limit"
    r"|everybody else|reaches 100",
    re.IGNORECASE,
)


@pytest.mark.parametrize("name", PAGES)
def test_a_lesson_on_house_rules_speaks_of_house_rules_only(crawl, name):  # noqa: F811
    shown = crawl[f"{name}.ipynb"]  # the session's visit of the lesson, opened on house rules
    assert len(shown.other_tables) >= (0 if name == "06-can-you-cut" else 1)
    for summary in shown.other_tables:
        assert summary == "At other tables"
    text = shown.lesson_words
    assert "House rules" in text or name == "06-can-you-cut"  # a lesson names the rules it teaches
    found = [match.group(0) for match in NOT_HOUSE.finditer(text)]
    assert not found, f"{name} on house rules says {found}"


@pytest.mark.parametrize("name", PAGES)
def test_the_same_lesson_on_uganda_classic_speaks_of_the_cutter(page, voila, name):  # noqa: F811
    open_lesson(page, voila, name, "uganda")
    page.wait_for_timeout(500)
    assert re.search(r"\bcutter\b", visible_text(page), re.IGNORECASE), name


def test_another_ruleset_picked_on_the_page_redraws_every_lesson_widget(page, voila):  # noqa: F811
    open_lesson(page, voila, "01-the-deal", "house")
    rules = page.locator(".matatu-table-rules .matatu-rules")
    assert "A base card is picked at random" in rules.inner_text()
    page.locator(".matatu-head select").select_option(label=choice_label("uganda"))
    rules.filter(has_text="The cutter is dealt face up").wait_for(timeout=20_000)
    page.get_by_text("The table is bare.").wait_for(timeout=20_000)  # the deal, dealt again
    page.get_by_text("A new deal: which seven is the chopper?").wait_for(timeout=20_000)
    page.locator(".matatu-practice").get_by_text("The cutter:").wait_for(timeout=20_000)
    page.locator("a.matatu-skip[href='02-matching-and-turns.ipynb?rules=uganda']").wait_for(timeout=20_000)
    # What other tables do stays folded until asked for.
    fold = page.locator("details.matatu-other-tables").first
    assert not fold.get_by_text("A base card is picked at random").is_visible()
    fold.locator("summary").click()
    fold.get_by_text("A base card is picked at random").wait_for(timeout=20_000)


def test_the_cut_meter_answers_as_you_type(page, voila):  # noqa: F811
    open_lesson(page, voila, "04-chopper-arithmetic", "house")
    box = page.get_by_role("textbox", name="Your hand")
    box.fill("")
    box.press_sequentially("7d kc 7h", delay=60)  # typed, never Enter, never leaving the box
    page.get_by_text("20 would be left after the chop").first.wait_for(timeout=20_000)
    box.press("Backspace")
    box.press("Backspace")
    box.press_sequentially("8h", delay=60)
    page.get_by_text("21 would be left after the chop").first.wait_for(timeout=20_000)
    assert box.evaluate("element => element === document.activeElement")


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
