"""Shared helpers for the tests."""

import os
import socket
import subprocess
import sys
import time
import urllib.request
from collections import Counter
from pathlib import Path

import pytest

from matatu_learn.engine.cards import deck_for

NOTEBOOKS = Path(__file__).resolve().parent.parent / "notebooks"
PAGES = sorted(path.name for path in NOTEBOOKS.glob("*.ipynb"))


def all_cards(game):
    """Every physical card of a round: hands, stock, pile and (uganda) the cutter."""
    cards = [card for hand in game.hands for card in hand] + list(game.stock) + list(game.pile)
    if game.rules.marker == "cutter":
        cards.append(game.marker)
    return Counter(cards)


def full_deck(rules):
    return Counter(deck_for(rules.jokers))


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


@pytest.fixture(scope="module")
def voila(tmp_path_factory):
    """Voilà serving the notebooks on a free localhost port, with a database of its own."""
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


