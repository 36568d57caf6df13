"""Each page's time to interactive on a warm server, against the 3 s target; run it on a quiet machine.

    python benchmarks/page_speed.py [--target 3.0] [--rounds 3]

Starts ``matatu-learn serve`` as a teacher would (a database of its own), opens the landing
page once to warm the server, then opens every notebook in Debian's Chromium, each visit a
fresh browser context, and times it from the request until its first control shows. Prints each
page's best time over the rounds and exits 1 when any page misses the target. The test suite
only records these figures and fails past 15 s: a shared CI machine's load is no measure.
"""

from __future__ import annotations

import argparse
import os
import signal
import socket
import subprocess
import sys
import tempfile
import time
import urllib.request
from pathlib import Path

HERE = Path(__file__).resolve().parent
NOTEBOOKS = HERE.parent / "notebooks"
CHROMIUM = "/usr/bin/chromium"
FLAGS = ["--no-sandbox", "--disable-gpu", "--no-first-run", "--disable-background-networking"]
READY = ".jupyter-widgets :is(button, select, input)"  # the test suite's sign that a page answers


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


def wait_for_server(base: str, server: subprocess.Popen, seconds: float = 60) -> bool:
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        try:
            urllib.request.urlopen(base, timeout=2)
            return True
        except OSError:
            if server.poll() is not None:
                return False
            time.sleep(0.3)
    return False


def time_to_interactive(browser, url: str) -> float:
    context = browser.new_context()
    try:
        page = context.new_page()
        started = time.perf_counter()
        page.goto(url)
        page.locator(READY).first.wait_for(state="visible", timeout=120_000)
        return time.perf_counter() - started
    finally:
        context.close()


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--target", type=float, default=3.0, help="seconds each page may take (default 3.0)")
    parser.add_argument("--rounds", type=int, default=3, help="visits of each page; the best counts (default 3)")
    arguments = parser.parse_args()
    if not 1 <= arguments.rounds <= 20 or not 0 < arguments.target <= 120:
        print("--rounds must be from 1 to 20 and --target from 0 to 120 seconds.", file=sys.stderr)
        return 2
    if not os.path.exists(CHROMIUM):
        print(f"Debian's Chromium is needed at {CHROMIUM}: run 'sudo apt-get install chromium'.", file=sys.stderr)
        return 2
    from playwright.sync_api import sync_playwright

    pages = sorted(path.name for path in NOTEBOOKS.glob("*.ipynb"))
    port = free_port()
    database = Path(tempfile.mkdtemp()) / "speed.sqlite3"
    command = [sys.executable, "-m", "matatu_learn", "serve", "--no-browser", f"--port={port}"]
    server = subprocess.Popen(
        [*command, "--notebooks", str(NOTEBOOKS)],
        env=dict(os.environ, MATATU_LEARN_DB=str(database)),
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
        start_new_session=True,
    )
    base = f"http://127.0.0.1:{port}"
    try:
        if not wait_for_server(base, server):
            print("matatu-learn serve did not answer within 60 s.", file=sys.stderr)
            return 1
        best: dict[str, float] = {}
        with sync_playwright() as playwright:
            browser = playwright.chromium.launch(executable_path=CHROMIUM, args=FLAGS)
            time_to_interactive(browser, f"{base}/voila/render/index.ipynb")  # warm: the test measures a warm server
            for _ in range(arguments.rounds):
                for name in pages:
                    seconds = time_to_interactive(browser, f"{base}/voila/render/{name}")
                    best[name] = min(seconds, best.get(name, seconds))
            browser.close()
    finally:
        server.send_signal(signal.SIGTERM)  # serve shuts its kernels down before it exits
        try:
            server.wait(timeout=60)
        except subprocess.TimeoutExpired:
            os.killpg(server.pid, signal.SIGKILL)
            server.wait()
    print(f"time to interactive, best of {arguments.rounds} (target {arguments.target:g} s):")
    for name in pages:
        mark = "" if best[name] <= arguments.target else "  MISSES THE TARGET"
        print(f"  {name:<32} {best[name]:5.2f} s{mark}")
    slow = [name for name in pages if best[name] > arguments.target]
    if slow:
        print(f"{len(slow)} of {len(pages)} pages missed {arguments.target:g} s: {', '.join(slow)}.", file=sys.stderr)
        return 1
    print(f"every page within {arguments.target:g} s.")
    return 0


if __name__ == "__main__":
    sys.exit(main())
