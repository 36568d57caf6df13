"""A Play-table match with "Eliminate one a round" in Chromium, through three rounds (issue 28):
each round's result drawn with the leaver named, the next round dealt to the players left, and
the match's table of rounds with a dash for a seat that had left. On a laptop (1366×900) and a
phone (390×844); screenshots go to test-results/.

The learner's taps follow the heuristic player's choices on our own copy of the match (the
plain-Python test of the same deal is ``test_play_elimination``): the page deals the same
rounds from the same seed, and every move it lists is applied to the copy.
"""

from __future__ import annotations

import pytest
from test_browser_play import (
    DRAWN,
    LISTED,
    SIZES,
    TABLE,
    follow,
    make,
    open_play,
    press,
    scroll_to_table,
    table_page,
    wait_settled,
)

from conftest import RESULTS, THREE_ROUNDS_SEED
from matatu_learn.agents.choices import make_agent
from matatu_learn.engine.rules import PRESETS, with_switches
from matatu_learn.engine.scoring import Match
from matatu_learn.engine.view import PlayerView
from matatu_learn.teaching.voice import COMPASS

RULES = with_switches(PRESETS["uganda"], {"eliminate": True})


def eliminate_and_deal(page) -> None:
    """Open the settings, choose Uganda Classic, three opponents, the seed and "Eliminate one a round", and deal."""
    press(page, page.get_by_text("Table settings: rules and players"))
    press(page, page.get_by_role("button", name="Change the rules"))
    page.get_by_label("Rules", exact=True).select_option("Uganda Classic")
    page.get_by_label("Opponents", exact=True).select_option("3")
    box = page.get_by_label("Deal number", exact=True)
    box.fill(str(THREE_ROUNDS_SEED))
    box.press("Enter")
    switch = page.get_by_label("Eliminate one a round")
    if not switch.is_visible():
        press(page, page.get_by_role("button", name="More switches"))
    switch.check()
    press(page, page.locator("button.jupyter-button:text-is('Deal')"))
    page.locator(f".mt-headline:has-text('eliminate one a round · deal number {THREE_ROUNDS_SEED}')").wait_for(
        timeout=30_000
    )
    wait_settled(page, moves=0)


def shot(page, name: str) -> None:
    RESULTS.mkdir(exist_ok=True)
    scroll_to_table(page)
    page.screenshot(path=str(RESULTS / f"{name}.png"))


@pytest.mark.parametrize("size", SIZES)
def test_a_match_with_elimination_is_played_through_three_rounds_in_chromium(browser, voila, size):  # noqa: F811
    with table_page(browser, size) as page:
        open_play(page, voila)
        page.locator(".mt-pace").select_option("step")  # each computer move on "Next move"
        page.asked_once = True  # the first question's screen checks are test_browser_play's
        eliminate_and_deal(page)
        match = Match(RULES, 4, THREE_ROUNDS_SEED)
        learner = make_agent("heuristic", THREE_ROUNDS_SEED)
        seated = [0, 1, 2, 3]
        for number in (1, 2, 3):
            game = match.next_round()
            assert match.round_seats == tuple(seated)
            names = [
                seat["name"]
                for seat in page.locator("[data-order] [data-seat]").evaluate_all(
                    "nodes => nodes.map(n => ({name: n.querySelector('.mt-seat-name').textContent}))"
                )
            ]
            assert sorted(names) == sorted(["You", *(COMPASS[4][seat] for seat in seated[1:])]), names
            for _ in range(400):
                if game.over:
                    break
                before = page.evaluate(LISTED)
                if game.to_move != 0:
                    press(page, page.locator(f"{TABLE} .mt-next"))
                else:
                    make(page, learner.decide(PlayerView(game, 0)).action)
                page.wait_for_function(f"{LISTED} > {before} && {DRAWN} == {LISTED}", timeout=30_000)
                follow(page, game)
            assert game.over, "the round ends"
            match.record(game)
            # The result is drawn and names who leaves the match, and why.
            result = page.locator(f"{TABLE} .mt-result")
            result.wait_for(state="visible", timeout=20_000)
            departure = match.departures[-1]
            assert departure.leaver not in (None, 0)
            leaver = COMPASS[4][departure.leaver]
            ending = result.locator(".mt-ending").inner_text()
            assert f"{leaver} leaves the match: the heaviest hand, {departure.heaviest}." in ending, ending
            rounds = result.locator(".mt-match tbody tr").evaluate_all(
                "rows => rows.map(r => [...r.querySelectorAll('td')].map(td => td.textContent))"
            )
            assert len(rounds) == number + 1  # the rounds, then the totals
            assert [points == "—" for points in rounds[number - 1]] == [
                seat not in match.round_seats for seat in range(4)
            ]
            assert "saved" in result.locator(".mt-saved").inner_text().lower()
            shot(page, f"play-elimination-{size}-round-{number}")
            seated.remove(departure.leaver)
            buttons = result.locator(".mt-answers button").all_inner_texts()
            if number < 3:
                assert buttons[0] == "Next round", buttons
                press(page, result.locator(".mt-answers button").filter(has_text="Next round"))
                page.locator(f".mt-headline:has-text('Round {number + 1}')").wait_for(timeout=30_000)
                wait_settled(page, moves=0)
            else:
                assert "Next round" not in buttons and match.over
                assert "The match is over: You won." in result.inner_text()
