"""Shared helpers for the tests."""

import os
import signal
import socket
import subprocess
import sys
import time
import urllib.request
from collections import Counter
from pathlib import Path

import pytest

from matatu_learn.server import process_tree, still_running

NOTEBOOKS = Path(__file__).resolve().parent.parent / "notebooks"
PAGES = sorted(path.name for path in NOTEBOOKS.glob("*.ipynb"))


class Clock:
    """A clock the test moves by hand; ``tick``: seconds it moves on by itself at each reading."""

    def __init__(self, now: float = 1_800_000_000.0, tick: float = 0.0):
        self.now, self.tick = now, tick

    def __call__(self) -> float:
        self.now += self.tick
        return self.now


@pytest.fixture
def fresh_page(tmp_path, monkeypatch):
    """A page's kernel as it starts: nobody named, house rules carried, no lesson practised, and
    the store a database of the test's own (``MATATU_LEARN_DB``, returned)."""
    from matatu_learn.widgets import learner
    from matatu_learn.widgets.navigation import CARRIED, PROGRESS

    path = tmp_path / "learners.sqlite3"
    monkeypatch.setenv("MATATU_LEARN_DB", str(path))
    monkeypatch.setattr(learner, "_PROGRESS", {})
    for holder, values in (
        (learner.LEARNER, {"name": None, "problem": "", "listeners": []}),
        (PROGRESS, {"done": set(), "listeners": []}),
        (CARRIED, {"value": "house", "problem": "", "listeners": []}),
    ):
        for attribute, value in values.items():
            monkeypatch.setattr(holder, attribute, value)
    return path


@pytest.fixture(autouse=True)
def widget_callbacks_raise(monkeypatch):
    """A widget callback that fails fails the test: ipywidgets would only log it (with the whole
    widget's repr, which in a loop of clicks can fill the memory)."""
    from ipywidgets.widgets import widget as widget_module

    def call(self, *arguments, **options):
        value = None
        for callback in self.callbacks:
            returned = callback(*arguments, **options)
            value = returned if returned is not None else value
        return value

    monkeypatch.setattr(widget_module.CallbackDispatcher, "__call__", call)


def all_cards(game):
    """Every physical card of a round: hands, stock, pile and (uganda) the cutter."""
    cards = [card for hand in game.hands for card in hand] + list(game.stock) + list(game.pile)
    if game.rules.marker == "cutter":
        cards.append(game.marker)
    return Counter(cards)


def everything_shown(view):
    """Every public attribute of a view, read as an agent could read it."""
    return {
        name: getattr(view, name)
        for name in dir(view)
        if not name.startswith("_") and not callable(getattr(view, name))
    }


def full_deck(rules):
    return Counter(rules.deck())


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


def stop_process_tree(process: subprocess.Popen, number: int = signal.SIGTERM, timeout: float = 30) -> list[int]:
    """Ask a server to stop with a signal, kill what is left after the timeout; the processes still alive."""
    tree = process_tree(process.pid)  # its kernels live in sessions of their own: note them now
    process.send_signal(number)
    try:
        process.wait(timeout=timeout)
    except subprocess.TimeoutExpired:
        os.killpg(process.pid, signal.SIGKILL)
        process.wait()
    deadline = time.monotonic() + 10
    while still_running(tree) and time.monotonic() < deadline:
        time.sleep(0.2)
    left = still_running(tree)
    for pid in left:
        os.kill(pid, signal.SIGKILL)
    return left


@pytest.fixture(scope="module")
def voila(tmp_path_factory):
    """Voilà serving the notebooks on a free localhost port, with a database of its own."""
    port = free_port()
    database = tmp_path_factory.mktemp("voila") / "matatu-learn.sqlite3"
    command = [
        sys.executable,
        "-m",
        "voila",
        str(NOTEBOOKS),
        f"--port={port}",
        "--no-browser",
        "--Voila.ip=127.0.0.1",
        "--Voila.port_retries=0",
        "--VoilaConfiguration.show_tracebacks=True",
    ]
    server = subprocess.Popen(
        command,
        env=dict(os.environ, MATATU_LEARN_DB=str(database)),
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
        start_new_session=True,
    )
    base = f"http://127.0.0.1:{port}"
    deadline = time.monotonic() + 60
    while time.monotonic() < deadline:
        try:
            urllib.request.urlopen(base, timeout=2)
            break
        except OSError:
            time.sleep(0.3)
    else:
        stop_process_tree(server)
        pytest.fail("Voilà did not start within 60 s")
    yield base
    # SIGTERM: Voilà shuts its kernels down (one per page rendered) before it exits.
    left = stop_process_tree(server)
    assert not left, f"Voilà left processes running: {left}"


def render(base: str, name: str) -> str:
    with urllib.request.urlopen(f"{base}/voila/render/{name}", timeout=120) as response:
        assert response.status == 200
        return response.read().decode("utf-8")
