"""One page's state, kept once a kernel: Voilà starts a kernel for every page it renders.

``kernel_page()`` is the page this kernel serves, a ``PageContext`` made on first use (never at
import): the learner it keeps progress for, the ruleset it carries on, the lessons practised on
it, its one database, and its budgets (the writes and the rooms one page may make). Every widget
takes what it needs from it, so a test starts a new page with ``new_page()``.

The page's address arrives as ``QUERY_STRING`` (the learner, ``?learner=Amina``, and the
ruleset, ``?rules=uganda``). The context reads it when it is first asked for; a kernel handed
out before its page's address is known (a pre-heated kernel) takes it later with ``apply_query``.

>>> context = PageContext("rules=uganda&learner=Amina")
>>> context.ruleset.value, context.learner.name
('uganda', 'Amina')
>>> context.apply_query("rules=bomb"); context.ruleset.value, context.learner.name
('bomb', None)
"""

from __future__ import annotations

import os
from collections.abc import Callable
from pathlib import Path

from ..store.database import Store, default_path
from ..store.progress import Progress, learner_name
from ..store.roles import WriteBudget, page_client
from ..teaching.lessons import ruleset_from_query
from ..teaching.progress import learner_from_query
from ..teaching.room import ROOM_LIMITS

__all__ = [
    "CarriedLearner",
    "CarriedRuleset",
    "Listened",
    "PageContext",
    "PathProgress",
    "close_page",
    "kernel_page",
    "new_page",
]


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
    none says: it bounds the rooms a client opens server-wide), ``closing`` (told once as the
    page's kernel shuts down: a room seat is marked away at once), and its databases (``database()``).

    ``query`` None: the kernel's ``QUERY_STRING``, read now, when the page is first asked for.
    A kernel started before its page was asked for (a pre-heated kernel, handed out later) takes
    the page's address with ``apply_query``.
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
        self.closing = Listened()
        self.databases: dict[Path, Store] = {}

    def apply_query(self, query: str) -> None:
        """Read the page's address again (``query``, a query string): the learner and the ruleset
        it carries replace the page's, and the widgets listening are told of each change."""
        self.query = query
        self.learner.read(query)
        self.ruleset.read(query)

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


def new_page(query: str = "") -> PageContext:
    """Start this kernel on a new page at ``query`` (the last page's databases closed): the page a
    test starts from."""
    while _kernel:
        _kernel.pop().close_databases()
    _kernel.append(PageContext(query))
    return _kernel[0]
