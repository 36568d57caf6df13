"""Rated puzzles in Chromium, on the class server as ``matatu-learn serve`` runs it: a learner named
in the address answers puzzles by clicking, sees their rating move, and the teacher's command reads
back what the page kept. One server, one page: CI time is scarce.
"""

from __future__ import annotations

import json
import os
import re
import subprocess
import sys

from conftest import RESULTS, served

PAGE = "06-can-you-cut.ipynb?learner=Amina"
LAPTOP = {"viewport": {"width": 1366, "height": 900}}
WAIT_MS = 60_000  # generous: a shared machine is slow, never this slow
ANSWERED = 3


def answer_by_clicking(page) -> bool:
    """Click the first answer the trainer offers (for "which card", the first toggle, then Check); whether it was right."""
    answers = page.locator(".matatu-answers").first
    check = answers.get_by_role("button", name="Check")
    if check.count():
        answers.locator("button").first.click()
        check.click()
    else:
        answers.locator("button").first.click()
    verdict = page.locator(".matatu-verdict:is(.right, .wrong)").first
    verdict.wait_for(timeout=WAIT_MS)
    return "✔ Right!" in verdict.inner_text()


def test_a_learners_answers_are_rated_on_the_page_and_read_back_by_the_command(browser, tmp_path):  # noqa: F811
    with served(tmp_path) as server:
        context = browser.new_context(**LAPTOP)
        errors: list[str] = []
        try:
            page = context.new_page()
            page.on("pageerror", lambda error: errors.append(str(error)))
            page.goto(f"{server.base}/voila/render/{PAGE}")
            rating = page.locator(".matatu-rating").first
            rating.wait_for(timeout=WAIT_MS)
            assert (
                rating.inner_text()
                == "Your rating: 1,500. Your first answers move your rating a lot, while it settles."
            )
            page.get_by_text("Puzzle 1 of 10").wait_for(timeout=WAIT_MS)
            right = 0
            for number in range(1, ANSWERED + 1):
                shown = rating.inner_text()
                right += answer_by_clicking(page)
                # The first try at each puzzle moves the rating, and the line says by how much.
                page.wait_for_function(
                    "shown => { const line = document.querySelector('.matatu-rating');"
                    " return line && line.innerText.trim() !== shown; }",
                    arg=shown,
                    timeout=WAIT_MS,
                )
                assert re.fullmatch(
                    r"Your rating: [\d,]+ \([+−]\d+\)\. Your first answers move your rating a lot, while it settles\.",
                    rating.inner_text(),
                )
                assert rating.inner_text() in page.locator(".matatu-verdict").first.inner_text()
                if number < ANSWERED:
                    page.get_by_role("button", name="Continue").click()
                    page.get_by_text(f"Puzzle {number + 1} of 10").wait_for(timeout=WAIT_MS)
            # What the page said: its score line, and each verdict counted above.
            page.get_by_text(f"Score: {right} of {ANSWERED}").wait_for(timeout=WAIT_MS)
            RESULTS.mkdir(exist_ok=True)
            page.screenshot(path=str(RESULTS / "06-can-you-cut-rated.png"), full_page=True)
        finally:
            context.close()
        assert not errors, f"JavaScript errors on the page: {errors}"
        printed = subprocess.run(
            [sys.executable, "-m", "matatu_learn", "progress", "--json"],
            env=dict(os.environ, MATATU_LEARN_DB=str(tmp_path / "class.sqlite3")),
            capture_output=True,
            text=True,
            timeout=120,
        )
    assert printed.returncode == 0, printed.stderr
    learners = json.loads(printed.stdout)
    assert [learner["name"] for learner in learners] == ["Amina"]
    amina = learners[0]
    assert amina["puzzles_attempted"] == ANSWERED and amina["puzzles_right"] == right
    assert {"lessons_done", "puzzle_rating", "games", "error_rate"} <= set(amina)
