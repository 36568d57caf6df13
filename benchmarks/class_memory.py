"""The memory a class costs the server: `matatu-learn serve` plus its kernels, with 1 and with 30 pages open.

    python benchmarks/class_memory.py [--pages 30] [--page index.ipynb]

Starts ``matatu-learn serve`` as a teacher would, opens the page in Debian's Chromium (each
visitor a browser context of its own, as 30 pupils' browsers would be), and adds up the
resident memory (VmRSS in /proc) of the server and every process it started. Shared pages
are counted once per process, so the figure is an upper bound. The browser is not counted.
"""

from __future__ import annotations

import argparse
import os
import signal
import subprocess
import sys
import tempfile
import time
import urllib.request
from pathlib import Path

from matatu_learn.server import process_tree

HERE = Path(__file__).resolve().parent
NOTEBOOKS = HERE.parent / "notebooks"
CHROMIUM = "/usr/bin/chromium"
FLAGS = ["--no-sandbox", "--disable-gpu", "--no-first-run", "--disable-background-networking"]


def resident_kib(pid: int) -> int:
    try:
        with open(f"/proc/{pid}/status", encoding="utf-8") as status:
            for line in status:
                if line.startswith("VmRSS:"):
                    return int(line.split()[1])
    except OSError:
        pass  # it ended while we looked
    return 0


def server_memory(root: int) -> tuple[int, int]:
    """The resident memory of ``root`` and everything it started (MiB), and how many kernels there are."""
    pids = [root, *process_tree(root)]
    kernels = 0
    for pid in pids:
        try:
            with open(f"/proc/{pid}/cmdline", "rb") as cmdline:
                kernels += b"ipykernel" in cmdline.read()
        except OSError:
            continue
    return round(sum(resident_kib(pid) for pid in pids) / 1024), kernels


def free_port() -> int:
    import socket

    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--pages", type=int, default=30, help="pages open at once (default 30)")
    parser.add_argument("--page", default="index.ipynb", help="the notebook each visitor opens")
    arguments = parser.parse_args()
    if not os.path.exists(CHROMIUM):
        print(f"Debian's Chromium is needed at {CHROMIUM}: run 'sudo apt-get install chromium'.", file=sys.stderr)
        return 2
    from playwright.sync_api import sync_playwright

    port = free_port()
    database = Path(tempfile.mkdtemp()) / "class.sqlite3"
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
        deadline = time.monotonic() + 60
        while True:
            try:
                urllib.request.urlopen(base, timeout=2)
                break
            except OSError:
                if time.monotonic() > deadline:
                    print("matatu-learn serve did not answer within 60 s.", file=sys.stderr)
                    return 1
                time.sleep(0.3)
        idle, _ = server_memory(server.pid)
        print(f"server, no page open:   {idle:6d} MiB")
        with sync_playwright() as playwright:
            browser = playwright.chromium.launch(executable_path=CHROMIUM, args=FLAGS)
            contexts = []
            started = time.perf_counter()
            for count in range(1, arguments.pages + 1):
                context = browser.new_context()
                page = context.new_page()
                page.goto(f"{base}/voila/render/{arguments.page}")
                page.locator(".jupyter-widgets :is(button, select, input)").first.wait_for(timeout=120_000)
                contexts.append(context)
                if count in (1, arguments.pages):
                    memory, kernels = server_memory(server.pid)
                    print(f"{count:2d} page(s) open:       {memory:6d} MiB ({kernels} kernels)")
                    if count == 1:
                        one = memory
            seconds = time.perf_counter() - started
            per_page = (memory - one) / max(1, arguments.pages - 1)
            print(f"each further page:      {per_page:6.0f} MiB; {arguments.pages} pages opened in {seconds:.0f} s")
            for context in contexts:
                context.close()
            browser.close()
    finally:
        server.send_signal(signal.SIGTERM)
        server.wait(timeout=60)
    return 0


if __name__ == "__main__":
    sys.exit(main())
