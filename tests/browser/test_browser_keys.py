"""The table with the keyboard alone, heard as a screen reader hears it, in Chromium (issue 32).

Every move of these rounds is made with ``page.keyboard.press`` (no click, no tap): Tab to the
hand, the arrow keys (and Home) to a card, Enter to lay it, a digit to answer the question it
asks, Tab to a button and Enter to press it. After each move the focus must still be in the
table (never on the page's body), and everything the table's live region said is recorded, so
that each move the page lists is known to have been heard, in the words of the seat at the
screen. The key map is the table's own (``teaching.table_words.KEY_WORDS``). One test clicks
instead: it holds the page's timers, which the keys' focus waits on, to draw twice before the
table writes what the first draw said.
"""

from __future__ import annotations

import random
import re

from test_browser_first_game import COACH, READY, advised
from test_browser_play import (
    CONTROL_KINDS,
    DRAWN,
    LISTED,
    QUESTION,
    TABLE,
    answer_label,
    follow,
    hand_shown,
    handing_the_turn_on,
    leaks,
    moved_or_asked,
    open_play,
    scroll_to_table,
    small_targets,
    table_page,
    the_default_deal,
)
from test_browser_rooms import LAPTOP, MOVES, OVER, table

from conftest import RESULTS, open_notebook
from matatu_learn.engine.actions import CALL, CATCH, CUT, PLAY
from matatu_learn.engine.cards import CARD_NAMES
from matatu_learn.engine.rules import PRESETS
from matatu_learn.engine.scoring import Match
from matatu_learn.teaching.coach import first_game_seeds
from matatu_learn.teaching.table_words import CANNOT_PLAY_NOW, KEY_WORDS
from matatu_learn.widgets.svg import card_label

# Uganda Classic, two seats, the learner's moves chosen at random (rng seeded with the seed): South
# names a suit twice, answers the call question twice and presses a call's button, 34 moves in all.
CALLS_SEED = 8
# Everything the live region says is noted as it says it (the page's own clock, every 15 ms).
NOTE_SAID = """setInterval(() => {
    const said = document.querySelector('.mt-table .mt-said');
    const text = said ? said.textContent : '';
    window.__said = window.__said || [];
    if (text && text !== window.__lastSaid) window.__said.push(text);
    window.__lastSaid = text;
}, 15);"""
FOCUSED = """(() => {
    const a = document.activeElement;
    return {tag: a ? a.tagName : null, card: a && a.dataset ? a.dataset.card || null : null,
            kind: a && a.dataset ? a.dataset.kind || null : null,
            inTable: Boolean(a && a.closest && a.closest('.mt-table')), hand: Boolean(a && a.matches('[data-hand]'))};
})()"""
MY_TURN = f"{DRAWN} == {LISTED} && !!document.querySelector('[data-hand] .mt-card:not(:disabled)')"


def focused(page) -> dict:
    return page.evaluate(FOCUSED)


def said(page) -> str:
    return " ".join(page.evaluate("window.__said || []"))


def assert_focus_kept(page, moment: str) -> None:
    where = focused(page)
    assert where["tag"] not in (None, "BODY", "HTML"), f"the focus fell to the page after {moment}"
    assert where["inTable"], f"the focus left the table after {moment}: {where}"


# The focused element's name as a person reads it: its label, its own name, or its words.
FOCUSED_NAME = """(() => {
    const a = document.activeElement;
    const label = a.labels && a.labels.length ? a.labels[0].textContent : '';
    return (label || a.getAttribute('aria-label') || a.textContent || '').trim();
})()"""


def tab_to(page, name: str) -> None:
    """Tab on until the focus is on what is called ``name``."""
    for _ in range(60):
        page.keyboard.press("Tab")
        if page.evaluate(FOCUSED_NAME).startswith(name):
            return
    raise AssertionError(f"Tab never reaches {name!r}")


def deal_by_keys(page, ruleset: str, opponents: int, seed: int) -> None:
    """The table's settings with the keyboard alone: open them, unlock them, choose, and deal."""
    tab_to(page, "Table settings")
    assert page.evaluate("document.activeElement.getAttribute('aria-expanded')") == "false"
    page.keyboard.press("Enter")
    tab_to(page, "Change the rules")
    page.keyboard.press("Enter")
    page.wait_for_function(f"{FOCUSED_NAME} === 'Rules'", timeout=30_000)  # the first setting has the focus
    page.keyboard.type(ruleset)  # a closed drop-down takes the option whose words are typed
    tab_to(page, "Opponents")
    page.keyboard.type(str(opponents))
    tab_to(page, "Deal number")
    page.keyboard.press("Control+A")
    page.keyboard.type(str(seed))
    page.keyboard.press("Enter")
    tab_to(page, "Deal")
    page.keyboard.press("Enter")
    page.locator(f".mt-headline:has-text('deal number {seed}')").wait_for(timeout=30_000)
    page.wait_for_function(f"{DRAWN} == {LISTED} && {LISTED} == 0", timeout=30_000)
    assert ruleset in page.locator(".mt-headline").text_content()


def tab_to_hand(page) -> int:
    """Tab from where the focus is until it lands in the hand; the presses it took."""
    for presses in range(1, 60):
        page.keyboard.press("Tab")
        where = focused(page)
        if where["card"] or where["hand"]:  # a card, or the hand itself while its cards wait for the turn
            return presses
    raise AssertionError("Tab never reaches the hand")


def to_card(page, name: str) -> None:
    """The hand's key (H), then Home and the right arrow to the card."""
    page.keyboard.press("h")
    page.keyboard.press("Home")
    for _ in range(hand_shown(page).index(name)):
        page.keyboard.press("ArrowRight")
    assert focused(page)["card"] == name


def to_control(page, kind: str) -> None:
    """From the hand, Tab on to the button of this kind."""
    page.keyboard.press("h")
    for _ in range(12):
        page.keyboard.press("Tab")
        if focused(page)["kind"] == kind:
            return
    raise AssertionError(f"Tab never reaches the {kind} button")


def answer(page, label: str) -> None:
    """The open question's answer with this label, by its number (1 is the first)."""
    answers = page.locator(f"{TABLE} .mt-question:not([hidden]) .mt-answer").evaluate_all(
        "nodes => nodes.map(n => n.textContent)"
    )
    number = next(index for index, text in enumerate(answers, 1) if text.endswith(label))
    page.keyboard.press(str(number))


def make_by_keys(page, action, asked: list[str]) -> None:
    """What a keyboard user presses for this action: the card and each answer it asks for, or a button."""
    before = page.evaluate(LISTED)
    if action.kind not in (PLAY, CUT):
        to_control(page, CONTROL_KINDS[action.kind])
        page.keyboard.press("Enter")
        return
    to_card(page, CARD_NAMES[action.card])
    page.keyboard.press("Enter")
    question = ""
    while question := moved_or_asked(page, before, question):
        asked.append(question)
        where = focused(page)
        assert where["inTable"] and page.locator(f"{TABLE} .mt-answer:focus").count() == 1, (
            f"the question “{question}” does not take the focus: {where}"
        )
        assert question in said(page) or page.wait_for_function(
            "q => (window.__said || []).join(' ').includes(q)", arg=question, timeout=10_000
        ), "the question is heard"
        answer(page, answer_label(question, action))


def play_round_by_keys(page, game, rng: random.Random, asked: list[str], pressed: list) -> None:
    """South's moves by keys until the round is over; the computer plays North by itself."""
    for _ in range(200):
        page.wait_for_function(f"{MY_TURN} || !!document.querySelector('.mt-table.mt-over')", timeout=60_000)
        follow(page, game)
        if game.over:
            return
        if game.to_move != 0:  # drawn between two of North's moves: look again
            page.wait_for_timeout(100)
            continue
        assert_focus_kept(page, f"{len(game.history)} moves")
        legal = game.legal_actions()
        laid = [action for action in legal if action.kind in (PLAY, CUT)]
        action = rng.choice(laid or legal)
        before = page.evaluate(LISTED)
        make_by_keys(page, action, asked)
        pressed.append(action)
        page.wait_for_function(f"{LISTED} > {before} && {DRAWN} == {LISTED}", timeout=30_000)
        assert_focus_kept(page, str(action))
    raise AssertionError("the round ends within 200 turns")


def assert_every_move_heard(page) -> None:
    page.wait_for_function(
        "texts => texts.every(t => (window.__said || []).join(' ').includes(t))",
        arg=page.locator(f"{TABLE} .mt-moves li").evaluate_all("nodes => nodes.map(n => n.textContent)"),
        timeout=20_000,
    )


def assert_short_names(page, game) -> str:
    """The table's ARIA snapshot: each card of the hand named in a few words, no hidden card anywhere."""
    tree = page.locator(TABLE).aria_snapshot()
    names = re.findall(r'button "([^"]*)"', page.locator(f"{TABLE} [data-hand]").aria_snapshot())
    assert len(names) == len(game.hands[0]), tree
    marks = f"(, chopper)?(, just drawn)?(, {CANNOT_PLAY_NOW})?"
    for card, name in zip(game.hands[0], names, strict=True):
        assert re.fullmatch(re.escape(card_label(card)) + marks, name), f"a card's name is long: {name!r}"
    assert not leaks(game, set(), tree), f"the snapshot names hidden cards: {leaks(game, set(), tree)}"
    return tree


def test_moves_drawn_twice_before_the_words_are_written_are_all_heard(browser, voila):  # noqa: F811
    """The table writes what a draw says 30 ms later; a busy page can draw again before that. Here
    the page's timers are held (Playwright's clock) while South's move and North's answer are
    drawn: once they run, both moves are heard, the first not written over by the second."""
    with table_page(browser, "laptop") as page:
        page.add_init_script(NOTE_SAID)  # set before the clock is held: it keeps noting every 15 ms
        open_play(page, voila)
        game = the_default_deal(page)
        page.clock.install()
        page.clock.pause_at(page.evaluate("Date.now()") + 1000)  # a second on, and held there
        action = handing_the_turn_on(game)
        before = page.evaluate(LISTED)
        # Clicked: the keys' focus waits on the held timers too, and what is heard is the same.
        page.locator(f"[data-hand] [data-card='{CARD_NAMES[action.card]}']").click()
        page.wait_for_function(f"{DRAWN} >= {before + 2}", timeout=30_000)  # North has answered
        page.clock.run_for(100)
        assert_every_move_heard(page)


def test_a_whole_round_at_the_play_table_with_the_keyboard_alone(browser, voila):  # noqa: F811
    with table_page(browser, "laptop") as page:
        page.add_init_script(NOTE_SAID)
        open_play(page, voila)
        game = the_default_deal(page)
        presses = tab_to_hand(page)
        assert presses <= 8, f"the hand is {presses} Tabs from the top of the page"
        tree = assert_short_names(page, game)
        assert 'group "Other moves"' in tree, "the buttons' group says what it holds"
        RESULTS.mkdir(exist_ok=True)
        (RESULTS / "play-table-aria.txt").write_text(tree + "\n", encoding="utf-8")
        # The map of the keys, and the key that reads the table out.
        keys = page.locator(f"{TABLE} details.mt-keys")
        assert keys.locator("summary").inner_text() == "Keys"
        assert keys.locator("dt").all_text_contents() == [pressed for pressed, _ in KEY_WORDS]
        page.keyboard.press("t")
        notice = page.locator(f"{TABLE} .mt-notice[role='status']")
        notice.filter(has_text="Cards in hand: You 7 cards and North 7 cards").wait_for(timeout=10_000)
        assert "Top card: the 8 of diamonds" in notice.inner_text() and "Your turn" in notice.inner_text()
        page.keyboard.press("Escape")
        assert focused(page)["card"], "Escape keeps the focus on the card"
        # A card that cannot be played: chosen with Enter, its reason is heard; the focus stays on it.
        refused = next(name for name in hand_shown(page) if name not in {"2♦", "8♥"})
        to_card(page, refused)
        page.keyboard.press("Enter")
        notice.filter(has_text="You cannot").wait_for(timeout=20_000)
        assert focused(page)["card"] == refused and page.evaluate(LISTED) == 0

        asked: list[str] = []
        play_round_by_keys(page, game, random.Random(1), asked, [])
        result = page.locator(f"{TABLE} .mt-result")
        result.wait_for(state="visible", timeout=30_000)
        page.wait_for_function("document.activeElement && document.activeElement.closest('.mt-result')", timeout=10_000)
        assert_every_move_heard(page)
        ending = page.locator(f"{TABLE} .mt-ending").inner_text()
        page.wait_for_function("e => (window.__said || []).join(' ').includes(e)", arg=ending, timeout=10_000)
        page.screenshot(path=str(RESULTS / "keys-play-laptop-over.png"))


def test_the_rules_chosen_and_the_suit_question_and_the_calls_answered_by_keys(browser, voila):  # noqa: F811
    with table_page(browser, "laptop") as page:
        page.add_init_script(NOTE_SAID)
        open_play(page, voila)
        deal_by_keys(page, "Uganda Classic", opponents=1, seed=CALLS_SEED)
        assert page.get_by_role("button", name="Deal again", exact=True).count() == 1, "an icon is read in its name"
        game = Match(PRESETS["uganda"], 2, CALLS_SEED).next_round()
        tab_to_hand(page)  # from the settings' "Deal again", on round the page to the table
        asked: list[str] = []
        pressed: list = []
        play_round_by_keys(page, game, random.Random(CALLS_SEED), asked, pressed)
        assert sum(question.startswith("Which suit") for question in asked) >= 2, asked
        assert sum("“" in question or "call" in question.lower() for question in asked) >= 1, asked
        assert any(action.kind in (CALL, CATCH) for action in pressed), "a call's button pressed by keys"
        assert_every_move_heard(page)


def test_a_room_of_two_devices_plays_a_round_with_the_keyboard_alone(devices, class_server):
    with table(devices, class_server, [LAPTOP, LAPTOP]) as (server, code, players):
        for player in players:
            player.page.add_init_script(NOTE_SAID)
            player.page.evaluate(NOTE_SAID)
        host = players[0].page
        start_button = host.get_by_role("button", name="Start the round", exact=True)  # its icon is not read
        start_button.focus()
        host.keyboard.press("Enter")
        for player in players:
            player.page.locator("[data-hand] [data-card]").first.wait_for(timeout=60_000)
            player.wait_moves(0)
        host.wait_for_function("document.activeElement && document.activeElement.closest('.mt-table')", timeout=30_000)
        guest = players[1].page
        tab_to_hand(guest)
        rng = random.Random(5)
        for _ in range(300):
            if players[0].over():
                break
            mover = next((player for player in players if player.my_turn()), None)
            if mover is None:
                host.wait_for_timeout(100)
                continue
            page = mover.page
            page.wait_for_function(MY_TURN, timeout=60_000)
            before = mover.moves()
            fits = page.locator("[data-hand] .mt-card.mt-playable").evaluate_all(
                "nodes => nodes.map(n => n.dataset.card)"
            )
            if fits:
                to_card(page, rng.choice(fits))
                page.keyboard.press("Enter")
                question = ""
                for _ in range(4):  # an Ace's suit, a call: the first answer, by its number
                    page.wait_for_function(
                        f"asked => {MOVES} > {before} || {OVER} || !['', asked].includes({QUESTION})",
                        arg=question,
                        timeout=60_000,
                    )
                    if mover.moves() > before or mover.over():
                        break
                    question = page.evaluate(QUESTION)
                    page.keyboard.press("1")
            else:
                kinds = page.locator(
                    ".mt-controls button.mt-control:not([aria-disabled]):not([data-kind='hint'])"
                ).evaluate_all("nodes => nodes.map(n => n.dataset.kind)")
                to_control(page, rng.choice(kinds))
                page.keyboard.press("Enter")
            for player in players:
                player.wait_moves(before + 1)
            assert_focus_kept(page, f"move {before + 1} in the room")
        assert players[0].over(), "the round ends"
        for player in players:
            player.page.wait_for_function(OVER, timeout=60_000)
            assert_every_move_heard(player.page)
            assert_focus_kept(player.page, "the end of the round")


def test_the_coached_first_game_is_followed_by_keys(browser, voila):  # noqa: F811
    with table_page(browser, "laptop") as page:
        page.add_init_script(NOTE_SAID)
        open_notebook(page, voila, "07-first-game.ipynb", ready="[data-hand] [data-card]")
        game = Match(PRESETS["house"], 2, first_game_seeds()[0]).next_round()
        tab_to_hand(page)
        asked: list[str] = []
        for _ in range(60):
            page.wait_for_function(READY, timeout=60_000)
            follow(page, game)
            if game.over:
                break
            action = advised(page, game)
            before = page.evaluate(LISTED)
            make_by_keys(page, action, asked)
            page.wait_for_function(f"{DRAWN} > {before} && {DRAWN} == {LISTED}", timeout=30_000)
            page.locator(f"{COACH} .mt-verdict.mt-good").wait_for(timeout=60_000)
            assert_focus_kept(page, str(action))
        assert game.over, "the coached game ends"
        assert_every_move_heard(page)
        # On to the game without help, by keys: Tab to its button, Enter, and the focus is in the new hand.
        for _ in range(30):
            page.keyboard.press("Tab")
            if page.evaluate("document.activeElement.textContent.trim()") == "Play without help":
                break
        page.keyboard.press("Enter")
        page.wait_for_function(
            f"document.querySelector('{COACH}').hidden && !!document.activeElement.closest('.mt-table')",
            timeout=60_000,
        )
        assert_focus_kept(page, "a new game without help")


# Chromium's largest text size ("Very large": 24 px where the default is 16), as its settings set it.
LARGE_TEXT = {"standard": 24, "fixed": 20}


def test_the_play_table_with_the_browsers_large_text_on_a_laptop(browser, voila):  # noqa: F811
    with table_page(browser, "laptop") as page:
        devtools = page.context.new_cdp_session(page)
        devtools.send("Page.enable")
        devtools.send("Page.setFontSizes", {"fontSizes": LARGE_TEXT})
        open_play(page, voila)
        status = page.locator(f"{TABLE} .mt-status")
        assert status.evaluate("n => parseFloat(getComputedStyle(n).fontSize)") == 15 * 24 / 16, "the words grow"
        assert page.evaluate("document.scrollingElement.scrollWidth <= innerWidth"), "the page scrolls sideways"
        tab_to_hand(page)  # every word fits its button, the focus shown
        assert small_targets(page) == [], "buttons under 44×44 px, or words cut off, with large text"
        scroll_to_table(page)
        page.screenshot(path=str(RESULTS / "keys-play-laptop-large-text.png"))
