"""A server a class can share: the kernel of a closed page is culled, and stopping the server leaves nothing.

``matatu-learn serve`` runs as a subprocess exactly as a teacher starts it, with the culler's
times shortened through the environment (``server.CULLING_VARIABLES``), so that the test waits
seconds, not minutes; tests/server/test_server.py checks that ``serve`` gives Voilà the shipped times.
Kernels are counted in ``/proc``: the ipykernel processes descending from that server, and no other.
"""

import os
import signal
import subprocess
import sys
import time
import urllib.request
from pathlib import Path

import pytest

from conftest import CHROMIUM, FLAGS, free_port, notebooks_of, open_notebook, stop_process_tree
from matatu_learn.server import CULLING_VARIABLES, process_tree

VISITS = 10
# The culler's times for this server (60 s idle, checked every 30 s, in a class).
CULLING = {"cull_idle_timeout": 4, "cull_interval": 1}
# A closed page's kernel is idle for cull_idle_timeout, then found at the next check.
CULLED_WITHIN = CULLING["cull_idle_timeout"] + CULLING["cull_interval"] + 30


def kernels_of(root: int, ids: set[str] | None = None) -> list[int]:
    """The ipykernel processes started, at any depth, by the process ``root`` (those of the kernels
    ``ids`` only, when given: ``serve`` also keeps a pool of kernels no page has taken)."""
    found = []
    for pid in process_tree(root):
        try:
            with open(f"/proc/{pid}/cmdline", "rb") as cmdline:
                words = cmdline.read().split(b"\0")
        except OSError:
            continue  # it ended while we looked
        if any(b"ipykernel" in word for word in words) and (
            ids is None or any(f"kernel-{kernel}.json".encode() in word for word in words for kernel in ids)
        ):
            found.append(pid)
    return found


def start_server(port: int, database) -> subprocess.Popen:
    command = [sys.executable, "-m", "matatu_learn", "serve", "--no-browser", f"--port={port}"]
    command += ["--notebooks", str(notebooks_of(Path(database).parent / "notebooks"))]  # the landing page's pool alone
    server = subprocess.Popen(
        command,
        env=dict(
            os.environ,
            MATATU_LEARN_DB=str(database),
            **{variable: str(CULLING[name]) for name, variable in CULLING_VARIABLES.items()},
        ),
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
        start_new_session=True,
    )
    deadline = time.monotonic() + 60
    while time.monotonic() < deadline:
        try:
            urllib.request.urlopen(f"http://127.0.0.1:{port}", timeout=2)
            return server
        except OSError:
            assert server.poll() is None, "matatu-learn serve ended before it served a page"
            time.sleep(0.3)
    stop_process_tree(server)
    raise AssertionError("matatu-learn serve did not answer within 60 s")


@pytest.mark.usefixtures("chromium")
def test_the_kernels_of_closed_pages_are_culled_and_stopping_leaves_nothing(tmp_path):
    from playwright.sync_api import sync_playwright

    port = free_port()
    server = start_server(port, tmp_path / "class.sqlite3")
    base = f"http://127.0.0.1:{port}"
    try:
        seen_while_open, pages = [], set()
        with sync_playwright() as playwright:
            browser = playwright.chromium.launch(executable_path=CHROMIUM, args=FLAGS)
            for _ in range(VISITS):
                context = browser.new_context()
                page = context.new_page()
                open_notebook(page, base, "index.ipynb")
                kernel = page.evaluate(
                    "JSON.parse(document.getElementById('jupyter-config-data').textContent).kernelId"
                )
                pages.add(kernel)
                seen_while_open.append(len(kernels_of(server.pid, {kernel})))
                context.close()
            browser.close()
        # Each open page had a kernel of its own under this server: the count below means something.
        assert min(seen_while_open) >= 1, (
            f"no kernel was found under the server while a page was open: {seen_while_open}"
        )
        closed = time.monotonic()
        left = kernels_of(server.pid, pages)
        while left and time.monotonic() - closed < CULLED_WITHIN:
            time.sleep(2)
            left = kernels_of(server.pid, pages)
        assert not left, (
            f"{len(left)} kernels of closed pages were still running {CULLED_WITHIN} s after the last page closed"
        )
    finally:
        tree = process_tree(server.pid)
        left_running = stop_process_tree(server, signal.SIGTERM)
    assert server.returncode == 128 + signal.SIGTERM, f"serve ended with {server.returncode}, not 143"
    assert tree, "the server had started Voilà"
    assert not left_running, f"stopping the server left processes running: {left_running}"
