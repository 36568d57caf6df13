"""The lessons' steppers, practice and hands on a phone (390×844, touch) and by keys alone, in Chromium.

A stepper shows, at every step, the cards the move brought and the sentence that tells it on one
screen once the stepper is scrolled into view; Back and Next are in the same screen, under them.
By keys alone (``keyboard.press`` only) a stepper steps and says each step in its live region, and
a practice question is answered and its verdict said, the focus never falling to the page's body.
Lesson 2's hand is drawn once, and a tap on a card's picture answers. Screenshots go to test-results/.
"""

from __future__ import annotations

import re

import pytest

from conftest import RESULTS, open_notebook
from matatu_learn.engine.cards import parse_card
from matatu_learn.teaching.lessons import lesson_topics
from matatu_learn.teaching.voice import card_words
from matatu_learn.widgets.svg import MIN_CARD_WIDTH

PHONE = {"viewport": {"width": 390, "height": 844}, "is_mobile": True, "has_touch": True}
LAPTOP = {"viewport": {"width": 1366, "height": 900}}
# What has the keyboard's focus: its tag, its words, and whether it is in a stepper or a practice question.
FOCUS = """() => {
    const element = document.activeElement;
    return {
        tag: element.tagName,
        text: (element.innerText || "").trim(),
        stepper: Boolean(element.closest(".matatu-stepper")),
        practice: Boolean(element.closest(".matatu-practice")),
    };
}"""
TABS = 80  # more presses of Tab than any lesson page has controls before the one looked for


def within_screen(box, height: int) -> bool:
    return box is not None and box["y"] >= 0 and box["y"] + box["height"] <= height


@pytest.fixture
def phone(browser):
    context = browser.new_context(**PHONE)
    opened = context.new_page()
    errors: list[str] = []
    opened.on("pageerror", lambda error: errors.append(str(error)))
    yield opened
    context.close()
    assert not errors, f"JavaScript errors on the page: {errors}"


@pytest.mark.parametrize(("name", "lesson"), [("03-special-cards", "special_cards"), ("05-scoring", "scoring")])
def test_a_stepper_on_a_phone_shows_the_cards_a_step_changed_and_its_sentence_on_one_screen(phone, voila, name, lesson):
    open_notebook(phone, voila, f"{name}.ipynb", ready=".matatu-stepper-bar button")
    topics = phone.locator(".jupyter-widgets select").filter(has=phone.locator("option", has_text=re.compile(".")))
    picker = topics.nth(1)  # the ruleset's picker first, then the topics'
    titles = [title for title, _ in lesson_topics(lesson, "house")]
    # The lesson opens on its first topic.
    assert picker.evaluate("select => select.selectedOptions[0].textContent").replace("\xa0", " ") == titles[0]
    stepper = phone.locator(".matatu-stepper").first
    height = PHONE["viewport"]["height"]
    marked = 0
    for number, title in enumerate(titles):
        if number:
            picker.select_option(index=number)
            stepper.locator(".matatu-note", has_text=re.compile(r"^step 1 of \d+$")).wait_for(timeout=20_000)
        stepper.evaluate("element => element.scrollIntoView({block: 'start'})")  # once a topic; then only taps
        counter = stepper.locator(".matatu-note", has_text=re.compile(r"^step \d+ of \d+$"))
        steps = int(re.search(r"of (\d+)", counter.inner_text()).group(1))
        for step in range(1, steps + 1):
            counter.filter(has_text=f"step {step} of {steps}").wait_for(timeout=20_000)
            words = stepper.locator(".matatu-step-words")
            changed = stepper.locator("[data-changed]")
            boxes = [changed.nth(index).bounding_box() for index in range(changed.count())]
            marked += len(boxes)
            where = f"{title}, step {step}"
            assert within_screen(words.bounding_box(), height), f"{where}: the step's sentence is off the screen"
            assert all(within_screen(box, height) for box in boxes), f"{where}: a changed card is off the screen"
            assert within_screen(stepper.locator(".matatu-stepper-bar").bounding_box(), height), where
            if step == 2:
                phone.screenshot(path=str(RESULTS / f"stepper-{name}-{number + 1}-phone.png"))
            if step < steps:
                stepper.locator(".matatu-stepper-bar button", has_text=re.compile(r"^\s*Next\s*$")).tap()
    assert marked, "the moves bring cards, and the stepper outlines them"
    widths = stepper.locator("[data-card] svg").evaluate_all("nodes => nodes.map(n => n.getBoundingClientRect().width)")
    assert widths and min(widths) >= MIN_CARD_WIDTH, widths


@pytest.mark.parametrize("name", ["02-matching-and-turns", "04-chopper-arithmetic", "08-play", "09-strategy-lab"])
def test_on_a_phone_every_card_of_a_lesson_is_at_least_56_px_wide_and_nothing_runs_off(phone, voila, name):
    open_notebook(phone, voila, f"{name}.ipynb", ready="[data-card]")
    phone.wait_for_timeout(500)  # every widget draws its first state
    widths = phone.locator("[data-card] svg").evaluate_all(
        "nodes => nodes.map(n => n.getBoundingClientRect().width).filter(width => width > 0)"
    )
    assert widths and min(widths) >= MIN_CARD_WIDTH, widths
    # No control reaches past the phone's screen ("Base ca…", "Play 1,000 mo…" were cut off).
    past = phone.locator(".jupyter-widgets :is(button, input, select)").evaluate_all(
        "nodes => nodes.filter(n => n.offsetParent && n.getBoundingClientRect().right > 391)"
        ".map(n => n.innerText || n.value || n.outerHTML.slice(0, 60))"
    )
    assert past == [], past
    phone.screenshot(path=str(RESULTS / f"{name}-phone.png"))


def press_tab_until(page, wanted, limit=TABS):
    """Press Tab until the focus is on what ``wanted(focus)`` accepts; the focus then."""
    for _ in range(limit):
        page.keyboard.press("Tab")
        focus = page.evaluate(FOCUS)
        if wanted(focus):
            return focus
    raise AssertionError(f"Tab never reached it in {limit} presses; the focus is on {page.evaluate(FOCUS)}")


def test_a_stepper_and_a_practice_question_are_used_and_heard_by_keys_alone(page, voila):
    open_notebook(page, voila, "03-special-cards.ipynb", ready=".matatu-stepper-bar button")
    stepper = page.locator(".matatu-stepper").first
    # The step's number and its words are drawn inside polite live regions that stay on the page.
    number = stepper.locator(".matatu-live[aria-live='polite']").first
    said = stepper.locator(".matatu-step-words .matatu-live[aria-live='polite']")
    steps = int(re.search(r"of (\d+)", number.inner_text()).group(1))
    moves = []
    press_tab_until(page, lambda focus: focus["stepper"] and focus["text"] == "Next")
    for step in range(2, steps + 1):
        page.keyboard.press("Enter")
        number.filter(has_text=f"step {step} of {steps}").wait_for(timeout=20_000)
        moves.append(said.locator("b").first.inner_text())  # the move, in the voice's words
        assert re.match(r"^(South|West|East|North) ", moves[-1]) and moves[-1] not in moves[:-1], moves
        focus = page.evaluate(FOCUS)
        assert focus["tag"] != "BODY" and focus["stepper"], focus
    # At the last step Next is closed: the focus went on to the next topic, never to the page.
    assert page.evaluate(FOCUS)["text"] == "Next topic"
    for _ in range(3):  # Restart, Next (closed, so passed over), Back
        page.keyboard.press("Shift+Tab")
        if page.evaluate(FOCUS)["text"] == "Back":
            break
    assert page.evaluate(FOCUS)["text"] == "Back"
    page.keyboard.press("Space")
    number.filter(has_text=f"step {steps - 1} of {steps}").wait_for(timeout=20_000)
    said.filter(has_text=moves[-2]).wait_for(timeout=20_000)

    # The practice question: Tab to an answer, Enter answers, the verdict is said, the focus moves on.
    practice = page.locator(".matatu-practice")
    answer = press_tab_until(page, lambda focus: focus["practice"] and focus["tag"] == "BUTTON")
    page.keyboard.press("Enter")
    verdict = practice.locator(".matatu-live[aria-live='polite'] :is(.matatu-right, .matatu-wrong)")
    verdict.wait_for(timeout=20_000)
    assert re.match(r"^(✔|✘) ", verdict.inner_text()), verdict.inner_text()
    focus = page.evaluate(FOCUS)
    assert focus["tag"] == "BUTTON" and focus["text"] == "Another one", (answer, focus)
    page.keyboard.press("Enter")  # another question: its answers open again, and the focus stays
    practice.locator(":is(.matatu-right, .matatu-wrong)").wait_for(state="detached", timeout=20_000)
    assert page.evaluate(FOCUS) == {"tag": "BUTTON", "text": "Another one", "stepper": False, "practice": True}


def test_in_lesson_two_the_hand_is_drawn_once_and_a_tap_on_a_cards_picture_answers(phone, voila):
    open_notebook(phone, voila, "02-matching-and-turns.ipynb", ready=".matatu-card-choice button")
    explorer = phone.locator(".jp-OutputArea-output").filter(has=phone.get_by_role("button", name="New position"))
    hand = explorer.locator(".matatu-card-choice [data-card]")
    cards = [card.get_attribute("data-card") for card in hand.all()]
    shown = [card.get_attribute("data-card") for card in explorer.locator("[data-card]").all()]
    assert cards and all(shown.count(card) == 1 for card in cards), shown  # each card of the hand once
    for index, card in enumerate(cards):
        picture = hand.nth(index)
        picture.scroll_into_view_if_needed()
        box = picture.bounding_box()
        # A real tap on the picture, a third of the way down: not on the words under the card.
        phone.touchscreen.tap(box["x"] + box["width"] / 2, box["y"] + box["height"] / 3)
        # The answer names the card tapped, in a live region.
        named = card_words(parse_card(card))
        said = explorer.locator(".matatu-live[aria-live='polite'] p.matatu-note")
        said.filter(has_text=re.compile(r"^(✔ Yes|✘ No) — ")).filter(has_text=named).wait_for(timeout=20_000)
    phone.screenshot(path=str(RESULTS / "02-matching-and-turns-hand-phone.png"))
    # The practice table's hand: a tap on a green card's picture plays it, and the computer answers.
    table = phone.locator(".matatu-practice-table")
    green = table.locator(".matatu-card-choice:has(button.mod-success) [data-card]").first
    played = green.get_attribute("data-card")
    green.scroll_into_view_if_needed()
    box = green.bounding_box()
    phone.touchscreen.tap(box["x"] + box["width"] / 2, box["y"] + box["height"] / 3)
    table.get_by_text(re.compile(r"^You play ")).first.wait_for(timeout=30_000)
    assert table.locator(f".matatu-card-choice [data-card='{played}']").count() == 0


# Each glossary term's words and the lines they take.
TERM_LINES = """nodes => nodes.map(term => {
    const words = document.createRange();
    words.selectNodeContents(term);
    return [term.innerText, new Set([...words.getClientRects()].map(line => Math.round(line.top))).size];
})"""


def test_on_a_touch_screen_list_links_are_a_thumbs_size_and_each_glossary_term_keeps_one_line(browser, class_server):
    # The class server serves the pages with the package's template, whose touch rules these are.
    context = browser.new_context(**PHONE)
    opened = context.new_page()
    try:
        open_notebook(opened, class_server.base, "index.ipynb")
        links = opened.locator(".jp-RenderedHTMLCommon li > a:visible")
        heights = links.evaluate_all("nodes => nodes.map(n => [n.innerText, n.getBoundingClientRect().height])")
        assert len(heights) >= 10 and all(height >= 44 for _, height in heights), heights
        open_notebook(opened, class_server.base, "glossary.ipynb")
        terms = opened.locator(".matatu-glossary dt")
        terms.first.wait_for(timeout=20_000)
        lines = terms.evaluate_all(TERM_LINES)
        assert any(" " in term for term, _ in lines), "the glossary has terms of two words"
        assert [term for term, count in lines if count != 1] == []
        opened.screenshot(path=str(RESULTS / "glossary-phone-terms.png"))
    finally:
        context.close()
