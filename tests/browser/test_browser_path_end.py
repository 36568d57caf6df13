"""The learner's path walked to its end in Chromium on a phone, from an empty database, on the class
server as ``matatu-learn serve --teacher-code`` runs it.

Every step shows done, next or later (``data-step``, ``data-state``, ``data-stars``). The lessons,
the puzzles and the coached game are marked done through the store's public API (playing them
through the browser takes minutes, and other tests do); a game without help is played at the Play
table and a game in a room is played in the room, tap by tap, to show that games count wherever
they are played. In the room sits a second learner, Nakato, who never saw the landing page: she
typed her name in the room, and the class page lists her with her game graded. The landing page
then says the path is finished. Screenshots at 390×844 and 1366×900, mid-path and at the end.
"""

from __future__ import annotations

import random
import re

import pytest
from playwright.sync_api import Error as PlaywrightError
from test_browser_rooms import PAGE as ROOMS_PAGE
from test_browser_rooms import Player, play_to_the_end

from conftest import RESULTS, served
from matatu_learn.agents.choices import make_agent
from matatu_learn.agents.simulate import play_round
from matatu_learn.engine.round import Round
from matatu_learn.engine.rules import PRESETS
from matatu_learn.store.database import Store
from matatu_learn.store.progress import GamePlace, Progress
from matatu_learn.store.roles import TEACHER_CODE_VARIABLE
from matatu_learn.teaching.grades import keep_played
from matatu_learn.teaching.path import PATH_STEP_WORDS, SET_SIZE, STEPS
from matatu_learn.teaching.progress import CLASS_COLUMNS, answer_lesson, answer_puzzle
from matatu_learn.teaching.puzzles import generate_puzzle

CODE = "mango-tree-7"
PHONE = {"viewport": {"width": 390, "height": 844}, "is_mobile": True, "has_touch": True}
LAPTOP = {"viewport": {"width": 1366, "height": 900}}
WAIT = 120_000  # generous: a shared machine starting a kernel is slow, never this slow
GRADED_WITHIN = 600_000  # grading a round takes seconds of CPU; a loaded machine takes longer
# What the learner may tap now: an answer asked for, a card that fits, a button of the table's (never a hint).
TAPPABLE = """() => ({
    over: !!document.querySelector('.mt-table.mt-over'),
    answers: document.querySelectorAll('.mt-table .mt-question:not([hidden]) .mt-answers button').length,
    cards: [...document.querySelectorAll('[data-hand] button.mt-card.mt-playable:not([disabled])')]
        .map((card) => card.dataset.card),
    controls: [...document.querySelectorAll('.mt-controls button.mt-control:not([aria-disabled])')]
        .map((button) => button.dataset.kind).filter((kind) => kind !== 'hint'),
})"""
STEPS_SHOWN = (
    "nodes => Object.fromEntries(nodes.map(n => [n.dataset.step, [n.dataset.state, Number(n.dataset.stars)]]))"
)


@pytest.fixture(scope="module")
def server(tmp_path_factory):
    """A class server over an empty database, with a teacher code for the class page."""
    with served(tmp_path_factory.mktemp("path-end"), environment={TEACHER_CODE_VARIABLE: CODE}) as running:
        yield running


def visit(player: Player, notebook: str, query: str = "", ready: str = ".jupyter-widgets :is(button, input):visible"):
    """``player`` opens ``notebook`` on a device cleared for a new visitor (a page left by an address
    typed in is closed first, as a tab is: a room's page keeps talking to its kernel until then)."""
    player.close()
    player.context = player.devices.take(player.size)
    player.page = player.context.new_page()
    player.page.on("pageerror", lambda error: player.errors.append(str(error)))
    player.page.goto(f"{player.base}/voila/render/{notebook}{'?' + query if query else ''}")
    player.page.locator(ready).first.wait_for(timeout=WAIT)


def steps_shown(page) -> dict[str, list]:
    page.locator("[data-step]").first.wait_for(timeout=WAIT)
    return page.locator("[data-step]").evaluate_all(STEPS_SHOWN)


def recorded_game(store: Store, seed: int) -> int:
    game = Round(PRESETS["house"], 2, seed=seed)
    play_round(game, [make_agent("heuristic", 1), make_agent("heuristic", 2)])
    return store.record(game, "house", 1, ["Amina", "Computer"])


def screenshots(page, name: str) -> None:
    """The landing page's top, and its path (the page scrolls inside Voilà's box: the path is taken whole)."""
    page.screenshot(path=str(RESULTS / f"{name}.png"))
    page.locator("section.matatu-path").screenshot(path=str(RESULTS / f"{name}-path.png"))


def laptop_screenshots(devices, base: str, name: str, query: str) -> None:
    """The landing page at a laptop's size too, looked at by a person."""
    laptop = Player(devices, base, "laptop", LAPTOP)
    try:
        visit(laptop, "index.ipynb", query, ready="[data-step]")
        screenshots(laptop.page, f"{name}-laptop")
    finally:
        laptop.close()
    assert not laptop.errors, laptop.errors


def wait_for_the_round_at_the_play_table(player: Player, rng: random.Random) -> None:
    """Tap what a learner may tap at the Play table (the computer plays by itself, at its fastest)
    until the round ends and is counted; what is tappable is read afresh before each tap."""
    page = player.page
    page.locator(".mt-pace").select_option("fast")
    for _ in range(3000):
        shown = page.evaluate(TAPPABLE)
        if shown["over"]:
            break
        if shown["answers"]:
            target = page.locator(".mt-table .mt-answers button").nth(rng.randrange(shown["answers"]))
        elif shown["cards"]:
            target = page.locator(f"[data-hand] button.mt-card[data-card='{rng.choice(shown['cards'])}']")
        elif shown["controls"]:
            target = page.locator(f".mt-controls button.mt-control[data-kind='{rng.choice(shown['controls'])}']")
        else:
            page.wait_for_timeout(200)  # the computer's turn: look again
            continue
        try:
            player.press(target)
        except PlaywrightError:
            continue  # redrawn between the look and the tap: look again
        page.wait_for_timeout(100)
    assert player.over(), "the round ends"
    page.locator("[data-graded-game], .matatu-grade [aria-busy='true']").first.wait_for(timeout=WAIT)


def class_rows(page) -> dict[str, dict[str, str]]:
    """The class page's table: a row a learner, by column."""
    header = page.locator("table.matatu-learners thead th").all_inner_texts()
    rows = {}
    for row in page.locator("table.matatu-learners tbody tr").all():
        cells = row.locator("td, th").all_inner_texts()
        rows[cells[0].strip()] = dict(zip(header, (cell.strip() for cell in cells), strict=True))
    return rows


def test_the_path_is_walked_to_its_end_and_every_game_counts_wherever_it_was_played(devices, server):
    RESULTS.mkdir(exist_ok=True)
    amina = Player(devices, server.base, "Amina", PHONE)
    nakato = Player(devices, server.base, "Nakato", PHONE)
    teacher = Player(devices, server.base, "teacher", PHONE)
    try:
        # ---- nobody yet: the first lesson is next, every other step later
        visit(amina, "index.ipynb")
        shown = steps_shown(amina.page)
        assert list(shown) == [step.id for step in STEPS]
        assert shown["the-deal"] == ["next", 0] and all(shown[step.id] == ["later", 0] for step in STEPS[1:])
        amina.page.get_by_label("Your name", exact=True).fill("Amina")
        amina.press(amina.page.get_by_role("button", name="Keep my progress"))
        amina.page.get_by_text("Hello, Amina.").wait_for(timeout=WAIT)

        # ---- the lessons, the puzzles and the coached game, through the store's public API
        with Store(server.database) as store:
            keeper = Progress(store)
            for lesson in ("the-deal", "matching-and-turns", "special-cards", "chopper-arithmetic", "scoring"):
                answer_lesson(keeper, "Amina", lesson, "house", 1, True)
            answer_lesson(keeper, "Amina", "matching-and-turns", "house", 2, False)  # after it was done
            for index in range(SET_SIZE):
                answer_puzzle(keeper, "Amina", generate_puzzle("house", "easy", 4, index), index != 3)
            keep_played(store, recorded_game(store, 8), 0, "Amina", GamePlace.COACHED)
        visit(amina, "index.ipynb", "learner=Amina", ready="[data-step]")
        shown = steps_shown(amina.page)
        assert all(shown[step.id] == ["done", 3] for step in STEPS[:6]), shown
        assert shown["coached-game"] == ["done", 3] and shown["puzzle-set"] == ["done", 3]
        assert shown["game-without-help"] == ["next", 0] and shown["room-game"] == ["later", 0]
        assert amina.page.locator("[data-path-finished='true']").count() == 0
        go = amina.page.locator(".matatu-standing a.matatu-go")
        assert go.inner_text() == "Go on: A game without help →"
        screenshots(amina.page, "path-mid-phone")
        laptop_screenshots(devices, server.base, "path-mid", "learner=Amina")

        # ---- a game without help, played at the Play table by taps
        amina.press(go)
        amina.page.wait_for_url(re.compile(r"08-play\.ipynb\?.*learner=Amina"), timeout=WAIT)
        amina.page.locator("[data-hand] [data-card]").first.wait_for(timeout=WAIT)
        wait_for_the_round_at_the_play_table(amina, random.Random(5))

        # ---- a game in a room: Amina opens it from her path; Nakato only ever types her name in the room
        visit(amina, ROOMS_PAGE, "learner=Amina")
        assert amina.page.get_by_label("Your name").input_value() == "Amina", "the learner is carried on"
        amina.press(amina.page.get_by_role("button", name="Open a room"))
        code = amina.code()
        nakato.join(code)
        amina.page.locator("table.matatu-seats").get_by_text("Nakato", exact=True).wait_for(timeout=WAIT)
        amina.press(amina.page.get_by_role("button", name="Start the round"))
        for player in (amina, nakato):
            player.page.locator("[data-hand] [data-card]").first.wait_for(timeout=WAIT)
        play_to_the_end([amina, nakato], random.Random(7), {}, limit=3000)
        nakato.page.wait_for_function("location.search.includes('learner=Nakato')", timeout=WAIT)
        assert "Give your name" not in nakato.page.locator(".matatu-grade, .matatu-grade-invite").first.inner_text()
        nakato.page.locator("[data-graded-game]").wait_for(timeout=GRADED_WITHIN)

        # ---- the end of the path
        visit(amina, "index.ipynb", "learner=Amina", ready="[data-step]")
        shown = steps_shown(amina.page)
        assert all(state == "done" and stars >= 2 for state, stars in shown.values()), shown
        assert shown["room-game"] == ["done", 3]
        end = amina.page.locator("[data-path-finished='true'] .matatu-path-end")
        end.get_by_text(PATH_STEP_WORDS["finished"]).wait_for(timeout=WAIT)
        offers = end.locator("a").evaluate_all("nodes => nodes.map(n => n.getAttribute('href'))")
        for notebook in ("06-can-you-cut", "12-rooms", "09-strategy-lab", "01-the-deal"):
            assert any(href.startswith(f"{notebook}.ipynb") for href in offers), (notebook, offers)
        assert any("rules=uganda" in href for href in offers), "another ruleset, from lesson 1"
        assert amina.page.evaluate("document.documentElement.scrollWidth") <= 390, "no sideways scroll"
        screenshots(amina.page, "path-end-phone")
        laptop_screenshots(devices, server.base, "path-end", "learner=Amina")

        # ---- the class page lists both learners with their games
        visit(teacher, "13-class.ipynb", ready="input")
        teacher.page.get_by_label("Teacher code").fill(CODE)
        teacher.press(teacher.page.get_by_role("button", name="Show the class"))
        teacher.page.get_by_text("2 learners, by name").wait_for(timeout=WAIT)
        rows = class_rows(teacher.page)
        assert set(rows) == {"Amina", "Nakato"}
        assert rows["Amina"]["Games"] == "3" and rows["Amina"]["Path"] == f"{len(STEPS)} of {len(STEPS)}"
        assert rows["Nakato"]["Games"] == "1" and set(CLASS_COLUMNS) <= set(rows["Nakato"])
        with Store(server.database) as store:
            graded = Progress(store).graded_games("Nakato")
        assert len(graded) == 1, "her room game is graded under the name she typed in the room"
    finally:
        for player in (amina, nakato, teacher):
            player.close()
    errors = amina.errors + nakato.errors + teacher.errors
    assert not errors, f"JavaScript errors on the pages: {errors}"
