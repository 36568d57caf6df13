"""Each page's time to first control beside a bare one-button Voilà page, plain and pre-heated, and a class's burst.

    python benchmarks/page_speed.py [--rounds 3] [--pool-size N] [--class-size N] [--burst 30]
        [--burst-page index.ipynb|mix] [--burst-clients http|browser|both]

What runs, side by side, each server in a session of its own: ``matatu-learn serve`` on the
lessons, as a teacher starts it (a database of its own; ``--pool-size N`` and ``--class-size N``
passed on only when given here), and plain Voilà on a temporary folder holding one notebook that shows one ipywidgets
Button: once as it comes, a kernel started per page, and once pre-heated
(``--preheat_kernel=True --pool_size=N``, N the pool size given, else 1), the floor of this
architecture. A class's pupils come from addresses of their own, while every visit here comes
from this machine's: the class server's bound on the kernels one address starts a minute is
lifted (``ClassKernelManager.starts_per_client=0``, in a Voilà configuration file of the run's
own); nothing else of ``serve`` is changed.

How a visit is timed: a fresh browser context in Debian's Chromium opens the page, timed from
the request until its first control shows (``open_until_ready`` in tests/page_crawl.py, the
same measure the test suite's crawl records); then the page is closed as a tab is, which shuts
its kernel down. Before each visit the three servers must be quiet: each holding at least its
pool of kernels, their numbers steady, and all their processes (Voilà and the kernels) using
less than a tenth of a core together over 1.5 s, so that a pool refilling, a page's last cells
or a kernel stopping never fall inside a timing. The wait is polled and bounded; past the bound the visit is timed
anyway, with a warning.

Rounds: each round visits, for every page, the bare page, the pre-heated bare page and then
the page, so that the three meet the same load. A page's ratio is the median, over the rounds,
of its time over the pre-heated bare page's time measured just before it; the goal is within
1.5× (``--ratio``). Reported per page: the best and the median time, the ratio, pass or fail.

The burst: after the rounds (``--rounds 0``: none), once the servers are quiet, ``--burst`` pupils
(default 30) each open a page at the same moment (the landing page, or with ``--burst-page mix``
the lessons in turn, as a class spreads over them); the longest and the median wait are
reported; the goal is no pupil waiting more than 3 s (``--wait``). Pupils come two ways
(``--burst-clients``, default both, the server's share first, each burst on a quiet server):

- ``http``, the server's share: a pupil's browser runs on the pupil's own device, so what the
  server must do for each is answer the page's request and then the page's widgets. Each client
  GETs the page (keeping the session cookie its kernel is bound to), opens the kernel's websocket,
  asks for the kernel's info (what Jupyter's front end sends first, before any other message) and
  then for every widget's state as ipywidgets' front end does before it draws a control (a comm on
  ``jupyter.widget.control``, ``request_states``, answered by ``update_states``). A pupil's wait
  runs from the request to that answer; the page's own part (to its last byte) is reported too.
  The page is then closed as a tab closes (its shutdown request, with its session cookie).
- ``browser``: a browser context each in one Chromium, timed as a visit above. The 30 pages render
  on the machine that serves them, sharing its cores with the server: an upper bound.

Before each burst the class server's memory (as benchmarks/class_memory.py counts it) and its
kernels are printed: with ``--class-size 30``, what a landing pool of 30 holds at rest.

The load average is printed with the figures: on a shared machine the times move with it, the
ratios much less. Exits 1 when a goal is missed, 2 when the benchmark cannot run; no server,
kernel or browser is left running, on Ctrl-C or failure too.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import math
import os
import signal
import statistics
import subprocess
import sys
import tempfile
import time
import urllib.request
import uuid
from contextlib import ExitStack
from dataclasses import dataclass, field
from pathlib import Path

from class_memory import server_memory  # the kernels a server holds, counted as class_memory counts them

from matatu_learn.server import (
    DEFAULT_POOL_SIZE,
    MOST_CLASS_SIZE,
    MOST_POOL_SIZE,
    kernel_culling_options,
    process_tree,
    still_running,
)

# The suite's browser, its measure of a page, its way of stopping a server and its page's client: one of each.
sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "tests"))
from page_crawl import READY, open_until_ready  # noqa: E402
from server_fixtures import (  # noqa: E402
    KERNEL_OF_PAGE,
    V1,
    command_line,
    decode,
    encode,
    kernel_message,
    open_widget_control,
    widget_states,
)

from conftest import CHROMIUM, FLAGS, free_port, stop_process_tree  # noqa: E402

HERE = Path(__file__).resolve().parent
ROOT = HERE.parent
NOTEBOOKS = ROOT / "notebooks"
LANDING = "index.ipynb"
BARE = "bare.ipynb"
# The bare page: one Button, in a box as the lessons' controls are (the suite's sign of a page that
# answers is a control inside a widget); nothing else, no query read, so no wait_for_request either.
BARE_NOTEBOOK = {
    "cells": [
        {
            "cell_type": "code",
            "execution_count": None,
            "id": "button",
            "metadata": {},
            "outputs": [],
            "source": 'import ipywidgets\n\nipywidgets.VBox([ipywidgets.Button(description="Go")])',
        }
    ],
    "metadata": {"kernelspec": {"display_name": "Python 3", "language": "python", "name": "python3"}},
    "nbformat": 4,
    "nbformat_minor": 5,
}
# The bursts each --burst-clients runs, in turn: the server's share first, then the browsers' upper bound.
BURST_CLIENTS = {"http": ("http",), "browser": ("browser",), "both": ("http", "browser")}
# Every visit from this machine's one address stands for a pupil with an address of their own.
CLASS_FROM_ONE_ADDRESS = {"ClassKernelManager": {"starts_per_client": 0}}
VISIT_SECONDS = 120  # a visit that shows no control by then failed
START_SECONDS = 90  # a server that does not answer by then failed
QUIET_WINDOW = 1.5  # seconds over which a quiet server's processes use...
QUIET_SHARE = 0.1  # ...less than this share of one core (more than idle kernels use, less than one starting)
QUIET_BOUND = 300  # seconds a server may take to become quiet (a whole pool filling under load)
STOP_SECONDS = 60  # SIGTERM, then this long for the server and its kernels to stop, then SIGKILL
TICKS = os.sysconf("SC_CLK_TCK")


@dataclass
class Server:
    """A server this benchmark started: its address, process, log, the kernels it keeps ready, and
    every process seen in its tree (its kernels run in sessions of their own)."""

    name: str
    process: subprocess.Popen
    base: str
    log: Path
    pool: int
    known: dict[int, int] = field(default_factory=dict)

    def url(self, page: str) -> str:
        return f"{self.base}/voila/render/{page}"

    def processes(self) -> list[int]:
        tree = process_tree(self.process.pid)
        self.known.update(tree)
        return [self.process.pid, *tree]


def start(name: str, command: list[str], folder: Path, pool: int, environment: dict[str, str] | None = None) -> Server:
    """Start a server on a free port (``{port}`` in the command), its output in a log of the run's own."""
    port = free_port()
    log = folder / f"{name.replace(' ', '-')}.log"
    with log.open("w") as output:
        process = subprocess.Popen(
            [part.format(port=port) for part in command],
            env=dict(os.environ, **(environment or {})),
            stdout=output,
            stderr=subprocess.STDOUT,
            start_new_session=True,  # the terminal's Ctrl-C reaches this benchmark, which stops it
        )
    return Server(name, process, f"http://127.0.0.1:{port}", log, pool)


def wait_until_answering(server: Server) -> None:
    deadline = time.monotonic() + START_SECONDS
    while True:
        try:
            urllib.request.urlopen(server.base, timeout=2)
            return
        except OSError:
            ended = server.process.poll() is not None
            if ended or time.monotonic() > deadline:
                tail = server.log.read_text(errors="replace")[-1500:]
                what = "ended before it answered" if ended else f"did not answer within {START_SECONDS} s"
                raise RuntimeError(f"The {server.name} {what}. Its log ends:\n{tail}") from None
            time.sleep(0.3)


def stop(server: Server) -> None:
    """Stop the server as the suite stops its own (SIGTERM: it shuts its kernels down; SIGKILL past
    ``STOP_SECONDS``), then any process ever seen in its tree that is still alive."""
    server.processes()
    stop_process_tree(server.process, timeout=STOP_SECONDS)
    for pid in still_running(server.known):
        try:
            os.kill(pid, signal.SIGKILL)
        except OSError:
            pass  # it ended meanwhile


def ignore_interruptions() -> None:
    for number in (signal.SIGINT, signal.SIGTERM, signal.SIGHUP):
        signal.signal(number, signal.SIG_IGN)


def cpu_seconds(pids: list[int]) -> float:
    """The CPU time the processes have used (user and system), in seconds."""
    ticks = 0
    for pid in pids:
        try:
            with open(f"/proc/{pid}/stat", encoding="utf-8", errors="replace") as stat:
                fields = stat.read().rsplit(")", 1)[1].split()
        except (OSError, IndexError):
            continue  # it ended while we looked
        ticks += int(fields[11]) + int(fields[12])  # utime and stime, fields 14 and 15 of proc(5)
    return ticks / TICKS


def wait_until_quiet(servers: list[Server], bound: float = QUIET_BOUND) -> bool:
    """Wait until each server holds at least its pool of kernels, their numbers steady, and all the
    servers' processes together use less than ``QUIET_SHARE`` of a core over ``QUIET_WINDOW``;
    False past the bound."""
    deadline = time.monotonic() + bound
    before = None
    while time.monotonic() < deadline:
        pids = [pid for server in servers for pid in server.processes()]
        kernels = tuple(server_memory(server.process.pid)[1] for server in servers)
        now = (kernels, cpu_seconds(pids), time.monotonic())
        pooled = all(count >= server.pool for count, server in zip(kernels, servers, strict=True))
        if before is not None and now[0] == before[0] and pooled:
            if now[1] - before[1] < QUIET_SHARE * (now[2] - before[2]):
                return True
        before = now
        time.sleep(QUIET_WINDOW)
    print(f"warning: the servers were not quiet within {bound:.0f} s; timing anyway.", file=sys.stderr)
    return False


def visit(browser, servers: list[Server], server: Server, page_name: str) -> float:
    """One visit of the server's page in a fresh browser context, once all the servers are quiet:
    the seconds to its first control (``open_until_ready``, the suite's measure)."""
    from playwright.sync_api import TimeoutError as PlaywrightTimeout

    wait_until_quiet(servers)
    context = browser.new_context()
    context.set_default_timeout(VISIT_SECONDS * 1000)
    try:
        page = context.new_page()
        try:
            _, seconds = open_until_ready(page, server.url(page_name), VISIT_SECONDS)
        except PlaywrightTimeout:
            if page.locator("[data-busy-seconds]").count():
                raise RuntimeError(
                    f"The {server.name} said it was busy for {page_name}: too many pages from one address."
                ) from None
            raise RuntimeError(
                f"{page_name} on the {server.name} showed no control within {VISIT_SECONDS} s."
            ) from None
        close_as_a_tab(page)
        return seconds
    finally:
        context.close()


def close_as_a_tab(page) -> None:
    """Close the page running its unload handlers, as a tab closes: the page shuts its kernel down."""
    page.close(run_before_unload=True)
    if not page.is_closed():
        page.wait_for_event("close", timeout=10_000)


async def burst(urls: list[str]) -> list[float | None]:
    """Every address opened at once, each in a browser context of its own: each one's seconds from
    the request to its first control (``open_until_ready``'s measure, in Playwright's async API),
    None for a page that showed none within ``VISIT_SECONDS``."""
    from playwright.async_api import async_playwright

    async def wait(context, url: str) -> float:
        page = await context.new_page()
        started = time.perf_counter()
        await page.goto(url)
        await page.locator(READY).first.wait_for(state="visible")
        seconds = time.perf_counter() - started
        await page.close(run_before_unload=True)
        return seconds

    async with async_playwright() as playwright:
        browser = await playwright.chromium.launch(executable_path=CHROMIUM, args=FLAGS)
        try:
            contexts = [await browser.new_context() for _ in urls]
            for context in contexts:
                context.set_default_timeout(VISIT_SECONDS * 1000)
            waits = await asyncio.gather(
                *(wait(context, url) for context, url in zip(contexts, urls, strict=True)), return_exceptions=True
            )
            await asyncio.sleep(2)  # the closed pages' shutdowns reach the server before the browser goes
        finally:
            await browser.close()
    report_failures(waits)
    return [None if isinstance(waited, BaseException) else waited for waited in waits]


# What a client of the server's share has been answered, in order: each timed from its request.
PHASES = ("page", "websocket", "kernel info", "widget states")


async def server_share_burst(base: str, urls: list[str]) -> tuple[list[dict[str, float] | None], set[str]]:
    """Every address opened at once by a client that asks of the server what a page's browser asks
    before it draws a control, and nothing else (see the module's docstring): for each, the seconds
    from its request to each of ``PHASES`` (None for a client that failed, on stderr, or got no
    answer within ``VISIT_SECONDS``); and the kernels the pages were given, which are then shut
    down as closed tabs shut theirs."""
    from http.cookies import SimpleCookie

    from tornado.httpclient import AsyncHTTPClient, HTTPRequest
    from tornado.websocket import websocket_connect

    # Tornado's shared client runs 10 requests at a time and queues the rest: one of its own, all at once.
    client = AsyncHTTPClient(force_instance=True, max_clients=len(urls))
    sockets = base.replace("http://", "ws://", 1)
    given: dict[str, str] = {}  # kernel id -> the session cookie of the page it was given to

    async def kernel_info(connection) -> None:
        asking = kernel_message("kernel_info_request", {})
        connection.write_message(encode(asking, V1), binary=True)
        while True:
            frame = await connection.read_message()
            if frame is None:
                raise RuntimeError("the server closed a kernel's websocket")
            if decode(frame, V1)["parent_header"].get("msg_id") == asking["header"]["msg_id"]:
                return

    async def pupil(url: str) -> dict[str, float]:
        answered: dict[str, float] = {}
        started = time.perf_counter()

        def now(phase: str) -> None:
            answered[phase] = time.perf_counter() - started

        try:
            response = await client.fetch(url, connect_timeout=VISIT_SECONDS, request_timeout=VISIT_SECONDS)
            now("page")
            cookies = SimpleCookie()
            for header in response.headers.get_list("Set-Cookie"):
                cookies.load(header)
            cookie = "; ".join(f"{name}={morsel.value}" for name, morsel in cookies.items())
            kernel = KERNEL_OF_PAGE.search(response.body.decode("utf-8"))[1]
            given[kernel] = cookie
            channels = HTTPRequest(
                f"{sockets}/api/kernels/{kernel}/channels?session_id={uuid.uuid4()}",
                headers={"Cookie": cookie},
                connect_timeout=VISIT_SECONDS,
                request_timeout=VISIT_SECONDS,
            )
            connection = await websocket_connect(channels, subprotocols=[V1])
            now("websocket")
            try:
                await kernel_info(connection)
                now("kernel info")
                control = await open_widget_control(connection, V1)
                await widget_states(connection, V1, control, timeout=VISIT_SECONDS)
                now("widget states")
            finally:
                connection.close()
        except Exception as error:
            waiting_for = next(phase for phase in PHASES if phase not in answered)
            raise RuntimeError(f"waiting for the {waiting_for}: {type(error).__name__} {error}") from error
        return answered

    async def close_as_a_tab(kernel: str, cookie: str) -> None:
        """The page's own shutdown, which its session cookie allows."""
        await client.fetch(
            f"{base}/voila/api/shutdown/{kernel}",
            method="POST",
            body=b"",
            headers={"Cookie": cookie},
            request_timeout=VISIT_SECONDS,
            raise_error=False,
        )

    try:
        waits = await asyncio.gather(
            *(asyncio.wait_for(pupil(url), VISIT_SECONDS) for url in urls), return_exceptions=True
        )
        # After every pupil was answered or failed: shutting kernels down is no part of a pupil's wait.
        await asyncio.gather(*(close_as_a_tab(*page) for page in given.items()), return_exceptions=True)
    finally:
        client.close()
    report_failures(waits)
    return [None if isinstance(waited, BaseException) else waited for waited in waits], set(given)


def wait_until_gone(server: Server, kernels: set[str], bound: float = QUIET_BOUND) -> None:
    """Wait until none of these kernels of the server runs (their pages were closed), so that a quiet
    server afterwards is one whose pools were refilled; a warning past the bound."""
    deadline = time.monotonic() + bound
    while time.monotonic() < deadline:
        running = " ".join(command_line(pid) for pid in server.processes())
        if not any(f"kernel-{kernel}.json" in running for kernel in kernels):
            return
        time.sleep(QUIET_WINDOW)
    print(f"warning: the burst's kernels still ran {bound:.0f} s after their pages closed.", file=sys.stderr)


def report_failures(waits: list) -> None:
    """Each kind of failure of a burst's pupils, once, on stderr."""
    failures = {
        (str(waited) or type(waited).__name__).splitlines()[0] for waited in waits if isinstance(waited, BaseException)
    }
    for failure in sorted(failures):
        print(f"burst: {failure}", file=sys.stderr)


def load_average() -> str:
    return " ".join(f"{value:.2f}" for value in os.getloadavg())


def parser(pages: list[str]) -> argparse.ArgumentParser:
    described = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    described.add_argument(
        "--rounds", type=int, default=3, help="visits of each page, 0 to 20 (default 3; 0: the burst only)"
    )
    described.add_argument(
        "--pool-size",
        type=int,
        default=None,
        metavar="N",
        help=f"pass --pool-size N (1 to {MOST_POOL_SIZE}) to matatu-learn serve, and pre-heat N bare kernels (default: serve's own, 1 bare)",
    )
    described.add_argument(
        "--class-size",
        type=int,
        default=None,
        metavar="N",
        help=f"pass --class-size N (1 to {MOST_CLASS_SIZE}) to matatu-learn serve: N pre-heated kernels for the "
        "landing page (default: serve's own, as every page)",
    )
    described.add_argument(
        "--burst", type=int, default=30, metavar="N", help="pages opened at once, 0 to 100 (default 30; 0: none)"
    )
    described.add_argument(
        "--burst-page",
        default=LANDING,
        choices=[*pages, "mix"],
        metavar="PAGE",
        help=f"the page the burst opens, or 'mix' for the pages in turn (default {LANDING})",
    )
    described.add_argument(
        "--burst-clients",
        default="both",
        choices=sorted(BURST_CLIENTS),
        help="who opens the burst's pages: http clients (the server's share), browser contexts in one "
        "Chromium (an upper bound), or both, each on a quiet server (default both)",
    )
    described.add_argument(
        "--page",
        action="append",
        choices=pages,
        metavar="PAGE",
        dest="pages",
        help="time only this page (repeat for more; default every page)",
    )
    described.add_argument(
        "--ratio",
        type=float,
        default=1.5,
        help="the goal: each page within this many times the pre-heated bare page (default 1.5)",
    )
    described.add_argument(
        "--wait", type=float, default=3.0, help="the goal: no pupil of the burst waits longer, in seconds (default 3.0)"
    )
    return described


def verdict(passed: bool) -> str:
    return "pass" if passed else "FAIL"


def said(seconds: float) -> str:
    return f"{seconds:.2f} s" if seconds < math.inf else f"over {VISIT_SECONDS} s"


def main() -> int:
    all_pages = sorted(path.name for path in NOTEBOOKS.glob("*.ipynb"))
    arguments = parser(all_pages).parse_args()
    if (
        not 0 <= arguments.rounds <= 20
        or not 0 <= arguments.burst <= 100
        or not 1 <= (arguments.pool_size or 1) <= MOST_POOL_SIZE
        or not 1 <= (arguments.class_size or 1) <= MOST_CLASS_SIZE
    ):
        print(
            f"--rounds must be from 0 to 20, --burst from 0 to 100, --pool-size from 1 to {MOST_POOL_SIZE} "
            f"and --class-size from 1 to {MOST_CLASS_SIZE}.",
            file=sys.stderr,
        )
        return 2
    if not arguments.rounds and not arguments.burst:
        print("--rounds 0 times the burst only: give a --burst too.", file=sys.stderr)
        return 2
    if not 1 <= arguments.ratio <= 100 or not 0 < arguments.wait <= 120:
        print("--ratio must be from 1 to 100 and --wait from 0 to 120 seconds.", file=sys.stderr)
        return 2
    if not os.path.exists(CHROMIUM):
        print(f"Debian's Chromium is needed at {CHROMIUM}: run 'sudo apt-get install chromium'.", file=sys.stderr)
        return 2
    from playwright.sync_api import sync_playwright

    pages = arguments.pages or all_pages
    bare_pool = arguments.pool_size or 1
    # Ctrl-C, SIGTERM and SIGHUP stop the benchmark through the clean-up below. Ctrl-C also reaches
    # Playwright's driver, whose end may surface first as a closed browser: the signal is noted.
    interrupted: list[int] = []

    def interrupt(number, frame) -> None:
        interrupted.append(number)
        raise KeyboardInterrupt

    for number in (signal.SIGINT, signal.SIGTERM, signal.SIGHUP):
        signal.signal(number, interrupt)
    print(f"load average at the start: {load_average()}", flush=True)
    began = time.monotonic()
    with tempfile.TemporaryDirectory(prefix="page-speed-") as scratch, ExitStack() as running:
        folder = Path(scratch)
        (folder / "bare").mkdir()
        (folder / "bare" / BARE).write_text(json.dumps(BARE_NOTEBOOK), encoding="utf-8")
        (folder / "config").mkdir()
        (folder / "config" / "voila.json").write_text(json.dumps(CLASS_FROM_ONE_ADDRESS), encoding="utf-8")
        voila = [sys.executable, "-m", "voila", str(folder / "bare"), "--port={port}", "--no-browser"]
        # The culler as the class server runs it: plain Voilà refuses a closed page's own shutdown (no XSRF token).
        voila += ["--Voila.ip=127.0.0.1", "--Voila.port_retries=0", *kernel_culling_options()]
        serve = [sys.executable, "-m", "matatu_learn", "serve", "--no-browser", "--port={port}"]
        serve += ["--notebooks", str(NOTEBOOKS)]
        serve += [] if arguments.pool_size is None else ["--pool-size", str(arguments.pool_size)]
        serve += [] if arguments.class_size is None else ["--class-size", str(arguments.class_size)]
        # The kernels the class server's pools hold when full: the landing page's, then every other page's.
        pool = DEFAULT_POOL_SIZE if arguments.pool_size is None else arguments.pool_size
        pooled = (arguments.class_size or pool) + pool * (len(all_pages) - 1)
        try:
            servers = [
                start("bare page's Voilà", voila, folder, 0),
                start(
                    "pre-heated bare page's Voilà",
                    [*voila, "--preheat_kernel=True", f"--pool_size={bare_pool}"],
                    folder,
                    bare_pool,
                ),
                start(
                    "class server",
                    serve,
                    folder,
                    pooled,
                    {"MATATU_LEARN_DB": str(folder / "class.sqlite3"), "JUPYTER_CONFIG_PATH": str(folder / "config")},
                ),
            ]
            for server in servers:
                running.callback(stop, server)
            running.callback(ignore_interruptions)  # runs first: a second Ctrl-C does not cut the clean-up short
            bare, heated, lessons = servers
            for server in servers:
                wait_until_answering(server)
            times: dict[str, list[float]] = {name: [] for name in ["bare", "heated", *pages]}
            ratios: dict[str, list[float]] = {name: [] for name in pages}
            with sync_playwright() as playwright:
                browser = playwright.chromium.launch(executable_path=CHROMIUM, args=FLAGS)
                try:
                    # One visit each first, not counted: the servers' own first-request work.
                    for server, name in ((bare, BARE), (heated, BARE), (lessons, LANDING)):
                        visit(browser, servers, server, name)
                    for round_number in range(1, arguments.rounds + 1):
                        for name in pages:
                            times["bare"].append(visit(browser, servers, bare, BARE))
                            floor = visit(browser, servers, heated, BARE)
                            times["heated"].append(floor)
                            seconds = visit(browser, servers, lessons, name)
                            times[name].append(seconds)
                            ratios[name].append(seconds / floor)
                        print(
                            f"round {round_number} of {arguments.rounds} done; load average {load_average()}",
                            flush=True,
                        )
                finally:
                    browser.close()
            bursts: dict[str, list] = {}
            if arguments.burst:
                chosen = pages if arguments.burst_page == "mix" else [arguments.burst_page]
                urls = [lessons.url(chosen[number % len(chosen)]) for number in range(arguments.burst)]
                for clients in BURST_CLIENTS[arguments.burst_clients]:
                    wait_until_quiet(servers)
                    memory, kernels = server_memory(lessons.process.pid)
                    print(
                        f"burst ({clients}): {arguments.burst} pages opened at once; the class server holds "
                        f"{kernels} kernels, {memory} MiB resident; load average {load_average()}",
                        flush=True,
                    )
                    if clients == "http":
                        bursts[clients], kernels = asyncio.run(server_share_burst(lessons.base, urls))
                        wait_until_gone(lessons, kernels)
                    else:
                        bursts[clients] = asyncio.run(burst(urls))
                    print(f"burst ({clients}) done; load average {load_average()}", flush=True)
        except KeyboardInterrupt:
            interrupted.append(signal.SIGINT)
        except RuntimeError as error:
            if not interrupted:
                print(error, file=sys.stderr)
                return 1
        except Exception:
            if not interrupted:
                raise
    if interrupted:
        print("stopped; no server, kernel or browser of the benchmark is left running.", file=sys.stderr)
        return 128 + interrupted[0]
    print(f"load average at the end: {load_average()}; {time.monotonic() - began:.0f} s in all")
    return report(arguments, pages, times, ratios, bursts)


def report(arguments, pages, times, ratios, bursts) -> int:
    print()
    missed = bool(arguments.rounds) and report_rounds(arguments, pages, times, ratios)
    for clients, waits in bursts.items():
        answered = waits
        if clients == "http":
            waits = [None if waited is None else waited["widget states"] for waited in answered]
        longest, median = longest_and_median(waits)
        passed = longest <= arguments.wait
        missed = missed or not passed
        lost = waits.count(None)
        lost_words = f" ({lost} got no answer within {VISIT_SECONDS} s)" if lost else ""
        who = "the server's share (http clients)" if clients == "http" else "browser contexts in one Chromium"
        print(
            f"burst of {len(waits)} ({arguments.burst_page}), {who}: longest wait {said(longest)}, median {said(median)}"
            f"{lost_words}; goal: at most {arguments.wait:g} s  {verdict(passed)}"
        )
        if clients == "http":  # where the wait went: each answer's time from the pupil's request
            for phase in PHASES:
                slowest, middle = longest_and_median([None if waited is None else waited[phase] for waited in answered])
                print(f"  {phase + ':':<15} longest {said(slowest)}, median {said(middle)}")
    return 1 if missed else 0


def longest_and_median(waits: list[float | None]) -> tuple[float, float]:
    """The longest and the median of a burst's waits, a wait that got no answer counted as endless."""
    seconds = sorted(math.inf if waited is None else waited for waited in waits)
    return seconds[-1], statistics.median(seconds)


def report_rounds(arguments, pages, times, ratios) -> bool:
    """The rounds' table; whether a page missed its goal."""
    print(
        f"time to first control, {arguments.rounds} round(s); ratio: to the pre-heated bare page's time just before "
        f"(median of the rounds); goal: at most {arguments.ratio:g}×"
    )
    print(f"  {'page':<32} {'best':>6} {'median':>7} {'ratio':>7}")
    print(f"  {'bare page':<32} {min(times['bare']):5.2f}s {statistics.median(times['bare']):6.2f}s")
    print(f"  {'bare page, pre-heated':<32} {min(times['heated']):5.2f}s {statistics.median(times['heated']):6.2f}s")
    slow = []
    for name in pages:
        ratio = statistics.median(ratios[name])
        passed = ratio <= arguments.ratio
        slow += [] if passed else [name]
        best, median = min(times[name]), statistics.median(times[name])
        print(f"  {name:<32} {best:5.2f}s {median:6.2f}s {ratio:6.2f}×  {verdict(passed)}")
    missed = bool(slow)
    if slow:
        print(f"{len(slow)} of {len(pages)} pages past {arguments.ratio:g}× the pre-heated bare page.")
    return missed


if __name__ == "__main__":
    sys.exit(main())
