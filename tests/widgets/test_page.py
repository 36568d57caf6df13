"""One page context a kernel: made on first use (never at import), read from the page's address,
and read again when the address comes after the kernel (``apply_query``)."""

import html
import os
import subprocess
import sys
import textwrap

from conftest import ROOT
from matatu_learn.store.roles import LIMITS
from matatu_learn.widgets.navigation import LessonNavigation
from matatu_learn.widgets.page import close_page, kernel_page, new_page


def test_importing_the_widgets_reads_no_address_the_first_use_does():
    """A kernel may import every widget before its page's address is known: the page is read when
    first asked for."""
    script = textwrap.dedent(
        """
        import os
        import matatu_learn.widgets, matatu_learn.widgets.rooms_page, matatu_learn.widgets.your_progress
        import matatu_learn.widgets.class_page, matatu_learn.widgets.mistakes_set, matatu_learn.widgets.first_game
        os.environ["QUERY_STRING"] = "rules=uganda&learner=Amina"
        from matatu_learn.widgets.learner import carried_learner
        from matatu_learn.widgets.navigation import carried_ruleset
        from matatu_learn.widgets.page import kernel_page
        print(carried_ruleset(), carried_learner(), kernel_page() is kernel_page())
        """
    )
    environment = {key: value for key, value in os.environ.items() if key != "QUERY_STRING"}
    environment["PYTHONPATH"] = str(ROOT)
    done = subprocess.run(
        [sys.executable, "-c", script], env=environment, capture_output=True, text=True, timeout=120, check=True
    )
    assert done.stdout.split() == ["uganda", "Amina", "True"]


def test_an_address_applied_later_redraws_the_page(fresh_page):
    head = LessonNavigation("matching-and-turns")
    assert head.picker.value == "house" and "Learning as" not in head.links.value
    kernel_page().apply_query("rules=uganda&learner=Amina")
    assert head.picker.value == "uganda" and 'href="index.ipynb?rules=uganda&amp;learner=Amina"' in head.links.value
    assert "Learning as Amina" in head.links.value
    kernel_page().apply_query("rules=nonsense")
    assert kernel_page().learner.name is None and "Learning as" not in head.links.value
    assert kernel_page().ruleset.problem and html.escape(kernel_page().ruleset.problem) in head.links.value


def test_a_new_page_has_whole_budgets_and_listens_to_nothing(fresh_page):
    spent, _ = LIMITS["game"]
    kernel_page().writes.spend("game", spent)
    LessonNavigation("the-deal")
    assert kernel_page().ruleset.listeners
    page = new_page()
    assert page is kernel_page() and not page.ruleset.listeners and not page.learner.listeners
    page.writes.spend("game", spent)  # a whole budget: the last page's writes do not count here


def test_closing_the_page_tells_its_listeners_once_and_closes_its_databases(fresh_page):
    told = []
    page = kernel_page()
    page.closing.listen(told.append)
    page.database()
    assert page.databases
    close_page()
    assert told == [page] and not page.databases
    close_page()  # a kernel with no page made: nothing to tell
    assert told == [page]
    assert kernel_page() is not page, "the closed page was handed out again"
