"""Every notebook served through Voilà over HTTP renders without a cell error."""

import os
import re
import socket
import subprocess
import sys
import time
import urllib.request
from pathlib import Path

import pytest

NOTEBOOKS = Path(__file__).resolve().parent.parent / "notebooks"
PAGES = sorted(path.name for path in NOTEBOOKS.glob("*.ipynb"))


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


@pytest.fixture(scope="module")
def voila(tmp_path_factory):
    port = free_port()
    database = tmp_path_factory.mktemp("voila") / "matatu-learn.sqlite3"
    command = [
        sys.executable, "-m", "voila", str(NOTEBOOKS), f"--port={port}", "--no-browser", "--Voila.ip=127.0.0.1",
        "--VoilaConfiguration.show_tracebacks=True",
    ]
    server = subprocess.Popen(command, env=dict(os.environ, MATATU_LEARN_DB=str(database)),
                              stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    base = f"http://127.0.0.1:{port}"
    deadline = time.monotonic() + 60
    while time.monotonic() < deadline:
        try:
            urllib.request.urlopen(base, timeout=2)
            break
        except OSError:
            time.sleep(0.3)
    else:
        server.terminate()
        pytest.fail("Voilà did not start within 60 s")
    yield base
    server.terminate()
    server.wait(timeout=20)


def render(base: str, name: str) -> str:
    with urllib.request.urlopen(f"{base}/voila/render/{name}", timeout=120) as response:
        assert response.status == 200
        return response.read().decode("utf-8")


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
