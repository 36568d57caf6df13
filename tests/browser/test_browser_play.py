"""The Play page's table widget in Chromium: on a phone (390×844, touch, every press a ``tap()``)
and on a laptop (1366×900).

Each test keeps its own copy of the round: the deal comes from the seed the page shows (a
match's first round, as the engine deals it) and every move the page lists is applied to it.
What the page draws is checked against that copy: the cards, the seats of the order strip, a
refusal in the voice's words and, after every move, that neither the page nor the websocket
traffic it received names a card South could not see.

"One screen" means here: the table widget's own box (order strip, felt with stock, pile and
marker, hand, buttons, and the side column) is no taller and no wider than the window, so once
the page is scrolled to the table every part of it is in view at once; and the page never
scrolls sideways.
"""

from __future__ import annotations

import json
import random
import re
from collections import Counter
from contextlib import contextmanager

import pytest
from jupyter_server.services.kernels.connection.base import deserialize_binary_message, deserialize_msg_from_ws_v1

from conftest import RESULTS, open_notebook, save, serious_violations
from matatu_learn.engine.actions import CALL, CATCH, CUT, DRAW, PASS, PICK, PLAY
from matatu_learn.engine.cards import CARD_NAMES, SUIT_SYMBOLS, parse_card
from matatu_learn.engine.events import EventKind
from matatu_learn.engine.rules import PRESETS, JackEffect
from matatu_learn.engine.scoring import Match
from matatu_learn.engine.view import PlayerView
from matatu_learn.teaching.play import player_words
from matatu_learn.teaching.voice import CALL_WORDS, SUIT_WORDS, Voice, card_name
from matatu_learn.widgets.svg import card_label

PHONE = {"viewport": {"width": 390, "height": 844}, "is_mobile": True, "has_touch": True}
LAPTOP = {"viewport": {"width": 1366, "height": 900}}
SIZES = {"phone": PHONE, "laptop": LAPTOP}
MINIMUM_TARGET = 44  # px, each side of anything a thumb presses (WCAG 2.5.5, Apple's and Google's guides)

# The page deals this at once: a house round of two, South against the heuristic player, seed 1.
PAGE_SEED = 1
# A house round of two that South plays by tapping whatever card fits (rng seeded with the deal's
# seed): South names a suit twice (an Ace's question) and ends the round with a cut, 26 moves in.
ROUND_SEED = 27
# Uganda Classic, four seats: South leads and may lay the J♥ at once; there a J reverses the play,
# and with four seats the J's seat (behind) differs from the seat after a jump (across).
JACK_SEED = 3

LISTED = "document.querySelectorAll('.mt-table .mt-moves li').length"
DRAWN = "Number(document.querySelector('.mt-table .mt-status').dataset.moves)"  # set last in each draw
QUESTION = "(document.querySelector('.mt-question:not([hidden]) .mt-question-text') || {}).textContent || ''"
TABLE = ".mt-table"
# The parts a player needs at once, and what each is.
PARTS = {
    "[data-order]": "the order strip",
    ".mt-stock": "the stock",
    "[data-pile-top]": "the pile",
    "[data-marker]": "the marker",
    "[data-hand]": "the hand",
    ".mt-controls": "the buttons",
    ".mt-next": "Next move",
    ".mt-pace": "the pace",
}
TARGETS = "button, select, summary, input, a[href], [role='button'], [tabindex]:not([tabindex='-1'])"
CONTROL_KINDS = {DRAW: "draw", PASS: "pass", PICK: "pick", CATCH: "catch", CALL: "call"}


# ---------------------------------------------------------------------- the page


@contextmanager
def table_page(browser, size: str):  # noqa: F811
    """A fresh browser context of this size on the Play page, its websocket frames recorded."""
    context = browser.new_context(**SIZES[size])
    page = context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda error: errors.append(str(error)))
    page.touch = SIZES[size].get("has_touch", False)  # a phone is tapped, a laptop clicked
    page.frames_received = []  # every websocket frame the page receives, in order
    page.on(
        "websocket", lambda socket: socket.on("framereceived", lambda payload: page.frames_received.append(payload))
    )
    try:
        yield page
    finally:
        context.close()
    assert not errors, f"JavaScript errors on the page: {errors}"


def press(page, target) -> None:
    """A thumb's tap on a touch screen, a mouse click elsewhere."""
    if page.touch:
        target.tap()
    else:
        target.click()


def open_play(page, voila) -> None:
    open_notebook(page, voila, "08-play.ipynb", ready="[data-hand] [data-card]")
    wait_settled(page)


def wait_settled(page, moves: int | None = None) -> None:
    """Wait until the table has drawn every move it lists (and, if given, exactly ``moves`` of them)."""
    wanted = f" && {LISTED} == {moves}" if moves is not None else ""
    page.wait_for_function(f"{DRAWN} == {LISTED}{wanted}", timeout=30_000)


def listed_moves(page) -> list[str]:
    # The list sits in a folded <details>: read its items' data, not what is rendered.
    return page.locator(f"{TABLE} .mt-moves li").evaluate_all("nodes => nodes.map(n => n.dataset.action)")


def follow(page, game) -> None:
    """Apply to our copy every move the page lists that the copy has not made yet."""
    for text in listed_moves(page)[len(game.history) :]:
        game.apply(text)


def hand_shown(page) -> list[str]:
    return page.locator("[data-hand] [data-card]").evaluate_all("nodes => nodes.map(n => n.dataset.card)")


def pile_top(page) -> str:
    return page.locator("[data-pile-top]").get_attribute("data-pile-top")


def strip(page) -> list[dict]:
    """The order strip's seats as drawn: seat index, the 8's and the J's marks, the tags' words."""
    return page.locator("[data-order] [data-seat]").evaluate_all(
        """nodes => nodes.map(n => ({
            seat: Number(n.dataset.seat), eight: 'eight' in n.dataset, jack: 'jack' in n.dataset,
            tags: [...n.querySelectorAll('.mt-tag')].map(t => t.textContent)}))"""
    )


def handing_the_turn_on(game):
    """A card South may lay one way only (no suit to name, no call to make), after which North is to move."""
    legal = game.legal_actions()

    def hands_on(action) -> bool:
        after = game.copy()
        after.apply(action)
        return after.to_move == 1

    ways = Counter(action.card for action in legal)
    return next(action for action in legal if action.kind is PLAY and ways[action.card] == 1 and hands_on(action))


def the_default_deal(page):
    """The deal the page opens on, dealt again here: seed 1, house rules, South against North."""
    headline = page.locator(".mt-headline").text_content()
    assert f"deal number {PAGE_SEED}" in headline and "house rules" in headline.lower(), headline
    who = page.locator("[data-order] [data-seat='1'] .mt-seat-who").text_content()
    assert who == player_words("heuristic"), f"North is played by {who}"
    game = Match(PRESETS["house"], 2, PAGE_SEED).next_round()
    assert hand_shown(page) == [CARD_NAMES[card] for card in game.hands[0]], "the page deals what the engine deals"
    return game


# ---------------------------------------------------------------------- what South may not see


def rule_cards(game) -> set:
    """Cards the rules name in sentences wherever they lie: the A♠, and the marker's chopper."""
    named = {parse_card("A♠")}
    if game.marker is not None:
        named.add(parse_card(f"7{SUIT_SYMBOLS[game.marker.suit]}"))
    return named


def hidden_from_south(game) -> set:
    """The other hands and the stock, less every card seen face up (laid, turned up, the marker)."""
    if game.over:
        return set()
    seen = {action.card for action in game.history if action.kind in (PLAY, CUT)}
    seen |= {event.card for event in game.log if event.kind in (EventKind.OPENING, EventKind.CUTTER, EventKind.BASE)}
    if game.marker is not None:
        seen.add(game.marker)
    others = {card for seat, hand in enumerate(game.hands) if seat != 0 for card in hand}
    return (others | set(game.stock)) - seen


def named_in(text: str, card) -> bool:
    """Whether a text names the card: its notation, a screen reader's label or the voice's words."""
    name = CARD_NAMES[card]
    if re.search(rf"(?<![0-9A-Za-z]){re.escape(name)}(?![0-9A-Za-z])", text):
        return True
    lowered = text.lower()
    return any(
        re.search(rf"(?<![0-9a-z]){re.escape(words.lower())}(?![a-z])", lowered)
        for words in (card_label(card), card_name(card))
    )


def leaks(game, cards: set[str], text: str) -> list[str]:
    """The hidden cards among ``cards`` (faces, data-card values, state fields) or named in ``text``.

    A card the rules name (the chopper, the A♠) may be named in a sentence wherever it lies; it
    is still never drawn, labelled or sent as a card.
    """
    named = rule_cards(game)
    return sorted(
        CARD_NAMES[card]
        for card in hidden_from_south(game)
        if CARD_NAMES[card] in cards
        or f'data-card="{CARD_NAMES[card]}"' in text
        or (card not in named and named_in(text, card))
    )


def page_leaks(page, game) -> list[str]:
    """Hidden cards the page draws face up anywhere, or names in the table, a label or a tooltip."""
    cards = set(page.locator("[data-card]").evaluate_all("nodes => nodes.map(n => n.dataset.card)"))
    words = page.locator("[aria-label], [title]").evaluate_all(
        "nodes => nodes.map(n => (n.getAttribute('aria-label') || '') + ' ' + (n.getAttribute('title') || ''))"
    )
    text = page.locator(TABLE).evaluate("n => n.textContent") + "\n" + "\n".join(words)
    return leaks(game, cards, text)


def assert_nothing_hidden(page, game) -> None:
    found = page_leaks(page, game)
    assert not found, f"the page shows hidden cards {found} after {[str(a) for a in game.history]}"


def messages(payload) -> list[dict]:
    """A websocket frame as the kernel's messages (Jupyter's v1 protocol, or the legacy one)."""
    if isinstance(payload, str):
        return [json.loads(payload)]
    try:
        _channel, parts = deserialize_msg_from_ws_v1(payload)
        return [{"content": json.loads(parts[3]), "buffers": parts[4:]}]
    except Exception:  # noqa: BLE001  (not v1: the legacy binary form)
        return [deserialize_binary_message(payload)]


# The widget's own code (the same on every page, in every game) is not the game's traffic.
CODE_KEYS = {"_esm", "_css"}


def traffic_parts(payload) -> tuple[set[str], str]:
    """The cards a frame carries as cards (faces, state fields, data-card) and all its other words."""
    cards: set[str] = set()
    words: list[str] = []

    def walk(value, key=None):
        if key in CODE_KEYS:
            return
        if key == "faces" and isinstance(value, dict):
            cards.update(value)
        if key in ("card", "top") and isinstance(value, str):
            cards.add(value)
        if key in ("cards", "cards_shown") and isinstance(value, list):
            cards.update(item for item in value if isinstance(item, str))
        if isinstance(value, dict):
            for inner, item in value.items():
                words.append(str(inner))
                walk(item, inner)
        elif isinstance(value, list):
            for item in value:
                walk(item, key)
        elif isinstance(value, str):
            words.append(value)

    for message in messages(payload):
        walk(message.get("content"))
        for buffer in message.get("buffers") or ():
            words.append(bytes(buffer).decode("utf-8", "replace"))
    return cards, "\n".join(words)


class Traffic:
    """The frames a page received, checked in order against the round as it stood."""

    def __init__(self, page):
        self.page = page
        self.checked = 0
        self.cards: set[str] = set()  # every card the frames carried as a card: the check reads the table's state

    def assert_nothing_hidden(self, game) -> None:
        """Every frame received since the last check names no card hidden from South now.

        Cards only ever come out of hiding, so a frame that arrived during an earlier move is
        checked against the round as it stands when it is read: never more than South saw then.
        """
        frames = self.page.frames_received
        found = set()
        for payload in frames[self.checked :]:
            cards, text = traffic_parts(payload)
            self.cards |= cards
            found.update(leaks(game, cards, text))
        self.checked = len(frames)
        assert not found, f"the websocket carried hidden cards {sorted(found)} by {[str(a) for a in game.history]}"


# ---------------------------------------------------------------------- one screen, thumb-sized


def scroll_to_table(page) -> None:
    page.locator(TABLE).evaluate("n => n.scrollIntoView({block: 'start'})")


def assert_one_screen(page, moment: str) -> dict:
    """The table fits the window: no sideways scroll, the widget's box within the window, every
    part of it in view once the page is scrolled to it. Returns the figures measured."""
    scroll_to_table(page)
    figures = page.evaluate(
        """([table, parts]) => {
            const box = document.querySelector(table).getBoundingClientRect();
            const out = {};
            for (const selector of parts) {
                const node = document.querySelector(selector);
                const r = node ? node.getBoundingClientRect() : null;
                out[selector] = r && r.width ? [r.left, r.top, r.right, r.bottom] : null;
            }
            return {width: innerWidth, height: innerHeight, scrollWidth: document.scrollingElement.scrollWidth,
                    table: [box.left, box.top, box.right, box.bottom, box.height], parts: out};
        }""",
        [TABLE, list(PARTS)],
    )
    width, height = figures["width"], figures["height"]
    assert figures["scrollWidth"] <= width, f"{moment}: the page scrolls sideways ({figures['scrollWidth']} > {width})"
    left, top, right, bottom, tall = figures["table"]
    assert left >= 0 and right <= width, f"{moment}: the table is wider than the window: {figures['table']}"
    assert tall <= height, f"{moment}: the table is {tall:.0f} px tall, the window {height} px"
    outside = {
        PARTS[selector]: box
        for selector, box in figures["parts"].items()
        if box is None or box[0] < 0 or box[1] < 0 or box[2] > width or box[3] > height
    }
    assert not outside, f"{moment}: parts of the table out of view at once ({width}×{height}): {outside}"
    return figures


def small_targets(page) -> list[str]:
    """What a thumb presses in the table (visible), smaller than 44×44 px or with its words cut
    off: a description each."""
    return page.locator(TABLE).evaluate(
        """(table, [targets, least]) => [...table.querySelectorAll(targets)]
            .filter(n => n.getClientRects().length && getComputedStyle(n).visibility !== 'hidden')
            .map(n => [n, n.getBoundingClientRect()])
            .filter(([n, r]) => r.width < least - 0.5 || r.height < least - 0.5
                || n.scrollWidth > n.clientWidth + 1 || n.scrollHeight > n.clientHeight + 1)
            .map(([n, r]) => `${n.tagName.toLowerCase()} "${(n.dataset.card || n.textContent || n.getAttribute('aria-label') || '')
                .trim().slice(0, 30)}" ${r.width.toFixed(0)}×${r.height.toFixed(0)}`
                + (n.scrollWidth > n.clientWidth + 1 || n.scrollHeight > n.clientHeight + 1 ? " (words cut off)" : ""))""",
        [TARGETS, MINIMUM_TARGET],
    )


def snapshot(page, name: str) -> None:
    """The window as a player sees it, scrolled to the table, in test-results/."""
    RESULTS.mkdir(exist_ok=True)
    scroll_to_table(page)
    page.screenshot(path=str(RESULTS / f"{name}.png"))


# ---------------------------------------------------------------------- tests


@pytest.mark.parametrize("size", SIZES)
def test_the_table_fits_one_screen_lays_a_tapped_card_and_says_a_refusal_in_place(browser, voila, size):  # noqa: F811
    with table_page(browser, size) as page:
        open_play(page, voila)
        game = the_default_deal(page)
        assert_nothing_hidden(page, game)
        traffic = Traffic(page)
        traffic.assert_nothing_hidden(game)
        assert {CARD_NAMES[card] for card in game.hands[0]} <= traffic.cards, "the traffic read is the table's"
        assert page.locator(".mt-pace").input_value() == "normal", "the computer plays by itself by default"
        assert_one_screen(page, "at the deal")
        assert small_targets(page) == [], "tap targets under 44×44 px, or cut off"
        snapshot(page, f"07-play-{size}")

        # A card that does not fit: its reason, in the voice's words, beside it; nothing moves.
        view = PlayerView(game, 0)
        legal = game.legal_actions()
        refused = next(
            card for card in game.hands[0] if not any(a.card == card for a in legal) and not view.is_chopper(card)
        )
        name = CARD_NAMES[refused]
        expected = Voice(2, viewer=0).explain(view, f"play {name}")
        top = pile_top(page)
        card = page.locator(f"[data-hand] [data-card='{name}']")
        press(page, card)
        notice = page.locator(f"{TABLE} .mt-notice")
        notice.wait_for(state="visible", timeout=20_000)
        assert notice.inner_text().strip() == expected
        assert notice.get_attribute("role") == "status", "a screen reader hears the reason too"
        near = page.evaluate(
            """([a, b]) => {
                const n = document.querySelector(a).getBoundingClientRect();
                const c = document.querySelector(b).getBoundingClientRect();
                const middle = c.left + c.width / 2;
                const gap = Math.max(c.top - n.bottom, n.top - c.bottom, 0);
                return {covers: n.left <= middle && middle <= n.right, gap,
                        overlaps: !(n.bottom <= c.top || n.top >= c.bottom || n.right <= c.left || n.left >= c.right),
                        inView: n.top >= 0 && n.bottom <= innerHeight && n.left >= 0 && n.right <= innerWidth};
            }""",
            [f"{TABLE} .mt-notice", f"[data-hand] [data-card='{name}']"],
        )
        assert near["covers"] and near["gap"] <= 24, f"the reason is not shown beside the card tapped: {near}"
        assert not near["overlaps"] and near["inView"], f"the reason hides the card, or is out of view: {near}"
        # The notice and any move come in the same draw: the table has answered, and made no move.
        assert page.evaluate(DRAWN) == 0 and page.evaluate(LISTED) == 0
        assert pile_top(page) == top and name in hand_shown(page)
        snapshot(page, f"07-play-{size}-refused")

        # A card that fits and hands the turn to North: tapped, it is laid on the pile.
        laid = handing_the_turn_on(game)
        press(page, page.locator(f"[data-hand] [data-card='{CARD_NAMES[laid.card]}']"))
        page.locator(f"[data-pile-top='{CARD_NAMES[laid.card]}']").wait_for(timeout=20_000)
        assert CARD_NAMES[laid.card] not in hand_shown(page)

        # The computer moves by itself at the normal pace: nobody presses anything.
        page.wait_for_function(f"{DRAWN} >= 2 && {DRAWN} == {LISTED}", timeout=30_000)
        follow(page, game)
        assert game.history[0] == laid and len(game.history) >= 2
        assert page.locator(f"{TABLE} .mt-moves li").nth(1).text_content().startswith("North")
        assert_nothing_hidden(page, game)
        traffic.assert_nothing_hidden(game)


def test_the_order_strip_tags_the_8s_and_the_js_seats_and_turns_round_after_a_j(browser, voila):  # noqa: F811
    assert PRESETS["uganda"].jack is JackEffect.REVERSE
    with table_page(browser, "phone") as page:
        open_play(page, voila)
        page.locator(".mt-pace").select_option("step")  # the computer waits: the strip is read after the J
        deal(page, "Uganda Classic", opponents=3, seed=JACK_SEED)
        game = Match(PRESETS["uganda"], 4, JACK_SEED).next_round()
        assert hand_shown(page) == [CARD_NAMES[card] for card in game.hands[0]]
        assert game.to_move == 0

        def expected_strip() -> list[dict]:
            order = PlayerView(game, 0).order_of_play
            seats = [(game.to_move + step * game.direction) % 4 for step in range(4)]
            return [{"seat": seat, "eight": seat == order.skipped, "jack": seat == order.after_jack} for seat in seats]

        def drawn_strip() -> list[dict]:
            return [{key: seat[key] for key in ("seat", "eight", "jack")} for seat in strip(page)]

        before = expected_strip()
        assert [seat["seat"] for seat in before] == [0, 1, 2, 3]
        assert drawn_strip() == before
        tags = {seat["seat"]: seat["tags"] for seat in strip(page)}
        assert tags[1] == ["an 8 skips this seat"] and tags[3] == ["a J hands the turn here"], tags
        assert "clockwise" == page.locator(".mt-direction").inner_text().strip("↻ ").strip()
        assert_one_screen(page, "four seats at the deal")
        assert small_targets(page) == []
        snapshot(page, "07-play-phone-four-seats")

        jack = next(a for a in game.legal_actions() if a.kind is PLAY and CARD_NAMES[a.card][0] == "J")
        press(page, page.locator(f"[data-hand] [data-card='{CARD_NAMES[jack.card]}']"))
        wait_settled(page, moves=1)
        follow(page, game)
        assert game.history == [jack] and game.direction == -1
        after = expected_strip()
        assert [seat["seat"] for seat in after] == [3, 2, 1, 0], "the J turns the order of play round"
        assert drawn_strip() == after
        assert page.locator(".mt-direction").inner_text().strip("↺ ").strip() == "anticlockwise"
        assert_nothing_hidden(page, game)
        snapshot(page, "07-play-phone-after-a-j")


def deal(page, ruleset: str, opponents: int, seed: int) -> None:
    """Open the settings, unlock them, choose the rules, the opponents and the seed, and deal."""
    header = page.get_by_text("Table settings: rules and players")
    press(page, header)
    press(page, page.get_by_role("button", name="Change the rules"))
    page.get_by_label("Rules", exact=True).select_option(ruleset)
    page.get_by_label("Opponents", exact=True).select_option(str(opponents))
    box = page.get_by_label("Deal number", exact=True)
    box.fill(str(seed))
    box.press("Enter")
    press(page, page.locator("button.jupyter-button:text-is('Deal')"))  # its icon's glyph joins its role's name
    page.locator(f".mt-headline:has-text('deal number {seed}')").wait_for(timeout=30_000)
    wait_settled(page, moves=0)


# ---------------------------------------------------------------------- a whole round, tap by tap


def moved_or_asked(page, before: int, asked: str) -> str:
    """Wait until the move is made (then ""), or the table asks a new question about the card (its text)."""
    page.wait_for_function(
        f"asked => {LISTED} > {before} || !['', asked].includes({QUESTION})", arg=asked, timeout=30_000
    )
    return "" if page.evaluate(LISTED) > before else page.evaluate(QUESTION)


def answer_label(question: str, action) -> str:
    """The answer to a question about a card that makes this action: cut or lay, a suit, a call."""
    if question.startswith("Cut with"):
        return "Cut with it" if action.kind is CUT else "Lay it"
    if question.startswith("Which suit"):
        return SUIT_WORDS[action.suit].capitalize()
    return f"Say “{CALL_WORDS[action.word]}”" if action.word else "Say nothing"


def make(page, action) -> None:
    """Tap what a learner taps for this action: the card and each answer it asks for, or a button."""
    before = page.evaluate(LISTED)
    if action.kind not in (PLAY, CUT):
        press(page, page.locator(f"{TABLE} .mt-control[data-kind='{CONTROL_KINDS[action.kind]}']"))
        return
    press(page, page.locator(f"[data-hand] [data-card='{CARD_NAMES[action.card]}']"))
    asked = ""
    while asked := moved_or_asked(page, before, asked):
        label = answer_label(asked, action)
        if not page.asked_once:
            page.asked_once = True
            assert_one_screen(page, f"with a question open ({asked})")
            assert small_targets(page) == [], f"tap targets under 44×44 px, or cut off, with “{asked}” open"
            snapshot(page, "07-play-phone-question")
        press(page, page.locator(f"{TABLE} .mt-answers button").filter(has_text=label))


def test_a_whole_round_tapped_on_a_phone_never_shows_or_sends_a_hidden_card(browser, voila):  # noqa: F811
    with table_page(browser, "phone") as page:
        open_play(page, voila)
        first = the_default_deal(page)  # the page's own first deal, as loaded
        assert_nothing_hidden(page, first)
        traffic = Traffic(page)
        traffic.assert_nothing_hidden(first)
        page.locator(".mt-pace").select_option("step")  # each of North's moves on "Next move"
        deal(page, "House rules", opponents=1, seed=ROUND_SEED)
        game = Match(PRESETS["house"], 2, ROUND_SEED).next_round()  # the page's deal, dealt again here
        page.asked_once = False
        rng = random.Random(ROUND_SEED)
        south = []  # the moves tapped for South
        tallest = 0.0  # the table's height during the round, in px
        assert_nothing_hidden(page, game)
        traffic.assert_nothing_hidden(game)
        for _ in range(100):
            if game.over:
                break
            assert hand_shown(page) == [CARD_NAMES[card] for card in game.hands[0]], "South's hand, face up"
            before = page.evaluate(LISTED)
            if game.to_move == 1:
                press(page, page.locator(f"{TABLE} .mt-next"))
            else:
                legal = game.legal_actions()
                laid = [action for action in legal if action.kind in (PLAY, CUT)]
                action = rng.choice(laid or legal)
                make(page, action)
                south.append(action)
            page.wait_for_function(f"{LISTED} > {before} && {DRAWN} == {LISTED}", timeout=30_000)
            follow(page, game)
            assert_nothing_hidden(page, game)
            traffic.assert_nothing_hidden(game)
            if not game.over:
                tallest = max(tallest, assert_one_screen(page, f"after {game.history[-1]}")["table"][4])
        assert game.over, "the round ends within 100 moves"
        assert {CARD_NAMES[card] for card in game.hands[0]} <= traffic.cards, "the traffic read is the table's"
        assert sum(action.suit is not None for action in south) >= 2 and south[-1].kind is CUT, "suits named, a cut"
        assert page.asked_once, "an Ace asked which suit it names"

        # The hands turned over and counted, as the engine counts them.
        result = page.locator(f"{TABLE} .mt-result")
        result.wait_for(state="visible", timeout=20_000)
        rows = result.locator(".mt-rows tbody tr").evaluate_all(
            """rows => rows.map(r => ({
                cards: [...r.querySelectorAll('[data-card]')].map(c => c.dataset.card),
                numbers: [...r.querySelectorAll('td')].slice(1).map(td => Number(td.textContent)),
                won: r.classList.contains('winner')}))"""
        )
        assert [row["cards"] for row in rows] == [[CARD_NAMES[card] for card in hand] for hand in game.hands]
        # A hand's points are its total in house rules: one column says both.
        assert game.result.totals == game.result.points
        assert [row["numbers"] for row in rows] == [[points] for points in game.result.points]
        assert [row["won"] for row in rows] == [seat in game.result.winners for seat in range(2)]
        assert serious_violations(page, ".jp-OutputArea-output:has(.mt-table)") == [], "the end of a round: axe-core"
        RESULTS.mkdir(exist_ok=True)
        (RESULTS / "play-table-height.txt").write_text(
            f"The table's tallest during a round on a 390×844 phone: {tallest:.0f} px\n", encoding="utf-8"
        )
        snapshot(page, "07-play-phone-finished")
        save(page, "07-play-finished")
