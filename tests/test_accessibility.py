"""Every page passes axe-core with no serious or critical violation, in Debian's Chromium.

axe-core (through axe-playwright-python) checks what a screen reader and a keyboard rely on:
names of controls, contrast, roles, landmarks. Each notebook is opened through the ``voila``
fixture; the widgets' answers (feedback, a replay) are checked after a click too, since they
appear only then.
"""

import pytest
from test_browser import browser, chromium, open_notebook, page  # noqa: F401 (fixtures)

from conftest import PAGES

SERIOUS = ("serious", "critical")


def serious_violations(opened) -> list[str]:
    """axe-core's serious and critical findings on the page as it stands, one line each."""
    from axe_playwright_python.sync_playwright import Axe

    found = Axe().run(opened).response["violations"]
    return [
        f"{violation['id']} ({violation['impact']}): {violation['help']} — "
        + "; ".join(node["target"][0] if node["target"] else "?" for node in violation["nodes"][:4])
        for violation in found
        if violation["impact"] in SERIOUS
    ]


@pytest.mark.parametrize("name", PAGES)
def test_no_serious_accessibility_violation_on_any_page(page, voila, name):  # noqa: F811
    open_notebook(page, voila, name)
    assert serious_violations(page) == []


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
    open_notebook(page, voila, "09-rules-and-history.ipynb")
    page.get_by_role("button", name="Record 5 quick games").click()
    page.get_by_text("replays exactly under its stored rules").wait_for(timeout=60_000)
    page.get_by_role("button", name="Next").last.click()
    assert serious_violations(page) == []
