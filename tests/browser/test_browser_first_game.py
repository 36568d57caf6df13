"""The coached first game in Chromium, on a phone (390×844, touch): played to its end by
following the coach, turn by turn, then a game without help; and opened from the landing page
in the 54-card app rules chosen there, that ruleset's own chosen deal followed to its end.

The test reads the coach as a learner does: its choice is in its words ("The coach would lay
the 8 of clubs and name diamonds: …", or "You must pick up 2 cards."), and where the table
marks the advised card, button or answer (``data-advice``), the mark must agree with them.
It keeps its own copy of the round (the chosen deal, every move the page lists applied to it),
checks that every move it makes is answered "good", and that the counting at the end is the
engine's. Then "Play without help" deals a new game in which nothing marks the cards that fit.
"""

from __future__ import annotations

import re

from conftest import RESULTS, named_cards, open_notebook
from matatu_learn.engine.actions import CUT, DRAW, PASS, PICK, PLAY, make_action
from matatu_learn.engine.cards import CARD_NAMES, SUIT_OF
from matatu_learn.engine.rules import PRESETS
from matatu_learn.engine.scoring import Match
from matatu_learn.teaching.coach import first_game_seeds, moments
from matatu_learn.teaching.voice import RULESET_NAMES, SUIT_WORDS, Voice

PHONE = {"viewport": {"width": 390, "height": 844}, "is_mobile": True, "has_touch": True}
TABLE = ".mt-table"
LISTED = "document.querySelectorAll('.mt-table .mt-moves li').length"
DRAWN = "Number(document.querySelector('.mt-table .mt-status').dataset.moves)"  # set last in each draw
COACH = ".mt-table .mt-coach"
# The learner's turn, with the coach's words for it drawn (its choice, or the only move), or the end.
READY = f"""(() => {{
    const coach = document.querySelector('{COACH}');
    if (!coach || coach.hidden || {DRAWN} !== {LISTED}) return false;
    const title = (coach.querySelector('.mt-coach-title') || {{}}).textContent;
    if (title === 'Count the hands') return true;
    const mine = document.querySelector('[data-hand] [data-card]:not(:disabled)');
    const marked = document.querySelector('.mt-table [data-advice]');
    return Boolean(mine) && Boolean(marked) && /The coach would |You must /.test(coach.textContent);
}})()"""
CONTROLS = {"draw": DRAW, "pass": PASS, "pick up": PICK}


def advised(page, game):
    """The move the coach advises, read from its words as a learner reads them."""
    paragraphs = page.locator(f"{COACH} p").all_inner_texts()
    legal = game.legal_actions()
    if len(legal) == 1:  # the coach says what must be done, and marks it
        assert any(paragraph.startswith("You must ") for paragraph in paragraphs), paragraphs
        return legal[0]
    # The coach's own choice first; "You must …" where it has none (a single kind of move).
    paragraphs.sort(key=lambda paragraph: not paragraph.startswith("The coach would "))
    for paragraph in paragraphs:
        said = re.match(r"The coach would (.+?): ", paragraph) or re.match(r"You must (.+?)\.$", paragraph)
        if not said:
            continue
        words = said.group(1)
        for start, kind in CONTROLS.items():
            if words.startswith(start):
                return make_action(kind)
        card = named_cards(words.split(" and name ")[0])
        assert len(card) == 1, f"the coach's words name one card: {paragraph!r}"
        card = card.pop()
        if words.startswith("cut with"):
            return make_action(CUT, card)
        named = re.search(r" and name (\w+)$", words)
        return make_action(PLAY, card, SUIT_WORDS.index(named.group(1)) if named else None)
    raise AssertionError(f"the coach advises nothing: {paragraphs}")


def check_marks(page, action) -> None:
    """Where the table marks the coach's choice (``data-advice``), the mark is the same move."""
    marked = page.locator(f"{TABLE} [data-advice]")
    if marked.count() == 0:
        return
    cards = marked.evaluate_all("nodes => nodes.map(n => n.dataset.card).filter(Boolean)")
    kinds = marked.evaluate_all("nodes => nodes.map(n => n.dataset.kind).filter(Boolean)")
    if action.kind in (PLAY, CUT):
        assert cards == [CARD_NAMES[action.card]], f"the table marks {cards}, the coach says {action}"
    else:
        assert kinds == [{DRAW: "draw", PASS: "pass", PICK: "pick"}[action.kind]], kinds


def make(page, action, before: int) -> None:
    """Tap what the learner taps for this move: the card (then the suit it names), or the button."""
    if action.kind in (PLAY, CUT):
        page.locator(f"[data-hand] [data-card='{CARD_NAMES[action.card]}']").tap()
        if action.suit is not None:
            question = page.locator(f"{TABLE} .mt-question:not([hidden])")
            question.wait_for(timeout=20_000)
            assert question.locator(".mt-question-text").inner_text().startswith("Which suit")
            question.locator(f".mt-answer:text-is('{SUIT_WORDS[action.suit].capitalize()}')").tap()
    else:
        kind = {DRAW: "draw", PASS: "pass", PICK: "pick"}[action.kind]
        page.locator(f"{TABLE} .mt-controls [data-kind='{kind}']").tap()
    page.wait_for_function(f"{DRAWN} > {before} && {DRAWN} == {LISTED}", timeout=30_000)


def snapshot(page, name: str, part: str = TABLE) -> None:
    """The window as the learner sees it, scrolled to a part of the table, in test-results/."""
    RESULTS.mkdir(exist_ok=True)
    page.locator(part).first.evaluate("n => n.scrollIntoView({block: 'start'})")
    page.screenshot(path=str(RESULTS / f"{name}.png"))


def on_a_phone(browser, play):
    """Run ``play(page)`` in a fresh phone context; no JavaScript error may happen meanwhile. Its result."""
    context = browser.new_context(**PHONE)
    page = context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda error: errors.append(str(error)))
    try:
        played = play(page)
    finally:
        context.close()
    assert not errors, f"JavaScript errors on the page: {errors}"
    return played


def test_the_coached_game_is_played_to_its_end_by_following_the_coach_then_without_help(browser, voila):  # noqa: F811
    def play(page):
        game = play_coached(page, voila)
        # The house rules' chosen deal ends with the learner's cut, by the chopper of the base card's suit.
        assert SUIT_OF[game.history[-1].card] == SUIT_OF[game.marker] and game.history[-1].kind is CUT
        play_without_help(page, first_game_seeds()[0])

    on_a_phone(browser, play)


def test_the_coached_game_opens_in_the_rules_chosen_on_the_landing_page(browser, voila):  # noqa: F811
    # The 54-card app rules, chosen on the landing page: the first game is theirs, played to its end.
    def play(page):
        open_notebook(page, voila, "index.ipynb")
        page.locator(".jupyter-widgets select").first.select_option(label=RULESET_NAMES["bomb"])
        page.wait_for_function("new URL(location.href).searchParams.get('rules') === 'bomb'", timeout=60_000)
        # The landing page's address now carries the ruleset, and the first game's page is opened with it.
        query = page.evaluate("location.search")
        open_notebook(page, voila, f"07-first-game.ipynb{query}", ready="[data-hand] [data-card]")
        return play_coached(page, voila, "bomb")

    game = on_a_phone(browser, play)
    # The ruleset's own specials came up on the page: a joker's pick of five, cancelled by the Ace of spades.
    assert {"bomb", "defuse"} <= moments(game)


def play_coached(page, voila, ruleset: str = "house"):
    """Follow the coach to the end of the coached game (opened here for house rules); the round, dealt again here."""
    if ruleset == "house":
        open_notebook(page, voila, "07-first-game.ipynb", ready="[data-hand] [data-card]")
    seed = first_game_seeds(ruleset)[0]
    assert f"deal number {seed}" in page.locator(f"{TABLE} .mt-headline").text_content()
    game = Match(PRESETS[ruleset], 2, seed).next_round()  # the page's deal, dealt again here
    shown = page.locator("[data-hand] [data-card]").evaluate_all("nodes => nodes.map(n => n.dataset.card)")
    assert shown == [CARD_NAMES[card] for card in game.hands[0]], "the page deals the chosen deal"
    voice = Voice(2, viewer=0)
    first = True
    for _ in range(60):
        page.wait_for_function(READY, timeout=60_000)
        for text in page.locator(f"{TABLE} .mt-moves li").evaluate_all("nodes => nodes.map(n => n.dataset.action)")[
            len(game.history) :
        ]:
            game.apply(text)
        if game.over:
            break
        assert game.to_move == 0
        if first:
            assert page.locator(f"{COACH} .mt-coach-title").text_content() == "Your first turn"
            snapshot(page, f"07-first-game-phone-{ruleset}")
            snapshot(page, f"07-first-game-phone-{ruleset}-coach", COACH)
            first = False
        action = advised(page, game)
        assert action in game.legal_actions(), f"the coach advises {action}, not a legal move"
        check_marks(page, action)
        said = voice.action(0, action, owed=game.pending).rstrip(".")
        make(page, action, page.evaluate(LISTED))
        # The coach answers the move: good, since it was its own choice.
        verdict = page.locator(f"{COACH} .mt-verdict")
        verdict.filter(has_text=said).wait_for(timeout=60_000)
        assert "mt-good" in verdict.get_attribute("class"), verdict.inner_text()
        if action.kind is PLAY and action.suit is not None:
            snapshot(page, f"07-first-game-phone-{ruleset}-ace")
    assert game.over, "the coached game ends within 60 of the learner's turns"
    # The counting: each hand's cards and total, and who wins, as the engine counted them.
    coach = page.locator(COACH).inner_text()
    result = game.result
    for seat, owner in enumerate(("Your hand", "North's hand")):
        line = re.search(rf"{owner}: (.*): (?:[\d +]+ = )?(\d+)\.", coach)
        assert line, f"{owner} is not counted: {coach}"
        assert named_cards(line.group(1)) == set(game.hands[seat]) and int(line.group(2)) == result.totals[seat]
    assert ("You win the round!" in coach) == (0 in result.winners)
    snapshot(page, f"07-first-game-phone-{ruleset}-counted", COACH)
    return game


def play_without_help(page, seed: int) -> None:
    """Play without help: a new deal, no coach, and nothing marks the cards that fit."""
    button = page.locator("button.jupyter-button:has-text('Play without help')")
    button.scroll_into_view_if_needed()
    button.tap()
    page.wait_for_function(
        f"document.querySelector('{COACH}').hidden && document.querySelectorAll('[data-hand] [data-card]').length > 0",
        timeout=60_000,
    )
    page.wait_for_function(f"{DRAWN} == {LISTED}", timeout=30_000)
    assert f"deal number {seed} " not in page.locator(f"{TABLE} .mt-headline").text_content() + " "
    assert page.locator(f"{TABLE} .mt-playable").count() == 0, "a card is marked as playable"
    assert page.locator(f"{TABLE} [data-advice]").count() == 0
    assert page.locator(f"{TABLE} .mt-controls [data-kind='hint']").count() == 0, "no hint without help"
    # The learner plays on: a card tapped is laid or refused in words, still without a mark.
    if page.locator("[data-hand] [data-card]:not(:disabled)").count():
        page.locator("[data-hand] [data-card]").first.tap()
        page.wait_for_timeout(1500)
        assert page.locator(f"{TABLE} .mt-playable").count() == 0
    snapshot(page, "07-first-game-phone-without-help")
