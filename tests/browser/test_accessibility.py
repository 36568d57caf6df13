"""Every page passes axe-core with no serious or critical violation, in Debian's Chromium.

axe-core (through axe-playwright-python) checks what a screen reader and a keyboard rely on:
names of controls, contrast, roles, landmarks. Each notebook is checked as the session's
``crawl`` opened it (every page in ``notebooks/``, the coached first game included once it is there); the
widgets' answers (feedback, a replay, the Play table's settings, question and refusal) are
checked after a click too, since they appear only then. The end of a round at the Play table is
checked in ``test_browser_play.py``.
"""

import pytest

from conftest import PAGES, open_notebook, serious_violations


@pytest.mark.parametrize("name", PAGES)
def test_no_serious_accessibility_violation_on_any_page(crawl, name):
    # axe-core ran on the page as the session's crawl opened it, once a control was shown.
    assert crawl[name].violations == []


@pytest.mark.parametrize("name", PAGES)
def test_every_page_works_at_200_percent_zoom(crawl, name):
    # The crawl zoomed each page as Chromium zooms a 1366×900 laptop window to 200% (page_crawl.ZOOMED):
    # axe-core finds nothing serious, and nothing sticks out sideways.
    assert crawl[name].zoomed_violations == []
    assert crawl[name].zoomed_sideways == [], "the page scrolls sideways at 200% zoom"


def test_puzzle_feedback_and_hint_are_accessible(page, voila):  # noqa: F811
    open_notebook(page, voila, "06-can-you-cut.ipynb")
    page.get_by_role("button", name="Hint").click()
    page.locator(".matatu-verdict.hint[role='status']").wait_for(timeout=20_000)
    answers = page.locator(".matatu-answers button")
    answers.first.click()
    check = page.locator(".matatu-answers button").filter(has_text="Check")
    if check.count():  # "which card": the first card is chosen, then checked
        check.click()
    page.locator(".matatu-verdict:is(.right, .wrong)[role='status']").wait_for(timeout=20_000)
    assert serious_violations(page) == []


def test_a_replay_is_accessible(page, voila):  # noqa: F811
    open_notebook(page, voila, "10-rules-and-history.ipynb")
    page.get_by_role("button", name="Record 5 quick games").click()
    page.get_by_text("replays exactly under its stored rules").wait_for(timeout=60_000)
    page.get_by_role("button", name="Next").last.click()
    assert serious_violations(page) == []


@pytest.mark.parametrize(
    "size",
    [
        {"viewport": {"width": 1366, "height": 900}},
        {"viewport": {"width": 390, "height": 844}, "is_mobile": True, "has_touch": True},
    ],
    ids=["laptop", "phone"],
)
def test_the_play_table_is_accessible_dealt_with_its_settings_a_question_and_a_refusal_open(browser, voila, size):  # noqa: F811
    context = browser.new_context(**size)
    opened = context.new_page()
    errors = []
    opened.on("pageerror", lambda error: errors.append(str(error)))
    try:
        open_notebook(opened, voila, "08-play.ipynb", ready="[data-hand] [data-card]")
        opened.locator(".mt-pace").select_option("step")
        # The settings opened, unlocked, and a new deal made with them: house rules, seed 27, where
        # South leads and holds the A♥, which asks which suit it names.
        opened.get_by_text("Table settings: rules and players").click()
        opened.get_by_role("button", name="Change the rules").click()
        seed = opened.get_by_label("Seed", exact=True)
        seed.fill("27")
        seed.press("Enter")
        opened.locator("button.jupyter-button:text-is('Deal')").click()
        opened.locator(".mt-headline:has-text('seed 27')").wait_for(timeout=30_000)
        opened.get_by_role("button", name="Change the rules").wait_for(timeout=20_000)  # the rules locked again
        # The page as a whole is checked above, as it loads; here the table and its settings, as they change.
        table = ".jp-OutputArea-output:has(.mt-table)"
        assert opened.locator(table).count() == 1
        assert serious_violations(opened, table) == [], "the table after a deal, with the settings open"
        opened.locator("[data-hand] [data-card='A♥']").click()
        opened.locator(".mt-question:not([hidden]) .mt-answers button").first.wait_for(timeout=20_000)
        assert "Which suit" in opened.locator(".mt-question").inner_text()
        assert serious_violations(opened, table) == [], "the table asking which suit an Ace names"
        opened.locator(".mt-question .mt-cancel").click()
        opened.locator("[data-hand] [data-card='K♣']").click()  # a King of clubs on the Q♦: it does not fit
        opened.locator(".mt-table .mt-notice").wait_for(state="visible", timeout=20_000)
        assert serious_violations(opened, table) == [], "the table saying why a card is refused"
    finally:
        context.close()
    assert not errors, f"JavaScript errors on the page: {errors}"


def test_the_coached_first_game_is_accessible_before_and_after_a_move(page, voila):  # noqa: F811
    open_notebook(page, voila, "07-first-game.ipynb", ready="[data-hand] [data-card]")
    table = ".jp-OutputArea-output:has(.mt-table)"
    page.locator(".mt-coach:not([hidden])").wait_for(timeout=30_000)
    assert serious_violations(page, table) == [], "the table with the coach speaking"
    # South's first move: a card that fits, or else the first button that may be pressed; the coach answers.
    playable = page.locator("[data-hand] .mt-card.mt-playable:not(:disabled)")
    if playable.count():
        playable.first.click()
    else:
        page.locator(".mt-control:not([aria-disabled]):not([data-kind='hint'])").first.click()
    answered = page.locator(".mt-coach .mt-verdict, .mt-question:not([hidden]) .mt-answers button")
    for _ in range(3):  # a card that asks (a suit, cut or lay, a call): its first answer
        answered.first.wait_for(timeout=30_000)
        if page.locator(".mt-coach .mt-verdict").count():
            break
        answered.first.click()
    page.locator(".mt-coach .mt-verdict").wait_for(timeout=30_000)
    assert serious_violations(page, table) == [], "the table with the coach's verdict"
