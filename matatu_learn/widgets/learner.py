"""The learner a page keeps progress for, and the way their name travels from page to page.

A learner gives their name once, on the landing page; it travels in the address like the
ruleset (``?learner=Amina``). Voilà hands a page's query string to its kernel as
``QUERY_STRING``, so each page knows its learner from the start. The landing page (where the
name is typed) and every lesson write the learner and the ruleset chosen into the browser's
address bar (``PageAddress``), and the pages' template adds both to every link to another page
that does not carry them already. No name: the page works as before and keeps nothing.

A page reaches its database through ``page_database()`` (one database a kernel, opened on first
use and kept) and the learner's progress through ``page_progress()``. Work done off the kernel's
thread (grading a game) opens a database of its own (``own_database``): an SQLite connection is
not shared between threads that write.
"""

from __future__ import annotations

import os
from collections.abc import Callable
from pathlib import Path

import anywidget
from traitlets import Unicode

from ..store.database import RecordError, Store, default_path
from ..store.progress import Progress, learner_name
from ..teaching.progress import learner_from_query
from .table_widget import STATIC


class CarriedLearner:
    """The learner this page keeps progress for (``name``; None: nobody), and ``problem``, the
    sentence saying why the address's name was not used. One per kernel, so one per page."""

    def __init__(self, query: str):
        self.name, self.problem = learner_from_query(query)
        self.listeners: list[Callable[[str | None], None]] = []

    def listen(self, listener: Callable[[str | None], None]) -> None:
        """Call ``listener(name)`` whenever the page's learner changes."""
        self.listeners.append(listener)

    def change(self, name: str | None) -> None:
        """Keep progress for ``name`` from now on (None: for nobody); a refused name raises ``RecordError``.

        >>> learner = CarriedLearner("")
        >>> learner.change("  Amina "); learner.name
        'Amina'
        """
        name = None if name is None else learner_name(name)
        changed = name != self.name or self.problem
        self.name, self.problem = name, ""
        if changed:
            for listener in list(self.listeners):
                listener(name)


LEARNER = CarriedLearner(os.environ.get("QUERY_STRING", ""))


def carried_learner() -> str | None:
    """The name this page keeps progress for, or None."""
    return LEARNER.name


# The page's databases by path (the name is the one the tests reset between pages).
_PROGRESS: dict[Path, Store] = {}


def page_database(database: str | Path | None = None) -> Store:
    """The page's database at ``database`` (default: the user's, or ``MATATU_LEARN_DB``): opened once
    a kernel and kept for every lookup and write. Opening it may raise a ``StoreError`` (a sentence)."""
    key = default_path() if database is None else Path(database).expanduser()
    if key not in _PROGRESS:
        _PROGRESS[key] = Store(key)
    return _PROGRESS[key]


def close_page_databases() -> None:
    """Close the page's databases (each is opened again on its next use): another program may then
    lock the file whole."""
    while _PROGRESS:
        _PROGRESS.popitem()[1].close()


def page_progress(database: str | Path | None = None) -> Progress:
    """The learners' progress in the page's database (see ``page_database``)."""
    return Progress(page_database(database))


def own_database(database: str | Path | None = None) -> Store:
    """A database of the caller's own, for work done off the kernel's thread; close it after."""
    return Store(database)


class PageAddress(anywidget.AnyWidget):
    """Writes the page's ``learner`` (``''``: takes it out) and ``rules`` (``''``: leaves it) into the
    browser's address bar, keeping the rest of the address, so a reload, a bookmark and the page's
    links keep the learner's name and the ruleset chosen on the page."""

    _esm = STATIC / "page_address.js"
    learner = Unicode("").tag(sync=True)
    rules = Unicode("").tag(sync=True)

    def set_state(self, sync_data):
        """A page changes nothing here: the name in the address is the kernel's."""


__all__ = [
    "LEARNER",
    "CarriedLearner",
    "PageAddress",
    "RecordError",
    "carried_learner",
    "close_page_databases",
    "own_database",
    "page_database",
    "page_progress",
]
