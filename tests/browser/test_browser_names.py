"""A learner's name with markup in it, on every page, in Chromium: shown as text or refused, never run.

The name travels in the address (``?learner=``), which anyone can write. Each page is opened with
a name that would run a script and draw an image if it were taken as markup; the page must still
render, nothing from the name may become an element, and the pages that speak of the learner
say in a sentence why the name is not used.
"""

from __future__ import annotations

import pytest
from page_crawl import QUERY

from conftest import PAGES
from matatu_learn.teaching.progress import learner_from_query

REFUSAL = learner_from_query(QUERY)[1]
# The pages that speak of the page's learner: the landing page and every lesson's head.
SPEAKING = ["index.ipynb", *(name for name in PAGES if name[:2] in {"01", "02", "03", "04", "05", "06"})]


def test_the_refusal_names_no_markup():
    assert REFUSAL, "a name holding markup is refused"
    assert "img" not in REFUSAL and "onerror" not in REFUSAL, "the refused name is not repeated"


@pytest.mark.parametrize("name", PAGES)
def test_a_name_holding_markup_never_becomes_markup(crawl, name):
    # The session's crawl opens every page with the name in its address (page_crawl.QUERY), and
    # looks 0.5 s after the first control shows: a failed image would have fired its onerror.
    shown = crawl[name]
    assert not shown.hostile_ran, "the name's script ran"
    assert shown.hostile_elements == 0, "the name became an element"
    text = shown.widget_text
    assert "onerror" not in text, "the refused name is not repeated, even as text"
    if name in SPEAKING:
        assert REFUSAL in " ".join(text.split()), f"{name} says why the name is not used"
