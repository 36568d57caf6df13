"""Every notebook served through Voilà over HTTP renders without a cell error: the page as Voilà
served it to the session's crawl (one visit of each page, in Chromium)."""

import re

import pytest

from conftest import PAGES


@pytest.mark.parametrize("name", PAGES)
def test_notebook_renders_without_a_cell_error(crawl, name):
    page = crawl[name].html
    assert "application/vnd.jupyter.stderr" not in page, f"{name} wrote to stderr or raised"
    assert "Traceback" not in page
    assert "application/vnd.jupyter.widget-view+json" in page, f"{name} shows no widget"


def test_the_landing_page_links_to_every_notebook(crawl):
    page = crawl["index.ipynb"].html
    linked = set(re.findall(r'href="([^"#]+\.ipynb)"', page))
    assert linked == set(PAGES) - {"index.ipynb"}
