"""Shared fixtures and helpers for the tests: Voilà and the class server (one of each a session),
Debian's Chromium driven by Playwright, and the markers each test gets from the fixtures it uses."""

import json
import os
import random
import re
import shutil
import signal
import socket
import subprocess
import sys
import time
import urllib.request
from collections import Counter
from contextlib import contextmanager
from pathlib import Path

import pytest

from matatu_learn.engine.cards import DECK
from matatu_learn.server import OUTPUT_WAIT, kernel_culling_options, process_tree, still_running, voila_command
from matatu_learn.teaching.voice import RANK_WORDS, SUIT_WORDS

ROOT = Path(__file__).resolve().parent.parent
NOTEBOOKS = ROOT / "notebooks"
PAGES = sorted(path.name for path in NOTEBOOKS.glob("*.ipynb"))
# What a copy of the checkout to build or install from never needs: other environments, caches, results, earlier builds.
NOT_SOURCE = shutil.ignore_patterns(
    ".git",
    ".venv",
    "venv",
    "build",
    "dist",
    "*.egg-info",
    "__pycache__",
    ".pytest_cache",
    ".hypothesis",
    ".ipynb_checkpoints",
    "test-results",
)

# The public scenario suite (SCENARIOS.md): it stays in tests/scenarios/.
SUITE = ROOT / "tests" / "scenarios"
# Screenshots, timings and figures the tests record (git-ignored).
RESULTS = ROOT / "test-results"
# Uganda Classic with elimination: the learner, played by the heuristic player, stays in for three rounds.
THREE_ROUNDS_SEED = 18


# ---- the layers of the suite (README): a test's markers follow from the fixtures it uses ----

# The fixtures every browser or server fixture rests on (``browser``, ``page`` and ``crawl`` use
# ``chromium``), so a module's own fixture of the same name that drives no browser marks nothing.
# A page in Chromium is always a served page: a browser test is a server test too.
LAYER_FIXTURES = {
    "browser": ("chromium",),
    "server": ("chromium", "voila", "class_server", "pooled_server"),
    "slow": ("cluster_client",),  # a Dask cluster of worker processes (test_sweeps.py)
}


# ---- how the suite is spread over pytest-xdist's workers (README, docs/decisions.md) ----

# Each worker has a session of its own: its own Voilà and class server on free ports, its own
# Chromium; those start in seconds. The crawl opens every page once and takes minutes, and the
# pooled server runs a dozen kernels of pre-heated pages: under ``--dist loadgroup`` the tests
# that use either are one group, so one worker builds it.
SESSION_GROUPS = ("crawl", "pooled_server")
# Built once a module (Chromium launched, a module's own server): a test using one runs with its module.
MODULE_FIXTURES = ("playwright_driver",)


def distribution_group(item) -> str | None:
    """The group of tests one worker runs together, or None for a test any worker may take alone.

    A notebook's cells run in order in one kernel (nbval): a group per notebook. A test that uses a
    fixture its own module defines (often built once for the module) runs with its module too.
    """
    fixtures = set(getattr(item, "fixturenames", ()))
    for name in SESSION_GROUPS:
        if name in fixtures:
            return name
    path = item.nodeid.split("::")[0]
    module = getattr(item, "module", None)
    if path.endswith(".ipynb") or fixtures.intersection(MODULE_FIXTURES):
        return path
    if module is not None and fixtures.intersection(vars(module)):
        return path
    return None


@pytest.hookimpl(tryfirst=True)  # before ``-m`` deselects by the markers, and before xdist reads the groups
def pytest_collection_modifyitems(config, items):
    """Mark each test ``browser``, ``server`` or ``slow`` from the fixtures it uses. A test that starts a
    server or builds a package itself says so with an explicit mark (tests/test_suite_layers.py
    checks that none is missed). Mark each test of a group with its ``xdist_group``."""
    for item in items:
        fixtures = set(getattr(item, "fixturenames", ()))
        for marker, names in LAYER_FIXTURES.items():
            if fixtures.intersection(names):
                item.add_marker(marker)
        group = distribution_group(item)
        if group is not None:
            item.add_marker(pytest.mark.xdist_group(group))


def pytest_addoption(parser):
    parser.addoption(
        "--list-layers",
        metavar="PATH",
        help="write each collected test's id, markers and fixtures to PATH as JSON (tests/test_suite_layers.py reads it)",
    )


def pytest_collection_finish(session):
    path = session.config.getoption("--list-layers")
    if path:
        listed = [
            {
                "id": item.nodeid,
                "markers": sorted({marker.name for marker in item.iter_markers()}),
                "fixtures": sorted(getattr(item, "fixturenames", ())),
                "group": distribution_group(item),
            }
            for item in session.items
        ]
        Path(path).write_text(json.dumps(listed), encoding="utf-8")


class Clock:
    """A clock the test moves by hand; ``tick``: seconds it moves on by itself at each reading."""

    def __init__(self, now: float = 1_800_000_000.0, tick: float = 0.0):
        self.now, self.tick = now, tick

    def __call__(self) -> float:
        self.now += self.tick
        return self.now


@pytest.fixture
def fresh_page(tmp_path, monkeypatch):
    """A page's kernel as it starts (``new_page``): nobody named, house rules carried, no lesson
    practised, whole budgets, and the store a database of the test's own (``MATATU_LEARN_DB``,
    returned). After the test, another new page: no widget of the test listens on."""
    from matatu_learn.widgets.page import new_page

    path = tmp_path / "learners.sqlite3"
    monkeypatch.setenv("MATATU_LEARN_DB", str(path))
    new_page()
    yield path
    new_page()


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


# A card as the voice names it: "the 7 of diamonds", "the red joker".
CARD_WORDS = re.compile(
    r"\b("
    + "|".join(word for word in RANK_WORDS if word)
    + r") of ("
    + "|".join(SUIT_WORDS)
    + r")\b|\b(red|black) joker\b"
)


def named_cards(sentence: str) -> set:
    """The cards a sentence names in words."""
    found = set()
    for match in CARD_WORDS.finditer(sentence):
        rank, suit, joker = match.groups()
        if joker:
            found.add(DECK[52 if joker == "red" else 53])
        else:
            found.add(DECK[SUIT_WORDS.index(suit) * 13 + RANK_WORDS.index(rank) - 1])
    return found


# The ports the tests' servers listen on: below Linux's ephemeral range (32768–60999), where the
# kernels' ports and every outgoing connection are taken, so none of those can take a server's
# port between the draw and the server's start. Each pytest-xdist worker draws from its own share.
TEST_PORTS = range(20_000, 32_000)
PORTS_HANDED_OUT: set[int] = set()


def free_port() -> int:
    """A localhost port nobody listens on, never handed out before in this run by this process or by
    another worker of it."""
    worker = int(os.environ.get("PYTEST_XDIST_WORKER", "gw0").removeprefix("gw"))
    workers = int(os.environ.get("PYTEST_XDIST_WORKER_COUNT", "1"))
    share = [port for port in TEST_PORTS[worker::workers] if port not in PORTS_HANDED_OUT]
    for port in random.sample(share, min(len(share), 200)):
        with socket.socket() as probe:
            try:
                probe.bind(("127.0.0.1", port))
            except OSError:
                continue  # something listens there, or a connection of it is closing
        PORTS_HANDED_OUT.add(port)
        return port
    raise RuntimeError(f"no free port among {len(share)} of this worker's share of {TEST_PORTS}")


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


# The table's pace for the suite's servers and their kernels, a tenth of a class's, and a room's
# poll, a third: no test waits a second on each computer move, or a poll on each move at a room's
# table (the production figures are checked in test_table_widget.py and test_settings.py).
SHORT_TIMERS = {"MATATU_LEARN_PACE_SECONDS": "0.1", "MATATU_LEARN_ROOM_POLL_SECONDS": "0.1"}


@pytest.fixture(scope="session")
def voila(tmp_path_factory):
    """Voilà serving the notebooks on a free localhost port, with a database of its own: one a
    session. The kernels of closed pages are culled as the class server culls them."""
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
        f"--VoilaExecutor.iopub_timeout={OUTPUT_WAIT}",  # as the class server waits for a busy cell's outputs
        *kernel_culling_options(),
    ]
    server = subprocess.Popen(
        command,
        env=dict(os.environ, MATATU_LEARN_DB=str(database), **SHORT_TIMERS),
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


# ---- Debian's Chromium, driven by Playwright ----

CHROMIUM = "/usr/bin/chromium"
FLAGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
]
TIMINGS: dict[str, float] = {}


@pytest.fixture(scope="session")
def chromium():
    """Debian's Chromium, installed when it is missing and this runs as root; else a sentence saying what to install.
    Playwright's own browser download cannot work here, so the tests drive /usr/bin/chromium
    through ``executable_path``."""
    if not os.path.exists(CHROMIUM):
        if os.geteuid() != 0 or shutil.which("apt-get") is None:
            pytest.fail(
                "The browser tests need Debian's Chromium at /usr/bin/chromium: run 'sudo apt-get install chromium'."
            )
        environment = dict(os.environ, DEBIAN_FRONTEND="noninteractive")
        for command in (["apt-get", "update", "-qq"], ["apt-get", "install", "-y", "-qq", "chromium"]):
            done = subprocess.run(command, env=environment, capture_output=True, text=True, timeout=900)
            if done.returncode != 0:
                pytest.fail(f"Installing Debian's chromium failed ({' '.join(command)}): {done.stderr.strip()[-300:]}")
    return CHROMIUM


@pytest.fixture(scope="module")
def playwright_driver(chromium):
    """Playwright's sync API, started once a module: it holds the thread's event loop while it
    runs, so a module's own asyncio code runs between two of them."""
    from playwright.sync_api import sync_playwright

    with sync_playwright() as playwright:
        yield playwright


@pytest.fixture(scope="module")
def browser(chromium, playwright_driver):
    """Chromium, launched once a module: each context it opens is a device of its own (cookies,
    storage and cache), as several people's devices at one room's table are."""
    launched = playwright_driver.chromium.launch(executable_path=chromium, args=FLAGS)
    yield launched
    launched.close()


# The window of a test's single page, and of the crawl's.
PAGE_SIZE = {"width": 1200, "height": 900}


@pytest.fixture(scope="session")
def chromium_profile(tmp_path_factory):
    """A Chromium profile folder the worker's modules share, one after the other (``warm_browser``)."""
    return tmp_path_factory.mktemp("chromium-profile")


@pytest.fixture(scope="module")
def warm_browser(chromium, playwright_driver, chromium_profile):
    """Chromium on a profile kept on disk, as a learner's own browser is: the pages' scripts (5 MB)
    are compiled once and come from its cache after, where a fresh context compiles them again
    for every page (docs/decisions.md). ``page`` clears a page's site data after its test."""
    context = playwright_driver.chromium.launch_persistent_context(
        chromium_profile, executable_path=chromium, args=FLAGS, viewport=PAGE_SIZE
    )
    yield context
    context.close()


# What a page stored in the browser, cleared as it closes (Chromium's own clearing of a site's data
# clears its cache of scripts too: every page would compile them again).
FORGET_STORAGE = "() => { localStorage.clear(); sessionStorage.clear(); }"


def forget_visits(context) -> None:
    """Close the context's pages, clearing what they stored, and its cookies, keeping its cache of
    scripts: the next page opened in it is a new visitor's."""
    from playwright.sync_api import Error

    for opened in list(context.pages):
        if opened.url.startswith("http"):
            try:
                opened.evaluate(FORGET_STORAGE)
            except Error:  # a page navigating away as the test ended: its new document stored nothing
                pass
        opened.close()
    context.clear_cookies()


class Devices:
    """The people of a module's tests, each on a device of their own (a browser context), taken and
    given back: a context given back is cleared (``forget_visits``) and handed to the next person of
    the same size, a new visitor's, with the scripts its earlier pages compiled still in its cache
    (a fresh context compiles the page's 5 MB again for every page)."""

    def __init__(self, browser):
        self.browser = browser
        self.free: dict[str, list] = {}
        self.sizes: dict = {}  # each context handed out: the size it was made for

    def take(self, size: dict):
        key = json.dumps(size, sort_keys=True)
        free = self.free.setdefault(key, [])
        context = free.pop() if free else self.browser.new_context(**size)
        self.sizes[context] = key
        return context

    def give_back(self, context) -> None:
        forget_visits(context)
        self.free[self.sizes.pop(context)].append(context)


@pytest.fixture(scope="module")
def devices(browser):
    """The module's ``Devices``, on its Chromium (their contexts close with it)."""
    return Devices(browser)


@pytest.fixture
def page(warm_browser):
    """A page of its own, a new visitor's (no cookie, nothing stored); a JavaScript error on it fails the test."""
    opened = warm_browser.new_page()
    errors = []
    opened.on("pageerror", lambda error: errors.append(str(error)))
    yield opened
    forget_visits(warm_browser)
    assert not errors, f"JavaScript errors on the page: {errors}"


@pytest.fixture
def browser_page(chromium):
    """A page in a Chromium of its own, launched for one test: a module whose asyncio tests run
    while no Playwright holds the thread's event loop (the server tests) uses it instead of ``page``."""
    from playwright.sync_api import sync_playwright

    with sync_playwright() as playwright:
        launched = playwright.chromium.launch(executable_path=chromium, args=FLAGS)
        context = launched.new_context(viewport={"width": 1200, "height": 900})
        yield context.new_page()
        launched.close()


def open_notebook(page, voila, name, ready=":is(button, select, input):visible"):
    """Load a notebook and wait until its widgets answer; return the seconds it took."""
    started = time.perf_counter()
    page.goto(f"{voila}/voila/render/{name}")
    page.locator(f".jupyter-widgets {ready}").first.wait_for(state="visible", timeout=60_000)
    seconds = time.perf_counter() - started
    TIMINGS[name] = seconds
    return seconds


SERIOUS = ("serious", "critical")


def serious_violations(opened, within: str | None = None) -> list[str]:
    """axe-core's serious and critical findings on the page as it stands (or in the part of it
    ``within`` selects), one line each."""
    from axe_playwright_python.sync_playwright import Axe

    found = Axe().run(opened, context=within).response["violations"]
    return [
        f"{violation['id']} ({violation['impact']}): {violation['help']} — "
        + "; ".join(node["target"][0] if node["target"] else "?" for node in violation["nodes"][:4])
        for violation in found
        if violation["impact"] in SERIOUS
    ]


def save(page, name):
    RESULTS.mkdir(exist_ok=True)
    page.screenshot(path=str(RESULTS / f"{name.removesuffix('.ipynb')}.png"), full_page=True)


@pytest.fixture(scope="session")
def crawl(chromium, voila, tmp_path_factory):
    """Every page opened once in Chromium, a session: what each per-page check needs, by page name
    (``page_crawl.PageRecord``). Screenshots go to test-results/."""
    from page_crawl import crawl_pages

    # A profile of its own: a module's ``warm_browser`` may hold the worker's while the crawl runs.
    return crawl_pages(chromium, FLAGS, voila, PAGES, RESULTS, tmp_path_factory.mktemp("crawl-profile"))


# ---- the class server ----


class Served:
    """A running class server: its address, its process, its log and its database."""

    def __init__(self, process: subprocess.Popen, base: str, log: Path, database: Path):
        self.process, self.base, self.log, self.database = process, base, log, database
        self.taken: set[str] = set()  # the pre-heated kernels tests' pages took from its pool

    def log_text(self) -> str:
        return self.log.read_text(errors="replace")


@contextmanager
def served(
    tmp_path: Path,
    command: list[str] | None = None,
    port: int | None = None,
    environment: dict[str, str] | None = None,
    **options,
):
    """The class server as ``serve`` runs it (``server.voila_command``), stopped with everything it started.
    ``environment``: more variables for the server and its kernels (``serve --teacher-code`` hands
    them ``MATATU_LEARN_TEACHER_CODE`` so). Without a pool of pre-heated kernels unless ``pool_size``
    says: a pool of every page runs every notebook as the server starts, and again after each page
    opened, the CPU of twice the pages on a shared machine (``pooled_server`` has one)."""
    port = free_port() if port is None else port
    options.setdefault("pool_size", 0)
    command = command or voila_command(NOTEBOOKS, port, "127.0.0.1", **options)
    log = tmp_path / f"voila-{port}.log"
    database = tmp_path / "class.sqlite3"
    with log.open("w") as output:
        process = subprocess.Popen(
            command,
            env=dict(os.environ, MATATU_LEARN_DB=str(database), **SHORT_TIMERS, **(environment or {})),
            stdout=output,
            stderr=output,
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
                assert process.poll() is None, f"the server ended before it answered:\n{log.read_text()[-2000:]}"
                assert time.monotonic() < deadline, "the server did not answer within 60 s"
                time.sleep(0.3)
        yield Served(process, base, log, database)
    finally:
        left = stop_process_tree(process)
    assert not left, f"the server left processes running: {left}"


@pytest.fixture(scope="session")
def class_server(tmp_path_factory):
    """The class server with the settings ``serve`` ships, one a session, for the tests that share one;
    but the session's tests open pages from one address faster than a student, so kernel starts
    are not bounded per client here (tests/server/test_kernel_bounds.py checks the bound on a
    server of its own)."""
    with served(tmp_path_factory.mktemp("class-server"), starts_per_client=0) as running:
        yield running


def notebooks_of(folder: Path, names: tuple[str, ...] = ("index.ipynb",)) -> Path:
    """The folder, holding a copy of these notebooks only: a pool runs every notebook its server
    serves as it starts, so a server for a test that opens the landing page serves that page alone."""
    folder.mkdir(exist_ok=True)
    for name in names:
        shutil.copy(NOTEBOOKS / name, folder / name)
    return folder


# The pages the pool's tests open, and how many pre-heated kernels each keeps: the landing page
# a class's size (``serve --class-size``), every other page the pool's size.
POOLED_PAGES = ("index.ipynb", "01-the-deal.ipynb", "12-rooms.ipynb")
POOL_SIZE = 2
CLASS_SIZE = 3
POOLED_KERNELS = CLASS_SIZE + POOL_SIZE * (len(POOLED_PAGES) - 1)  # the kernels its pools hold when full
# Its culler's times, short enough for a test to see a kernel culled, long enough for a test's checks.
POOL_CULLING = {"cull_idle_timeout": 15, "cull_interval": 2, "cull_connected": False}


@pytest.fixture(scope="session")
def pooled_server(tmp_path_factory):
    """The class server with a pool of ``POOL_SIZE`` pre-heated kernels for each of ``POOLED_PAGES``
    but the landing page, which keeps ``CLASS_SIZE`` (a folder of those notebooks only: Voilà pools
    every notebook it serves), one a session; a kernel no page is connected to is culled after
    ``POOL_CULLING``'s idle time, busy or not."""
    folder = notebooks_of(tmp_path_factory.mktemp("pooled-notebooks"), POOLED_PAGES)
    port = free_port()
    timeout = POOL_CULLING["cull_idle_timeout"]
    command = voila_command(
        folder,
        port,
        "127.0.0.1",
        POOL_CULLING,
        unconnected_timeout=timeout,
        starts_per_client=0,
        pool_size=POOL_SIZE,
        class_size=CLASS_SIZE,
    )
    # The landing page's refills wait for a lull in the pages handed out (5 s), a production timer: none here.
    command.append("--ClassKernelManager.class_refill_lull=0")
    with served(tmp_path_factory.mktemp("pooled-server"), command=command, port=port) as running:
        yield running
