"""Every notebook served through Voilà over HTTP renders without a cell error."""

import os
import re
import subprocess
import sys
import time

import pytest
from conftest import PAGES, free_port, render


@pytest.mark.parametrize("name", PAGES)
def test_notebook_renders_without_a_cell_error(voila, name):
    page = render(voila, name)
    assert "application/vnd.jupyter.stderr" not in page, f"{name} wrote to stderr or raised"
    assert "Traceback" not in page
    assert "application/vnd.jupyter.widget-view+json" in page, f"{name} shows no widget"


def test_the_landing_page_links_to_every_notebook(voila):
    page = render(voila, "index.ipynb")
    linked = set(re.findall(r'href="([^"#]+\.ipynb)"', page))
    assert linked == set(PAGES) - {"index.ipynb"}


def test_serve_command_opens_on_the_landing_page(tmp_path):
    port = free_port()
    server = subprocess.Popen(
        [sys.executable, "-m", "matatu_learn", "serve", "--no-browser", f"--port={port}"], cwd=tmp_path,
        env=dict(os.environ, MATATU_LEARN_DB=str(tmp_path / "serve.sqlite3")),
        stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True,
    )
    try:
        announced = server.stdout.readline()
        assert announced.strip() == f"Serving the lessons at http://localhost:{port}/voila/render/index.ipynb"
        deadline = time.monotonic() + 60
        while True:
            try:
                page = render(f"http://127.0.0.1:{port}", "index.ipynb")
                break
            except OSError:
                assert time.monotonic() < deadline, "matatu-learn serve did not answer within 60 s"
                time.sleep(0.3)
        assert "Learn Matatu" in page and "RulesBrowser()" not in page  # the code cells' sources are hidden
    finally:
        server.terminate()
        server.wait(timeout=20)
