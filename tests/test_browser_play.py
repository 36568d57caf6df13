"""A whole round of the Play page in Chromium, clicked card by card, the page checked after every move.

The test keeps its own copy of the round: the deal comes from the seed typed into the page
(a match's first round, as the engine deals it) and every move the page lists is applied to
it. After each move the page may show, face up or in words, only what South could see.
"""

import random
import re

from test_browser import browser, chromium, open_notebook, save  # noqa: F401  (browser and chromium: fixtures)

from matatu_learn.agents.choices import AGENT_CHOICES
from matatu_learn.engine.actions import CALL, CATCH, CUT, DRAW, PASS, PICK, PLAY
from matatu_learn.engine.cards import CARD_NAMES, SUIT_SYMBOLS, parse_card
from matatu_learn.engine.events import EventKind
from matatu_learn.engine.rules import PRESETS
from matatu_learn.engine.scoring import Match
from matatu_learn.teaching.voice import SUIT_WORDS
from matatu_learn.widgets.svg import card_label

# A house round of two against the heuristic player: South, laying a card whenever one fits,
# names a suit twice and ends the round with a cut, 26 moves in.
SEED = 27
MOVES = "document.querySelectorAll('ol.matatu-moves li').length"
DRAWN = "Number((document.querySelector('.matatu-status') || {dataset: {}}).dataset.moves)"
QUESTION = "(document.querySelector('.matatu-question') || {}).innerText || ''"


def hidden_from_south(game) -> set:
    """North's hand and the stock, less every card seen face up (laid, turned up, or the marker)."""
    if game.over:
        return set()
    seen = {action.card for action in game.history if action.kind in (PLAY, CUT)}
    seen |= {event.card for event in game.log if event.kind in (EventKind.OPENING, EventKind.BASE)}
    return (set(game.hands[1]) | set(game.stock)) - seen


def shown_identities(tab) -> tuple[set[str], str]:
    """The cards drawn face up in the page, and every accessible label and tooltip, as one text."""
    cards = set(tab.locator("[data-card]").evaluate_all("nodes => nodes.map(n => n.dataset.card)"))
    words = " ".join(
        tab.locator("[aria-label], [title]").evaluate_all(
            "nodes => nodes.map(n => (n.getAttribute('aria-label') || '') + ' ' + (n.getAttribute('title') || ''))"
        )
    )
    return cards, words


def assert_nothing_hidden(tab, game) -> None:
    hidden = hidden_from_south(game)
    cards, words = shown_identities(tab)
    chopper = parse_card(f"7{SUIT_SYMBOLS[game.marker.suit]}")  # named by the rules, wherever it lies
    leaked = [
        CARD_NAMES[card]
        for card in hidden
        if CARD_NAMES[card] in cards
        or card_label(card) in words
        or (
            card not in (chopper, parse_card("A♠"))
            and re.search(rf"(?<![0-9A-Za-z]){re.escape(CARD_NAMES[card])}(?![0-9A-Za-z])", words)
        )
    ]
    assert not leaked, f"the page shows hidden cards {leaked} after {[str(a) for a in game.history]}"


def listed_moves(tab) -> list[str]:
    # The list sits in a folded <details>: read its text, not what is rendered.
    return tab.locator("ol.matatu-moves li").evaluate_all("nodes => nodes.map(n => n.dataset.action)")


def click_button(tab, text: str) -> None:
    tab.locator(f"button.jupyter-button:visible:text-is('{text}')").first.click()


def make(tab, action, before: int) -> None:
    """Click what a learner clicks for this action: the card, then each answer it asks for."""
    kind = action.kind
    if kind not in (PLAY, CUT):
        label = {DRAW: "Draw", PASS: "Pass", PICK: "Pick up", CATCH: "Catch", CALL: "Say"}[kind]
        tab.locator(f"button.jupyter-button:visible:has-text('{label}')").first.click()
        return
    name = CARD_NAMES[action.card]
    click_button(tab, name)
    asked = ""
    while True:
        # Either the move is made, or the page asks a (new) question about the card.
        tab.wait_for_function(
            f"asked => {MOVES} > {before} || !['', asked].includes({QUESTION})", arg=asked, timeout=20_000
        )
        if tab.evaluate(MOVES) > before:
            return
        asked = tab.locator(".matatu-question").inner_text()
        if asked.startswith("Cut with"):
            click_button(tab, "Cut with it" if kind is CUT else "Lay it")
        elif asked.startswith("Which suit"):
            click_button(tab, SUIT_WORDS[action.suit].capitalize())
        else:
            click_button(tab, f"Say “{action.word.capitalize()}!”" if action.word else "Say nothing")


def test_a_whole_round_is_played_by_clicking_and_never_shows_a_hidden_card(browser, voila):  # noqa: F811
    context = browser.new_context(viewport={"width": 1366, "height": 768})
    page = context.new_page()
    errors = []
    page.on("pageerror", lambda error: errors.append(str(error)))
    try:
        play_a_round(page, voila)
    finally:
        context.close()
    assert not errors, f"JavaScript errors on the page: {errors}"


def play_a_round(page, voila) -> None:
    open_notebook(page, voila, "07-play.ipynb", ready=".matatu-status")
    selects = page.locator(".jupyter-widgets select")
    selects.nth(2).select_option(label="1")  # one opponent
    chosen = selects.nth(3).evaluate("select => select.selectedOptions[0].text").replace("\xa0", " ")
    assert chosen == AGENT_CHOICES["heuristic"]  # North plays by rules of thumb
    seed = page.locator(".jupyter-widgets input[type='number']").first
    seed.fill(str(SEED))
    seed.press("Enter")
    click_button(page, "Deal a new game")
    # The status line is drawn last: once it names the seed, the whole table shows the new deal.
    page.locator(f".matatu-status:has-text('seed {SEED} ')").wait_for(timeout=20_000)
    assert page.locator(".matatu-seat").all_inner_texts()[1].startswith("North (computer, heuristic)")
    game = Match(PRESETS["house"], 2, SEED).next_round()  # the page's deal, dealt again here
    rng = random.Random(SEED)
    south = []  # the moves clicked for South
    assert_nothing_hidden(page, game)
    for _ in range(100):
        if game.over:
            break
        if game.to_move == 0:  # South's own hand is shown face up
            assert {CARD_NAMES[card] for card in game.hands[0]} <= shown_identities(page)[0]
        before = page.evaluate(MOVES)
        if game.to_move == 1:
            click_button(page, "Next move")
        else:
            legal = game.legal_actions()
            laid = [action for action in legal if action.kind in (PLAY, CUT)]
            action = rng.choice(laid or legal)
            make(page, action, before)
            south.append(action)
        # The status line is drawn last: once it counts the new moves, the whole table shows them.
        page.wait_for_function(f"{MOVES} > {before} && {DRAWN} == {MOVES}", timeout=30_000)
        for text in listed_moves(page)[len(game.history) :]:
            game.apply(text)
        assert_nothing_hidden(page, game)
    assert game.over, "the round ends within 100 moves"
    assert any(action.suit is not None for action in south) and south[-1].kind is CUT, "suits were named, a cut made"
    page.get_by_text("The round is over").first.wait_for(timeout=20_000)
    shown, _ = shown_identities(page)
    assert {CARD_NAMES[card] for hand in game.hands for card in hand} <= shown, "every hand is shown at the end"
    result = page.locator(".matatu-result").first.inner_text()
    for total in game.result.totals:
        assert str(total) in result
    save(page, "07-play-finished")
