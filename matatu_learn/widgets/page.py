"""One page's state, kept once a kernel: Voilà starts a kernel for every page it renders.

``kernel_page()`` is the page this kernel serves, a ``PageContext`` made on first use (never at
import): the learner it keeps progress for, the ruleset it carries on, the lessons practised on
it, its one database, and its budgets (the writes and the rooms one page may make). Every widget
takes what it needs from it, so a test starts a new page with ``new_page()``.

The page's address arrives as ``QUERY_STRING`` (the learner, ``?learner=Amina``, and the
ruleset, ``?rules=uganda``). The context reads it when it is first asked for; a kernel that ran
its notebook before any page asked for it (a pre-heated kernel of the class server's pool) takes
its page's request when a page takes it: ``take_page_request()``, the last cell of every notebook.

>>> context = PageContext("rules=uganda&learner=Amina")
>>> context.ruleset.value, context.learner.name
('uganda', 'Amina')
>>> context.apply_query("rules=bomb"); context.ruleset.value, context.learner.name
('bomb', None)
"""

from __future__ import annotations

import asyncio
import json
import os
import sys
import threading
from collections.abc import Callable
from pathlib import Path

from ..engine.errors import MatatuError
from ..store.database import StorageFailure, Store, default_path
from ..store.progress import Progress, learner_name
from ..store.roles import WriteBudget, page_client
from ..teaching.lessons import ruleset_from_query
from ..teaching.progress import learner_from_query
from ..teaching.room import ROOM_LIMITS
from ..teaching.voice import error_words

__all__ = [
    "PREHEAT_VARIABLE",
    "CarriedLearner",
    "CarriedRuleset",
    "Listened",
    "PageContext",
    "PathProgress",
    "close_page",
    "kernel_page",
    "new_page",
    "take_page_request",
]

# What Voilà hands a kernel of its pool (voila.utils.ENV_VARIABLE's names): VOILA_PREHEAT "True" until
# a page takes it, and where to ask for that page's request.
PREHEAT_VARIABLE = "VOILA_PREHEAT"
_SERVER_VARIABLES = ("VOILA_APP_IP", "VOILA_APP_PORT", "VOILA_SERVER_URL", "VOILA_KERNEL_ID")


class Listened:
    """What a page's widgets follow: ``listen(listener)``, and ``tell(value)`` calls every listener."""

    def __init__(self):
        self.listeners: list[Callable] = []

    def listen(self, listener: Callable) -> None:
        """Call ``listener(value)`` whenever this changes."""
        self.listeners.append(listener)

    def tell(self, value) -> None:
        for listener in list(self.listeners):
            listener(value)


class CarriedLearner(Listened):
    """The learner this page keeps progress for (``name``; None: nobody), and ``problem``, the
    sentence saying why the address's name was not used."""

    def __init__(self, query: str):
        super().__init__()
        self.name, self.problem = learner_from_query(query)

    def change(self, name: str | None) -> None:
        """Keep progress for ``name`` from now on (None: for nobody); a refused name raises ``RecordError``.

        >>> learner = CarriedLearner("")
        >>> learner.change("  Amina "); learner.name
        'Amina'
        """
        self.take(None if name is None else learner_name(name), "")

    def read(self, query: str) -> None:
        """Take the learner an address carries, or the sentence saying why it cannot."""
        self.take(*learner_from_query(query))

    def take(self, name: str | None, problem: str) -> None:
        changed = (name, problem) != (self.name, self.problem)
        self.name, self.problem = name, problem
        if changed:
            self.tell(name)


class CarriedRuleset(Listened):
    """The ruleset this page carries on; ``problem`` says why an address's ruleset was not used."""

    def __init__(self, query: str):
        super().__init__()
        self.value, self.problem = ruleset_from_query(query)

    def change(self, ruleset: str) -> None:
        self.take(ruleset, "")

    def read(self, query: str) -> None:
        """Take the ruleset an address carries, or the sentence saying why it cannot."""
        self.take(*ruleset_from_query(query))

    def take(self, ruleset: str, problem: str) -> None:
        changed = (ruleset, problem) != (self.value, self.problem)
        self.value, self.problem = ruleset, problem
        if changed:
            self.tell(ruleset)


class PathProgress(Listened):
    """The lessons of this page whose practice has been answered right; the foot of a lesson
    opens the way on once its practice is done."""

    def __init__(self):
        super().__init__()
        self.done: set[str] = set()

    def practised(self, page: str) -> None:
        """A practice question of ``page`` was answered right."""
        if page not in self.done:
            self.done.add(page)
            self.tell(page)


class PageContext:
    """Everything one page keeps: ``query`` (its address's query string), ``learner``
    (``CarriedLearner``), ``ruleset`` (``CarriedRuleset``), ``practice`` (``PathProgress``: the
    lessons practised here), ``answers`` (told each puzzle answer a widget of the page keeps),
    ``writes`` and ``rooms`` (``WriteBudget``: what the page may record, publish or import, and
    the rooms it may open), ``client`` (the address the server saw the page asked from, '' when
    none says: it bounds the rooms a client opens server-wide), ``address`` (told the query string
    when the page's address is read again: a room link applied late), ``closing`` (told once as the
    page's kernel shuts down: a room seat is marked away at once), and its databases (``database()``).

    ``query`` None: the kernel's ``QUERY_STRING``, read now, when the page is first asked for.
    A kernel started before its page was asked for (a pre-heated kernel, handed out later) takes
    the page's request with ``apply_request``.
    """

    def __init__(self, query: str | None = None):
        self.query = os.environ.get("QUERY_STRING", "") if query is None else query
        self.learner = CarriedLearner(self.query)
        self.ruleset = CarriedRuleset(self.query)
        self.practice = PathProgress()
        self.answers = Listened()
        self.writes = WriteBudget()
        self.rooms = WriteBudget(ROOM_LIMITS)
        self.client = page_client()
        self.address = Listened()
        self.closing = Listened()
        self.databases: dict[Path, Store] = {}

    def apply_query(self, query: str) -> None:
        """Read the page's address again (``query``, a query string): the learner and the ruleset
        it carries replace the page's, and the widgets listening are told of each change."""
        self.query = query
        self.learner.read(query)
        self.ruleset.read(query)
        self.address.tell(query)

    def apply_request(self) -> None:
        """Read the page's request from the kernel's environment again: the client address
        (``page_client``) and the address's query string (``apply_query``).

        >>> page = PageContext("")
        >>> os.environ["QUERY_STRING"] = "learner=Okello"
        >>> page.apply_request(); page.learner.name
        'Okello'
        >>> del os.environ["QUERY_STRING"]
        """
        self.client = page_client()
        self.apply_query(os.environ.get("QUERY_STRING", ""))

    def database(self, path: str | Path | None = None) -> Store:
        """The page's database at ``path`` (default: the user's, or ``MATATU_LEARN_DB``): opened once
        and kept for every lookup and write. Opening it may raise a ``StoreError`` (a sentence)."""
        key = default_path() if path is None else Path(path).expanduser()
        if key not in self.databases:
            self.databases[key] = Store(key)
        return self.databases[key]

    def learners(self, path: str | Path | None = None) -> Progress:
        """The learners' progress in the page's database (see ``database``)."""
        return Progress(self.database(path))

    def close_databases(self) -> None:
        """Close the page's databases (each is opened again on its next use): another program may
        then lock the file whole."""
        while self.databases:
            self.databases.popitem()[1].close()


def refusal_sentence(error: MatatuError) -> str:
    """What a page says of an error (``error_words``); a storage failure's whole sentence (the
    file's path, what to do) goes to the server's log instead: the kernel's own stderr, which the
    server's terminal shows, never the page's output."""
    if isinstance(error, StorageFailure):
        print(f"matatu-learn: {error}", file=sys.__stderr__, flush=True)
    return error_words(error)


_kernel: list[PageContext] = []  # the kernel's page, once made


def close_page() -> None:
    """The kernel is shutting down: its page, if one was made, tells its ``closing`` listeners and
    closes its databases."""
    while _kernel:
        page = _kernel.pop()
        try:
            page.closing.tell(page)
        finally:
            page.close_databases()


def kernel_page() -> PageContext:
    """The page this kernel serves, made on first use from the kernel's ``QUERY_STRING``."""
    if not _kernel:
        _kernel.append(PageContext())
    return _kernel[0]


def wait_for_request() -> None:
    """Wait until a page takes this pooled kernel, then put the page's request (``QUERY_STRING``, the
    client's address, …) in the environment: what ``voila.utils.wait_for_request`` does, over the
    same websocket (``/voila/query/<kernel id>``), without importing Voilà's server into every page's
    kernel (44 MB and seconds of a start, measured). A dropped connection leaves the environment as it was."""
    address, port, base, kernel = (os.environ.get(name, "") for name in _SERVER_VARIABLES)
    url = f"ws://{address or '127.0.0.1'}:{port or '8866'}{base or '/'}voila/query/{kernel}"
    received: list[str | None] = []

    async def receive() -> None:
        from tornado.websocket import websocket_connect  # only a pooled kernel needs a websocket client

        try:
            connection = await websocket_connect(url, connect_timeout=10)
        except OSError:
            return
        received.append(await connection.read_message())  # as long as the kernel waits in the pool
        connection.close()

    # The kernel's own event loop is busy running this cell: the wait runs on a loop of its own.
    waiting = threading.Thread(target=asyncio.run, args=(receive(),), name="page request")
    waiting.start()
    waiting.join()
    if received and received[0]:
        os.environ.update({name: str(value) for name, value in json.loads(received[0]).items()})


def take_page_request(wait: Callable[[], None] = wait_for_request) -> None:
    """In a kernel of the class server's pool, wait until a page takes it, then apply that page's
    request to the page (``PageContext.apply_request``: the learner, the ruleset, a room link and
    the client's address), which every widget listening follows. Anywhere else (a page's own
    kernel, nbval, a notebook) it does nothing. ``wait``: what waits for the request and puts it in
    the environment.

    >>> take_page_request(wait=lambda: print("waited"))  # no pool here: nothing waits
    """
    if os.environ.get(PREHEAT_VARIABLE) != "True":
        return
    os.environ.pop("QUERY_STRING", None)
    wait()
    # Taken once: the kernel is its page's from now on (a second call must not wait again).
    os.environ[PREHEAT_VARIABLE] = "False"
    if "QUERY_STRING" not in os.environ:
        print("matatu-learn: a pre-heated page's request did not arrive.", file=sys.__stderr__, flush=True)
    kernel_page().apply_request()


def new_page(query: str = "") -> PageContext:
    """Start this kernel on a new page at ``query`` (the last page's databases closed): the page a
    test starts from."""
    while _kernel:
        _kernel.pop().close_databases()
    _kernel.append(PageContext(query))
    return _kernel[0]
